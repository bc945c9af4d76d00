import Digest
import Foundation
import Ledger
import TestSupport
import Testing

/// A ledger file that is damaged, not a ledger, or locked by another process: every command says
/// what happened and what to do, exits 1, never traps, and leaves the file exactly as it was.
@Suite(.serialized) struct MalformedLedgerTests {
    /// A real ledger of 40 drafts, checkpointed into its one file.
    func ledger() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        for index in 1...40 { try folder.write("Lunch at Casa Verde \(index).50 with the team, note \(index)", to: "Inbox/\(index).txt") }
        let path = folder.path("ledger.sqlite")
        let ingest = try runNoteLedger(["--db", path, "ingest", folder.path("Inbox"), "--backend", "rules"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (folder, path)
    }

    static let commands: [[String]] = [["query"], ["show", "5"], ["edit", "5", "amount=3"], ["approve", "5"], ["history", "5"],
                                       ["learned"], ["refill", "5", "--backend", "rules"]]

    /// Runs every command on the file at `path` and checks each says `expected`, exits 1 and changes nothing.
    func expectRefused(_ path: String, saying expected: String, kind: String) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for command in Self.commands {
            let result = try runNoteLedger(["--db", path] + command)
            #expect(result.status == 1, "\(kind) \(command): exit \(result.status), \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(expected), "\(kind) \(command): \(result.stderr)")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(SHA256.hex(of: before) == SHA256.hex(of: after), "\(kind): the file changed")
    }

    @Test func anEmptyFileIsNoLedgerAndStaysEmpty() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try expectRefused(path, saying: "is an empty file (0 bytes), not a NoteLedger ledger; it was left as it is", kind: "empty")
    }

    @Test func anotherKindOfFileIsRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        try folder.write("date,merchant,amount\n2026-11-20,Casa Verde,48.50\n", to: "ledger.sqlite")
        try expectRefused(path, saying: "is not an SQLite database, so not a NoteLedger ledger", kind: "csv")
    }

    @Test func aTruncatedLedgerIsReportedDamaged() throws {
        let (folder, path) = try ledger()
        defer { withExtendedLifetime(folder) {} }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size / 2)) == 0)
        try expectRefused(path, saying: "is damaged (SQLite: database disk image is malformed)", kind: "truncated")
    }

    @Test func flippedBitsAreReportedDamaged() throws {
        let (folder, path) = try ledger()
        defer { withExtendedLifetime(folder) {} }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The first page's b-tree header (offset 100), then a byte in every seventh page after it.
        for offset in stride(from: 100, to: bytes.count, by: 4096 * 7) { bytes[offset] ^= 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefused(path, saying: "is damaged", kind: "bit-flipped")
    }

    @Test func aLockHeldTooLongFailsTheWriteAndReadsGoOn() throws {
        let (folder, path) = try ledger()
        defer { withExtendedLifetime(folder) {} }
        let before = try DraftStore(path: path).draft(5)
        // Another process's write transaction, held past the busy timeout.
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        try other.execute("UPDATE drafts SET status = status WHERE id = 1")
        let environment: [String: String?] = ["NOTELEDGER_BUSY_TIMEOUT": "200"]
        let edit = try runNoteLedger(["--db", path, "edit", "5", "amount=3"], environment: environment)
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("is locked by another process") && edit.stderr.contains("(200 ms, NOTELEDGER_BUSY_TIMEOUT)"),
                "\(edit.stderr)")
        let query = try runNoteLedger(["--db", path, "query", "--json"], environment: environment)
        #expect(query.status == 0, "reads go on beside a writer: \(query.stderr)")
        try other.execute("ROLLBACK")
        let store = try DraftStore(path: path)
        #expect(try store.draft(5) == before, "the refused edit changed nothing")
        #expect(try store.history(5).count == 1)
    }

    @Test func aLedgerOnAReadOnlyFileSystemIsRefusedUnchanged() throws {
        let (folder, built) = try ledger()
        defer { withExtendedLifetime(folder) {} }
        let disk = try SmallFileSystem(kilobytes: 4096)
        let path = disk.path("ledger.sqlite")
        try FileManager.default.copyItem(atPath: built, toPath: path)
        try disk.remountReadOnly()
        // Root writes through file permissions, not through a read-only mount.
        try expectRefused(path, saying: "is on a read-only file system", kind: "read-only")
    }
}
