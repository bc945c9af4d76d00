import Foundation

/// Which files in the inbox are notes, and how to read one.
public enum InboxFiles {
    /// The largest note read (bigger files are reported and skipped).
    public static let maximumNoteBytes = 1 << 20

    /// Why a file is not a note (a sync tool's or editor's temporary file, a dotfile), or nil.
    public static func ignoreReason(forName name: String) -> String? {
        if name.hasPrefix(".syncthing.") && name.hasSuffix(".tmp") { return "a Syncthing temporary file" }
        if name.hasPrefix("~syncthing~") && name.hasSuffix(".tmp") { return "a Syncthing temporary file" }
        if name.hasPrefix(".~lock") { return "a lock file" }
        if name.hasPrefix(".") && name.contains(".~") { return "a Nextcloud temporary file" }
        if name.hasPrefix(".goutputstream-") { return "a GNOME temporary file" }
        if name == "4913" { return "vim's write test file" }
        if name.hasPrefix("#") && name.hasSuffix("#") { return "an Emacs autosave file" }
        if name.hasPrefix(".#") { return "an Emacs lock file" }
        for suffix in [".part", ".partial", ".tmp", ".swp", ".swx", "~"] where name.hasSuffix(suffix) {
            return "a temporary file (\(suffix))"
        }
        if name.hasPrefix(".") { return "a hidden file" }
        if isDatabaseFile(name) { return "an SQLite database file (a ledger kept in the inbox is never read as a note)" }
        return nil
    }

    /// An SQLite database or one of the files SQLite keeps beside it, by its name. Never opened:
    /// SQLite's locks are POSIX locks, dropped for a whole process when any descriptor of the file
    /// closes, so reading the ledger itself from the process that holds it open would release them.
    static func isDatabaseFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        let base = ["-wal", "-shm", "-journal"].first { lowered.hasSuffix($0) }.map { String(lowered.dropLast($0.count)) } ?? lowered
        return [".sqlite", ".sqlite3", ".db", ".db3"].contains { base.hasSuffix($0) }
    }

    /// A note's text, or why it cannot be read as one.
    public enum Reading: Equatable, Sendable {
        case text(String)
        case skipped(String)
    }

    /// Reads the note at `path` with plain system calls (the watcher reads thousands a second).
    /// - Parameter inbox: the inbox's resolved path (`resolvedPath(_:)`); a path that resolves
    ///   outside it is not read. Nil reads any path.
    public static func read(_ path: String, inbox: String?) -> Reading {
        guard let resolved = resolvedPath(path) else { return .skipped("it is gone or cannot be read") }
        if let inbox, !(resolved + "/").hasPrefix(inbox == "/" ? "/" : inbox + "/") {
            return .skipped("it links outside the inbox (to \(resolved))")
        }
        // Opening it would release this process's locks on it (see `OpenLedgers`).
        if OpenLedgers.holds(resolvedPath: resolved) { return .skipped("it is the ledger this process writes to (or one of its files)") }
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return errno == EACCES ? .skipped("it cannot be read (permissions?)") : .skipped("it is gone or cannot be read")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .skipped("it is gone or cannot be read") }
        guard status.st_mode & S_IFMT == S_IFREG else { return .skipped("it is not a regular file") }
        let size = Int(status.st_size)
        if size > maximumNoteBytes {
            return .skipped("it is \(size / 1024) KiB; notes over \(maximumNoteBytes / 1024) KiB are not read")
        }
        // Read to the end, not just `size` bytes: the file may have grown since fstat.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maximumNoteBytes else {
                    return .skipped("it grew past \(maximumNoteBytes / 1024) KiB while being read")
                }
                bytes += [UInt8](repeating: 0, count: bytes.count)
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .skipped("it cannot be read (\(String(cString: strerror(errno))))")
            }
            if got == 0 { break }
            count += got
        }
        let content = bytes[..<count]
        if content.contains(0) { return .skipped("it is a binary file") }
        guard let text = String(validating: content, as: UTF8.self) else { return .skipped("it is not UTF-8 text") }
        return .text(text)
    }

    /// `path` with every symlink resolved, or nil when it does not lead to anything.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
