import Foundation
@testable import Ledger
import TestSupport
import Testing

/// `kill -9` during an export of 100,000 rows, then export again: every row in some complete
/// file, no partial file visible, repeats only with the same draft id and version.
@Suite struct ExportCrashTests {
    @Test func killedExportsLoseNoRowAndLeaveNoPartialFile() throws {
        let folder = try TemporaryDirectory()
        let dbPath = folder.path("ledger.sqlite")
        let out = folder.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try bulkLedger(DraftStore(path: dbPath), count: 100_000)

        var killed = 0
        for delay in [0.05, 0.15, 0.3, 0.6] {
            let process = Process()
            process.executableURL = TestEnvironment.binaryURL
            process.arguments = ["export", "--to", out, "--db", dbPath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
        }
        let final = try runNoteLedger(["export", "--to", out, "--db", dbPath])
        #expect(final.status == 0, "\(final.stderr)")

        var seen: [String: Int] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("ledger-") }
        for file in files {
            let text = try String(contentsOfFile: (out as NSString).appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasSuffix("\r\n"), "\(file) ends mid-row")
            let rows = CSVReader.rows(text)
            #expect(rows.first?.count == 10)
            for row in rows.dropFirst() {
                #expect(row.count == 10, "\(file): a short row")
                seen["\(row[6])/\(row[7])", default: 0] += 1
            }
        }
        #expect(seen.count == 100_000, "every draft version exported (killed \(killed) runs)")
        #expect(Set(seen.keys.map { $0.hasSuffix("/1") }) == [true])
        let visiblePartials = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".csv") }
        #expect(visiblePartials.isEmpty)
    }
}

/// Fills a store with `count` synthetic drafts in one statement per table (fast, for big-export tests).
func bulkLedger(_ store: DraftStore, count: Int) throws {
    try store.connection.transaction {
        try store.connection.execute("""
            WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < \(count))
            INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at)
            SELECT i, '/inbox/' || i || '.txt', printf('%064x', i), 'Lunch at Lupa ' || i, '2026-11-20T10:00:00.000Z',
                   '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z' FROM seq;
            INSERT INTO drafts (id, note_id, status, current_version, merchant, amount, amount_e4, currency, category,
                                purpose, date, created_at, updated_at)
            SELECT id, id, 'ready', 1, 'Lupa, "the" place', printf('%d.50', id % 500), (id % 500) * 10000 + 5000,
                   'EUR', 'food', 'Lunch', '2026-11-20', created_at, created_at FROM notes;
            INSERT INTO draft_versions (draft_id, version, origin, created_at, merchant, amount, currency, category, purpose, date)
            SELECT id, 1, 'fill', created_at, merchant, amount, currency, category, purpose, date FROM drafts;
            """)
    }
}
