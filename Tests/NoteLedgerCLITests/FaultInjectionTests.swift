import Foundation
import Ledger
import LedgerTestSupport
import TestSupport
import Testing

/// Fault injection through the commands (debug builds; `NOTELEDGER_FAULT=KIND:N`): for every N, the
/// Nth statement step, write or sync of the ledger fails, or the disk is full from the Nth write on.
/// Afterwards the ledger is exactly as before (and the command said what failed, exit 1) or exactly
/// as after (exit 0), and `PRAGMA integrity_check` is ok. N goes up until the fault is not reached.
@Suite(.serialized) struct FaultInjectionTests {
    /// A ledger of six drafts filled by rules, two of them approved; closed (no write-ahead log).
    static func notesLedger() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        let notes = ["Lunch at Casa Verde 48.50 with the team", "uber 23,10 airport", "Groceries at Lidl 31.20",
                     "Coffee at Blue Finch 4.20", "Train ticket to Leeds £27.40", "Parking 6 EUR"]
        for (index, note) in notes.enumerated() { try folder.write(note, to: "Inbox/\(index + 1).txt") }
        let path = folder.path("template.sqlite")
        let ingest = try runNoteLedger(["--db", path, "ingest", folder.path("Inbox"), "--backend", "rules"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let approve = try runNoteLedger(["--db", path, "approve", "1", "4"])
        #expect(approve.status == 0, "\(approve.stderr)")
        return (folder, path)
    }

    /// A ledger of schema 6 (before learning) holding drafts, versions and a lock: `query` upgrades it.
    static func schemaSixLedger() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let path = folder.path("template.sqlite")
        let connection = try SQLiteConnection(path: path)
        try Migrator.migrate(connection, migrations: Migration.embedded.filter { $0.id <= 6 })
        let now = "2026-11-30T10:00:00.000Z"
        for id in 1...5 {
            try connection.run("""
                INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.integer(Int64(id)), .text("Inbox/\(id).txt"), .text("h\(id)"), .text("taxi \(id)2 to the airport"),
                      .text(now), .text(now), .text(now)])
            try connection.run("""
                INSERT INTO drafts (id, note_id, status, current_version, merchant, amount, amount_e4, currency, category, created_at, updated_at)
                VALUES (?, ?, 'ready', 2, 'Taxi', ?, ?, 'EUR', 'transport', ?, ?)
                """, [.integer(Int64(id)), .integer(Int64(id)), .text("\(id)2.00"), .integer(Int64(id * 10 + 2) * 10_000), .text(now), .text(now)])
            try connection.run("""
                INSERT INTO draft_versions (draft_id, version, origin, created_at, merchant, confidence, changed)
                VALUES (?, 1, 'fill', ?, 'Taxi', '{"merchant":0.9}', '["merchant"]'), (?, 2, 'edit', ?, 'Cab', '{}', '["merchant"]')
                """, [.integer(Int64(id)), .text(now), .integer(Int64(id)), .text(now)])
            try connection.run("INSERT INTO field_locks (draft_id, field, version, locked_at) VALUES (?, 'merchant', 2, ?)",
                               [.integer(Int64(id)), .text(now)])
        }
        return (folder, path)
    }

    struct Outcome {
        let result: ProcessResult
        let dump: LedgerDump
        let integrity: String
        let files: [String: Data]
        /// What the fault-injection report at exit said: fired, or not reached.
        var fired: Bool { result.stderr.contains(": fired") }
        var reached: Bool { !result.stderr.contains(": not reached") }
    }

    /// Copies the template to a fresh folder and runs `arguments` (with `{db}` and `{out}` filled in) there.
    func run(_ arguments: [String], on template: String, fault: String?) throws -> (TemporaryDirectory, Outcome) {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        try FileManager.default.copyItem(atPath: template, toPath: path)
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let filled = arguments.map { $0.replacingOccurrences(of: "{out}", with: folder.path("out")) }
        let result = try runNoteLedger(["--db", path] + filled, environment: ["NOTELEDGER_FAULT": fault])
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("out")) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/\(name)")))
        }
        // The folder's name is in the ledger (the exports' paths): compare without it.
        let dump = try LedgerDump(path: path).replacing(folder.path, with: "{folder}")
        return (folder, Outcome(result: result, dump: dump, integrity: try LedgerDump.integrity(of: path), files: files))
    }

    /// Runs the operation with every fault of every kind, one at a time, and checks each outcome.
    func expectBeforeOrAfter(_ name: String, _ arguments: [String], template: String) throws {
        let before = try LedgerDump(path: template)
        // A command may fail after its change was committed (the read that follows an upgrade):
        // then the ledger is whole and after, and the command still says what failed.
        let mayFailAfter = name == "migration"
        let (_, clean) = try run(arguments, on: template, fault: nil)
        #expect(clean.result.status == 0, "\(name): \(clean.result.stderr)")
        let after = clean.dump.timesErased
        let changes = after != before.timesErased
        #expect(changes, "\(name) changes the ledger")
        let exported = clean.files.values.sorted { $0.count < $1.count }
        for kind in FaultInjection.Kind.allCases {
            var call = 1
            while true {
                let (_, outcome) = try run(arguments, on: template, fault: "\(kind.rawValue):\(call)")
                let point = "\(name), \(kind.rawValue) \(call)"
                #expect(outcome.integrity == "ok", "\(point): \(outcome.integrity)")
                if outcome.result.status == 0 {
                    let isAfter = outcome.dump.timesErased == after
                    #expect(isAfter, "\(point): succeeded but \(outcome.dump.timesErased.difference(from: after))")
                    let sameFiles = outcome.files.values.sorted { $0.count < $1.count } == exported
                    #expect(sameFiles, "\(point): the files written differ")
                } else {
                    #expect(outcome.result.status == 1, "\(point): exit \(outcome.result.status)")
                    let isBefore = outcome.dump == before
                    let isAfter = mayFailAfter && outcome.dump.timesErased == after
                    #expect(isBefore || isAfter, "\(point): failed but \(outcome.dump.difference(from: before))")
                    #expect(outcome.files.isEmpty, "\(point): failed but left \(outcome.files.keys.sorted())")
                    let said = outcome.result.stderr.split(separator: "\n").first { $0.hasPrefix("Error: ") } ?? ""
                    #expect(said.contains("nothing was changed") || isAfter, "\(point): \(outcome.result.stderr)")
                    #expect(said.contains(kind == .full ? "is full" : "cannot read or write the ledger"), "\(point): \(outcome.result.stderr)")
                }
                if !outcome.reached { break }
                #expect(call < 400, "\(point): the fault points never end")
                if call >= 400 { break }
                call += 1
            }
            // Every operation writes, so each kind but fsync (synced only by checkpoints) has fault points.
            #expect(kind == .fsync || call > 1, "\(name): no \(kind.rawValue) fault point was reached")
        }
    }

    @Test func aBuildThatInjectsFaults() {
        #expect(FaultInjection.isAvailable, "fault injection needs a debug build (`swift test` makes one)")
    }

    @Test func anEditIsWholeOrAbsentAtEveryFaultPoint() throws {
        let (folder, template) = try Self.notesLedger()
        defer { withExtendedLifetime(folder) {} }
        try expectBeforeOrAfter("edit", ["edit", "2", "merchant=Casa Azul", "amount=9.10", "category=food"], template: template)
    }

    @Test func anApprovalIsWholeOrAbsentAtEveryFaultPoint() throws {
        let (folder, template) = try Self.notesLedger()
        defer { withExtendedLifetime(folder) {} }
        try expectBeforeOrAfter("approve", ["approve", "2", "3", "5"], template: template)
    }

    @Test func anExportIsWholeOrAbsentAtEveryFaultPoint() throws {
        let (folder, template) = try Self.notesLedger()
        defer { withExtendedLifetime(folder) {} }
        try expectBeforeOrAfter("export", ["export", "--to", "{out}"], template: template)
    }

    @Test func aMigrationIsWholeOrAbsentAtEveryFaultPoint() throws {
        let (folder, template) = try Self.schemaSixLedger()
        defer { withExtendedLifetime(folder) {} }
        try expectBeforeOrAfter("migration", ["query"], template: template)
    }
}
