import Foundation

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs the `noteledger` binary with `arguments` and waits for it.
/// - Parameters:
///   - environment: variables added to (or, with a nil value, removed from) the test's own.
///   - stdin: text fed to standard input.
public func runNoteLedger(
    _ arguments: [String], environment: [String: String?] = [:], stdin: String? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = TestEnvironment.binaryURL
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read stderr on another thread while stdout is read here, so a chatty process cannot
    // block on a full pipe.
    let stderrReader = PipeReader(err.fileHandleForReading)
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = stderrReader.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: stdoutData, as: UTF8.self),
        stderr: String(decoding: stderrData, as: UTF8.self))
}

/// Reads a pipe to its end on a background thread.
private final class PipeReader: @unchecked Sendable {
    // `data` is written once by the reader thread before `done` is signalled, and read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

public extension Process {
    /// Stops a helper (a scripted server) for good: SIGKILL, then waits. SIGTERM is not enough, since
    /// a test that handles SIGTERM in-process (`ShutdownSignal` ignores it and reads it from a
    /// Dispatch source) leaves it ignored in every process the test run starts afterwards.
    func kill9() {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        waitUntilExit()
    }
}
