import Foundation
import Ledger

/// The `noteledger` command line: finds the command, parses global options, runs it, and maps
/// every outcome to an exit status (0 ok, 64 usage, 1 error).
public enum NoteLedgerTool {
    static let commands: [any Command.Type] = [
        WatchCommand.self, IngestCommand.self, ExtractCommand.self, QueryCommand.self,
        ShowCommand.self, EditCommand.self, ApproveCommand.self, HistoryCommand.self,
        RefillCommand.self, ExportCommand.self, ServeCommand.self, DoctorCommand.self, LearnedCommand.self,
    ]

    static let globalOptionsHelp = """
        Global options:
          --db PATH       the ledger database (env NOTELEDGER_DB; default $XDG_DATA_HOME/noteledger/ledger.sqlite)
          --model PATH    the GGUF model (env NOTELEDGER_MODEL; default: the model `make deps` fetches)
          -h, --help      show help
        """

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.abstract)" }
        return """
            noteledger turns free-form expense notes into a reviewed ledger.

            Usage: noteledger COMMAND [OPTIONS]

            Commands:
            \(list.joined(separator: "\n"))

            \(globalOptionsHelp)

            Run `noteledger COMMAND --help` for a command's options.
            """
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String]) async -> Int32 {
        let console = Console()
        var list = ArgumentList(arguments)
        var commandType: (any Command.Type)?
        var databasePath: String?
        do {
            let database = try list.option("--db")
            let model = try list.option("--model")
            let wantsHelp = list.flag("-h", "--help")
            guard let nameIndex = list.arguments.firstIndex(where: { !$0.hasPrefix("-") }) else {
                if wantsHelp {
                    console.out(overview)
                    return 0
                }
                if list.arguments.isEmpty {
                    console.err(overview)
                    return 64
                }
                throw UsageError("unknown option '\(list.arguments[0])'")
            }
            let name = list.arguments[nameIndex]
            if name == "help" {
                console.out(overview)
                return 0
            }
            guard let found = commands.first(where: { $0.name == name }) else {
                throw UsageError("unknown command '\(name)'")
            }
            commandType = found
            var rest = list.arguments
            rest.remove(at: nameIndex)
            list = ArgumentList(rest)
            if wantsHelp {
                console.out(found.help)
                return 0
            }
            let command = try found.init(parsing: &list)
            let configuration = Configuration.resolve(database: database, model: model)
            databasePath = configuration.databasePath
            try await command.run(in: CommandContext(configuration: configuration, console: console))
            return 0
        } catch let error as UsageError {
            console.err("Error: \(error.message)")
            if let commandType {
                console.err("Usage: noteledger \(commandType.synopsis)")
                console.err("See `noteledger \(commandType.name) --help`.")
            } else {
                console.err("Usage: noteledger COMMAND [OPTIONS]; see `noteledger --help`.")
            }
            return 64
        } catch let error as SQLiteError where databasePath != nil {
            // Met after the ledger opened (a damaged page read by a query, a lock held too long).
            console.err("Error: " + StoreError.advice(path: databasePath!, error))
            return 1
        } catch {
            console.err("Error: \(error)")
            return 1
        }
    }
}
