import Foundation
import TestSupport
import Testing

/// `noteledger watch` as a process: real inotify on a temp inbox, the real store.
@Suite(.serialized) struct WatchCommandTests {
    func startWatch(_ folder: TemporaryDirectory, backend: String = "rules") throws -> Process {
        let process = Process()
        process.executableURL = TestEnvironment.binaryURL
        process.arguments = ["watch", "--inbox", folder.path("Inbox"), "--backend", backend, "--db", folder.path("ledger.sqlite")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: folder.path("watch.log"))
        try process.run()
        return process
    }

    func query(_ folder: TemporaryDirectory) throws -> [[String: Any]] {
        let result = try runNoteLedger(["query", "--json", "--db", folder.path("ledger.sqlite")])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// Polls until `condition` holds or 30 s pass.
    func eventually(_ condition: () throws -> Bool) throws -> Bool {
        for _ in 0..<300 {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    @Test func notesDroppedInTheInboxBecomeDraftsAndSIGTERMStopsCleanly() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        try folder.write("coffee 3.20 this morning", to: "Inbox/already-there.txt")
        _ = FileManager.default.createFile(atPath: folder.path("watch.log"), contents: nil)
        let process = try startWatch(folder)
        defer { if process.isRunning { process.terminate() } }
        #expect(try eventually { try query(folder).count == 1 }, "the scan picks up what was already there")

        try folder.write("Lunch at Casa Lucio 48.50", to: "Inbox/lunch.txt")
        try FileManager.default.createDirectory(atPath: folder.path("Inbox/trip"), withIntermediateDirectories: true)
        Thread.sleep(forTimeInterval: 0.3)
        try folder.write("taxi 23,10 airport", to: "Inbox/trip/taxi.txt")
        // A sync tool's temporary file, then the rename to the final name.
        try folder.write("hotel 120", to: "Inbox/.syncthing.hotel.txt.tmp")
        try FileManager.default.moveItem(atPath: folder.path("Inbox/.syncthing.hotel.txt.tmp"), toPath: folder.path("Inbox/hotel.txt"))
        #expect(try eventually {
            try query(folder).filter { ($0["status"] as? String) == "review" }.count == 4
        }, "four drafts filled")
        let notes = Set(try query(folder).compactMap { ($0["note"] as? String).map { ($0 as NSString).lastPathComponent } })
        #expect(notes == ["already-there.txt", "lunch.txt", "taxi.txt", "hotel.txt"])

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = try String(contentsOfFile: folder.path("watch.log"), encoding: .utf8)
        #expect(log.contains("a Syncthing temporary file"))
        #expect(log.contains("stopped"))
    }
}
