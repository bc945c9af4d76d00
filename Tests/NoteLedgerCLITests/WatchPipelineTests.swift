import Foundation
import TestSupport
import Testing

/// The watcher and queue as a user meets them: bursts, crashes and bad files (rules backend, so
/// the tests measure the pipeline, not the model).
@Suite(.serialized) struct WatchPipelineTests {
    func settled(_ watch: WatchProcess, count: Int) throws -> Bool {
        let drafts = try watch.drafts()
        return drafts.count == count && drafts.allSatisfy { !["queued", "filling"].contains($0["status"] as? String ?? "") }
    }

    @Test func aBurstOf2000NotesBecomes2000DraftsNoneTwice() throws {
        let watch = try WatchProcess()
        try watch.start()
        defer { _ = watch.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        for index in 0..<2000 {
            try Data("taxi \(index).50 to the airport".utf8).write(to: URL(fileURLWithPath: watch.inbox + "/n\(index).txt"))
        }
        #expect(try eventually(120) { try settled(watch, count: 2000) })
        let notes = try watch.drafts().compactMap { $0["note"] as? String }
        #expect(Set(notes).count == 2000)
    }

    @Test func killedWatchersLoseNoNoteAndMakeNoDraftTwice() throws {
        let watch = try WatchProcess()
        var written = 0
        var random = SystemRandomNumberGenerator()
        for round in 0..<4 {
            try watch.start()
            Thread.sleep(forTimeInterval: 0.3)
            for _ in 0..<75 {
                try Data("coffee \(written).20 round \(round)".utf8).write(to: URL(fileURLWithPath: watch.inbox + "/c\(written).txt"))
                written += 1
                if Int.random(in: 0..<40, using: &random) == 0 { Thread.sleep(forTimeInterval: 0.05) }
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.4, using: &random))
            watch.kill9()
        }
        try watch.start()
        defer { _ = watch.stop() }
        #expect(written == 300)
        let allFilled = try eventually(90) { try settled(watch, count: 300) }
        let count = try watch.drafts().count
        #expect(allFilled, "\(count) drafts")
        let notes = try watch.drafts().compactMap { $0["note"] as? String }
        #expect(Set(notes).count == 300)
    }

    @Test func badInputNeverStopsTheWatcherAndEachSaysWhatHappened() throws {
        let watch = try WatchProcess()
        try watch.start()
        defer { _ = watch.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        let inbox = watch.inbox
        try Data().write(to: URL(fileURLWithPath: inbox + "/empty.txt"))
        try Data([0x00, 0x01, 0xFF, 0x10]).write(to: URL(fileURLWithPath: inbox + "/binary.bin"))
        try Data([0x74, 0x61, 0x78, 0x69, 0xC3, 0x28]).write(to: URL(fileURLWithPath: inbox + "/latin1.txt"))
        try Data(repeating: UInt8(ascii: "a"), count: 5 << 20).write(to: URL(fileURLWithPath: inbox + "/huge.txt"))
        let outside = try watch.folder.write("secret 100", to: "outside.txt")
        try FileManager.default.createSymbolicLink(atPath: inbox + "/link.txt", withDestinationPath: outside)
        try watch.folder.write("link target moved in", to: "moved-in-later.txt")
        try Data("reminder: call the bank".utf8).write(to: URL(fileURLWithPath: inbox + "/reminder.txt"))
        // Editors and sync tools: temporary names, then the rename to the final name.
        for temporary in [".syncthing.a.txt.tmp", "~syncthing~b.txt.tmp", ".~lock.c.txt#", "d.txt.part", "e.txt.partial",
                          "f.tmp", ".g.txt.swp", "4913", "#h.txt#", ".#i.txt", ".goutputstream-XYZ", ".hidden"] {
            try Data("bus 2.90 \(temporary)".utf8).write(to: URL(fileURLWithPath: inbox + "/" + temporary))
        }
        try FileManager.default.moveItem(atPath: inbox + "/.syncthing.a.txt.tmp", toPath: inbox + "/a.txt")
        try FileManager.default.moveItem(atPath: inbox + "/d.txt.part", toPath: inbox + "/d.txt")
        try FileManager.default.moveItem(atPath: inbox + "/.goutputstream-XYZ", toPath: inbox + "/g.txt")
        // Removed before the watcher reads it: a log line says so.
        try Data("parking 4".utf8).write(to: URL(fileURLWithPath: inbox + "/gone.txt"))
        try FileManager.default.removeItem(atPath: inbox + "/gone.txt")
        try Data("taxi 12.40".utf8).write(to: URL(fileURLWithPath: inbox + "/after.txt"))

        // gone.txt is read before or after its removal, a race: either way something says so.
        let allFilled = try eventually {
            let drafts = try watch.drafts().filter { !(($0["note"] as? String)?.hasSuffix("/gone.txt") ?? false) }
            return drafts.count == 6 && drafts.allSatisfy { !["queued", "filling"].contains($0["status"] as? String ?? "") }
        }
        let notes = try watch.drafts().map { ($0["note"] as? String) ?? "" }
        #expect(allFilled, "\(notes)")
        let drafts = try watch.drafts()
        func draft(_ name: String) -> [String: Any]? { drafts.first { ($0["note"] as? String)?.hasSuffix("/" + name) == true } }
        #expect(draft("empty.txt")?["status"] as? String == "failed")
        #expect(draft("reminder.txt")?["status"] as? String == "review")
        #expect(draft("reminder.txt")?["amount"] is NSNull)
        #expect(draft("a.txt") != nil && draft("d.txt") != nil && draft("g.txt") != nil, "renamed temp files are picked up")
        #expect(draft("after.txt")?["amount"] as? String == "12.40", "the watcher kept going")
        let log = watch.log()
        for expected in ["binary.bin: it is a binary file", "latin1.txt: it is not UTF-8 text", "huge.txt: it is 5120 KiB",
                         "link.txt: it links outside the inbox", "a Syncthing temporary file", "a lock file",
                         "a temporary file (.part)", "a temporary file (.partial)", "a temporary file (.tmp)",
                         "vim's write test file", "an Emacs autosave file", "an Emacs lock file", "a hidden file",
                        ] {
            #expect(log.contains(expected), "log lacks: \(expected)")
        }
        #expect(log.contains("gone.txt: it is gone or cannot be read") || log.contains("gone.txt was removed; its draft is kept"))
    }
}
