import Foundation
import Synchronization
@testable import Ledger
import TestSupport
import Testing

/// A CLI edit while the worker writes never fails with "database is locked".
@Suite struct ConcurrentWriteTests {
    /// `watch` opens a new ledger from two threads while `query` may open it from another process:
    /// each waits for the one creating and migrating it (the switch to WAL answers "busy" at once,
    /// and the file is empty until its first page is written).
    @Test func aNewLedgerOpenedByManyConnectionsAtOnceOpensForEach() throws {
        for round in 0..<5 {
            let folder = try TemporaryDirectory()
            let path = folder.path("ledger.sqlite")
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    let store = try DraftStore(path: path)
                    _ = try store.learningIsOn()
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round): \(failures.withLock { $0 })")
            #expect(try DraftStore(path: path).schemaVersion == Migration.embedded.last?.id)
        }
    }

    @Test func editsAndFillsFromTwoConnectionsBothSucceed() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        let setup = try DraftStore(path: path)
        var ids: [Int64] = []
        for index in 0..<20 {
            if case .created(let id) = try setup.recordNote(path: "/n\(index)", text: "note \(index) 1\(index).50") { ids.append(id) }
        }
        let targets = ids
        async let filler: Int = Task.detached {
            let store = try DraftStore(path: path)
            for round in 0..<15 {
                for id in targets {
                    try store.recordFill(draftID: id, extraction("M\(round)", "\(round).00"), refill: true)
                }
            }
            return 15 * targets.count
        }.value
        async let editor: Int = Task.detached {
            let store = try DraftStore(path: path)
            for round in 0..<60 {
                try store.edit(targets[round % targets.count], changes: [("purpose", "edit \(round)")])
            }
            return 60
        }.value
        let (fills, edits) = try await (filler, editor)
        #expect(fills == 300)
        #expect(edits == 60)
        let total = try setup.connection.query("SELECT count(*) FROM draft_versions").first?.int(0)
        #expect(total == 360)
    }
}
