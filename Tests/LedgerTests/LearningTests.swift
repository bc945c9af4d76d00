import Foundation
import Guided
@testable import Ledger
import TestSupport
import Testing

/// Learning from the user's edits: what is kept as evidence, the rule that turns it into a hint,
/// and the switches. The fills here use the rules extractor on a real ledger; the model's side
/// (the grammar forcing or narrowing the category) is tested in `LearnedCommandTests`.
@Suite struct LearningTests {
    /// A ledger, a rules-only worker, and a way to add a note and fill it.
    final class Ledger {
        let folder: TemporaryDirectory
        let store: DraftStore
        let worker: NoteWorker
        private var count = 0

        init() throws {
            folder = try TemporaryDirectory()
            store = try DraftStore(path: folder.path("ledger.sqlite"))
            worker = NoteWorker(store: store, extractor: ExpenseExtractor(model: nil), log: { _ in })
        }

        func fill(_ text: String) async throws -> Int64 {
            count += 1
            guard case .created(let id) = try store.recordNote(path: "/inbox/\(count).txt", text: text) else {
                throw CancellationError()
            }
            try await worker.drain()
            return id
        }
    }

    @Test func merchantNamesCompareWithoutCaseAccentsOrSurroundingPunctuation() {
        #expect(MerchantKey.of("TIER") == "tier")
        #expect(MerchantKey.of("  Tier ") == MerchantKey.of("tier"))
        #expect(MerchantKey.of("Café  Noir,") == "cafe noir")
        #expect(MerchantKey.of("...") == nil)
        #expect(MerchantKey.of(nil) == nil)
        let candidates = MerchantKey.candidates(in: "Dinner at CAFÉ Noir (Lyon), 42")
        #expect(candidates.contains("cafe noir"))
        #expect(candidates.contains("at cafe noir lyon 42"))
        #expect(!candidates.contains("noir dinner"))
    }

    @Test func threeOfTheLastFiveForceACategoryMixedEvidenceNarrowsItOneEditLeans() {
        func edits(_ categories: [Category]) -> [CategoryMemory.Edit] {
            categories.enumerated().map { .init(category: $1, at: "2026-11-\(20 - $0)T10:00:00Z") }
        }
        #expect(CategoryMemory.hint(from: [], merchant: "Tier") == nil)
        #expect(CategoryMemory.hint(from: edits([.travel]), merchant: "Tier") == .leaning(.travel, edits: 1))
        #expect(CategoryMemory.hint(from: edits([.travel, .other]), merchant: "Tier") == .allowed([.travel, .other]))
        #expect(CategoryMemory.hint(from: edits([.travel, .other, .travel, .travel]), merchant: "Tier")
            == .forced(.travel, evidence: "learned from 3 of your edits of Tier, last on 2026-11-20"))
        // Only the last five count: three old `other` edits are outvoted by what came since.
        #expect(CategoryMemory.hint(from: edits([.travel, .travel, .food, .food, .travel, .other, .other, .other]),
                                    merchant: "Tier") == .forced(.travel, evidence: "learned from 3 of your edits of Tier, last on 2026-11-20"))
        #expect(CategoryMemory.hint(from: edits([.food, .travel, .food, .travel, .other]), merchant: "Tier")
            == .allowed([.food, .travel, .other]))
    }

    @Test func editsAreKeptAsEvidenceAndFillsAreNot() async throws {
        let ledger = try Ledger()
        let id = try await ledger.fill("AMZN Mktp US 23.10 cable")
        #expect(try ledger.store.connection.query("SELECT count(*) FROM corrections").first?.int(0) == 0)
        let before = try ledger.store.draft(id).expense
        try ledger.store.edit(id, changes: [("merchant", "Amazon"), ("category", "shopping"), ("amount", "23.10")])
        let rows = try ledger.store.connection.query(
            "SELECT draft_id, field, old_value, new_value, merchant, merchant_key, written_key, created_at FROM corrections ORDER BY field")
        #expect(rows.count == 2, "an amount edit is not evidence")
        #expect(rows[0].string(1) == "category")
        #expect(rows[0].string(2) == before.category?.rawValue)
        #expect(rows[0].string(3) == "shopping")
        #expect(rows[0].string(5) == "amazon")
        #expect(rows[1].string(1) == "merchant")
        #expect(rows[1].string(2) == before.merchant)
        #expect(rows[1].string(3) == "Amazon")
        #expect(rows[1].string(6) == MerchantKey.of(before.merchant))
        #expect(rows.allSatisfy { $0.int(0) == id && ($0.string(7) ?? "").hasPrefix("20") })
        // Refills and new fills add none.
        _ = try ledger.store.enqueueRefill([id])
        try await ledger.worker.drain()
        _ = try await ledger.fill("another note 5.00")
        #expect(try ledger.store.connection.query("SELECT count(*) FROM corrections").first?.int(0) == 2)
    }

    @Test func aRenamedMerchantIsRecognisedInLaterNotesAndThreeEditsSettleItsCategory() async throws {
        let ledger = try Ledger()
        let first = try await ledger.fill("Paid 12.40 to ACME TRADING LTD ref 4411")
        let written = try #require(try ledger.store.draft(first).expense.merchant)
        try ledger.store.edit(first, changes: [("merchant", "Acme"), ("category", "other")])

        let second = try await ledger.fill("paid 8.00 to \(written.lowercased()) ref 9911")
        var draft = try ledger.store.draft(second)
        #expect(draft.expense.merchant == "Acme")
        #expect(try ledger.store.fieldSources(second)["merchant"] == .learned)
        #expect(try ledger.store.learnedEvidence(second)["merchant"]?.contains("your edit of \(written) to Acme") == true)
        #expect(draft.noteText.contains(written.lowercased()), "the written name stays in the note")
        #expect(try ledger.store.fieldSources(second)["category"] != .learned, "one edit does not settle a category")

        try ledger.store.edit(second, changes: [("category", "other")])
        let third = try await ledger.fill("Acme 3.00 fee")
        try ledger.store.edit(third, changes: [("category", "other")])
        let fourth = try await ledger.fill("ACME 30.00 monthly")
        draft = try ledger.store.draft(fourth)
        #expect(draft.expense.category == .other)
        #expect(try ledger.store.fieldSources(fourth)["category"] == .learned)
        let evidence = try #require(try ledger.store.learnedEvidence(fourth)["category"])
        #expect(evidence.hasPrefix("learned from 3 of your edits of Acme, last on 20"))

        // The listing says the same.
        let listed = try #require(try ledger.store.learnedMerchants().first)
        #expect(listed.merchant == "Acme")
        #expect(listed.aliases == [written])
        #expect(listed.edits == 4)
        guard case .forced(.other, _)? = listed.category else {
            Issue.record("expected a forced category, got \(String(describing: listed.category))")
            return
        }
    }

    @Test func correctingAWrongPickIsNoAliasOnlyARenameIs() async throws {
        let ledger = try Ledger()
        // Fills that picked the wrong words: the user's name is written elsewhere in the note, or
        // the pick is a common word. Correcting them must not name later notes holding those words.
        func filled(_ note: String, merchant: String) throws -> Int64 {
            guard case .created(let id) = try ledger.store.recordNote(path: "/inbox/\(note).txt", text: note) else {
                throw CancellationError()
            }
            try ledger.store.recordFill(draftID: id, Extraction(expense: Expense(merchant: merchant), confidence: [:],
                                                                origin: .rules, reviewReasons: []), refill: false)
            return id
        }
        try ledger.store.edit(try filled("dinner at Blue Finch 30.00", merchant: "dinner"), changes: [("merchant", "Blue Finch")])
        try ledger.store.edit(try filled("parking 6.00", merchant: "parking"), changes: [("merchant", "Garage Nord")])
        try ledger.store.edit(try filled("ACME TRADING LTD 12.00", merchant: "ACME TRADING LTD"), changes: [("merchant", "Acme")])
        #expect(try ledger.store.learnedHints(for: "dinner with Ana 20.00").merchant == nil)
        #expect(try ledger.store.learnedHints(for: "parking 4.00 downtown").merchant == nil)
        #expect(try ledger.store.learnedHints(for: "Blue Finch 12.00").merchant?.name == "Blue Finch")
        // A shorter name for what the note wrote is a rename.
        #expect(try ledger.store.learnedHints(for: "acme trading ltd 40.00").merchant?.name == "Acme")
    }

    @Test func aMerchantEditMovesTheDraftsCategoryEvidenceToTheNewName() async throws {
        let ledger = try Ledger()
        var ids: [Int64] = []
        for amount in ["4.00", "5.00", "6.00"] {
            let id = try await ledger.fill("bike share \(amount)")
            // Category first, while the merchant is still the fill's; then the name.
            try ledger.store.edit(id, changes: [("category", "travel")])
            try ledger.store.edit(id, changes: [("merchant", "Velo Rouge")])
            ids.append(id)
        }
        let hints = try ledger.store.learnedHints(for: "velo rouge 2.50 to work")
        #expect(hints.merchant?.name == "Velo Rouge")
        #expect(hints.allowedCategories == [.travel])
    }

    @Test func forgetNeverAndOffStopWhatWasLearnedWithoutDeletingEdits() async throws {
        let ledger = try Ledger()
        for amount in ["4.00", "5.00", "6.00"] {
            let id = try await ledger.fill("Tier \(amount)")
            try ledger.store.edit(id, changes: [("merchant", "Tier"), ("category", "travel")])
        }
        let note = "TIER 3.30 to the station"
        #expect(try ledger.store.learnedHints(for: note).allowedCategories == [.travel])

        try ledger.store.setLearning(on: false)
        #expect(try ledger.store.learnedHints(for: note) == .none)
        try ledger.store.setLearning(on: true)
        #expect(try ledger.store.learnedHints(for: note).merchant?.name == "Tier")

        try ledger.store.neverLearn("tier")
        #expect(try ledger.store.learnedHints(for: note) == .none)
        #expect(try ledger.store.learnedMerchants().first?.never == true)
        #expect(try ledger.store.allowLearning("TIER"))
        #expect(try !ledger.store.allowLearning("TIER"), "allowing twice finds nothing to undo")
        #expect(try ledger.store.learnedHints(for: note).merchant?.name == "Tier")

        #expect(try ledger.store.forgetLearned("Tier Mobility") == 0)
        #expect(try ledger.store.forgetLearned("Tíer") == 6, "accents and case do not make another merchant")
        #expect(try ledger.store.learnedHints(for: note) == .none)
        #expect(try ledger.store.learnedMerchants().isEmpty)
        #expect(try ledger.store.connection.query("SELECT count(*) FROM corrections").first?.int(0) == 6, "edits stay")
        #expect(throws: LearningError.notAName("...")) { try ledger.store.neverLearn("...") }
    }

    @Test func notesNamingNoMerchantAreGivenTheCategoryOfSimilarCorrectedNotes() async throws {
        let ledger = try Ledger()
        #expect(try ledger.store.learnedHints(for: "parking 7.00 downtown") == .none)
        for amount in ["6.00", "8.50"] {
            let id = try await ledger.fill("parking \(amount) downtown")
            try ledger.store.edit(id, changes: [("merchant", ""), ("category", "travel")])
        }
        guard case .forced(.travel, let evidence)? = try ledger.store.learnedHints(for: "Parking 7 downtown").category else {
            Issue.record("two agreeing neighbours should settle the category")
            return
        }
        #expect(evidence.hasPrefix("learned from 2 similar notes you corrected, such as \"parking"))
        // A misspelling still meets its neighbours through the letter trigrams; an unlike note does not.
        #expect(try ledger.store.learnedHints(for: "parkng 5.50 downtown").allowedCategories == [.travel])
        #expect(try ledger.store.learnedHints(for: "new headphones 80.00") == .none)
        // A close neighbour of another category narrows the choice to both.
        let other = try await ledger.fill("parking fine 40.00 downtown")
        try ledger.store.edit(other, changes: [("merchant", ""), ("category", "other")])
        #expect(try ledger.store.learnedHints(for: "parking 9.00 downtown").allowedCategories == [.travel, .other])
        // The fill marks a settled category learned.
        try ledger.store.edit(other, changes: [("category", "travel")])
        let id = try await ledger.fill("parking 3.00 downtown")
        #expect(try ledger.store.draft(id).expense.category == .travel)
        #expect(try ledger.store.fieldSources(id)["category"] == .learned)
    }

    @Test func learningNeverChangesAFieldTheUserEdited() async throws {
        let ledger = try Ledger()
        for amount in ["4.00", "5.00", "6.00"] {
            let id = try await ledger.fill("Tier \(amount)")
            try ledger.store.edit(id, changes: [("merchant", "Tier"), ("category", "travel")])
        }
        let id = try await ledger.fill("Tier 7.00 helmet")
        #expect(try ledger.store.draft(id).expense.category == .travel)
        try ledger.store.edit(id, changes: [("category", "shopping")])
        _ = try ledger.store.enqueueRefill([id])
        try await ledger.worker.drain()
        let draft = try ledger.store.draft(id)
        #expect(draft.expense.category == .shopping)
        #expect(try ledger.store.fieldSources(id)["category"] == .user)
        #expect(try ledger.store.learnedEvidence(id)["category"] == nil)
    }
}
