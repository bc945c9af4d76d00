import Foundation
import Ledger
import LedgerTestSupport
import TestSupport
import Testing

/// One ledger open twice in one process (as `watch` has it: the recording thread and the worker
/// each open their own store) while other processes read it. SQLite's locks are POSIX locks, which
/// the kernel drops for the whole process when *any* descriptor of the file is closed: opening the
/// second store must not open and close the ledger file itself, or the first store's locks vanish,
/// a reader that closes believes it is the last one, checkpoints and removes the write-ahead log
/// under the writer, and the ledger is damaged ("database disk image is malformed", seen in CI).
struct SharedLedgerTests {
    @Test func aSecondStoreInTheProcessKeepsTheFirstStoresLocks() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        let recorder = try DraftStore(path: path)
        _ = try recorder.recordNote(path: folder.path("Inbox/1.txt"), text: "coffee 3.20 at Blue Finch")
        let worker = try DraftStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        // Another process opens the ledger and closes it: it is not the last connection.
        let query = try runNoteLedger(["--db", path, "query", "--json"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"),
                "the reader took the ledger for unused and removed the write-ahead log from under two open stores")

        // Both stores go on writing; the ledger stays whole and the other process reads every note.
        for index in 2...20 {
            let store = index.isMultiple(of: 2) ? recorder : worker
            _ = try store.recordNote(path: folder.path("Inbox/\(index).txt"), text: "taxi \(index).10 to the airport")
            if index.isMultiple(of: 5) { #expect(try runNoteLedger(["--db", path, "query", "--json"]).status == 0) }
        }
        let rows = try JSONSerialization.jsonObject(with: Data(try runNoteLedger(["--db", path, "query", "--json"]).stdout.utf8))
        #expect((rows as? [[String: Any]])?.count == 20)
        withExtendedLifetime((recorder, worker)) {}
        #expect(try LedgerDump.integrity(of: path) == "ok")
    }

    /// A ledger kept in the inbox: skipped by its name when it has a database's, and whatever its
    /// name because the watcher knows the ledger it has open; never read as a note.
    @Test(arguments: [("ledger.sqlite", "an SQLite database file"), ("money", "it is the ledger this process writes to")])
    func aLedgerKeptInTheInboxIsNeverReadAsANote(name: String, reason: String) throws {
        let watch = try WatchProcess(database: "Inbox/" + name)
        try watch.start()
        defer { _ = watch.stop() }
        for index in 1...10 { try watch.folder.write("coffee \(index).20 at Blue Finch", to: "Inbox/\(index).txt") }
        #expect(try eventually(30) { try watch.filled() == 10 }, "\(watch.log())")
        #expect(watch.stop() == 0, "\(watch.log())")
        let notes = try watch.drafts().compactMap { $0["note"] as? String }
        #expect(notes.count == 10 && !notes.contains { $0.contains("/" + name) }, "\(notes)")
        #expect(watch.log().contains("\(name): \(reason)"), "\(watch.log())")
        #expect(try LedgerDump.integrity(of: watch.database) == "ok")
    }
}
