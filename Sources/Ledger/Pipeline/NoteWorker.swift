import Foundation

/// Takes jobs from the store's queue and fills their drafts: extraction streams into the draft
/// (status `filling`), the finished extraction becomes a version, locked fields kept.
public final class NoteWorker {
    private let store: DraftStore
    private let extractor: ExpenseExtractor
    private let log: (String) -> Void
    /// Attempts before a job is given up.
    public static let maximumAttempts = 3

    public init(store: DraftStore, extractor: ExpenseExtractor, log: @escaping (String) -> Void) {
        self.store = store
        self.extractor = extractor
        self.log = log
    }

    /// Processes due jobs until none is left or `shouldStop` says so. Returns how many were done.
    @discardableResult
    public func drain(shouldStop: () -> Bool = { false }, onJobDone: (Job) -> Void = { _ in }) async throws -> Int {
        var done = 0
        try store.releaseDeadLeases()
        while !shouldStop(), let job = try store.claimJob() {
            await process(job)
            onJobDone(job)
            done += 1
        }
        return done
    }

    /// Fills one job's draft. Never throws: failures are recorded on the job and draft.
    public func process(_ job: Job) async {
        do {
            guard job.noteText.contains(where: { !$0.isWhitespace }) else {
                try store.failJob(job.id, draftID: job.draftID, reason: "the note is empty")
                log("draft \(job.draftID): the note is empty; marked failed")
                return
            }
            let store = self.store
            let extraction = await extractor.extract(job.noteText, received: job.receivedAt) { partial in
                try? store.showSnapshot(draftID: job.draftID, partial)
            }
            try store.recordFill(draftID: job.draftID, extraction, refill: job.isRefill, completing: job.id)
        } catch let error as SQLiteError where error.isBusy && job.attempts < Self.maximumAttempts {
            log("draft \(job.draftID): the database is busy; retrying")
            try? store.retryJob(job.id, after: Double(job.attempts) * 2, error: error.description)
        } catch {
            log("draft \(job.draftID): \(error); marked failed")
            try? store.failJob(job.id, draftID: job.draftID, reason: "\(error)")
        }
    }
}
