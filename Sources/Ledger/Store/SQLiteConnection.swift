import CSQLite
import Foundation

/// One open SQLite database. Owns the `sqlite3*` handle and closes it in `deinit`.
///
/// Not thread-safe by itself: whoever holds a connection serialises access to it
/// (an actor, or one connection per thread).
public final class SQLiteConnection {
    let handle: OpaquePointer
    public let path: String
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path` with WAL, `busy_timeout` and foreign keys.
    /// - Parameters:
    ///   - path: the database file.
    ///   - readOnly: open without write access (the file must exist).
    ///   - busyTimeout: how long a writer waits for a lock before failing, in milliseconds.
    /// - Throws: `SQLiteError` when the file cannot be opened or configured.
    public init(path: String, readOnly: Bool = false, busyTimeout: Int32 = 10_000) throws {
        FaultInjection.armedFromEnvironment
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &pointer, flags, nil)
        guard rc == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: rc, message: "cannot open \(path): \(message)")
        }
        self.handle = pointer
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
        if !readOnly {
            // Switching to WAL takes a lock without waiting on the busy handler: a ledger that
            // another connection is creating (and migrating) at this moment answers "busy" at
            // once. Wait for it as for any lock.
            let deadline = Date().addingTimeInterval(Double(busyTimeout) / 1000)
            while true {
                do {
                    try execute("PRAGMA journal_mode = WAL")
                    break
                } catch let error as SQLiteError where error.isBusy && Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
            try execute("PRAGMA synchronous = NORMAL")
        }
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: - Running SQL

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        if FaultInjection.isAvailable && FaultInjection.failsStep(path: path) { throw FaultInjection.stepFailure(sql: sql) }
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement for `sql`, reused across calls (reset and unbound first).
    public func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql` with `bindings` and returns every row.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        let statement = try statement(sql)
        try statement.bind(bindings)
        var rows: [SQLiteRow] = []
        while let row = try statement.step() {
            rows.append(row)
        }
        return rows
    }

    /// Runs `sql` with `bindings` for its effect; returns the number of rows changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
        let statement = try statement(sql)
        try statement.bind(bindings)
        while try statement.step() != nil {}
        return Int(sqlite3_changes(handle))
    }

    /// The rowid of the last inserted row.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    ///
    /// Writers in this process take turns on a lock first: SQLite's own busy handler waits by
    /// sleeping (1, 2, 5, 10 ms…), which would stall two busy threads of one process; other
    /// processes still meet `busy_timeout`.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        SQLiteConnection.writeLock.lock()
        defer { SQLiteConnection.writeLock.unlock() }
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Leaves write-ahead-log checkpoints to `checkpoint()`. By default the commit that takes
    /// the log past 1,000 pages copies it into the database, holding up every other writer
    /// meanwhile; a long-running process with a latency goal checkpoints when it chooses.
    public func disableAutomaticCheckpoints() throws {
        try execute("PRAGMA wal_autocheckpoint = 0")
    }

    /// Copies what the write-ahead log holds into the database, without waiting for readers or
    /// writers (SQLite's PASSIVE checkpoint). Needs no write lock: writers keep appending meanwhile.
    public func checkpoint() throws {
        try execute("PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// One write lock for the process: SQLite allows one writer per database at a time anyway.
    private static let writeLock = NSRecursiveLock()

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
