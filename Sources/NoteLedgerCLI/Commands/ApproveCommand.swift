import Ledger

/// `noteledger approve ID...`.
struct ApproveCommand: Command {
    static let name = "approve"
    static let abstract = "Mark drafts as approved."
    static let synopsis = "approve ID..."
    static let details = ""

    var ids: [Int64]

    init(parsing arguments: inout ArgumentList) throws {
        let rest = try arguments.positionals()
        guard !rest.isEmpty else { throw UsageError("give at least one draft id") }
        ids = try rest.map(Review.id)
    }

    func run(in context: CommandContext) async throws {
        try Review.openStore(context).approve(ids)
        context.console.out("approved \(ids.count) draft\(ids.count == 1 ? "" : "s"): \(ids.map(String.init).joined(separator: " "))")
    }
}
