import Foundation
import Ledger
import TestSupport
import Testing

/// Learning from corrections end to end, with the real model: edits taught through `edit`,
/// applied by the grammar to new notes, listed and switched by `learned`.
@Suite(.serialized) struct LearnedCommandTests {
    func ledger() throws -> (TemporaryDirectory, [String: String?]) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        return (folder, ["NOTELEDGER_DB": folder.path("ledger.sqlite"), "NOTELEDGER_MODEL": TestEnvironment.modelPath])
    }

    /// Writes `notes` into the inbox, ingests them with the model, and returns their draft ids by file name.
    @discardableResult
    func ingest(_ notes: [String: String], into folder: TemporaryDirectory, _ environment: [String: String?]) throws -> [String: Int] {
        for (name, text) in notes { try folder.write(text, to: "Inbox/\(name)") }
        let result = try runNoteLedger(["ingest"] + notes.keys.sorted().map { folder.path("Inbox/\($0)") }, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let query = try runNoteLedger(["query", "--json"], environment: environment)
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(query.stdout.utf8)) as? [[String: Any]])
        var ids: [String: Int] = [:]
        for draft in drafts {
            if let note = draft["note"] as? String, let id = draft["id"] as? Int { ids[URL(fileURLWithPath: note).lastPathComponent] = id }
        }
        return ids
    }

    func edit(_ id: Int?, _ changes: [String], _ environment: [String: String?]) throws {
        let result = try runNoteLedger(["edit", "\(try #require(id))"] + changes, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func threeEditsOfAMerchantForceItsCategoryWhileTheModelWrites() throws {
        let (folder, environment) = try ledger()
        let ids = try ingest(["1.txt": "Blue Finch 12.00 dinner", "2.txt": "lunch at blue finch 9.50", "3.txt": "BLUE FINCH wine 22.00"],
                             into: folder, environment)
        // An unusual choice the model would not make for a dinner: only learning can give it.
        for name in ["1.txt", "2.txt", "3.txt"] { try edit(ids[name], ["merchant=Blue Finch", "category=shopping"], environment) }

        let id = try #require(try ingest(["4.txt": "dinner at Blue Finch, 30.00"], into: folder, environment)["4.txt"])
        let show = try runNoteLedger(["show", "\(id)"], environment: environment)
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        let category = try #require(lines.first { $0.hasPrefix("  category") })
        #expect(category.contains("shopping") && category.contains("learned"), "\(show.stdout)")
        #expect(show.stdout.contains("category shopping: learned from 3 of your edits of Blue Finch, last on 20"), "\(show.stdout)")
        let merchant = try #require(lines.first { $0.hasPrefix("  merchant") })
        #expect(merchant.contains("Blue Finch") && merchant.contains("learned"), "\(show.stdout)")
        #expect(show.stdout.contains("| dinner at Blue Finch, 30.00"), "the note keeps what was written")
        let history = try runNoteLedger(["history", "\(id)"], environment: environment)
        #expect(history.stdout.contains("category: — → shopping  (learned from 3 of your edits of Blue Finch"), "\(history.stdout)")

        let listed = try runNoteLedger(["learned", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect(object["learning"] as? String == "on")
        let merchants = try #require(object["merchants"] as? [[String: Any]])
        let finch = try #require(merchants.first { $0["merchant"] as? String == "Blue Finch" })
        #expect(finch["category_rule"] as? String == "forced")
        #expect(finch["categories"] as? [String] == ["shopping"])
        #expect(finch["edits"] as? Int == 6)
    }

    @Test func mixedEvidenceLetsTheModelChooseOnlyAmongTheUsersCategories() throws {
        let (folder, environment) = try ledger()
        let ids = try ingest(["1.txt": "Rook Hall 40.00 tickets", "2.txt": "Rook Hall 15.00 poster"], into: folder, environment)
        try edit(ids["1.txt"], ["merchant=Rook Hall", "category=travel"], environment)
        try edit(ids["2.txt"], ["merchant=Rook Hall", "category=shopping"], environment)

        let id = try #require(try ingest(["3.txt": "coffee and cake at Rook Hall 6.50"], into: folder, environment)["3.txt"])
        let query = try runNoteLedger(["query", "--json"], environment: environment)
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(query.stdout.utf8)) as? [[String: Any]])
        let draft = try #require(drafts.first { $0["id"] as? Int == id })
        #expect(["travel", "shopping"].contains(draft["category"] as? String ?? ""), "\(draft)")
        #expect(draft["merchant"] as? String == "Rook Hall")
        let list = try runNoteLedger(["learned"], environment: environment)
        #expect(list.stdout.contains("Rook Hall: category one of travel, shopping"), "\(list.stdout)")
    }

    @Test func withLearningOffNewDraftsAreTheSameAsInALedgerWithoutEdits() throws {
        let notes = ["a.txt": "Tier scooter 4.20 to the office", "b.txt": "tier 3.10 home", "c.txt": "Casa Verde lunch 18.00"]
        let later = ["d.txt": "TIER ride 5.00", "e.txt": "lunch casa verde 21.50 with Ana"]
        // A ledger where the user taught something, then switched learning off.
        let (taught, taughtEnvironment) = try ledger()
        let ids = try ingest(notes, into: taught, taughtEnvironment)
        for name in ["a.txt", "b.txt"] { try edit(ids[name], ["merchant=Tier Mobility", "category=other"], taughtEnvironment) }
        try edit(ids["c.txt"], ["merchant=Casa Verde", "category=shopping"], taughtEnvironment)
        let off = try runNoteLedger(["learned", "off"], environment: taughtEnvironment)
        #expect(off.status == 0 && off.stdout.contains("learning is off"), "\(off.stderr)")
        let taughtIDs = try ingest(later, into: taught, taughtEnvironment)
        // The same notes in a ledger without edits.
        let (plain, plainEnvironment) = try ledger()
        try ingest(notes, into: plain, plainEnvironment)
        let plainIDs = try ingest(later, into: plain, plainEnvironment)

        let taughtStore = try DraftStore(path: taught.path("ledger.sqlite"))
        let plainStore = try DraftStore(path: plain.path("ledger.sqlite"))
        for name in later.keys {
            let a = try taughtStore.draft(Int64(try #require(taughtIDs[name])))
            let b = try plainStore.draft(Int64(try #require(plainIDs[name])))
            #expect(a.expense == b.expense && a.status == b.status && a.statusReason == b.statusReason, "\(name): \(a) vs \(b)")
            let versionsA = try taughtStore.history(a.id), versionsB = try plainStore.history(b.id)
            #expect(versionsA.map(\.expense) == versionsB.map(\.expense))
            #expect(versionsA.map(\.confidence) == versionsB.map(\.confidence))
            #expect(versionsA.map(\.sources) == versionsB.map(\.sources))
            #expect(versionsA.allSatisfy { $0.learned.isEmpty })
        }
        // Switched back on, a refill applies what was learned.
        #expect(try runNoteLedger(["learned", "on"], environment: taughtEnvironment).status == 0)
        let refill = try runNoteLedger(["refill", "\(try #require(taughtIDs["d.txt"]))"], environment: taughtEnvironment)
        #expect(refill.status == 0, "\(refill.stderr)")
        #expect(try taughtStore.draft(Int64(taughtIDs["d.txt"]!)).expense.merchant == "Tier Mobility")
        #expect(try taughtStore.fieldSources(Int64(taughtIDs["d.txt"]!))["merchant"] == .learned)
    }

    @Test func theLearnedCommandsSayWhatTheyDidAndRejectBadUse() throws {
        let (folder, environment) = try ledger()
        try folder.write("Tier 4.20", to: "Inbox/1.txt")
        #expect(try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment).status == 0)
        let empty = try runNoteLedger(["learned"], environment: environment)
        #expect(empty.status == 0 && empty.stdout.contains("nothing learned yet"), "\(empty.stdout)")
        #expect(try runNoteLedger(["edit", "1", "merchant=Tier Mobility", "category=travel"], environment: environment).status == 0)

        let help = try runNoteLedger(["learned", "--help"], environment: environment)
        #expect(help.status == 0 && help.stdout.contains("learned forget MERCHANT"))
        for bad in [["learned", "bogus"], ["learned", "forget"], ["learned", "--json", "off"], ["learned", "off", "now"],
                    ["learned", "never", "..."], ["learned", "--frobnicate"]] {
            let result = try runNoteLedger(bad, environment: environment)
            #expect(result.status == 64, "\(bad): \(result.stderr)")
            #expect(result.stderr.contains("Usage: noteledger learned"), "\(bad)")
        }
        let unknown = try runNoteLedger(["learned", "forget", "Nobody Ltd"], environment: environment)
        #expect(unknown.status == 1 && unknown.stderr.contains("nothing is learned about 'Nobody Ltd'"), "\(unknown.stderr)")

        let never = try runNoteLedger(["learned", "never", "TIER", "MOBILITY"], environment: environment)
        #expect(never.status == 0, "\(never.stderr)")
        #expect(try runNoteLedger(["learned"], environment: environment).stdout.contains("never applied"))
        #expect(try runNoteLedger(["learned", "allow", "tier mobility"], environment: environment).status == 0)
        #expect(try runNoteLedger(["learned", "allow", "tier mobility"], environment: environment).status == 1)

        #expect(try runNoteLedger(["learned", "off"], environment: environment).status == 0)
        let doctor = try runNoteLedger(["doctor"], environment: environment)
        #expect(doctor.stdout.contains("learning        off"), "\(doctor.stdout)")
        #expect(try runNoteLedger(["learned", "--json"], environment: environment).stdout.contains("\"learning\": \"off\""))

        let forget = try runNoteLedger(["learned", "forget", "Tier Mobility"], environment: environment)
        #expect(forget.status == 0 && forget.stdout.contains("forgot 2 edits of Tier Mobility"), "\(forget.stdout)")
        #expect(try runNoteLedger(["learned"], environment: environment).stdout.contains("nothing learned yet"))
        // The edit itself is still in the draft's history.
        #expect(try runNoteLedger(["history", "1"], environment: environment).stdout.contains("Tier Mobility"))
    }
}
