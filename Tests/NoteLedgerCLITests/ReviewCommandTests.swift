import Foundation
import Ledger
import TestSupport
import Testing

/// The review loop end to end: ingest, query, show, edit, approve, history, refill.
@Suite(.serialized) struct ReviewCommandTests {
    func ledger() throws -> (TemporaryDirectory, [String: String?]) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        try folder.write("Lunch with Ana at Casa Lucio, 48.50 for the team offsite", to: "Inbox/lunch.txt")
        try folder.write("uber 23,10 airport", to: "Inbox/uber.txt")
        try folder.write("uber 23,10 airport", to: "Inbox/uber-copy.txt")
        try folder.write("grocery list: oat milk, eggs", to: "Inbox/list.txt")
        try folder.write("", to: "Inbox/.hidden")
        return (folder, ["NOTELEDGER_DB": folder.path("ledger.sqlite")])
    }

    func drafts(_ environment: [String: String?], _ terms: [String] = []) throws -> [[String: Any]] {
        let result = try runNoteLedger(["query", "--json"] + terms, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func ingestFillsOneDraftPerDistinctNote() throws {
        let (folder, environment) = try ledger()
        let result = try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("5 files: 3 new, 0 changed, 0 unchanged, 1 duplicates, 1 skipped; 3 drafts filled"))
        #expect(result.stderr.contains("a hidden file"))
        let all = try drafts(environment)
        #expect(all.count == 3)
        for draft in all {
            for key in ["id", "status", "date", "merchant", "amount", "currency", "category", "purpose", "version", "locked", "note"] {
                #expect(draft.keys.contains(key), "missing \(key)")
            }
            #expect(draft["status"] as? String == "review", "rules fills go to review")
        }
        let lunch = try #require(all.first { ($0["note"] as? String)?.hasSuffix("lunch.txt") == true })
        #expect(lunch["merchant"] as? String == "Casa Lucio")
        #expect(lunch["amount"] as? String == "48.50")
        let again = try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment)
        #expect(again.stdout.contains("0 new, 0 changed, 4 unchanged"))
        #expect(try drafts(environment).count == 3)
    }

    @Test func editsAreLockedAcrossRefillsAndHistoryShowsWhoChangedWhat() throws {
        let (folder, environment) = try ledger()
        _ = try runNoteLedger(["ingest", folder.path("Inbox/lunch.txt"), "--backend", "rules"], environment: environment)
        let id = try #require(try drafts(environment).first?["id"] as? Int)

        let edit = try runNoteLedger(["edit", "\(id)", "amount=50", "category=food", "merchant=Casa Lucio Roma"],
                                     environment: environment)
        #expect(edit.status == 0, "\(edit.stderr)")
        let refill = try runNoteLedger(["refill", "\(id)", "--backend", "rules"], environment: environment)
        #expect(refill.status == 0, "\(refill.stderr)")
        let draft = try #require(try drafts(environment).first)
        #expect(draft["amount"] as? String == "50")
        #expect(draft["merchant"] as? String == "Casa Lucio Roma")
        #expect(Set(draft["locked"] as? [String] ?? []) == ["amount", "category", "merchant"])

        let history = try runNoteLedger(["history", "\(id)"], environment: environment)
        #expect(history.stdout.contains("v1"))
        #expect(history.stdout.contains("user (edit)"))
        #expect(history.stdout.contains("amount: 48.50 → 50"))
        #expect(history.stdout.contains("v3"))

        let show = try runNoteLedger(["show", "\(id)"], environment: environment)
        #expect(show.stdout.contains("Casa Lucio Roma"))
        #expect(show.stdout.contains("locked"))
        #expect(show.stdout.contains("| Lunch with Ana at Casa Lucio, 48.50 for the team offsite"))

        let approve = try runNoteLedger(["approve", "\(id)"], environment: environment)
        #expect(approve.status == 0)
        #expect(try drafts(environment, ["status:approved"]).count == 1)
        #expect(try drafts(environment, ["lucio", "edited"]).count == 1)
        // Searching by status left statistics behind for the query planner.
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        #expect(try connection.query("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'drafts'").first?.int(0) ?? 0 > 0)
    }

    @Test func upgradingAnOlderLedgerSaysSoOnce() throws {
        let (folder, environment) = try ledger()
        let connection = try SQLiteConnection(path: folder.path("ledger.sqlite"))
        try Migrator.migrate(connection, migrations: Migration.embedded.filter { $0.id <= 4 })
        let latest = try #require(Migration.embedded.last)
        let first = try runNoteLedger(["query"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("upgrading the ledger \(folder.path("ledger.sqlite")) to schema \(latest.id) (\(latest.name))"))
        #expect(try Migrator.version(of: connection) == latest.id)
        let again = try runNoteLedger(["query"], environment: environment)
        #expect(!again.stderr.contains("upgrading"))
        // A new ledger is created, not upgraded.
        let fresh = try runNoteLedger(["query"], environment: ["NOTELEDGER_DB": folder.path("new.sqlite")])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(!fresh.stderr.contains("upgrading"))
    }

    @Test(arguments: [
        (["edit", "1", "amount=twelve"], "amount must be a number"),
        (["edit", "1", "category=snacks"], "category must be one of food, travel, shopping, other"),
        (["edit", "1", "colour=red"], "unknown field 'colour'"),
        (["edit", "1", "amount"], "'amount' is not field=value"),
        (["show", "abc"], "is not a draft id"),
        (["query", "status:lost"], "status is one of"),
    ])
    func badReviewInputIsAUsageErrorThatChangesNothing(arguments: [String], message: String) throws {
        let (folder, environment) = try ledger()
        _ = try runNoteLedger(["ingest", folder.path("Inbox/lunch.txt"), "--backend", "rules"], environment: environment)
        let before = try drafts(environment)
        let result = try runNoteLedger(arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let after = try drafts(environment)
        #expect(after.map { $0["version"] as? Int } == before.map { $0["version"] as? Int })
    }

    @Test func anUnknownDraftIsAnError() throws {
        let (_, environment) = try ledger()
        let result = try runNoteLedger(["show", "999"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no draft 999"))
    }

    @Test func ingestWithTheModelFillsAReadyDraft() throws {
        let (folder, environment) = try ledger()
        let result = try runNoteLedger(["ingest", folder.path("Inbox/lunch.txt")], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let draft = try #require(try drafts(environment).first)
        #expect(draft["merchant"] as? String == "Casa Lucio")
        #expect(draft["category"] as? String == "food")
        let history = try runNoteLedger(["history", "\(draft["id"] as? Int ?? 0)"], environment: environment)
        #expect(history.stdout.contains("model (fill) gemma-3-270m-q4_k_m.gguf sha256 a5fd3b62230a"))
    }

    @Test func queryCSVQuotesAndNeutralisesCellsAsTheLedgerCSVDoes() throws {
        let (folder, environment) = try ledger()
        _ = try runNoteLedger(["ingest", folder.path("Inbox/lunch.txt"), "--backend", "rules"], environment: environment)
        let id = try #require(try drafts(environment).first?["id"] as? Int)
        #expect(try runNoteLedger(["edit", "\(id)", "purpose==HYPERLINK(\"http://x\")", "merchant=Casa Lucio, Roma"],
                                  environment: environment).status == 0)
        let result = try runNoteLedger(["query", "--csv"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "id,status,date,merchant,amount,currency,category,purpose,version,locked,note")
        // A formula gets a ' before it (OWASP CSV injection), a comma or quote makes a quoted cell.
        #expect(lines.dropFirst().first?.contains("\"Casa Lucio, Roma\"") == true, "\(result.stdout)")
        #expect(lines.dropFirst().first?.contains("\"'=HYPERLINK(\"\"http://x\"\")\"") == true, "\(result.stdout)")
    }
}

/// `noteledger export` end to end.
@Suite struct ExportCommandTests {
    @Test func exportWritesNewRowsOnceAndSaysWhenThereIsNothingNew() throws {
        let folder = try TemporaryDirectory()
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite")]
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        try folder.write("Lunch at Casa Lucio 48.50", to: "Inbox/a.txt")
        try folder.write("taxi 23,10", to: "Inbox/b.txt")
        _ = try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment)
        _ = try runNoteLedger(["approve", "1", "2"], environment: environment)

        let first = try runNoteLedger(["export", "--to", folder.path("out")], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let fields = first.stdout.trimmingCharacters(in: .newlines).split(separator: "\t")
        #expect(fields.count == 2)
        #expect(fields[1] == "2 rows")
        let csv = try String(contentsOfFile: String(fields[0]), encoding: .utf8)
        #expect(csv.hasPrefix("date,merchant,amount,currency,category,purpose,draft_id,version,status,note\r\n"))
        #expect(csv.contains("Casa Lucio,48.50"))

        let second = try runNoteLedger(["export", "--to", folder.path("out")], environment: environment)
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        #expect(second.stderr.contains("nothing new to export"))

        let missing = try runNoteLedger(["export", "--to", folder.path("nope")], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("is not a folder"))
        let badStatus = try runNoteLedger(["export", "--status", "done"], environment: environment)
        #expect(badStatus.status == 64)
    }
}
