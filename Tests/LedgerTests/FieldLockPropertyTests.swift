import Foundation
import Guided
@testable import Ledger
import TestSupport
import Testing

/// The rule that matters most: a user edit locks the fields it touches; fills and refills never
/// change a locked field and still fill the others; every version stays.
@Suite struct FieldLockPropertyTests {
    static let values: [String: [String]] = [
        "merchant": ["Casa Lucio", "Lupa", "Starbucks", "Aral", ""],
        "amount": ["48.50", "12", "1299.00", "0.99", ""],
        "currency": ["EUR", "USD", "GBP", ""],
        "category": ["food", "travel", "shopping", "other", ""],
        "purpose": ["Team lunch", "Taxi home", "New laptop", ""],
        "date": ["2026-11-01", "2026-11-19", ""],
    ]

    func randomExpense(_ random: inout SplitMix64) -> Expense {
        var expense = Expense()
        for field in Expense.fieldNames {
            try? expense.set(field, to: Self.values[field]!.randomElement(using: &random)!)
        }
        return expense
    }

    @Test(arguments: [1, 2, 3, 4])
    func lockedFieldsKeepTheUsersLastValueThroughAnyInterleaving(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: folder.path("ledger.sqlite"))
        var random = SplitMix64(seed: seed)
        var drafts: [Int64] = []
        for index in 0..<12 {
            guard case .created(let id) = try store.recordNote(path: "/inbox/\(index).txt", text: "note \(index)") else {
                Issue.record("note \(index) was not created")
                return
            }
            drafts.append(id)
        }
        var userValues: [Int64: [String: String]] = [:]
        var versionCounts: [Int64: Int] = [:]
        var seenHistory: [Int64: [DraftVersion]] = [:]

        for step in 0..<400 {
            let id = drafts.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                let origin: ExtractionOrigin = Bool.random(using: &random)
                    ? .model(ModelIdentity(name: "m.gguf", sha256: "b")) : .rules
                let fill = Extraction(expense: randomExpense(&random), confidence: [:], origin: origin, reviewReasons: [])
                try store.recordFill(draftID: id, fill, refill: Bool.random(using: &random))
                versionCounts[id, default: 0] += 1
            case 2:
                let fields = Expense.fieldNames.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
                let changes = fields.map { ($0, Self.values[$0]!.randomElement(using: &random)!) }
                try store.edit(id, changes: changes)
                for (field, value) in changes {
                    var probe = Expense()
                    try probe.set(field, to: value)
                    userValues[id, default: [:]][field] = probe.text(of: field) ?? ""
                }
                versionCounts[id, default: 0] += 1
            default:
                try store.approve([id])
            }

            for draftID in drafts {
                let draft = try store.draft(draftID)
                let locked = userValues[draftID] ?? [:]
                #expect(Set(draft.locked) == Set(locked.keys), "step \(step): locks of draft \(draftID)")
                for (field, value) in locked {
                    #expect((draft.expense.text(of: field) ?? "") == value, "step \(step): draft \(draftID).\(field)")
                }
                let history = try store.history(draftID)
                #expect(history.count == versionCounts[draftID, default: 0], "step \(step): versions of \(draftID)")
                let before = seenHistory[draftID] ?? []
                #expect(Array(history.prefix(before.count)) == before, "step \(step): an old version of \(draftID) changed")
                seenHistory[draftID] = history
            }
        }
    }
}
