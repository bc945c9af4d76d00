import Foundation
@testable import Ledger
import TestSupport
import Testing

/// A CLI edit while the worker writes never fails with "database is locked".
@Suite struct ConcurrentWriteTests {
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
