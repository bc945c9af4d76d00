import Foundation
import Synchronization

/// Watches an inbox on a thread of its own: scans it, then records every completed, moved-in,
/// removed or new-folder event into the store (its own connection), until `shutdown`.
/// libinotifytools keeps global state, so the session lives and dies on this one thread.
public final class InboxWatcher: Sendable {
    private let root: String
    private let databasePath: String
    private let shutdown: ShutdownSignal
    private let log: @Sendable (String) -> Void
    private let finished = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let startError = Mutex<String?>(nil)

    /// After a file is complete (closed after writing, or moved in), its note waits this long
    /// before it is filled: a sync tool or editor writing in several steps is read again first.
    public static let settleDelay: TimeInterval = 0.3

    public init(root: String, databasePath: String, shutdown: ShutdownSignal, log: @escaping @Sendable (String) -> Void) {
        self.root = root
        self.databasePath = databasePath
        self.shutdown = shutdown
        self.log = log
    }

    /// Starts the thread; returns once the inbox is scanned and watched.
    /// - Throws: `CommandFailure`-worthy text when the watch could not start.
    public func start() throws {
        Thread.detachNewThread { [self] in
            run()
            finished.signal()
        }
        ready.wait()
        if let error = startError.withLock({ $0 }) {
            throw WatcherError.cannotStart(error)
        }
    }

    /// Waits until the thread has stopped (after `shutdown` is requested).
    public func waitUntilStopped() {
        finished.wait()
    }

    private func run() {
        let store: DraftStore
        let session: InotifySession
        do {
            store = try DraftStore(path: databasePath)
            session = try InotifySession()
            try session.watchRecursively(root)
            let scanned = try NoteIntake(store: store, inbox: root, log: log).scan(root)
            log("watching \(root) (\(scanned.count) files scanned, \(session.watchCount) folders watched)")
        } catch {
            startError.withLock { $0 = "\(error)" }
            ready.signal()
            return
        }
        ready.signal()
        let intake = NoteIntake(store: store, inbox: root, settle: Self.settleDelay, log: log)
        while !shutdown.isRequested {
            do {
                guard let event = try session.nextEvent(timeout: 1) else { continue }
                if event.isQueueOverflow {
                    log("the inotify queue overflowed; rescanning \(root)")
                    _ = try intake.scan(root)
                } else if event.isNewFolder {
                    try session.watchRecursively(event.path)
                    _ = try intake.scan(event.path)
                } else if event.isCompletedFile || event.isNewSymlink {
                    try intake.take(event.path)
                } else if event.isRemovedFile {
                    if try store.markMissing(path: event.path) { log("\(event.path) was removed; its draft is kept") }
                }
            } catch {
                log("watcher: \(error)")
            }
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
