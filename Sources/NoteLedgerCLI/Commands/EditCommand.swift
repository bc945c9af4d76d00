import Foundation
import Ledger

/// `noteledger edit ID field=value...`: correct fields; edited fields are locked.
struct EditCommand: Command {
    static let name = "edit"
    static let abstract = "Correct fields of a draft; edited fields are locked against later fills."
    static let synopsis = "edit ID field=value..."
    static let details = """
          field=value     merchant, amount, currency, category, purpose or date; an empty value clears it
                          e.g. edit 12 amount=48.50 category=food "merchant=Casa Lucio"
        """

    var id: Int64
    var changes: [(field: String, value: String)]

    init(parsing arguments: inout ArgumentList) throws {
        let rest = try arguments.positionals()
        guard rest.count >= 2 else { throw UsageError("give a draft id and at least one field=value") }
        id = try Review.id(rest[0])
        changes = try rest.dropFirst().map { pair in
            guard let equals = pair.firstIndex(of: "=") else { throw UsageError("'\(pair)' is not field=value") }
            let field = pair[..<equals].lowercased()
            guard Expense.fieldNames.contains(field) else {
                throw UsageError("unknown field '\(field)'; edit one of: \(Expense.fieldNames.joined(separator: ", "))")
            }
            return (field, String(pair[pair.index(after: equals)...]))
        }
        // Check every value before touching the store.
        var probe = Expense()
        for change in changes {
            do { try probe.set(change.field, to: change.value) } catch let error as FieldValueError {
                throw UsageError(error.description)
            }
        }
    }

    func run(in context: CommandContext) async throws {
        let store = try Review.openStore(context)
        let version = try store.edit(id, changes: changes)
        context.console.out("draft \(id): version \(version); locked \(Set(changes.map(\.field)).sorted().joined(separator: ", "))")
    }
}
