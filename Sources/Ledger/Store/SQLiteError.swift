import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL that was running.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// True when another connection held the lock past `busy_timeout`.
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }

    /// True when the ledger could not be written for a reason that may pass: a full disk, an I/O
    /// error, a file made read-only, a lock held too long. Retrying later can succeed.
    public var isTransient: Bool {
        isBusy || [SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY].contains(code & 0xff)
    }

    /// True for a UNIQUE, CHECK, NOT NULL or FOREIGN KEY violation.
    public var isConstraint: Bool { code & 0xff == SQLITE_CONSTRAINT }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
