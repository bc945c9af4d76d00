import Ledger

/// What every command gets to run with.
public struct CommandContext: Sendable {
    public let configuration: Configuration
    public let console: Console
}

/// One `noteledger` subcommand: its documentation, its parsing and its work.
protocol Command: Sendable {
    /// The word after `noteledger`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The synopsis after `noteledger `, e.g. `show ID`.
    static var synopsis: String { get }
    /// Options and arguments, one per line, already indented.
    static var details: String { get }

    /// Parses the command's own arguments (global options are already removed).
    /// - Throws: `UsageError`.
    init(parsing arguments: inout ArgumentList) throws

    /// Does the work. Throws `UsageError` for bad input found late, anything else for failures.
    func run(in context: CommandContext) async throws
}

extension Command {
    static var help: String {
        var text = "Usage: noteledger \(synopsis)\n\n\(abstract)\n"
        if !details.isEmpty { text += "\nOptions:\n\(details)\n" }
        text += "\n" + NoteLedgerTool.globalOptionsHelp
        return text
    }
}
