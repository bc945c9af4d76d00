import Digest
import Foundation

/// A schema change: a plain SQL file from `Migrations/`, embedded at build time.
public struct Migration: Sendable, Equatable {
    /// The number the file name starts with (`0001_initial.sql` is 1).
    public let id: Int
    public let name: String
    public let sql: String

    public var checksum: String { SHA256.hex(of: sql) }

    /// The migrations built into this binary, in order.
    public static var embedded: [Migration] {
        embeddedMigrations.compactMap { entry in
            guard let id = Int(entry.name.prefix { $0.isNumber }) else { return nil }
            return Migration(id: id, name: entry.name, sql: entry.sql)
        }.sorted { $0.id < $1.id }
    }
}

/// Why the database cannot be used with this build's schema.
public enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A migration already applied to the database differs from the file this build carries.
    case changedAfterApplying(name: String, applied: String, embedded: String)
    /// The database was written by a newer NoteLedger.
    case newerSchema(database: Int, supported: Int)

    public var description: String {
        switch self {
        case .changedAfterApplying(let name, let applied, let embedded):
            "migration \(name) was changed after it was applied to this database (checksum \(applied.prefix(12)) "
                + "when applied, \(embedded.prefix(12)) in this build); restore Migrations/\(name) and add the "
                + "change as a new migration file"
        case .newerSchema(let database, let supported):
            "this database has schema version \(database), written by a newer NoteLedger; this build knows "
                + "versions up to \(supported). Upgrade NoteLedger, or use another --db"
        }
    }
}

/// Applies migrations in order, each in its own `BEGIN IMMEDIATE` transaction, and records them
/// with their checksum; refuses a database whose applied migrations were edited or are newer.
public enum Migrator {
    /// Brings `connection` to the latest schema.
    /// - Returns: the schema version after migrating.
    /// - Throws: `MigrationError`, or `SQLiteError` when a migration fails (it is rolled back).
    @discardableResult
    public static func migrate(_ connection: SQLiteConnection, migrations: [Migration] = Migration.embedded) throws -> Int {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)
            """)
        let applied = try connection.query("SELECT id, name, checksum FROM schema_migrations ORDER BY id")
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.id, $0) })
        let latest = migrations.last?.id ?? 0
        for row in applied {
            let id = Int(row.int(0) ?? 0)
            guard let migration = known[id] else {
                throw MigrationError.newerSchema(database: id, supported: latest)
            }
            let checksum = row.string(2) ?? ""
            if checksum != migration.checksum {
                throw MigrationError.changedAfterApplying(name: row.string(1) ?? migration.name, applied: checksum,
                                                          embedded: migration.checksum)
            }
        }
        let done = Set(applied.compactMap { $0.int(0).map(Int.init) })
        for migration in migrations where !done.contains(migration.id) {
            try connection.transaction {
                // Another process may have applied it while we waited for the lock.
                if try connection.query("SELECT 1 FROM schema_migrations WHERE id = ?", [.integer(Int64(migration.id))]).isEmpty {
                    try connection.execute(migration.sql)
                    try connection.run(
                        "INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                        [.integer(Int64(migration.id)), .text(migration.name), .text(migration.checksum), .text(Timestamp.now())])
                }
            }
        }
        return try version(of: connection)
    }

    /// The highest migration applied to the database (0 when none).
    public static func version(of connection: SQLiteConnection) throws -> Int {
        Int(try connection.query("SELECT coalesce(max(id), 0) FROM schema_migrations").first?.int(0) ?? 0)
    }
}

/// ISO-8601 timestamps in UTC with milliseconds (`2026-11-29T22:34:40.348Z`), as the store
/// keeps them. Written and read by hand: a date formatter costs more than the rest of a fill.
public enum Timestamp {
    public static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = Int((interval - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(min(999, milliseconds)), 3))Z"
    }

    public static func now() -> String { string(Date()) }

    /// Reads what `string` writes (milliseconds optional); nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int32(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        var seconds = Double(timegm(&parts))
        if bytes.count >= 24, bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) {
            seconds += Double(fraction) / 1000
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
