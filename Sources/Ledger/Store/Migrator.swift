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
    /// After a migration a row refers to one that does not exist (the migration was rolled back).
    case brokenReference(name: String, table: String, rowID: Int64?, parent: String)

    public var description: String {
        switch self {
        case .changedAfterApplying(let name, let applied, let embedded):
            "migration \(name) was changed after it was applied to this database (checksum \(applied.prefix(12)) "
                + "when applied, \(embedded.prefix(12)) in this build); restore Migrations/\(name) and add the "
                + "change as a new migration file"
        case .newerSchema(let database, let supported):
            "this database has schema version \(database), written by a newer NoteLedger; this build knows "
                + "versions up to \(supported). Upgrade NoteLedger, or use another --db"
        case .brokenReference(let name, let table, let rowID, let parent):
            "migration \(name) was rolled back: it left row \(rowID.map(String.init) ?? "?") of \(table) referring to a "
                + "missing row of \(parent). The database is unchanged and still works with the NoteLedger that wrote it; "
                + "keep using that one and report this message (it is a bug in the migration)"
        }
    }
}

/// Applies migrations in order, each in its own `BEGIN IMMEDIATE` transaction, and records them
/// with their checksum; refuses a database whose applied migrations were edited or are newer.
public enum Migrator {
    /// Brings `connection` to the latest schema.
    /// - Parameter upgrading: called before each migration applied to a database that already had a
    ///   schema (an upgrade, which on a large ledger can take a while); not for a new database.
    /// - Returns: the schema version after migrating.
    /// - Throws: `MigrationError`, or `SQLiteError` when a migration fails (it is rolled back).
    @discardableResult
    public static func migrate(_ connection: SQLiteConnection, migrations: [Migration] = Migration.embedded,
                               upgrading: ((Migration) -> Void)? = nil) throws -> Int {
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
            // SQLite changes a constraint by rebuilding the table: copy, drop, rename. Other tables
            // still refer to it meanwhile, so foreign keys are off during a migration (the pragma
            // does nothing inside a transaction) and every one is checked before it commits.
            try connection.execute("PRAGMA foreign_keys = OFF")
            do {
                try apply(migration, on: connection, upgrading: applied.isEmpty ? nil : upgrading)
            } catch {
                try? connection.execute("PRAGMA foreign_keys = ON")
                throw error
            }
            // Checks must be on again before anything else writes: a failure here is the command's failure.
            try connection.execute("PRAGMA foreign_keys = ON")
        }
        return try version(of: connection)
    }

    /// Applies `migration` in one transaction, unless another process did it while we waited for the lock.
    private static func apply(_ migration: Migration, on connection: SQLiteConnection,
                              upgrading: ((Migration) -> Void)?) throws {
        try connection.transaction {
            // Another process may have applied it while we waited for the lock.
            if try connection.query("SELECT 1 FROM schema_migrations WHERE id = ?", [.integer(Int64(migration.id))]).isEmpty {
                upgrading?(migration)
                try connection.execute(migration.sql)
                if let broken = try connection.query("PRAGMA foreign_key_check").first {
                    throw MigrationError.brokenReference(name: migration.name, table: broken.string(0) ?? "?",
                                                         rowID: broken.int(1), parent: broken.string(2) ?? "?")
                }
                try connection.run(
                    "INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    [.integer(Int64(migration.id)), .text(migration.name), .text(migration.checksum), .text(Timestamp.now())])
            }
        }
    }

    /// The highest migration applied to the database (0 when none).
    public static func version(of connection: SQLiteConnection) throws -> Int {
        Int(try connection.query("SELECT coalesce(max(id), 0) FROM schema_migrations").first?.int(0) ?? 0)
    }
}
