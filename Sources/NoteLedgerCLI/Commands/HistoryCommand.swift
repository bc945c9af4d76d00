import Ledger

/// `noteledger history ID`: every version, what changed, by whom.
struct HistoryCommand: Command {
    static let name = "history"
    static let abstract = "Show every version of a draft: what changed and who changed it."
    static let synopsis = "history ID"
    static let details = ""

    var id: Int64

    init(parsing arguments: inout ArgumentList) throws {
        id = try Review.singleID(&arguments)
    }

    func run(in context: CommandContext) async throws {
        let versions = try Review.openStore(context).history(id)
        if versions.isEmpty { context.console.out("draft \(id) has no versions yet (it is waiting to be filled)") }
        var previous = Expense()
        for version in versions {
            var who = Review.originLabel(version.origin) + " (\(version.origin.rawValue))"
            if let model = version.modelName { who += " \(model) sha256 \(version.modelSHA256?.prefix(12) ?? "?")" }
            context.console.out("v\(version.version)  \(version.createdAt)  \(who)")
            for field in version.changed {
                var line = "    \(field): \(previous.text(of: field) ?? "—") → \(version.expense.text(of: field) ?? "—")"
                if let evidence = version.learned[field] { line += "  (\(evidence))" }
                context.console.out(line)
            }
            if version.changed.isEmpty { context.console.out("    (no change)") }
            previous = version.expense
        }
    }
}
