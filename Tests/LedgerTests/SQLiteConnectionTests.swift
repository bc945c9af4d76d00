import Foundation
import Ledger
import TestSupport
import Testing

@Suite struct SQLiteConnectionTests {
    @Test func opensAFileInWALModeAndRoundTripsValues() throws {
        let folder = try TemporaryDirectory()
        let db = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        #expect(try db.query("PRAGMA journal_mode").first?.string(0) == "wal")
        #expect(try db.query("PRAGMA foreign_keys").first?.int(0) == 1)

        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount TEXT, raw BLOB)")
        try db.run("INSERT INTO t (name, amount, raw) VALUES (?, ?, ?)", ["Casa Lucio", "48.50", .blob([0, 1, 255])])
        #expect(db.lastInsertedRowID == 1)
        let row = try #require(try db.query("SELECT name, amount, raw FROM t WHERE id = ?", [1]).first)
        #expect(row.string(0) == "Casa Lucio")
        #expect(row.string(1) == "48.50")
        #expect(row[2] == .blob([0, 1, 255]))
        #expect(FileManager.default.fileExists(atPath: folder.path("ledger.sqlite")))
    }

    @Test func textIsBoundWhole() throws {
        let folder = try TemporaryDirectory()
        let db = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        // Empty (not NULL), short and long, non-ASCII, and a NUL inside.
        let texts = ["", "a", "Café Zürich 12,50 €", String(repeating: "long note ", count: 500), "before\u{0}after"]
        for text in texts {
            let row = try #require(try db.query("SELECT ?, typeof(?1), length(CAST(?1 AS BLOB))", [.text(text)]).first)
            #expect(row[0] == .text(text))
            #expect(row.string(1) == "text")
            #expect(row.int(2) == Int64(text.utf8.count))
        }
    }

    @Test func errorsCarryTheCodeMessageAndSQL() throws {
        let folder = try TemporaryDirectory()
        let db = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        let error = try #require(throws: SQLiteError.self) { try db.query("SELECT * FROM missing_table") }
        #expect(error.message.contains("no such table"))
        #expect(error.sql == "SELECT * FROM missing_table")
        #expect(error.description.contains("missing_table"))
    }

    @Test func aFailedTransactionLeavesNothingBehind() throws {
        let folder = try TemporaryDirectory()
        let db = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.run("INSERT INTO t (name) VALUES (?)", ["kept only if all succeed"])
                try db.run("INSERT INTO t (name) VALUES (?)", [nil])
            }
        }
        #expect(try db.query("SELECT count(*) FROM t").first?.int(0) == 0)
    }

    @Test func anUnopenablePathIsAnErrorNamingIt() throws {
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteConnection(path: "/nonexistent-folder/ledger.sqlite")
        }
        #expect(error.message.contains("/nonexistent-folder/ledger.sqlite"))
    }
}
