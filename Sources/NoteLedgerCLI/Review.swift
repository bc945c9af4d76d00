import Foundation
import Ledger

/// Helpers the review commands share.
enum Review {
    /// The failure of a command that stopped filling because the model could not be reached: what
    /// stays queued, and how it gets filled.
    static func stillQueued(_ error: ModelUnreachable, store: DraftStore, again command: String) throws -> CommandFailure {
        let waiting = try store.pendingJobCount()
        return CommandFailure("\(error.reason); \(waiting) note\(waiting == 1 ? "" : "s") stay queued, nothing is lost: "
                              + "run `noteledger \(command)` again or keep `noteledger watch` running, and they are filled "
                              + "when the server answers")
    }

    static func openStore(_ context: CommandContext) throws -> DraftStore {
        let path = context.configuration.databasePath
        return try DraftStore(path: path) { migration in
            context.console.err("upgrading the ledger \(path) to schema \(migration.id) (\(migration.name)); "
                + "on a large ledger this can take a while, once")
        }
    }

    /// Reads the one draft id a command takes as its only argument. - Throws: `UsageError`.
    static func singleID(_ arguments: inout ArgumentList) throws -> Int64 {
        let rest = try arguments.positionals()
        guard rest.count == 1 else { throw UsageError("give one draft id") }
        return try id(rest[0])
    }

    /// Reads a draft id. - Throws: `UsageError`.
    static func id(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw UsageError("'\(text)' is not a draft id (a positive number)") }
        return id
    }

    /// The width of the terminal on stdout, else `COLUMNS`, else 100.
    static var terminalWidth: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 100
    }

    /// `text` cut to `width` characters with an ellipsis.
    static func fit(_ text: String, _ width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        if flat.count <= width { return flat.padding(toLength: width, withPad: " ", startingAt: 0) }
        return String(flat.prefix(max(0, width - 1))) + "…"
    }

    static func originLabel(_ origin: VersionOrigin?) -> String {
        switch origin {
        case .fill?, .refill?: "model"
        case .rules?: "rules"
        case .edit?: "user"
        case nil: "-"
        }
    }

    static func sourceLabel(_ source: FieldSource?) -> String {
        source?.rawValue ?? "-"
    }
}
