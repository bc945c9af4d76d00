import Foundation
import Synchronization

/// Watches an inbox: one thread reads inotify events (libinotifytools keeps global state, so its
/// session lives on that thread alone), another records what they mean into the store in
/// batches — a burst of notes costs one transaction, not one each.
public final class InboxWatcher: Sendable {
    /// After a file is complete (closed after writing, or moved in), its note waits this long
    /// before it is filled: a sync tool or editor writing in several steps is read again first.
    public static let settleDelay: TimeInterval = 0.3

    /// How long a handful of notes waits for more before they are written together, and how many
    /// notes are worth a transaction at once.
    static let gatherDelay: TimeInterval = 0.005
    static let batchWorthWriting = 64

    /// What an event asks of the recorder.
    enum Action: Sendable {
        case take(NoteIntake.Arrival)
        case remove(String)
        case scan(String)
    }

    private let root: String
    /// The inbox with its symlinks resolved: files linking outside it are not read.
    private let resolvedRoot: String
    private let databasePath: String
    private let shutdown: ShutdownSignal
    private let log: @Sendable (String) -> Void
    private let actions = Mutex<[Action]>([])
    /// Actions submitted and not yet recorded (waiting or in the batch being written).
    private let unrecorded = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    private let threadsDone = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let startError = Mutex<String?>(nil)

    public init(root: String, databasePath: String, shutdown: ShutdownSignal, log: @escaping @Sendable (String) -> Void) {
        self.root = root
        self.resolvedRoot = InboxFiles.resolvedPath(root) ?? root
        self.databasePath = databasePath
        self.shutdown = shutdown
        self.log = log
    }

    /// Starts both threads; returns once the inbox is watched and scanned.
    /// - Throws: `WatcherError` when the watch could not start.
    public func start() throws {
        Thread.detachNewThread { [self] in
            Thread.current.name = "inbox-events"  // shows in top -H and perf
            readEvents()
            threadsDone.signal()
        }
        ready.wait()
        if let error = startError.withLock({ $0 }) { throw WatcherError.cannotStart(error) }
        Thread.detachNewThread { [self] in
            Thread.current.name = "inbox-record"
            recordActions()
            threadsDone.signal()
        }
        ready.wait()
        if let error = startError.withLock({ $0 }) { throw WatcherError.cannotStart(error) }
    }

    /// Waits until both threads have stopped (after `shutdown` is requested).
    public func waitUntilStopped() {
        wake.signal()
        threadsDone.wait()
        threadsDone.wait()
    }

    /// How many events wait to be recorded (or are in the batch being written).
    public var backlog: Int { unrecorded.load(ordering: .acquiring) }

    private func submit(_ action: Action) {
        unrecorded.add(1, ordering: .releasing)
        actions.withLock { $0.append(action) }
        wake.signal()
    }

    // MARK: - Reading events

    private func readEvents() {
        let session: InotifySession
        do {
            session = try InotifySession()
            try session.watchRecursively(root)
        } catch {
            startError.withLock { $0 = "\(error)" }
            ready.signal()
            return
        }
        ready.signal()
        // Watch first, then scan: a note written in between is seen twice, never missed.
        submit(.scan(root))
        while !shutdown.isRequested {
            do {
                guard let event = try session.nextEvent(timeout: 1) else { continue }
                if event.isQueueOverflow {
                    log("the inotify queue overflowed; rescanning \(root)")
                    submit(.scan(root))
                } else if event.isNewFolder {
                    try session.watchRecursively(event.path)
                    submit(.scan(event.path))
                } else if event.isCompletedFile || event.isNewSymlink {
                    // Read here, so the recorder only writes: in a burst it is the busier thread.
                    submit(.take(NoteIntake.Arrival(path: event.path, inbox: resolvedRoot)))
                } else if event.isRemovedFile {
                    submit(.remove(event.path))
                }
            } catch {
                log("watcher: \(error)")
            }
        }
    }

    // MARK: - Recording

    private func recordActions() {
        let store: DraftStore
        do {
            store = try DraftStore(path: databasePath)
            // The watch loop checkpoints; a commit of the recorder never stops to do it.
            try store.connection.disableAutomaticCheckpoints()
        } catch {
            startError.withLock { $0 = "\(error)" }
            ready.signal()
            return
        }
        ready.signal()
        let intake = NoteIntake(store: store, inbox: root, settle: Self.settleDelay, log: log)
        var first = true
        // A ledger that cannot be written (a full disk): what arrived waits here and is tried again.
        var outage = Outage.ledger(databasePath, waiting: "new notes wait in memory")
        while !shutdown.isRequested {
            let wasIdle = actions.withLock { $0.isEmpty }
            _ = wake.wait(timeout: .now() + 0.5)
            // Notes that arrive while the recorder is idle wait a moment for others to join them:
            // a note committed on its own costs ~8 times the store work of one in a batch (each
            // commit writes its own WAL frames and full-text segment). Notes that arrived while a
            // batch was being written go at once: they have waited already.
            if wasIdle && actions.withLock({ !$0.isEmpty && $0.count < Self.batchWorthWriting }) {
                Thread.sleep(forTimeInterval: Self.gatherDelay)
            }
            let batch = actions.withLock { pending -> [Action] in
                defer { pending.removeAll() }
                return pending
            }
            do {
                var takes: [NoteIntake.Arrival] = []
                func flush() throws {
                    if !takes.isEmpty { try intake.record(takes) }
                    takes.removeAll()
                }
                for action in batch {
                    switch action {
                    case .take(let arrival): takes.append(arrival)
                    case .remove(let path):
                        try flush()
                        if try store.markMissing(path: path) { log("\(path) was removed; its draft is kept") }
                    case .scan(let folder):
                        try flush()
                        let outcomes = try intake.scan(folder)
                        if first {
                            log("watching \(root) (\(outcomes.count) files scanned)")
                            first = false
                        }
                    }
                }
                try flush()
                outage.succeeded(log: log)
            } catch let error as SQLiteError where error.isTransient {
                // Every action can be taken again (a note recorded already is unchanged), so the
                // whole batch goes back, ahead of what arrived since.
                actions.withLock { $0.insert(contentsOf: batch, at: 0) }
                let wait = outage.failed(error, path: databasePath, log: log)
                let until = Date().addingTimeInterval(wait)
                while Date() < until && !shutdown.isRequested { Thread.sleep(forTimeInterval: 0.05) }
                continue
            } catch {
                log("watcher: \(error)")
            }
            unrecorded.subtract(batch.count, ordering: .releasing)
        }
        let left = actions.withLock { $0.count }
        if left > 0 {
            log("\(left) change(s) in the inbox were not recorded yet; the next start reads the inbox again")
        }
    }
}

/// Why the watcher could not start.
public enum WatcherError: Error, CustomStringConvertible, Sendable {
    case cannotStart(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason): "cannot watch the inbox: \(reason)"
        }
    }
}
