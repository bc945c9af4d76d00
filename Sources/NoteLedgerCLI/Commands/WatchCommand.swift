import Foundation
import Ledger

/// `noteledger watch`: scan the inbox, then watch it and fill drafts until SIGINT or SIGTERM.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Scan the inbox, then watch it for new and changed notes until stopped."
    static let synopsis = "watch [--inbox DIR] [--backend model|rules|server [--server URL]]"
    static let details = """
          --inbox DIR     the folder to watch (default: ./Inbox)
        \(Backend.options)
        """

    var inbox: String
    var backend: Backend

    /// Events waiting to be recorded beyond which fills wait (measured: at 0, steady notes at
    /// 2,000/s kept fills back and drafts lagged; at 32, bursts still queue before they fill).
    static let backlogThatHoldsFills = 32

    init(inbox: String, backend: Backend) {
        self.inbox = inbox
        self.backend = backend
    }

    init(parsing arguments: inout ArgumentList) throws {
        inbox = try arguments.option("--inbox") ?? "Inbox"
        backend = try Backend(parsing: &arguments)
        try arguments.finish()
    }

    func run(in context: CommandContext) async throws {
        try await run(in: context, until: ShutdownSignal())
    }

    /// Runs until `shutdown` is requested (`serve --watch` shares its own).
    func run(in context: CommandContext, until shutdown: ShutdownSignal) async throws {
        let console = context.console
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("the inbox \(root) is not a folder; create it or pass --inbox DIR")
        }
        let log: @Sendable (String) -> Void = { console.err("noteledger: " + $0) }
        let store = try Review.openStore(context)
        try store.connection.disableAutomaticCheckpoints()
        // The watcher records notes on its own thread; this loop fills drafts as jobs appear.
        let released = try store.releaseDeadLeases()
        if released > 0 { log("took back \(released) job(s) left by a process that stopped") }
        let watcher = InboxWatcher(root: root, databasePath: store.path, shutdown: shutdown, log: log)
        try watcher.start()
        // An inference server that does not answer yet is waited for; notes are queued meanwhile.
        let extractor = await ExtractorLoader.load(backend, configuration: context.configuration, console: console,
                                                   waiting: { !shutdown.isRequested })
        // Fills run at a lower priority; the watcher's threads started first, at the normal one.
        let worker = NoteWorker(store: store, extractor: extractor, inBackground: true, waitsForModel: true, log: log)
        // The shared prompt goes into the model's cache and the category priors are measured now,
        // while the watcher already records notes: the first fill is then as quick as the next.
        await extractor.warmUp()
        log("ledger \(store.path); stop with Ctrl-C")
        // The log is copied into the database when the queue is empty, and at least every
        // 10 s of steady work, never inside a commit that a new note waits for.
        var lastCheckpoint = Date()
        var wroteSinceCheckpoint = false
        // A ledger that cannot be written (a full disk) stops fills, not the watch: they wait.
        var outage = Outage.ledger(store.path, waiting: "fills wait in the queue")
        // An inference server that cannot be reached stops fills too: the notes wait in the queue.
        var serverOutage = Outage(recovery: "the inference server answers", waiting: "notes wait in the queue until it answers")
        while !shutdown.isRequested {
            // A note is safe once it is queued, so when a burst piles up events the worker holds
            // back until they are recorded. A few waiting events do not hold it: while notes
            // arrive steadily there always are some, and fills would wait as long as notes come.
            let backlog = watcher.backlog
            wroteSinceCheckpoint = wroteSinceCheckpoint || backlog > 0
            if backlog > Self.backlogThatHoldsFills && outage.since == nil {
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            do {
                if outage.since != nil {
                    // Jobs claimed when the failure came and not put back then.
                    try store.releaseOwnLeases()
                }
                let done = try await worker.processBatch()
                wroteSinceCheckpoint = wroteSinceCheckpoint || done > 0
                if wroteSinceCheckpoint && (done == 0 || Date().timeIntervalSince(lastCheckpoint) > 10) {
                    try store.connection.checkpoint()
                    lastCheckpoint = Date()
                    wroteSinceCheckpoint = false
                }
                outage.succeeded(log: log)
                if done > 0 { serverOutage.succeeded(log: log) }
                if done == 0 {
                    try await Task.sleep(for: .milliseconds(50))
                }
            } catch let error as SQLiteError where error.isTransient {
                let wait = outage.failed(error, path: store.path, log: log)
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            } catch let error as ModelUnreachable {
                let wait = serverOutage.failed(reason: error.reason, log: log)
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
        }
        watcher.waitUntilStopped()
        log("stopped; unfinished jobs resume on the next start")
    }
}
