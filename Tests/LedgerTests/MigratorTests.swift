import Foundation
import Guided
@testable import Ledger
import TestSupport
import Testing

@Suite struct MigratorTests {
    @Test func aNewDatabaseGetsEveryEmbeddedMigrationOnce() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("nested/ledger.sqlite")
        let store = try DraftStore(path: path)
        let latest = Migration.embedded.last!.id
        #expect(store.schemaVersion == latest)
        #expect(Migration.embedded.first?.name == "0001_initial.sql")
        // Reopening applies nothing again.
        let again = try DraftStore(path: path)
        #expect(again.schemaVersion == latest)
        #expect(try again.connection.query("SELECT count(*) FROM schema_migrations").first?.int(0) == Int64(Migration.embedded.count))
    }

    @Test func exportRecordsOfSchemaTwoBecomeOnePerDraftWithTheNewestVersion() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try Migrator.migrate(connection, migrations: Migration.embedded.filter { $0.id <= 2 })
        let now = "2026-11-20T10:00:00Z"
        try connection.run("INSERT INTO exports (id, path, rows, created_at) VALUES (1, 'a.csv', 2, ?), (2, 'b.csv', 1, ?)", [.text(now), .text(now)])
        for id in 1...2 {
            try connection.run("INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at) VALUES (?, ?, 'h', 't', ?, ?, ?)",
                               [.integer(Int64(id)), .text("n\(id).txt"), .text(now), .text(now), .text(now)])
            try connection.run("INSERT INTO drafts (id, note_id, status, current_version, created_at, updated_at) VALUES (?, ?, 'ready', 2, ?, ?)",
                               [.integer(Int64(id)), .integer(Int64(id)), .text(now), .text(now)])
        }
        // Draft 1: version 1 in export 1, version 2 in export 2; draft 2: version 1 only.
        try connection.run("INSERT INTO exported_versions (draft_id, version, export_id) VALUES (1, 1, 1), (1, 2, 2), (2, 1, 1)")
        try Migrator.migrate(connection)
        let rows = try connection.query("SELECT draft_id, version, export_id FROM draft_exports ORDER BY draft_id")
            .map { [$0.int(0), $0.int(1), $0.int(2)] }
        #expect(rows == [[1, 2, 2], [2, 1, 1]])
    }

    @Test func rebuildingTablesForTheirChecksKeepsEveryRowTriggerAndRule() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try Migrator.migrate(connection, migrations: Migration.embedded.filter { $0.id <= 4 })
        let now = "2026-11-30T10:00:00.000Z"
        try connection.run("INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at) VALUES (7, 'a.txt', 'h', 'taxi 12', ?, ?, ?)",
                           [.text(now), .text(now), .text(now)])
        try connection.run("""
            INSERT INTO drafts (id, note_id, status, status_reason, current_version, merchant, amount, amount_e4, currency, category, purpose, date, created_at, updated_at)
            VALUES (40, 7, 'review', 'why', 2, 'Taxi', '12.00', 120000, 'EUR', 'transport', 'airport', '2026-11-29', ?, ?)
            """, [.text(now), .text(now)])
        try connection.run("INSERT INTO draft_versions (draft_id, version, origin, created_at, merchant, confidence, changed) VALUES (40, 1, 'fill', ?, 'Taxi', '{\"merchant\":0.9}', '[\"merchant\"]'), (40, 2, 'edit', ?, 'Cab', '{}', '[]')",
                           [.text(now), .text(now)])
        try connection.run("INSERT INTO field_locks (draft_id, field, version, locked_at) VALUES (40, 'merchant', 2, ?)", [.text(now)])
        try connection.run("INSERT INTO jobs (id, draft_id, kind, state, attempts, available_at, lease_until, last_error, created_at, updated_at, lease_owner) VALUES (90, 40, 'refill', 'failed', 3, ?, ?, 'boom', ?, ?, 'host:1')",
                           [.text(now), .text(now), .text(now), .text(now)])
        let tables = ["notes", "drafts", "draft_versions", "field_locks", "jobs"]
        func contents() throws -> [[[SQLiteValue]]] {
            try tables.map { table in try connection.query("SELECT * FROM \(table)").map(\.values) }
        }
        let before = try contents()
        let indexes = "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name"
        let indexesBefore = try connection.query(indexes).map { $0.string(0) }

        try Migrator.migrate(connection, migrations: Migration.embedded.filter { $0.id <= 5 })
        #expect(try contents() == before)
        #expect(try connection.query(indexes).map { $0.string(0) } == indexesBefore)
        // The rules hold as before: allowed values, append-only versions, foreign keys (on again).
        #expect(throws: SQLiteError.self) { try connection.run("UPDATE drafts SET status = 'done' WHERE id = 40") }
        #expect(throws: SQLiteError.self) { try connection.run("UPDATE jobs SET state = 'queued' WHERE id = 90") }
        #expect(throws: SQLiteError.self) { try connection.run("UPDATE field_locks SET field = 'note' WHERE draft_id = 40") }
        #expect(throws: SQLiteError.self) { try connection.run("DELETE FROM draft_versions WHERE draft_id = 40") }
        #expect(throws: SQLiteError.self) {
            try connection.run("INSERT INTO jobs (draft_id, kind, state, available_at, created_at, updated_at) VALUES (41, 'fill', 'pending', ?, ?, ?)",
                               [.text(now), .text(now), .text(now)])
        }
        try connection.run("UPDATE drafts SET status = 'approved' WHERE id = 40")
        // Writing a draft, a version, a lock or a job no longer builds a temporary b-tree per row.
        for sql in ["INSERT INTO drafts (note_id, status, created_at, updated_at) VALUES (1, 'queued', '', '')",
                    "UPDATE drafts SET status = 'ready' WHERE id = 1",
                    "INSERT INTO draft_versions (draft_id, version, origin, created_at) VALUES (1, 1, 'fill', '')",
                    "INSERT INTO field_locks (draft_id, field, version, locked_at) VALUES (1, 'date', 1, '')",
                    "INSERT INTO jobs (draft_id, kind, state, available_at, created_at, updated_at) VALUES (1, 'fill', 'pending', '', '', '')"] {
            let program = try connection.query("EXPLAIN " + sql).compactMap { $0.string(1) }
            #expect(!program.contains("OpenEphemeral"), "\(sql)")
        }
    }

    @Test func aMigrationThatLeavesABrokenReferenceIsRolledBack() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try Migrator.migrate(connection)
        let now = "2026-11-30T10:00:00.000Z"
        try connection.run("INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at) VALUES (1, 'a.txt', 'h', 't', ?, ?, ?)",
                           [.text(now), .text(now), .text(now)])
        try connection.run("INSERT INTO drafts (id, note_id, status, created_at, updated_at) VALUES (5, 1, 'queued', ?, ?)", [.text(now), .text(now)])
        let latest = Migration.embedded.last!.id
        let careless = Migration.embedded + [Migration(id: latest + 1, name: "9999_careless.sql", sql: "DELETE FROM notes;")]
        let error = try #require(throws: MigrationError.self) { try Migrator.migrate(connection, migrations: careless) }
        #expect(error == .brokenReference(name: "9999_careless.sql", table: "drafts", rowID: 5, parent: "notes"))
        #expect(error.description.contains("rolled back"))
        #expect(try Migrator.version(of: connection) == latest)
        #expect(try connection.query("SELECT count(*) FROM notes").first?.int(0) == 1)
        #expect(throws: SQLiteError.self) { try connection.run("DELETE FROM notes") }
    }

    @Test func anEditedShippedMigrationStopsWithItsName() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try Migrator.migrate(connection)
        var edited = Migration.embedded
        edited[0] = Migration(id: edited[0].id, name: edited[0].name, sql: edited[0].sql + "\n-- a later edit\n")
        let error = try #require(throws: MigrationError.self) { try Migrator.migrate(connection, migrations: edited) }
        #expect(error.description.contains("0001_initial.sql was changed after it was applied"))
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        _ = try DraftStore(path: path)
        let connection = try SQLiteConnection(path: path)
        try connection.run("INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (99, '0099_future.sql', 'x', 'now')")
        let error = try #require(throws: MigrationError.self) { try DraftStore(path: path) }
        #expect(error == .newerSchema(database: 99, supported: Migration.embedded.last!.id))
        #expect(error.description.contains("newer NoteLedger"))
    }

    @Test func aFailingMigrationLeavesNoTrace() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        let broken = [Migration(id: 1, name: "0001_broken.sql", sql: "CREATE TABLE a (x); CREATE TABLE a (y);")]
        #expect(throws: SQLiteError.self) { try Migrator.migrate(connection, migrations: broken) }
        #expect(try connection.query("SELECT name FROM sqlite_master WHERE name = 'a'").isEmpty)
        #expect(try Migrator.version(of: connection) == 0)
    }
}

@Suite struct TimestampTests {
    @Test func writesAndReadsMillisecondsInUTC() throws {
        let date = Date(timeIntervalSince1970: 1_795_990_480.348)
        let text = Timestamp.string(date)
        #expect(text == "2026-11-29T22:14:40.348Z")
        let back = try #require(Timestamp.date(text))
        #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
        #expect(Timestamp.date("2026-11-20T10:00:00.000Z") != nil)
        #expect(Timestamp.date("yesterday") == nil)
    }

    @Test func writesWhatFoundationsISO8601FormatterWrites() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            // From 1970 to 2199, a quarter millisecond past a whole one: the formatter rounds to the
            // nearest millisecond, the store truncates (a stamp is never later than the moment).
            let date = Date(timeIntervalSince1970: Double(random.next() % 7_258_118_400_000) / 1000 + 0.000_25)
            #expect(Timestamp.string(date) == formatter.string(from: date))
        }
    }
}
