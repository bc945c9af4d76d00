import Foundation
import Guided
@testable import Ledger
import TestSupport
import Testing

/// Learning mixed with everything else a ledger goes through: after every step a locked field
/// still holds the user's value, and a learned value is one the user's edits gave.
@Suite struct LearningPropertyTests {
    static let merchants = ["Tier", "Casa Verde", "ACME LTD", "Kiosk Nord", "Velo Rouge"]
    static let typedNames = ["Tier", "tier", "Casa Verde", "Acme", "Nord Kiosk", "Velo Rouge", ""]
    static let words = ["ride", "lunch", "cable", "fee", "coffee", "parking"]
    /// The category a user mostly gives each merchant (so that some categories settle).
    static let usual: [String: String] = ["Tier": "travel", "Casa Verde": "food", "ACME LTD": "other", "Kiosk Nord": "food",
                                          "Velo Rouge": "travel"]

    @Test(arguments: [11, 12, 13])
    func lockedFieldsHoldAndLearnedValuesComeOnlyFromEdits(seed: UInt64) async throws {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: folder.path("ledger.sqlite"))
        let worker = NoteWorker(store: store, extractor: ExpenseExtractor(model: nil), log: { _ in })
        var random = SplitMix64(seed: seed)
        var drafts: [Int64] = []
        var userValues: [Int64: [String: String]] = [:]
        var learningOn = true
        var noteMerchant: [Int64: String] = [:]
        var names = Set<String>()
        var categories = Set<String>()

        for step in 0..<240 {
            var filled: [Int64] = []
            // The last steps only fill, edit and refill, with learning on for every merchant.
            let settling = step >= 200
            if step == 200 {
                for merchant in Self.merchants + Self.typedNames where !merchant.isEmpty { _ = try store.allowLearning(merchant) }
                learningOn = true
                try store.setLearning(on: true)
            }
            var action = Int.random(in: 0..<(settling ? 17 : 20), using: &random)
            if drafts.isEmpty && (7...16).contains(action) { action = 0 }
            switch action {
            case 0...6:
                let merchant = Self.merchants.randomElement(using: &random)!
                let text = "\(merchant) \(Int.random(in: 1...90, using: &random)).50 \(Self.words.randomElement(using: &random)!)"
                guard case .created(let id) = try store.recordNote(path: "/inbox/\(step).txt", text: text) else { continue }
                drafts.append(id)
                noteMerchant[id] = merchant
                filled = [id]
            case 7...14:
                let id = drafts.randomElement(using: &random)!
                var changes: [(String, String)] = []
                if Bool.random(using: &random) { changes.append(("merchant", Self.typedNames.randomElement(using: &random)!)) }
                if changes.isEmpty || Bool.random(using: &random) {
                    let any = (Category.allCases.map(\.rawValue) + [""]).randomElement(using: &random)!
                    changes.append(("category", Int.random(in: 0..<4, using: &random) == 0 ? any : Self.usual[noteMerchant[id]!]!))
                }
                if Int.random(in: 0..<4, using: &random) == 0 { changes.append(("amount", "9.99")) }
                try store.edit(id, changes: changes)
                for (field, value) in changes {
                    var probe = Expense()
                    try probe.set(field, to: value)
                    userValues[id, default: [:]][field] = probe.text(of: field) ?? ""
                }
            case 15, 16:
                filled = Array(drafts.shuffled(using: &random).prefix(3))
                _ = try store.enqueueRefill(filled)
            case 17:
                _ = try store.forgetLearned(Self.merchants.randomElement(using: &random)!)
            case 18:
                let merchant = Self.merchants.randomElement(using: &random)!
                if Bool.random(using: &random) { try store.neverLearn(merchant) } else { _ = try store.allowLearning(merchant) }
            default:
                learningOn.toggle()
                try store.setLearning(on: learningOn)
            }
            try await worker.drain()

            // What the user's edits have given so far: names (typed, or the draft's when its
            // category was set; a later rename moves that evidence, so the union over time) and categories.
            names.formUnion(try store.connection.query("SELECT merchant FROM corrections WHERE merchant IS NOT NULL")
                .compactMap { $0.string(0) })
            categories.formUnion(try store.connection.query(
                "SELECT new_value FROM corrections WHERE field = 'category' AND new_value IS NOT NULL").compactMap { $0.string(0) })
            for id in drafts {
                let draft = try store.draft(id)
                let locked = userValues[id] ?? [:]
                #expect(Set(draft.locked) == Set(locked.keys), "step \(step): locks of draft \(id)")
                for (field, value) in locked {
                    #expect((draft.expense.text(of: field) ?? "") == value, "step \(step): draft \(id).\(field) lost the user's value")
                }
                let sources = try store.fieldSources(id)
                if sources["merchant"] == .learned {
                    #expect(names.contains(draft.expense.merchant ?? ""), "step \(step): draft \(id) learned an invented merchant")
                }
                if sources["category"] == .learned {
                    #expect(categories.contains(draft.expense.category?.rawValue ?? ""),
                            "step \(step): draft \(id) learned a category no edit gave")
                }
                if filled.contains(id) && !learningOn {
                    let latest = try #require(try store.history(id).last)
                    #expect(latest.learned.isEmpty && !latest.sources.values.contains(.learned),
                            "step \(step): draft \(id) was filled with learning off but learned something")
                }
            }
        }
        // The run exercised both kinds of learning.
        for field in ["merchant", "category"] {
            #expect(try store.connection.query("SELECT count(*) FROM draft_versions WHERE learned LIKE ?", [.text("%\"\(field)\"%")])
                .first?.int(0) ?? 0 > 0, "no fill learned a \(field)")
        }
    }
}
