import Foundation

/// Thread priorities, for work that should give way to other work on a busy machine.
public enum ThreadPriority {
    /// The niceness background work runs at (0 is normal, 19 the lowest).
    public static let backgroundNiceness: Int32 = 10

    /// Lowers the calling thread to `backgroundNiceness`, unless it already runs lower. Threads
    /// it starts afterwards inherit that. (Linux keeps a niceness per thread: `setpriority` with
    /// `who` 0 sets the caller's alone.)
    public static func lowerCurrentThread() {
        if currentNiceness < backgroundNiceness {
            _ = setpriority(thisThread, 0, backgroundNiceness)
        }
    }

    /// The calling thread's niceness.
    public static var currentNiceness: Int32 { getpriority(thisThread, 0) }

    /// With `who` 0: the calling thread.
    private static let thisThread = __priority_which_t(PRIO_PROCESS.rawValue)
}
