import Foundation
import LedgerTestSupport
import TestSupport
import Testing

/// `export` and `watch` on a file system that is really full (a small tmpfs, filled up): a clear
/// message, no partial file, no note lost; the watcher keeps running and goes on when space returns.
@Suite(.serialized) struct DiskFullTests {
    @Test func anExportToAFullDiskWritesNothingMarksNothingAndSaysSo() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        for index in 1...30 { try folder.write("Lunch at Casa Verde \(index).50 with the team", to: "Inbox/\(index).txt") }
        let ledger = folder.path("ledger.sqlite")
        #expect(try runNoteLedger(["--db", ledger, "ingest", folder.path("Inbox"), "--backend", "rules"]).status == 0)
        #expect(try runNoteLedger(["--db", ledger, "approve"] + (1...30).map(String.init)).status == 0)
        let disk = try SmallFileSystem(kilobytes: 64)
        try disk.fill()
        let before = try LedgerDump(path: ledger)

        let export = try runNoteLedger(["--db", ledger, "export", "--to", disk.folder.path])
        #expect(export.status == 1)
        #expect(export.stderr.hasPrefix("Error: the disk holding \(disk.folder.path) is full: no file was written and nothing "
                                        + "was marked exported"), "\(export.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path) == [".filler"], "no partial file")
        #expect(try LedgerDump(path: ledger) == before, "nothing marked exported")

        try disk.free()
        let again = try runNoteLedger(["--db", ledger, "export", "--to", disk.folder.path])
        #expect(again.status == 0, "\(again.stderr)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path).first { $0.hasSuffix(".csv") })
        let rows = CSVReader.rows(try String(contentsOfFile: disk.path(file), encoding: .utf8))
        #expect(rows.count == 31, "a header and every draft")
    }

    @Test func watchKeepsRunningOnAFullDiskLosesNoNoteAndGoesOnWhenSpaceReturns() throws {
        let disk = try SmallFileSystem(kilobytes: 2048)
        let ledger = disk.path("ledger.sqlite")
        let watch = try WatchProcess(database: ledger)
        try watch.start()
        defer { _ = watch.stop() }
        func eventually(_ condition: () throws -> Bool) throws -> Bool { try NoteLedgerCLITests.eventually(30, condition) }

        for index in 1...3 { try watch.folder.write("coffee \(index).20 at Blue Finch", to: "Inbox/before-\(index).txt") }
        #expect(try eventually { try watch.filled() == 3 }, "three drafts before the disk fills: \(watch.log())")

        try disk.fill()
        for index in 1...20 { try watch.folder.write("taxi \(index),10 to the airport, note \(index)", to: "Inbox/full-\(index).txt") }
        #expect(try eventually { watch.log().contains("the disk holding the ledger \(ledger) is full") }, "\(watch.log())")
        Thread.sleep(forTimeInterval: 2)  // several retries meanwhile
        #expect(watch.isRunning, "the watcher keeps running: \(watch.log())")
        // Once per outage, not per note or try: the recorder and the worker each say it when their outage
        // starts. A write can still succeed on a full disk (SQLite reuses free pages in the file), which ends
        // that outage and is said too; only then may the next failure be said again.
        let log = watch.log()
        let full = log.components(separatedBy: "is full").count - 1
        let ended = log.components(separatedBy: "can be written again").count - 1
        #expect(full >= 1 && full <= 2 + ended, "said once per outage by the recorder and the worker, not per note or try: \(log)")

        try disk.free()
        #expect(try eventually { try watch.filled() == 23 }, "every note recorded and filled once space returned: \(watch.log())")
        #expect(watch.log().contains("can be written again"), "\(watch.log())")
        #expect(watch.stop() == 0, "\(watch.log())")
        #expect(try LedgerDump.integrity(of: ledger) == "ok")
        let notes = try watch.drafts().compactMap { $0["note"] as? String }
        #expect(Set(notes).count == 23, "one draft per note, none twice")
    }
}
