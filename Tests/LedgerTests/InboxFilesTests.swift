import Foundation
@testable import Ledger
import TestSupport
import Testing

@Suite struct InboxFilesTests {
    @Test func theScanListsFilesAndSymlinksInSubfoldersButNotInHiddenOnes() throws {
        let inbox = try TemporaryDirectory()
        for name in ["b.txt", "a.txt", "trip/day1.txt", "trip/deep/day2.txt", ".stversions/old.txt", ".hidden.txt"] {
            try FileManager.default.createDirectory(
                atPath: (inbox.path(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try inbox.write("lunch 12.50", to: name)
        }
        try FileManager.default.createSymbolicLink(atPath: inbox.path("link.txt"), withDestinationPath: inbox.path("a.txt"))
        // The trailing slash and the dot are standardised away.
        let files = NoteIntake.files(below: inbox.path("") + "/./")
        #expect(files == ["a.txt", ".hidden.txt", "b.txt", "link.txt", "trip/day1.txt", "trip/deep/day2.txt"]
            .map { inbox.path($0) }.sorted())
    }

    @Test func notesAreReadAsUTF8TextAndEverythingElseSaysWhy() throws {
        let inbox = try TemporaryDirectory()
        let note = try inbox.write("Café Lucio 12,50 €", to: "note.txt")
        #expect(InboxFiles.read(note, inbox: nil) == .text("Café Lucio 12,50 €"))
        try Data([0x66, 0x6f, 0x00, 0x6f]).write(to: URL(fileURLWithPath: inbox.path("binary")))
        #expect(InboxFiles.read(inbox.path("binary"), inbox: nil) == .skipped("it is a binary file"))
        try Data([0x63, 0x61, 0x66, 0xe9]).write(to: URL(fileURLWithPath: inbox.path("latin1.txt")))
        #expect(InboxFiles.read(inbox.path("latin1.txt"), inbox: nil) == .skipped("it is not UTF-8 text"))
        #expect(InboxFiles.read(inbox.path("gone.txt"), inbox: nil) == .skipped("it is gone or cannot be read"))
        try FileManager.default.createDirectory(atPath: inbox.path("folder"), withIntermediateDirectories: true)
        #expect(InboxFiles.read(inbox.path("folder"), inbox: nil) == .skipped("it is not a regular file"))
        try Data(count: InboxFiles.maximumNoteBytes + 1).write(to: URL(fileURLWithPath: inbox.path("big.txt")))
        #expect(InboxFiles.read(inbox.path("big.txt"), inbox: nil) == .skipped("it is 1024 KiB; notes over 1024 KiB are not read"))
        // A link out of the inbox is not followed.
        let outside = try TemporaryDirectory()
        let secret = try outside.write("not a note", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: inbox.path("out.txt"), withDestinationPath: secret)
        let resolvedInbox = try #require(InboxFiles.resolvedPath(inbox.path("")))
        guard case .skipped(let reason) = InboxFiles.read(inbox.path("out.txt"), inbox: resolvedInbox) else {
            Issue.record("a link out of the inbox was read")
            return
        }
        #expect(reason.hasPrefix("it links outside the inbox"))
        #expect(InboxFiles.read(note, inbox: resolvedInbox) == .text("Café Lucio 12,50 €"))
    }

    @Test func sqliteDatabaseFilesAreNeverNotes() {
        for name in ["ledger.sqlite", "ledger.sqlite-wal", "ledger.sqlite-shm", "Ledger.SQLITE3-journal", "money.db", "x.db3-wal"] {
            #expect(InboxFiles.ignoreReason(forName: name)?.hasPrefix("an SQLite database file") == true, "\(name)")
        }
        for name in ["ledger.sqlite.txt", "db.txt", "notes-wal.txt", "dbx"] {
            #expect(InboxFiles.ignoreReason(forName: name) == nil, "\(name)")
        }
    }

    @Test func trimmingDropsOnlyTheGivenCharactersAtBothEnds() {
        #expect("(Casa Lucio),".trimming(",.;()") == "Casa Lucio")
        #expect("a.b".trimming(".") == "a.b")
        #expect(",.;".trimming(",.;") == "")
        #expect("".trimming(",") == "")
    }
}
