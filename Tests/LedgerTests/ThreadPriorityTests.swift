import Foundation
import Synchronization
@testable import Ledger
import Testing

@Suite struct ThreadPriorityTests {
    /// Runs `body` on a thread of its own, so the test runner's threads keep their priority.
    func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.withLock { $0 = body() }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    @Test func backgroundWorkRunsNicerAndNeverRaisesAPriority() {
        let lowered = onNewThread { () -> (Int32, Int32, Int32) in
            let before = ThreadPriority.currentNiceness
            ThreadPriority.lowerCurrentThread()
            let after = ThreadPriority.currentNiceness
            // A thread it starts inherits the lower priority.
            let child = Mutex<Int32>(-100)
            let started = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                child.withLock { $0 = ThreadPriority.currentNiceness }
                started.signal()
            }
            started.wait()
            return (before, after, child.withLock { $0 })
        }
        #expect(lowered.0 < ThreadPriority.backgroundNiceness)
        #expect(lowered.1 == ThreadPriority.backgroundNiceness)
        #expect(lowered.2 == ThreadPriority.backgroundNiceness)
        #expect(ThreadPriority.currentNiceness == lowered.0, "only the calling thread was lowered")

        let alreadyLower = onNewThread { () -> Int32 in
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 15)
            ThreadPriority.lowerCurrentThread()
            return ThreadPriority.currentNiceness
        }
        #expect(alreadyLower == 15)
    }
}
