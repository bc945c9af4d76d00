import Foundation

/// A ledger that cannot be written for a while (a full disk, an I/O error, a lock held too long),
/// as a long-running loop meets it: said once when it starts and once when it ends, never once per
/// note; the waits between tries grow from half a second to five.
public struct LedgerOutage: Sendable {
    public let path: String
    /// What waits meanwhile, e.g. "new notes wait in memory".
    let waiting: String
    public private(set) var since: Date?
    private var wait: TimeInterval = 0

    static let firstWait: TimeInterval = 0.5
    static let longestWait: TimeInterval = 5

    public init(path: String, waiting: String) {
        self.path = path
        self.waiting = waiting
    }

    /// Records a failure to write; returns how long to wait before trying again.
    public mutating func failed(_ error: SQLiteError, log: (String) -> Void) -> TimeInterval {
        if since == nil {
            since = Date()
            wait = Self.firstWait
            log("\(Self.reason(error, path: path)); \(waiting) until it can be written again (tried every few "
                + "seconds); nothing is lost")
        } else {
            wait = min(wait * 2, Self.longestWait)
        }
        return wait
    }

    /// Records a write that worked; true when it ends an outage (which is then said).
    @discardableResult
    public mutating func succeeded(log: (String) -> Void) -> Bool {
        guard let since else { return false }
        log("the ledger \(path) can be written again (after \(Int(Date().timeIntervalSince(since).rounded())) s); going on")
        self.since = nil
        return true
    }

    /// What happened, in words a person can act on.
    static func reason(_ error: SQLiteError, path: String) -> String {
        switch error.code & 0xff {
        case 13: "the disk holding the ledger \(path) is full; free some space"
        case 5, 6: "the ledger \(path) is locked by another process (another noteledger, a sqlite3 session, a backup)"
        case 8: "the ledger \(path) or its folder is read-only; make both writable"
        default: "cannot write the ledger \(path) (SQLite: \(error.message)); check the disk"
        }
    }
}
