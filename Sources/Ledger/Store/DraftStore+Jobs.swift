import Foundation

/// A unit of work from the queue: fill or refill one draft from its note.
public struct Job: Sendable, Equatable {
    public let id: Int64
    public let draftID: Int64
    public let isRefill: Bool
    public let attempts: Int
    public let noteText: String
    public let receivedAt: Date
}

extension DraftStore {
    /// Claims the oldest job that is due (pending, or running with an expired lease, as after a
    /// crash) and leases it for `lease` seconds. Nil when none is due.
    public func claimJob(lease: TimeInterval = 120, now: Date = Date()) throws -> Job? {
        try claimJobs(limit: 1, lease: lease, now: now).first
    }

    /// Claims up to `limit` due jobs, oldest first, in one transaction.
    public func claimJobs(limit: Int, lease: TimeInterval = 120, now: Date = Date()) throws -> [Job] {
        try connection.transaction {
            let nowText = Timestamp.string(now)
            // Two indexed look-ups rather than one OR, which would scan the whole queue.
            let columns = "SELECT j.id, j.draft_id, j.kind, j.attempts, n.text, n.received_at FROM jobs j "
                + "JOIN drafts d ON d.id = j.draft_id JOIN notes n ON n.id = d.note_id "
            var rows = try connection.query(
                columns + "WHERE j.state = 'pending' AND j.available_at <= ? ORDER BY j.available_at, j.id LIMIT ?",
                [.text(nowText), .integer(Int64(limit))])
            if rows.count < limit {
                rows += try connection.query(
                    columns + "WHERE j.state = 'running' AND j.lease_until <= ? ORDER BY j.id LIMIT ?",
                    [.text(nowText), .integer(Int64(limit - rows.count))])
            }
            let until = Timestamp.string(now.addingTimeInterval(lease))
            return try rows.map { row in
                let id = row.int(0)!
                try connection.run("""
                    UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ?, lease_owner = ?, updated_at = ?
                    WHERE id = ?
                    """, [.text(until), .text(Self.leaseOwner), .text(nowText), .integer(id)])
                return Job(id: id, draftID: row.int(1)!, isRefill: row.string(2) == "refill", attempts: Int(row.int(3) ?? 0) + 1,
                           noteText: row.string(4) ?? "", receivedAt: Timestamp.date(row.string(5) ?? "") ?? now)
            }
        }
    }

    /// This process as a lease owner: "host:pid".
    static let leaseOwner = "\(ProcessInfo.processInfo.hostName):\(getpid())"

    /// Puts back the running jobs of processes on this host that no longer exist (killed or
    /// crashed), so they are taken again at once. Returns how many.
    @discardableResult
    public func releaseDeadLeases() throws -> Int {
        let host = ProcessInfo.processInfo.hostName + ":"
        return try connection.transaction {
            var released = 0
            for row in try connection.query("SELECT id, lease_owner FROM jobs WHERE state = 'running'") {
                guard let owner = row.string(1), owner.hasPrefix(host), let pid = Int32(owner.dropFirst(host.count)),
                      kill(pid, 0) != 0 && errno == ESRCH else { continue }
                released += try connection.run("""
                    UPDATE jobs SET state = 'pending', lease_until = NULL, lease_owner = NULL, updated_at = ? WHERE id = ?
                    """, [.text(Timestamp.now()), .integer(row.int(0)!)])
                try settleInterruptedFill(job: row.int(0)!)
            }
            return released
        }
    }

    /// Puts claimed jobs back, as they were before the claim: the ledger, not the note, failed
    /// them (a full disk), so the attempt does not count.
    public func putBack(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try connection.transaction {
            for id in ids {
                try connection.run("""
                    UPDATE jobs SET state = 'pending', attempts = max(attempts - 1, 0), lease_until = NULL, lease_owner = NULL,
                        updated_at = ? WHERE id = ? AND state = 'running'
                    """, [.text(Timestamp.now()), .integer(id)])
                try settleInterruptedFill(job: id)
            }
        }
    }

    /// A draft whose fill was cut off (its job put back while the model was writing: status
    /// `filling`) shows its last version again, or nothing when it has none, and `queued`: the
    /// partial values streamed so far are not kept as if read. Locked fields keep the person's value.
    private func settleInterruptedFill(job: Int64) throws {
        guard let row = try connection.query(
            "SELECT d.id FROM jobs j JOIN drafts d ON d.id = j.draft_id WHERE j.id = ? AND d.status = 'filling'", [.integer(job)]).first,
            let draftID = row.int(0) else { return }
        let last = try currentValues(draftID)
        let locked = try lockedFields(draftID)
        var assignments = ["status = 'queued'", "updated_at = ?"]
        var values: [SQLiteValue] = [.text(Timestamp.now())]
        for field in Expense.fieldNames where !locked.contains(field) {
            assignments.append("\(field) = ?")
            values.append(.optional(last.expense.text(of: field)))
            if field == "amount" {
                assignments.append("amount_e4 = ?")
                values.append(.optional(last.expense.amount.map(Self.amountE4)))
            }
        }
        try connection.run("UPDATE drafts SET \(assignments.joined(separator: ", ")) WHERE id = ?", values + [.integer(draftID)])
    }

    /// Puts back the jobs this process holds: for a worker that holds none between batches, those
    /// are jobs it could not put back itself (the ledger could not be written then). Returns how many.
    @discardableResult
    public func releaseOwnLeases() throws -> Int {
        try connection.transaction {
            let held = try connection.query("SELECT id FROM jobs WHERE state = 'running' AND lease_owner = ?", [.text(Self.leaseOwner)])
                .compactMap { $0.int(0) }
            let released = try connection.run("""
                UPDATE jobs SET state = 'pending', attempts = max(attempts - 1, 0), lease_until = NULL, lease_owner = NULL,
                    updated_at = ? WHERE state = 'running' AND lease_owner = ?
                """, [.text(Timestamp.now()), .text(Self.leaseOwner)])
            for id in held { try settleInterruptedFill(job: id) }
            return released
        }
    }

    /// Marks a job done.
    public func completeJob(_ id: Int64) throws {
        try connection.transaction {
            try connection.run("UPDATE jobs SET state = 'done', lease_until = NULL, updated_at = ? WHERE id = ?",
                               [.text(Timestamp.now()), .integer(id)])
        }
    }

    /// Puts a job back for another try after `delay` seconds (a transient failure).
    public func retryJob(_ id: Int64, after delay: TimeInterval, error: String) throws {
        try connection.transaction {
            try connection.run("""
                UPDATE jobs SET state = 'pending', lease_until = NULL, available_at = ?, last_error = ?, updated_at = ? WHERE id = ?
                """, [.text(Timestamp.string(Date().addingTimeInterval(delay))), .text(error), .text(Timestamp.now()), .integer(id)])
        }
    }

    /// Gives a job up: the job is `failed` and its draft `failed` with the reason; the note stays.
    public func failJob(_ id: Int64, draftID: Int64, reason: String) throws {
        try connection.transaction {
            try connection.run("UPDATE jobs SET state = 'failed', lease_until = NULL, last_error = ?, updated_at = ? WHERE id = ?",
                               [.text(reason), .text(Timestamp.now()), .integer(id)])
            try connection.run("UPDATE drafts SET status = 'failed', status_reason = ?, updated_at = ? WHERE id = ?",
                               [.text(reason), .text(Timestamp.now()), .integer(draftID)])
        }
    }

    /// Queues refills of the given drafts (or of every draft when `ids` is nil). Returns how many.
    @discardableResult
    public func enqueueRefill(_ ids: [Int64]?) throws -> Int {
        try connection.transaction {
            let targets = try ids ?? connection.query("SELECT id FROM drafts ORDER BY id").compactMap { $0.int(0) }
            let now = Timestamp.now()
            for id in targets {
                guard try !connection.query("SELECT 1 FROM drafts WHERE id = ?", [.integer(id)]).isEmpty else {
                    throw StoreError.noSuchDraft(id)
                }
                try enqueue(draftID: id, kind: "refill", now: now)
            }
            return targets.count
        }
    }

    /// Jobs waiting or running.
    public func pendingJobCount() throws -> Int {
        Int(try connection.query("SELECT count(*) FROM jobs WHERE state IN ('pending', 'running')").first?.int(0) ?? 0)
    }
}
