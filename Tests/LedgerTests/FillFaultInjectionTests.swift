import Foundation
import Guided
@testable import Ledger
import LedgerTestSupport
import TestSupport
import Testing

/// Fault injection in a fill (the worker's write: a new version, the draft's fields, the job done),
/// in this process: for every N, the Nth statement step, write or sync of this test's ledger fails,
/// or its disk is full from the Nth write on. Afterwards the ledger is exactly as before (and
/// the fill threw) or exactly as after, and `PRAGMA integrity_check` is ok.
@Suite(.serialized) struct FillFaultInjectionTests {
    /// A draft filled once, its merchant edited by the user, and a refill claimed: what the worker holds
    /// when it records the model's answer.
    func prepared() throws -> (TemporaryDirectory, DraftStore, Job) {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: folder.path("ledger.sqlite"))
        guard case .created(let id) = try store.recordNote(path: folder.path("Inbox/1.txt"), text: "Lunch at Casa Verde 48.50 with the team")
        else { throw StoreError.noSuchDraft(0) }
        try store.recordFill(draftID: id, extraction("Casa Verd", "48.50"), refill: false)
        try store.edit(id, changes: [("merchant", "Casa Verde")])
        #expect(try store.enqueueRefill([id]) == 1)
        let job = try #require(try store.claimJob())
        return (folder, store, job)
    }

    func fill(_ store: DraftStore, _ job: Job) throws {
        try store.recordFill(draftID: job.draftID, extraction("Casa Verdi", "48.50", category: .food), refill: true, completing: job.id)
    }

    @Test func aFillIsWholeOrAbsentAtEveryFaultPoint() throws {
        #expect(FaultInjection.isAvailable, "fault injection needs a debug build (`swift test` makes one)")
        // Only files opened after this are covered; other tests' files never match this test's path.
        FaultInjection.install()
        defer { FaultInjection.disarm() }
        let after: LedgerDump
        do {
            let (folder, store, job) = try prepared()
            try fill(store, job)
            after = try LedgerDump(path: store.path).replacing(folder.path, with: "{folder}").timesErased
            withExtendedLifetime(folder) {}
        }
        var reachedPoints = 0
        for kind in FaultInjection.Kind.allCases {
            var call = 1
            while call <= 400 {
                let (folder, store, job) = try prepared()
                let before = try LedgerDump(path: store.path)
                FaultInjection.arm(kind, at: call, path: store.path)
                var failure: (any Error)?
                do { try fill(store, job) } catch { failure = error }
                let reached = FaultInjection.count >= call
                FaultInjection.disarm()
                let point = "\(kind.rawValue) \(call)"
                let now = try LedgerDump(path: store.path)
                #expect(try LedgerDump.integrity(of: store.path) == "ok", "\(point)")
                if let failure {
                    let isBefore = now == before
                    #expect(isBefore, "\(point): the fill threw \(failure) but \(now.difference(from: before))")
                    #expect(failure is SQLiteError, "\(point): \(failure)")
                } else {
                    let isAfter = now.replacing(folder.path, with: "{folder}").timesErased == after
                    #expect(isAfter, "\(point): the fill returned but \(now.difference(from: before))")
                }
                withExtendedLifetime(folder) {}
                if !reached { break }
                reachedPoints += 1
                call += 1
            }
            #expect(call <= 400, "\(kind.rawValue): the fault points never end")
        }
        #expect(reachedPoints > 10, "only \(reachedPoints) fault points were reached")
    }
}
