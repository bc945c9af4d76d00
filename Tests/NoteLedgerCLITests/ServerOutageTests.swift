import Foundation
import LedgerTestSupport
import Testing
import TestSupport

/// `watch` against a real llama-server that is killed in the middle of a batch and started again:
/// the notes wait in the queue (not filled by the rules, not failed), the outage is said once, and
/// when the server answers again every note is filled by the model, once.
@Suite(.serialized) struct ServerOutageTests {
    /// With one slot a note at a time, with two the in-flight pipeline (both put back when it goes).
    @Test(arguments: [1, 2])
    func notesWaitInTheQueueWhileTheServerIsDownAndAreFilledOnceWhenItReturns(slots: Int) async throws {
        let server = try await RunningServer(slots: slots)
        let watch = try WatchProcess()
        try watch.start(backend: ["--backend", "server", "--server", server.url.absoluteString])
        defer { _ = watch.stop() }

        for index in 1...6 { try watch.folder.write("cab to the station \(index).40 with Mara", to: "Inbox/first-\(index).txt") }
        #expect(try await Self.eventually(120) { try watch.filled() >= 1 }, "a first draft filled through the server: \(watch.log())")
        server.kill()
        for index in 1...4 { try watch.folder.write("lunch at Corner Grocer \(index)2.10", to: "Inbox/down-\(index).txt") }
        #expect(try await Self.eventually(60) { watch.log().contains("notes wait in the queue until it answers") }, "\(watch.log())")
        let filledWhileDown = try watch.filled()
        try await Task.sleep(for: .seconds(3))  // several tries meanwhile
        #expect(try watch.filled() == filledWhileDown, "nothing is filled while the server is down: \(watch.log())")
        #expect(watch.isRunning, "the watcher keeps running: \(watch.log())")

        try await server.start()
        #expect(try await Self.eventually(240) { try watch.filled() == 10 }, "every note filled once the server answers: \(watch.log())")
        // The recovery is said when the batch that filled the notes returns, after their fills are
        // recorded: with two slots one batch may fill them all, so the line can follow the count.
        #expect(try await Self.eventually(30) { watch.log().contains("the inference server answers again") }, "\(watch.log())")
        let log = watch.log()
        #expect(log.components(separatedBy: "notes wait in the queue until it answers").count - 1 == 1, "said once: \(log)")
        #expect(!log.contains("marked failed"), "\(log)")
        let drafts = try watch.drafts()
        #expect(drafts.count == 10)
        #expect(Set(drafts.compactMap { $0["note"] as? String }).count == 10, "one draft per note, none twice")
        for draft in drafts {
            #expect(!((draft["reason"] as? String) ?? "").contains("by rules"), "filled by the model, not the rules: \(draft)")
            #expect(draft["amount"] as? String != nil, "\(draft)")
        }
    }

    @Test func aWatchStartedBeforeTheServerQueuesNotesUntilItAnswers() async throws {
        let port = freePort()
        let watch = try WatchProcess()
        try watch.start(backend: ["--backend", "server", "--server", "http://127.0.0.1:\(port)"])
        defer { _ = watch.stop() }
        for index in 1...3 { try watch.folder.write("bus ticket \(index).80 to the harbour", to: "Inbox/\(index).txt") }
        #expect(try await Self.eventually(60) { watch.log().contains("notes are recorded and wait in the queue until it answers") },
                "\(watch.log())")
        #expect(try await Self.eventually(30) { try watch.drafts().count == 3 }, "recorded while the server is away: \(watch.log())")
        #expect(try watch.filled() == 0, "none filled by the rules meanwhile: \(watch.log())")

        let server = try await RunningServer(port: port)
        #expect(try await Self.eventually(240) { try watch.filled() == 3 }, "filled once the server answers: \(watch.log())")
        #expect(try await Self.eventually(30) { watch.log().contains("answers again") }, "\(watch.log())")
        #expect(!watch.log().contains("using the rules extractor"), "\(watch.log())")
        for draft in try watch.drafts() {
            #expect(!((draft["reason"] as? String) ?? "").contains("by rules"), "filled by the model: \(draft)")
        }
        _ = server
    }

    /// A server with 2 slots: `watch` keeps two notes in flight (the scripted server counts that,
    /// BrokenServerTests); here every note is filled by the real model, once.
    @Test func aServerWithTwoSlotsFillsEveryNoteOnce() async throws {
        let server = try await RunningServer(slots: 2)
        let watch = try WatchProcess()
        try watch.start(backend: ["--backend", "server", "--server", server.url.absoluteString])
        defer { _ = watch.stop() }
        for index in 1...6 { try watch.folder.write("tram ticket \(index).20 to the museum", to: "Inbox/\(index).txt") }
        #expect(try await Self.eventually(240) { try watch.filled() == 6 }, "every note filled: \(watch.log())")
        let drafts = try watch.drafts()
        #expect(drafts.count == 6)
        #expect(Set(drafts.compactMap { $0["amount"] as? String }) == Set((1...6).map { "\($0).20" }), "\(drafts)")
        for draft in drafts {
            #expect(!((draft["reason"] as? String) ?? "").contains("by rules"), "filled by the model: \(draft)")
        }
        #expect(!watch.log().contains("marked failed"), "\(watch.log())")
    }

    /// Polls until `condition` holds or `seconds` pass, without holding a thread.
    static func eventually(_ seconds: Double, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return try condition()
    }
}
