import Foundation
import LedgerTestSupport
import Testing
import TestSupport

/// Servers that answer badly, played by a scripted server (`Tests/Fixtures/servers/broken_server.py`):
/// each gets its documented outcome.
@Suite(.serialized) struct BrokenServerTests {
    /// The scripted server in `mode`, ready on a free port; stopped when the returned
    /// process is terminated.
    static func start(_ mode: String) throws -> (process: Process, url: String) {
        let (process, port) = try startFixtureServer("broken_server.py", [mode, "0"])
        return (process, "http://127.0.0.1:\(port)")
    }

    /// `ingest` of `count` ferry-ticket notes ("ferry ticket 1.60", …) through the server at `url`,
    /// into a new ledger: the folder holding it (removed when released), its path and what the command printed.
    static func ingest(_ count: Int, into url: String) throws -> (folder: TemporaryDirectory, ledger: String, result: ProcessResult) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        for index in 1...count { try folder.write("ferry ticket \(index).60", to: "Inbox/\(index).txt") }
        let ledger = folder.path("ledger.sqlite")
        return (folder, ledger, try runNoteLedger(["--db", ledger, "ingest", folder.path("Inbox"), "--backend", "server", "--server", url]))
    }

    @Test func anOverloadedServerLeavesIngestedNotesQueuedAndSaysHowMany() throws {
        let (server, url) = try Self.start("unavailable")
        defer { server.kill9() }
        let (folder, ledger, result) = try Self.ingest(3, into: url)
        defer { _ = folder }
        #expect(result.status == 1)
        #expect(result.stderr.contains("HTTP 503") && result.stderr.contains("3 notes stay queued, nothing is lost"), "\(result.stderr)")
        let drafts = try runNoteLedger(["--db", ledger, "query", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(drafts.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 3)
        #expect(list.allSatisfy { $0["status"] as? String == "queued" }, "\(list)")
    }

    /// A server with 3 slots gets 3 notes at once (it counts the requests it is answering at
    /// once); every note is settled once, none lost or doubled.
    @Test func asManyNotesAreInFlightAsTheServerHasSlots() throws {
        let (server, url) = try Self.start("slow")
        defer { server.kill9() }
        let (folder, ledger, result) = try Self.ingest(7, into: url)
        defer { _ = folder }
        #expect(result.status == 0, "\(result.stderr)")
        let most = try String(contentsOf: URL(string: url + "/in-flight")!, encoding: .utf8)
        #expect(most == "3", "at most \(most) requests were in flight at once")
        let drafts = try runNoteLedger(["--db", ledger, "query", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(drafts.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 7)
        #expect(Set(list.compactMap { $0["amount"] as? String }) == Set((1...7).map { "\($0).60" }), "\(list)")
        #expect(list.allSatisfy { $0["status"] as? String != "queued" && $0["status"] as? String != "filling" }, "\(list)")
    }

    /// A server that never answers: each request gives up after --server-timeout, is tried again
    /// as a connection failure is, and the note gets a rules draft that says why.
    @Test func aServerThatNeverAnswersTimesOutAndTheRulesFillTheNote() throws {
        let (server, url) = try Self.start("hang")
        defer { server.kill9() }
        let result = try runNoteLedger(["extract", "ferry ticket 7.60", "--backend", "server", "--server", url,
                                        "--server-timeout", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""origin": "rules""#), "\(result.stdout)")
        #expect(result.stdout.contains("could not be reached") && result.stdout.contains("no answer within 1 s")
                && result.stdout.contains("longer --server-timeout"), "\(result.stdout)")
        #expect(result.stdout.contains(#""amount": "7.60""#))
        let bad = try runNoteLedger(["extract", "x", "--backend", "server", "--server", url, "--server-timeout", "0.5"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--server-timeout must be a whole number of seconds, at least 1"))
    }

    @Test(arguments: [("reject", "rejected the request (HTTP 400): failed to parse grammar"),
                      ("garbage", "could not be read")])
    func aServerThatAnswersBadlyGivesARulesDraftThatSaysWhy(mode: String, reason: String) throws {
        let (server, url) = try Self.start(mode)
        defer { server.kill9() }
        let result = try runNoteLedger(["extract", "ferry ticket 7.60", "--backend", "server", "--server", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""origin": "rules""#) && result.stdout.contains(reason), "\(result.stdout)")
        #expect(result.stdout.contains(#""amount": "7.60""#), "the rules still read the amount: \(result.stdout)")
        // Refused or unreadable, the request is not tried again: a bug to fix, not a server to wait for.
        let attempts = try String(contentsOf: URL(string: url + "/attempts")!, encoding: .utf8)
        #expect(attempts == "1", "a request was tried \(attempts) times")
    }

    /// A streamed answer cut off before its end counts as the server going away, not as an
    /// answer: `extract` falls back to the rules saying so, `ingest` leaves the notes queued. What
    /// was streamed is not asked for again within the note (a retry would write it twice).
    @Test func aStreamCutOffMidAnswerLeavesTheNoteToBeTriedAgain() throws {
        let (server, url) = try Self.start("truncated")
        defer { server.kill9() }
        let result = try runNoteLedger(["extract", "ferry ticket 7.60", "--backend", "server", "--server", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""origin": "rules""#) && result.stdout.contains("could not be reached")
                && result.stdout.contains("stopped after 2 tokens, before it said it was done"), "\(result.stdout)")
        let attempts = try String(contentsOf: URL(string: url + "/attempts")!, encoding: .utf8)
        #expect(attempts == "1", "a cut-off stream was asked for again (\(attempts) tries)")

        let (folder, ledger, ingested) = try Self.ingest(2, into: url)
        defer { _ = folder }
        #expect(ingested.status == 1 && ingested.stderr.contains("2 notes stay queued, nothing is lost"), "\(ingested.stderr)")
        let drafts = try runNoteLedger(["--db", ledger, "query", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(drafts.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 2 && list.allSatisfy { $0["status"] as? String == "queued" }, "\(list)")
        // What streamed before the cut is not shown as read.
        #expect(list.allSatisfy { $0["amount"] is NSNull && $0["purpose"] is NSNull }, "\(list)")
    }
}
