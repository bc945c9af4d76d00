import Foundation
import Ledger

/// `noteledger show ID`: one draft, field by field, with origin and confidence, and the note.
struct ShowCommand: Command {
    static let name = "show"
    static let abstract = "Show one draft: every field with its origin and confidence, and the note."
    static let synopsis = "show ID"
    static let details = ""

    var id: Int64

    init(parsing arguments: inout ArgumentList) throws {
        id = try Review.singleID(&arguments)
    }

    func run(in context: CommandContext) async throws {
        let store = try Review.openStore(context)
        let draft = try store.draft(id)
        let sources = try store.fieldSources(id)
        let confidence = try store.confidence(id)
        let learned = try store.learnedEvidence(id)
        let console = context.console
        var header = "draft \(draft.id)  \(draft.status.rawValue)  version \(draft.version)"
        if let reason = draft.statusReason { header += "  (\(reason))" }
        console.out(header)
        for field in Expense.fieldNames {
            let value = draft.expense.text(of: field) ?? "—"
            let origin = draft.locked.contains(field) ? "user" : Review.sourceLabel(sources[field])
            let sure = confidence[field].map { String(format: "%.2f", $0) } ?? ""
            console.out("  " + Review.fit(field, 10) + Review.fit(value, 40) + " " + Review.fit(origin, 8) + sure
                + (draft.locked.contains(field) ? "  locked" : ""))
            if !draft.locked.contains(field), sources[field] == .learned, let evidence = learned[field] {
                console.out("                    \(field) \(value): \(evidence)")
            }
        }
        console.out("note \(draft.notePath)\(draft.noteMissing ? "  (deleted from the inbox)" : "")  received \(draft.receivedAt)")
        for line in draft.noteText.split(separator: "\n", omittingEmptySubsequences: false).prefix(40) {
            console.out("  | " + line)
        }
    }
}
