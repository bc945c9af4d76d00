import Foundation
import Ledger

/// `noteledger watch`: scan the inbox, then watch it until SIGINT or SIGTERM.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Scan the inbox, then watch it for new and changed notes until stopped."
    static let synopsis = "watch [--inbox DIR]"
    static let details = "  --inbox DIR     the folder to watch (default: ./Inbox)"

    var inbox: String

    init(parsing arguments: inout ArgumentList) throws {
        inbox = try arguments.option("--inbox") ?? "Inbox"
        try arguments.finish()
    }

    func run(in context: CommandContext) async throws {
        let url = URL(fileURLWithPath: inbox).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("the inbox \(url.path) is not a folder; create it or pass --inbox DIR")
        }
        let shutdown = ShutdownSignal()
        let session = try InotifySession()
        try session.watchRecursively(url.path)
        let present = (FileManager.default.enumerator(atPath: url.path)?.allObjects.count) ?? 0
        context.console.err("""
            noteledger: watching \(url.path) (\(present) entries present, \(session.watchCount) folders watched)
            noteledger: note processing is not built yet: notes are reported as seen, not extracted
            noteledger: model \(context.configuration.modelPath); stop with Ctrl-C
            """)
        while !shutdown.isRequested {
            guard let event = try session.nextEvent(timeout: 1) else { continue }
            if event.isQueueOverflow {
                context.console.err("noteledger: inotify queue overflowed; some events were lost")
            } else if event.isCompletedFile {
                context.console.err("noteledger: seen \(event.path) (not processed)")
            }
        }
        context.console.err("noteledger: stopped")
    }
}
