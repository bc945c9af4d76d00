import Foundation
import Ledger

/// `noteledger watch`: scan the inbox, then watch it and fill drafts until SIGINT or SIGTERM.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Scan the inbox, then watch it for new and changed notes until stopped."
    static let synopsis = "watch [--inbox DIR] [--backend model|rules]"
    static let details = """
          --inbox DIR     the folder to watch (default: ./Inbox)
          --backend NAME  `model` (default) or `rules`
        """

    var inbox: String
    var backend: Backend

    init(parsing arguments: inout ArgumentList) throws {
        inbox = try arguments.option("--inbox") ?? "Inbox"
        backend = try Backend(parsing: arguments.option("--backend"))
        try arguments.finish()
    }

    func run(in context: CommandContext) async throws {
        let console = context.console
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("the inbox \(root) is not a folder; create it or pass --inbox DIR")
        }
        let log: (String) -> Void = { console.err("noteledger: " + $0) }
        let shutdown = ShutdownSignal()
        let store = try Review.openStore(context)
        let session = try InotifySession()
        try session.watchRecursively(root)
        let intake = NoteIntake(store: store, inbox: root, log: log)
        let extractor = ExtractorLoader.load(backend, configuration: context.configuration, console: console)
        let worker = NoteWorker(store: store, extractor: extractor, log: log)

        let scanned = try intake.scan(root)
        log("watching \(root) (\(scanned.count) files scanned, \(session.watchCount) folders watched); "
            + "ledger \(store.path); stop with Ctrl-C")
        while !shutdown.isRequested {
            // Take every event that is waiting; block up to a second only when there is no work.
            let hasWork = try store.pendingJobCount() > 0
            var waited = false
            while let event = try session.nextEvent(timeout: hasWork || waited ? 0 : 1) {
                waited = true
                try handle(event, session: session, intake: intake, store: store, root: root, log: log)
                if shutdown.isRequested { break }
            }
            if shutdown.isRequested { break }
            if let job = try store.claimJob() {
                await worker.process(job)
            }
        }
        log("stopped; unfinished jobs resume on the next start")
    }

    private func handle(_ event: InotifyEvent, session: InotifySession, intake: NoteIntake, store: DraftStore,
                        root: String, log: (String) -> Void) throws {
        if event.isQueueOverflow {
            log("the inotify queue overflowed; rescanning \(root)")
            _ = try intake.scan(root)
        } else if event.isNewFolder {
            try session.watchRecursively(event.path)
            _ = try intake.scan(event.path)
        } else if event.isCompletedFile {
            try intake.take(event.path)
        } else if event.isRemovedFile {
            if try store.markMissing(path: event.path) { log("\(event.path) was removed; its draft is kept") }
        }
    }
}
