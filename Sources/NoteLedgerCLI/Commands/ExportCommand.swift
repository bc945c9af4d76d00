import Foundation
import Ledger

/// `noteledger export`: write a ledger CSV atomically.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write a ledger CSV of the drafts not exported yet."
    static let synopsis = "export [--to DIR] [--all] [--status ready,approved]"
    static let details = """
          --to DIR        the folder to write to (default: the current folder)
          --all           export the whole ledger, not only what is new
          --status LIST   the statuses to export (default: ready,approved)
        """

    var folder: String
    var all: Bool
    var statuses: [DraftStatus]

    init(parsing arguments: inout ArgumentList) throws {
        folder = try arguments.option("--to") ?? "."
        all = arguments.flag("--all")
        let list = try arguments.option("--status") ?? "ready,approved"
        statuses = try list.split(separator: ",").map { name in
            guard let status = DraftStatus(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw UsageError("--status takes statuses from: " + DraftStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return status
        }
        guard !statuses.isEmpty else { throw UsageError("--status needs at least one status") }
        try arguments.finish()
    }

    func run(in context: CommandContext) async throws {
        let store = try Review.openStore(context)
        let path = URL(fileURLWithPath: folder).standardizedFileURL.path
        let result = try LedgerExporter(store: store).export(to: path, statuses: statuses, all: all)
        if let file = result.path {
            context.console.out("\(file)\t\(result.rows) row\(result.rows == 1 ? "" : "s")")
        } else {
            context.console.err("nothing new to export (statuses \(statuses.map(\.rawValue).joined(separator: ","))); "
                + "no file written. Use --all for the whole ledger")
        }
    }
}
