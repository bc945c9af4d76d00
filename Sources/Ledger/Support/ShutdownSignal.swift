import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a flag that long-running loops poll, so they can finish
/// their current step and stop cleanly instead of dying mid-write.
public final class ShutdownSignal: Sendable {
    private let requested = Atomic<Bool>(false)
    // Dispatch sources are thread-safe; they are only kept alive here.
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []

    /// Installs handlers for `signals` (default SIGINT and SIGTERM).
    public init(signals: [Int32] = [SIGINT, SIGTERM]) {
        var installed: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.request() }
            source.resume()
            installed.append(source)
        }
        sources = installed
    }

    /// True once a signal arrived (or `request()` was called).
    public var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Asks for shutdown from code (tests, fatal conditions).
    public func request() { requested.store(true, ordering: .releasing) }
}
