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
        try record(paths.map { Arrival(path: $0, inbox: inbox) })
    }

    /// A file as read where its event arrived: what it holds, or why it is not a note. The
    /// watcher reads files on its event thread, so the thread writing the store only writes.
    public struct Arrival: Sendable {
        let path: String
        let reading: InboxFiles.Reading
        let isIgnored: Bool

        /// Reads the file at `path` (absolute).
        /// - Parameter inbox: the inbox's resolved path; a file linking outside it is not read.
        public init(path: String, inbox: String?) {
            self.path = path
            // The name is what follows the last "/" (looked up in UTF-8: this runs for every note).
            let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
            if let reason = InboxFiles.ignoreReason(forName: name) {
                reading = .skipped(reason)
                isIgnored = true
            } else {
                reading = InboxFiles.read(path, inbox: inbox)
                isIgnored = false
            }
        }
    }

    /// Records files already read, in one transaction, in order.
    @discardableResult
    public func record(_ arrivals: [Arrival]) throws -> [Outcome] {
        var outcomes: [Outcome?] = []
        var readable: [(index: Int, path: String, text: String)] = []
        for arrival in arrivals {
            switch arrival.reading {
            case .skipped(let reason):
                log("skipped \(arrival.path): \(reason)")
                outcomes.append(arrival.isIgnored ? .ignored(reason) : .skipped(reason))
            case .text(let text):
                readable.append((outcomes.count, arrival.path, text))
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
