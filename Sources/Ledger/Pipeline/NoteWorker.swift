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

    /// Claims and fills the jobs that are due: with the model one at a time (each fill shows as it
    /// streams), or as many at once as the model serves (an inference server's slots,
    /// `processConcurrently`); up to 64 per transaction with the rules. Returns how many were processed.
    public func processBatch(onJobDone: (Job) -> Void = { _ in }) async throws -> Int {
        if inBackground { ThreadPriority.lowerCurrentThread() }
        guard !extractor.usesModel else {
            if extractor.parallelRequests > 1 {
                return try await processConcurrently(width: extractor.parallelRequests, onJobDone: onJobDone)
            }
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
        try await settling(job) {
            guard try !failedAsEmpty(job) else { return }
            let store = self.store
            let learned = try store.learnedHints(for: job.noteText)
            let extraction = await extractor.extract(job.noteText, received: job.receivedAt, learned: learned) { partial in
                try? store.showSnapshot(draftID: job.draftID, partial)
            }
            try record(extraction, of: job)
        }
    }

    /// Keeps `width` fills in flight, claiming the next job as each one ends, so one slow note
    /// holds back no other. Snapshots and fills are written here, on the caller's thread (the
    /// store is used from one), as they arrive from the fills. Stops claiming after 4 × `width`
    /// jobs, so the caller's loop gets its turn (checkpoints, a backlog of notes, a stop), and at
    /// the first failure that is not the note's (the model unreachable, the ledger unwritable):
    /// the fills in flight end, each settled as `process` would, and the failure is thrown.
    private func processConcurrently(width: Int, onJobDone: (Job) -> Void) async throws -> Int {
        enum Event: Sendable {
            case snapshot(Int, Expense)
            case finished(Int, Extraction)
        }
        let (events, continuation) = AsyncStream<Event>.makeStream()
        let extractor = self.extractor
        let inBackground = self.inBackground
        var jobs: [Int: Job] = [:]
        var started = 0
        var done = 0
        var stop: (any Error)?
        let count = await withTaskGroup(of: Void.self) { group in
            /// Claims the next job and starts its fill; false when none is due or claiming stopped.
            func startNext() -> Bool {
                guard stop == nil, started < 4 * width else { return false }
                do {
                    guard let job = try store.claimJob() else { return false }
                    if try failedAsEmpty(job) {
                        onJobDone(job)
                        done += 1
                        return true
                    }
                    let hints = try store.learnedHints(for: job.noteText)
                    let index = started
                    started += 1
                    jobs[index] = job
                    group.addTask {
                        if inBackground { ThreadPriority.lowerCurrentThread() }
                        let extraction = await extractor.extract(job.noteText, received: job.receivedAt, learned: hints) { partial in
                            continuation.yield(.snapshot(index, partial))
                        }
                        continuation.yield(.finished(index, extraction))
                    }
                    return true
                } catch {
                    stop = error
                    return false
                }
            }
            while jobs.count < width, startNext() {}
            if jobs.isEmpty { continuation.finish() }
            for await event in events {
                switch event {
                case .snapshot(let index, let partial):
                    if let job = jobs[index] { try? store.showSnapshot(draftID: job.draftID, partial) }
                case .finished(let index, let extraction):
                    guard let job = jobs.removeValue(forKey: index) else { continue }
                    do {
                        try await settling(job) { try record(extraction, of: job) }
                        onJobDone(job)
                        done += 1
                    } catch {
                        if stop == nil { stop = error }
                    }
                    while jobs.count < width, startNext() {}
                    if jobs.isEmpty { continuation.finish() }
                }
            }
            return done
        }
        if let stop { throw stop }
        return count
    }

    /// Marks a job whose note is empty (or only whitespace) failed; false for a note with text.
    private func failedAsEmpty(_ job: Job) throws -> Bool {
        guard !job.noteText.contains(where: { !$0.isWhitespace }) else { return false }
        try store.failJob(job.id, draftID: job.draftID, reason: "the note is empty")
        log("draft \(job.draftID): the note is empty; marked failed")
        return true
    }

    /// The fill of `job` into its draft; with `waitsForModel`, a model that could not be reached
    /// puts nothing in the draft.
    private func record(_ extraction: Extraction, of job: Job) throws {
        if waitsForModel, let reason = extraction.modelUnreachable { throw ModelUnreachable(reason: reason) }
        try store.recordFill(draftID: job.draftID, extraction, refill: job.isRefill, completing: job.id)
    }

    /// Runs `body` for `job`; a failure of the note or the model is recorded on the job and draft,
    /// one that is not the note's puts the job back and is thrown (see `process`).
    private func settling(_ job: Job, _ body: () async throws -> Void) async throws {
        do {
            try await body()
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
