import Foundation
import TestSupport

/// A `noteledger watch` (rules backend) on an inbox of its own, its log in a file, for tests that
/// meet the watcher as a user does. Killed with SIGKILL if still running when released.
final class WatchProcess {
    let folder: TemporaryDirectory
    let database: String
    var process: Process?

    /// - Parameter database: the ledger's path; a relative one is inside the test's folder (which
    ///   holds `Inbox/`). Default: `ledger.sqlite` in the folder.
    init(database: String = "ledger.sqlite") throws {
        folder = try TemporaryDirectory()
        self.database = database.hasPrefix("/") ? database : folder.path(database)
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.path("watch.log"), contents: nil)
    }

    var inbox: String { folder.path("Inbox") }

    /// - Parameter backend: how drafts are filled (`--backend …` and its options).
    func start(backend: [String] = ["--backend", "rules"]) throws {
        let process = Process()
        process.executableURL = TestEnvironment.binaryURL
        process.arguments = ["watch", "--inbox", inbox, "--db", database] + backend
        process.standardOutput = FileHandle.nullDevice
        let log = FileHandle(forWritingAtPath: folder.path("watch.log"))!
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        self.process = process
    }

    var isRunning: Bool { process?.isRunning ?? false }

    func kill9() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        guard let process else { return -1 }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    /// Every draft, as `query --json` prints it (none while the ledger cannot be read).
    func drafts() throws -> [[String: Any]] {
        let result = try runNoteLedger(["query", "--json", "--db", database])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// Drafts the watcher has filled (`review` or `ready`).
    func filled() throws -> Int {
        try drafts().filter { ["review", "ready"].contains($0["status"] as? String ?? "") }.count
    }

    func log() -> String { (try? String(contentsOfFile: folder.path("watch.log"), encoding: .utf8)) ?? "" }

    deinit { kill9() }
}

/// Polls until `condition` holds or `seconds` pass.
func eventually(_ seconds: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return try condition()
}
