import Foundation
import Synchronization

/// The ledgers this process has open, by their resolved paths. SQLite's locks are POSIX locks,
/// which the kernel drops for the whole process when any descriptor of the file is closed: code
/// that reads files (the inbox) asks here first and never opens a ledger, or the files SQLite keeps
/// beside it, that a store of this process holds.
public enum OpenLedgers {
    private static let paths = Mutex<Set<String>>([])

    /// Records that a store has the ledger at `path` open (kept for the life of the process).
    static func register(_ path: String) {
        guard let resolved = InboxFiles.resolvedPath(path) else { return }
        paths.withLock { _ = $0.insert(resolved) }
    }

    /// True when `resolvedPath` is an open ledger or one of its -wal, -shm or -journal files.
    public static func holds(resolvedPath: String) -> Bool {
        paths.withLock { paths in
            paths.contains(resolvedPath)
                || ["-wal", "-shm", "-journal"].contains { resolvedPath.hasSuffix($0) && paths.contains(String(resolvedPath.dropLast($0.count))) }
        }
    }
}
