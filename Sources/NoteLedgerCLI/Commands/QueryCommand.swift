import Foundation
import Guided
import Ledger

/// `noteledger query`: list drafts matching search terms.
struct QueryCommand: Command {
    static let name = "query"
    static let abstract = "List drafts that match search terms."
    static let synopsis = "query [TERMS...] [--json | --csv] [--limit N]"
    static let details = """
          TERMS           status:review  category:food  merchant:lucio  amount>20  amount<=100
                          since:2026-11-01  until:2026-11-30  edited  and bare words (full text)
          --json          one JSON array of drafts
          --csv           CSV with a header row
          --limit N       at most N drafts (default 50 in a table, all with --json or --csv)
        """

    var query: DraftQuery
    var format: String

    init(parsing arguments: inout ArgumentList) throws {
        let json = arguments.flag("--json")
        let csv = arguments.flag("--csv")
        guard !(json && csv) else { throw UsageError("choose one of --json and --csv") }
        format = json ? "json" : csv ? "csv" : "table"
        let limit = try arguments.integerOption("--limit")
        do {
            query = try DraftQuery(try arguments.positionals(), limit: limit ?? (format == "table" ? 50 : nil))
        } catch let error as DraftQuery.TermError {
            throw UsageError(error.description)
        }
    }

    func run(in context: CommandContext) async throws {
        let store = try Review.openStore(context)
        let drafts = try store.drafts(matching: query)
        // After the answer is out: statistics for the next search (rarely any work).
        defer { try? store.refreshQueryStatistics() }
        let console = context.console
        switch format {
        case "json":
            console.out("[" + drafts.map { Self.json($0).jsonString }.joined(separator: ",\n ") + "]")
        case "csv":
            console.out("id,status,date,merchant,amount,currency,category,purpose,version,locked,note")
            for draft in drafts {
                let cells = [String(draft.id), draft.status.rawValue] + ["date", "merchant", "amount", "currency", "category", "purpose"]
                    .map { draft.expense.text(of: $0) ?? "" } + [String(draft.version), draft.locked.joined(separator: " "), draft.notePath]
                console.out(LedgerExporter.csvRecord(cells))
            }
        default:
            if drafts.isEmpty {
                console.err("no drafts match")
                return
            }
            let width = Review.terminalWidth
            let fixed = 6 + 9 + 11 + 11 + 4 + 9 + 7
            let free = max(20, width - fixed)
            let merchantWidth = free * 2 / 5
            let purposeWidth = free - merchantWidth
            console.out(Review.fit("ID", 6) + Review.fit("STATUS", 9) + Review.fit("DATE", 11) + Review.fit("MERCHANT", merchantWidth)
                + " " + "AMOUNT".leftPadded(10) + " " + Review.fit("CUR", 4) + Review.fit("CATEGORY", 9) + Review.fit("PURPOSE", purposeWidth))
            for draft in drafts {
                let expense = draft.expense
                console.out(Review.fit(String(draft.id), 6) + Review.fit(draft.status.rawValue, 9) + Review.fit(expense.date ?? "", 11)
                    + Review.fit(expense.merchant ?? "", merchantWidth) + " " + (expense.amount?.description ?? "").leftPadded(10) + " "
                    + Review.fit(expense.currency ?? "", 4) + Review.fit(expense.category?.rawValue ?? "", 9)
                    + Review.fit(expense.purpose ?? "", purposeWidth))
            }
        }
    }

    static func json(_ draft: DraftRecord) -> GeneratedContent {
        func text(_ value: String?) -> GeneratedContent { value.map(GeneratedContent.string) ?? .null }
        return .object([
            ("id", .number(String(draft.id))), ("status", .string(draft.status.rawValue)),
            ("date", text(draft.expense.date)), ("merchant", text(draft.expense.merchant)),
            ("amount", text(draft.expense.amount?.description)), ("currency", text(draft.expense.currency)),
            ("category", text(draft.expense.category?.rawValue)), ("purpose", text(draft.expense.purpose)),
            ("version", .number(String(draft.version))), ("locked", .array(draft.locked.map(GeneratedContent.string))),
            ("note", .string(draft.notePath)), ("reason", text(draft.statusReason)),
        ])
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? String(prefix(width)) : String(repeating: " ", count: width - count) + self
    }
}
