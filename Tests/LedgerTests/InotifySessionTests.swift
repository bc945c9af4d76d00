import Foundation
import Ledger
import TestSupport
import Testing

@Suite(.serialized) struct InotifySessionTests {
    @Test func seesAFileWrittenIntoAWatchedFolder() throws {
        let folder = try TemporaryDirectory()
        let session = try InotifySession()
        try session.watchRecursively(folder.path)
        #expect(session.watchCount == 1)

        let path = try folder.write("uber 23,10 airport", to: "note.txt")
        var completed: [InotifyEvent] = []
        for _ in 0..<5 where completed.isEmpty {
            while let event = try session.nextEvent(timeout: 1) {
                if event.isCompletedFile { completed.append(event) }
                if !completed.isEmpty { break }
            }
        }
        let event = try #require(completed.first)
        #expect(event.path == path)
        #expect(event.name == "note.txt")
    }

    @Test func watchingAMissingFolderIsAnErrorNamingIt() throws {
        let session = try InotifySession()
        let error = try #require(throws: InotifyError.self) {
            try session.watchRecursively("/nonexistent-inbox-\(UUID().uuidString)")
        }
        #expect(error.description.contains("/nonexistent-inbox-"))
        #expect(error.errno == ENOENT)
    }

    @Test func reportsKernelLimits() {
        let limits = InotifySession.limits()
        #expect(limits.map(\.name) == ["max_user_watches", "max_user_instances", "max_queued_events"])
        #expect(limits.allSatisfy { Int($0.value) != nil })
    }
}
