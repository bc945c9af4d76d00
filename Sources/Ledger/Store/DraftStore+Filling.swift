import Foundation
import Guided

extension DraftStore {
    // MARK: - Filling

    /// Shows a partial extraction on the draft while the model writes (status `filling`).
    /// Locked fields keep the person's value; no version is recorded until the fill completes.
    public func showSnapshot(draftID: Int64, _ partial: Expense) throws {
        try connection.transaction {
            let locked = try lockedFields(draftID)
            var assignments = ["status = 'filling'", "updated_at = ?"]
            var values: [SQLiteValue] = [.text(Timestamp.now())]
            for field in Expense.fieldNames where !locked.contains(field) {
                guard let text = partial.text(of: field) else { continue }
                assignments.append("\(field) = ?")
                values.append(.text(text))
                if field == "amount" {
                    assignments.append("amount_e4 = ?")
                    values.append(.optional(partial.amount.map(Self.amountE4)))
                }
            }
            values.append(.integer(draftID))
            try connection.run("UPDATE drafts SET \(assignments.joined(separator: ", ")) WHERE id = ?", values)
        }
    }

    /// Records a completed extraction as a new version. Locked fields keep the person's last
    /// value; every other field takes the extraction's. Returns the new version number.
    /// - Parameter job: a job this fill completes, marked done in the same transaction.
    @discardableResult
    public func recordFill(draftID: Int64, _ extraction: Extraction, refill: Bool, completing job: Int64? = nil) throws -> Int {
        try connection.transaction {
            try applyFill(draftID: draftID, extraction, refill: refill, completing: job)
        }
    }

    /// Records several completed fills, and completes their jobs, in one transaction.
    public func recordFills(_ fills: [(job: Job, extraction: Extraction)]) throws {
        try connection.transaction {
            for fill in fills {
                _ = try applyFill(draftID: fill.job.draftID, fill.extraction, refill: fill.job.isRefill, completing: fill.job.id)
            }
        }
    }

    private func applyFill(draftID: Int64, _ extraction: Extraction, refill: Bool, completing job: Int64?) throws -> Int {
        if let job {
            try connection.run("UPDATE jobs SET state = 'done', lease_until = NULL, updated_at = ? WHERE id = ?",
                               [.text(Timestamp.now()), .integer(job)])
        }
        let current = try currentValues(draftID)
        let locked = try lockedFields(draftID)
        var merged = extraction.expense
        for field in locked {
            try merged.set(field, to: current.expense.text(of: field) ?? "")
        }
        let origin: VersionOrigin
        let model: ModelIdentity?
        switch extraction.origin {
        case .model(let identity):
            origin = refill ? .refill : .fill
            model = identity
        case .rules:
            origin = .rules
            model = nil
        }
        let needsReview = !extraction.reviewReasons.isEmpty || origin == .rules
        let status: DraftStatus = needsReview ? .review : .ready
        let reason = extraction.reviewReasons.isEmpty ? nil : extraction.reviewReasons.joined(separator: "; ")
        let confidence = extraction.confidence.filter { !locked.contains($0.key) }
        // Before the first version the search row holds the note alone (see `appendVersion`).
        let note = current.version == 0 ? try connection.query(
            "SELECT n.text FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.id = ?", [.integer(draftID)]).first?.string(0) : nil
        let sources = extraction.sources.filter { !locked.contains($0.key) }
        let learned = extraction.learned.filter { !locked.contains($0.key) }
        return try appendVersion(draftID: draftID, previous: current, expense: merged, origin: origin, model: model,
                                 confidence: confidence, sources: sources, learned: learned, status: status, reason: reason,
                                 searchRowHoldsOnly: note)
    }

    /// Marks a draft `failed` with the reason; the note and earlier versions stay.
    public func recordFailure(draftID: Int64, reason: String) throws {
        try connection.transaction {
            try connection.run("UPDATE drafts SET status = 'failed', status_reason = ?, updated_at = ? WHERE id = ?",
                               [.text(reason), .text(Timestamp.now()), .integer(draftID)])
        }
    }

    // MARK: - Shared by fills and edits

    struct CurrentValues {
        let version: Int
        let expense: Expense
        let status: DraftStatus
    }

    func currentValues(_ draftID: Int64) throws -> CurrentValues {
        // The last version's values: what the draft holds once snapshots are settled.
        guard let row = try connection.query("SELECT current_version, status FROM drafts WHERE id = ?", [.integer(draftID)]).first else {
            throw StoreError.noSuchDraft(draftID)
        }
        let version = Int(row.int(0) ?? 0)
        let status = DraftStatus(rawValue: row.string(1) ?? "") ?? .queued
        guard version > 0, let values = try connection.query("""
            SELECT merchant, amount, currency, category, purpose, date FROM draft_versions WHERE draft_id = ? AND version = ?
            """, [.integer(draftID), .integer(Int64(version))]).first else {
            return CurrentValues(version: 0, expense: Expense(), status: status)
        }
        return CurrentValues(version: version, expense: Expense(storedValues: (0..<6).map { values.string($0) }), status: status)
    }

    func lockedFields(_ draftID: Int64) throws -> Set<String> {
        Set(try connection.query("SELECT field FROM field_locks WHERE draft_id = ?", [.integer(draftID)]).compactMap { $0.string(0) })
    }

    /// Appends a version and makes it current, with the draft's columns and search text.
    /// - Parameter note: the note's text, when the draft's search row holds only it (as intake
    ///   wrote it, before a first version). If the merchant and purpose add no word to it, the row
    ///   is left so: every search finds the same drafts, and the fill skips rewriting the row
    ///   (FTS5 updates a row by deleting and inserting it: about a quarter of the time it takes to
    ///   record a rules fill).
    func appendVersion(draftID: Int64, previous: CurrentValues, expense: Expense, origin: VersionOrigin,
                       model: ModelIdentity?, confidence: [String: Double], sources: [String: FieldSource] = [:],
                       learned: [String: String] = [:], status: DraftStatus, reason: String?, searchRowHoldsOnly note: String? = nil) throws -> Int {
        let version = previous.version + 1
        let changed = Expense.fieldNames.filter { expense.text(of: $0) != previous.expense.text(of: $0) }
        let now = Timestamp.now()
        let confidenceJSON = "{" + confidence.keys.sorted().map { "\"\($0)\": \(Self.threeDecimals(confidence[$0]!))" }
            .joined(separator: ", ") + "}"
        let changedJSON = "[" + changed.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let sourcesJSON = "{" + sources.keys.sorted().map { "\"\($0)\": \"\(sources[$0]!.rawValue)\"" }
            .joined(separator: ", ") + "}"
        let values = Expense.fieldNames.map { SQLiteValue.optional(expense.text(of: $0)) }
        // Most versions learned nothing: the column's default then, without encoding JSON.
        let learnedJSON = learned.isEmpty ? "{}" : String(decoding: try JSONSerialization.data(
            withJSONObject: learned, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        try connection.run("""
            INSERT INTO draft_versions (draft_id, version, origin, created_at, model_name, model_sha256,
                merchant, amount, currency, category, purpose, date, confidence, changed, sources, learned)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(draftID), .integer(Int64(version)), .text(origin.rawValue), .text(now),
                  .optional(model?.name), .optional(model?.sha256)] + values
                + [.text(confidenceJSON), .text(changedJSON), .text(sourcesJSON), .text(learnedJSON)])
        try connection.run("""
            UPDATE drafts SET current_version = ?, status = ?, status_reason = ?, merchant = ?, amount = ?, amount_e4 = ?,
                currency = ?, category = ?, purpose = ?, date = ?, updated_at = ? WHERE id = ?
            """, [.integer(Int64(version)), .text(status.rawValue), .optional(reason), values[0], values[1],
                  .optional(expense.amount.map(Self.amountE4)), values[2], values[3], values[4], values[5], .text(now),
                  .integer(draftID)])
        if let note, SearchWords(note).holdsAll(expense.merchant, expense.purpose) { return version }
        try connection.run("UPDATE drafts_fts SET merchant = ?, purpose = ? WHERE rowid = ?",
                           [.text(expense.merchant ?? ""), .text(expense.purpose ?? ""), .integer(draftID)])
        return version
    }

    /// A value in 0...1 as "0.905" (what `String(format: "%.3f")` writes, without its cost per fill).
    static func threeDecimals(_ value: Double) -> String {
        guard value.isFinite else { return "0.000" }
        let thousandths = Int((min(max(value, 0), 1) * 1000).rounded())
        return "\(thousandths / 1000).\((thousandths % 1000).zeroPadded(to: 3))"
    }

    /// The amount times 10^4 as an integer, for exact comparison in SQL.
    public static func amountE4(_ amount: Amount) -> Int64 {
        var scaled = amount.value * 10_000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}

/// The words full-text search finds in a text, to tell whether other values add any.
///
/// Search is by word prefix over SQLite's `unicode61` tokens (ASCII punctuation and spaces
/// separate words; case and diacritics are ignored). A value written in ASCII whose every word is
/// a whole word of the text adds nothing a search could find. Anything else counts as adding
/// words: here a non-ASCII character never separates words, so a doubtful case is written.
struct SearchWords {
    private let words: Set<Substring>

    init(_ text: String) {
        words = Set(Self.split(text.lowercased()))
    }

    /// True when every word of each value is a word of the text (nil and empty add nothing).
    func holdsAll(_ values: String?...) -> Bool {
        values.allSatisfy { value in
            guard let value else { return true }
            return value.allSatisfy(\.isASCII) && Self.split(value.lowercased()).allSatisfy(words.contains)
        }
    }

    private static func split(_ text: String) -> [Substring] {
        text.split { $0.isASCII && !$0.isLetterQuick && !$0.isNumberQuick }
    }
}
