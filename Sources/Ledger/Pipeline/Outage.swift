import Foundation

/// Something a long-running loop needs and cannot use for a while — the ledger (a full disk, an
/// I/O error, a lock held too long) or the inference server (down, overloaded) — as the loop meets
/// it: said once when it starts and once when it ends, never once per note; the waits between
/// tries grow from half a second to five.
public struct Outage: Sendable {
    /// What comes back when it ends, e.g. "the ledger /x/ledger.sqlite can be written".
    let recovery: String
    /// What waits meanwhile and until when, e.g. "new notes wait in memory until it can be written again".
    let waiting: String
    public private(set) var since: Date?
    private var wait: TimeInterval = 0

    static let firstWait: TimeInterval = 0.5
    static let longestWait: TimeInterval = 5

    public init(recovery: String, waiting: String) {
        self.recovery = recovery
        self.waiting = waiting
    }

    /// An outage of the ledger at `path`; `waiting` says what waits ("new notes wait in memory").
    public static func ledger(_ path: String, waiting: String) -> Outage {
        Outage(recovery: "the ledger \(path) can be written", waiting: waiting + " until it can be written again")
    }

    /// Records a failure to write the ledger at `path`; returns how long to wait before trying again.
    public mutating func failed(_ error: SQLiteError, path: String, log: (String) -> Void) -> TimeInterval {
        failed(reason: Self.reason(error, path: path), log: log)
    }

    /// Records a failure, said in words a person can act on (`reason`); returns how long to wait
    /// before trying again.
    public mutating func failed(reason: String, log: (String) -> Void) -> TimeInterval {
        if since == nil {
            since = Date()
            wait = Self.firstWait
            log("\(reason); \(waiting) (tried every few seconds); nothing is lost")
        } else {
            wait = min(wait * 2, Self.longestWait)
        }
        return wait
    }

    /// Records a try that worked; true when it ends an outage (which is then said).
    @discardableResult
    public mutating func succeeded(log: (String) -> Void) -> Bool {
        guard let since else { return false }
        log("\(recovery) again (after \(Int(Date().timeIntervalSince(since).rounded())) s); going on")
        self.since = nil
        return true
    }

    /// What happened to the ledger at `path`, in words a person can act on.
    static func reason(_ error: SQLiteError, path: String) -> String {
        switch error.code & 0xff {
        case 13: "the disk holding the ledger \(path) is full; free some space"
        case 5, 6: "the ledger \(path) is locked by another process (another noteledger, a sqlite3 session, a backup)"
        case 8: "the ledger \(path) or its folder is read-only; make both writable"
        default: "cannot write the ledger \(path) (SQLite: \(error.message)); check the disk"
        }
    }
}
