import Foundation

/// Takes jobs from the store's queue and fills their drafts: extraction streams into the draft
/// (status `filling`), the finished extraction becomes a version, locked fields kept.
public final class NoteWorker {
    private let store: DraftStore
    private let extractor: ExpenseExtractor
    private let log: (String) -> Void
    private let inBackground: Bool
    private let waitsForModel: Bool
    /// Attempts before a job is given up.
    public static let maximumAttempts = 3

    /// - Parameter inBackground: fill at a lower thread priority (`ThreadPriority`), so that on a
    ///   busy machine the watcher's event and recording threads, and whatever writes the notes,
    ///   run first and fills take the CPU time left. The threads that fill keep the lower priority.
    /// - Parameter waitsForModel: when the model cannot be reached (an inference server that is
    ///   down), put the job back and throw `ModelUnreachable` instead of filling the draft by rules.
    public init(store: DraftStore, extractor: ExpenseExtractor, inBackground: Bool = false, waitsForModel: Bool = false,
                log: @escaping (String) -> Void) {
        self.store = store
        self.extractor = extractor
        self.inBackground = inBackground
        self.waitsForModel = waitsForModel
        self.log = log
    }

    /// Processes due jobs until none is left or `shouldStop` says so. Returns how many were done.
    @discardableResult
    public func drain(shouldStop: () -> Bool = { false }, onJobDone: (Job) -> Void = { _ in }) async throws -> Int {
        var done = 0
        try store.releaseDeadLeases()
        while !shouldStop() {
            let count = try await processBatch(onJobDone: onJobDone)
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Claims and fills the jobs that are due: one at a time with the model (each fill shows as
    /// it streams), up to 64 per transaction with the rules. Returns how many were processed.
    public func processBatch(onJobDone: (Job) -> Void = { _ in }) async throws -> Int {
        if inBackground { ThreadPriority.lowerCurrentThread() }
        guard !extractor.usesModel else {
            guard let job = try store.claimJob() else { return 0 }
            try await process(job)
            onJobDone(job)
            return 1
        }
        let jobs = try store.claimJobs(limit: 64)
        var fills: [(job: Job, extraction: Extraction)] = []
        var readable: [Job] = []
        for job in jobs {
            if job.noteText.contains(where: { !$0.isWhitespace }) {
                readable.append(job)
            } else {
                try await process(job)  // records the failure
                onJobDone(job)
            }
        }
        // What was learned is looked up here (the store is used from one thread); the rules read
        // notes on every core at once; the fills are recorded in job order.
        let hints = try readable.map { try store.learnedHints(for: $0.noteText) }
        let extractor = self.extractor
        let inBackground = self.inBackground
        let extractions = await withTaskGroup(of: (Int, Extraction).self) { group in
            for (index, job) in readable.enumerated() {
                group.addTask {
                    if inBackground { ThreadPriority.lowerCurrentThread() }
                    return (index, await extractor.extract(job.noteText, received: job.receivedAt, learned: hints[index]))
                }
            }
            var results = [Extraction?](repeating: nil, count: readable.count)
            for await (index, extraction) in group { results[index] = extraction }
            return results
        }
        for (job, extraction) in zip(readable, extractions) {
            fills.append((job, extraction!))
        }
        do {
            try store.recordFills(fills)
        } catch let error as SQLiteError where error.isTransient {
            // The ledger cannot be written now: the jobs go back to the queue, none fails.
            try? store.putBack(jobs.map(\.id))
            throw error
        } catch {
            // Fall back to one at a time, so one bad fill does not hold back the others.
            for fill in fills { try await process(fill.job) }
        }
        fills.forEach { onJobDone($0.job) }
        return jobs.count
    }

    /// Fills one job's draft. A failure of the note or the model is recorded on the job and draft.
    /// - Throws: `SQLiteError` (`isTransient`) only when the ledger cannot be written (a full disk, an
    ///   I/O error), and `ModelUnreachable` (with `waitsForModel`) when the model cannot be reached:
    ///   the job is then put back in the queue, not failed.
    public func process(_ job: Job) async throws {
        do {
            guard job.noteText.contains(where: { !$0.isWhitespace }) else {
                try store.failJob(job.id, draftID: job.draftID, reason: "the note is empty")
                log("draft \(job.draftID): the note is empty; marked failed")
                return
            }
            let store = self.store
            let learned = try store.learnedHints(for: job.noteText)
            let extraction = await extractor.extract(job.noteText, received: job.receivedAt, learned: learned) { partial in
                try? store.showSnapshot(draftID: job.draftID, partial)
            }
            if waitsForModel, let reason = extraction.modelUnreachable { throw ModelUnreachable(reason: reason) }
            try store.recordFill(draftID: job.draftID, extraction, refill: job.isRefill, completing: job.id)
        } catch let error as SQLiteError where error.isBusy && job.attempts < Self.maximumAttempts {
            log("draft \(job.draftID): the database is busy; retrying")
            try? store.retryJob(job.id, after: Double(job.attempts) * 2, error: error.description)
        } catch let error as SQLiteError where error.isTransient && !error.isBusy {
            // Not the note's fault: it stays queued (putting it back may fail too; then the
            // loop that meets the error takes its own jobs back once the ledger can be written).
            try? store.putBack([job.id])
            throw error
        } catch let error as ModelUnreachable {
            try? store.putBack([job.id])
            throw error
        } catch {
            log("draft \(job.draftID): \(error); marked failed")
            try? store.failJob(job.id, draftID: job.draftID, reason: "\(error)")
        }
    }
}

/// The model could not be reached (an inference server that is down): the job went back to the queue.
public struct ModelUnreachable: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
