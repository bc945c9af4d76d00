import Foundation

/// Records files as notes: reads them (or says why not) and writes note, draft and job together.
public final class NoteIntake {
    /// What happened to one file.
    public enum Outcome: Equatable {
        case recorded(DraftStore.NoteChange)
        case skipped(String)
        case ignored(String)
    }

    private let store: DraftStore
    /// The inbox with its symlinks resolved, when notes must stay inside it.
    private let inbox: String?
    private let log: (String) -> Void
    private let logQueued: Bool
    private let settle: TimeInterval

    /// - Parameters:
    ///   - inbox: when set, symlinks leading out of it are not followed.
    ///   - logQueued: also log every note queued (skips and duplicates are always logged).
    ///   - settle: how long a queued note waits before it is filled (see `DraftStore.recordNote`).
    public init(store: DraftStore, inbox: String?, logQueued: Bool = true, settle: TimeInterval = 0,
                log: @escaping (String) -> Void) {
        self.store = store
        self.inbox = inbox.map { InboxFiles.resolvedPath($0) ?? $0 }
        self.logQueued = logQueued
        self.settle = settle
        self.log = log
    }

    /// Records the file at `path` (an absolute path).
    @discardableResult
    public func take(_ path: String) throws -> Outcome {
        try take(all: [path])[0]
    }

    /// Records several files (absolute paths) in one transaction, in order.
    @discardableResult
    public func take(all paths: [String]) throws -> [Outcome] {
        var outcomes: [Outcome?] = []
        var readable: [(index: Int, path: String, text: String)] = []
        for path in paths {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let reason = InboxFiles.ignoreReason(forName: name) {
                log("skipped \(path): \(reason)")
                outcomes.append(.ignored(reason))
                continue
            }
            switch InboxFiles.read(path, inbox: inbox) {
            case .skipped(let reason):
                log("skipped \(path): \(reason)")
                outcomes.append(.skipped(reason))
            case .text(let text):
                readable.append((outcomes.count, path, text))
                outcomes.append(nil)
            }
        }
        let changes = try store.recordNotes(readable.map { ($0.path, $0.text) }, settle: settle)
        for (note, change) in zip(readable, changes) {
            report(change, path: note.path)
            outcomes[note.index] = .recorded(change)
        }
        return outcomes.compactMap { $0 }
    }

    private func report(_ change: DraftStore.NoteChange, path: String) {
        switch change {
        case .created(let id): if logQueued { log("queued \(path) as draft \(id)") }
        case .changed(let id): if logQueued { log("queued \(path) again (changed): draft \(id)") }
        case .duplicate(let original): log("recorded \(path) as a duplicate of \(original); no second draft")
        case .unchanged: break
        }
    }

    /// Records every file below `folder`, in path order, a thousand per transaction.
    /// Hidden folders are not entered.
    public func scan(_ folder: String) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        let paths = Self.files(below: folder)
        for start in stride(from: 0, to: paths.count, by: 1000) {
            outcomes += try take(all: Array(paths[start..<min(start + 1000, paths.count)]))
        }
        return outcomes
    }

    /// Regular files (and symlinks) below `folder`, sorted. Read with `readdir`: a scan of a
    /// large inbox (at start, after an inotify overflow) is mostly this walk.
    public static func files(below folder: String) -> [String] {
        var paths: [String] = []
        var folders = [URL(fileURLWithPath: folder).standardizedFileURL.path]
        while let current = folders.popLast() {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = current == "/" ? "/" + name : current + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    // Some file systems leave the type to lstat.
                    var status = stat()
                    guard lstat(path, &status) == 0 else { continue }
                    type = status.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
                }
                if type == Int32(DT_DIR) {
                    if !name.hasPrefix(".") { folders.append(path) }  // hidden folders are not entered
                } else {
                    paths.append(path)
                }
            }
        }
        return paths.sorted()
    }
}
