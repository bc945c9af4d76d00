import Foundation

extension DraftStore {
    // MARK: - Reading

    static let draftColumns = """
        d.id, d.status, d.status_reason, d.current_version, d.merchant, d.amount, d.currency, d.category, d.purpose,
        d.date, n.path, n.text, n.missing, n.received_at, d.updated_at,
        (SELECT group_concat(field, ',') FROM field_locks l WHERE l.draft_id = d.id)
        """

    static func draft(from row: SQLiteRow) -> DraftRecord {
        DraftRecord(
            id: row.int(0) ?? 0, status: DraftStatus(rawValue: row.string(1) ?? "") ?? .queued,
            statusReason: row.string(2), version: Int(row.int(3) ?? 0),
            expense: Expense(storedValues: (4...9).map { row.string($0) }),
            locked: Expense.fieldNames.filter { (row.string(15) ?? "").split(separator: ",").map(String.init).contains($0) },
            notePath: row.string(10) ?? "", noteText: row.string(11) ?? "", noteMissing: row.int(12) == 1,
            receivedAt: row.string(13) ?? "", updatedAt: row.string(14) ?? "")
    }

    /// The draft with `id`.
    /// - Throws: `StoreError.noSuchDraft`.
    public func draft(_ id: Int64) throws -> DraftRecord {
        guard let row = try connection.query(
            "SELECT \(Self.draftColumns) FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.id = ?", [.integer(id)]).first
        else { throw StoreError.noSuchDraft(id) }
        return Self.draft(from: row)
    }

    /// Every version of draft `id`, oldest first.
    public func history(_ id: Int64) throws -> [DraftVersion] {
        _ = try draft(id)
        return try connection.query("""
            SELECT version, origin, created_at, model_name, model_sha256, merchant, amount, currency, category, purpose,
                date, confidence, changed, sources, learned
            FROM draft_versions WHERE draft_id = ? ORDER BY version
            """, [.integer(id)]).map { row in
            DraftVersion(
                version: Int(row.int(0) ?? 0), origin: VersionOrigin(rawValue: row.string(1) ?? "") ?? .fill,
                createdAt: row.string(2) ?? "", modelName: row.string(3), modelSHA256: row.string(4),
                expense: Expense(storedValues: (5...10).map { row.string($0) }),
                confidence: Self.decodeObject(row.string(11)), changed: Self.decodeList(row.string(12)),
                sources: Self.decodeSources(row.string(13)), learned: Self.decodeStrings(row.string(14)))
        }
    }

    /// The confidence of each field in the current version (fields a person set count as 1).
    public func confidence(_ id: Int64) throws -> [String: Double] {
        let record = try draft(id)
        guard let version = try history(id).last(where: { $0.version == record.version }) else { return [:] }
        var confidence = version.confidence
        for field in record.locked { confidence[field] = 1 }
        return confidence
    }

    /// Who set each field's current value: its source in the version that last changed it
    /// (a model fill's amount read by rules is `rules`).
    public func fieldSources(_ id: Int64) throws -> [String: FieldSource] {
        var sources: [String: FieldSource] = [:]
        for version in try history(id) {
            for field in version.changed { sources[field] = version.source(of: field) }
        }
        return sources
    }

    /// For each field whose current value was learned, what it was learned from.
    public func learnedEvidence(_ id: Int64) throws -> [String: String] {
        var evidence: [String: String] = [:]
        for version in try history(id) {
            for field in version.changed { evidence[field] = version.learned[field] }
        }
        return evidence
    }

    // MARK: - Review

    /// Applies a person's corrections as a new `edit` version and locks the fields it touches.
    /// - Parameter changes: field names and typed values (an empty value clears the field).
    /// - Throws: `FieldValueError` (nothing changes), `StoreError.noSuchDraft`.
    @discardableResult
    public func edit(_ id: Int64, changes: [(field: String, value: String)]) throws -> Int {
        try connection.transaction {
            let current = try currentValues(id)
            var expense = current.expense
            for change in changes {
                try expense.set(change.field, to: change.value)
            }
            let status: DraftStatus = current.status == .failed || current.status == .queued ? .review : current.status
            let version = try appendVersion(draftID: id, previous: current, expense: expense, origin: .edit, model: nil,
                                            confidence: [:], status: status, reason: try reason(id))
            let now = Timestamp.now()
            let fields = Set(changes.map(\.field))
            try recordCorrections(draftID: id, version: version, before: current.expense, after: expense, fields: fields, at: now)
            for field in fields {
                try connection.run("""
                    INSERT INTO field_locks (draft_id, field, version, locked_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (draft_id, field) DO UPDATE SET version = excluded.version, locked_at = excluded.locked_at
                    """, [.integer(id), .text(field), .integer(Int64(version)), .text(now)])
            }
            return version
        }
    }

    /// Marks drafts approved. - Throws: `StoreError.noSuchDraft` for the first unknown id (none is changed).
    public func approve(_ ids: [Int64]) throws {
        try connection.transaction {
            for id in ids where try connection.query("SELECT 1 FROM drafts WHERE id = ?", [.integer(id)]).isEmpty {
                throw StoreError.noSuchDraft(id)
            }
            for id in ids {
                try connection.run("UPDATE drafts SET status = 'approved', status_reason = NULL, updated_at = ? WHERE id = ?",
                                   [.text(Timestamp.now()), .integer(id)])
            }
        }
    }

    private func reason(_ id: Int64) throws -> String? {
        try connection.query("SELECT status_reason FROM drafts WHERE id = ?", [.integer(id)]).first?.string(0)
    }

    // MARK: - JSON columns

    static func decodeObject(_ text: String?) -> [String: Double] {
        guard let data = text?.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    static func decodeSources(_ text: String?) -> [String: FieldSource] {
        decodeStrings(text).compactMapValues(FieldSource.init(rawValue:))
    }

    static func decodeStrings(_ text: String?) -> [String: String] {
        guard let data = text?.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else { return [:] }
        return object
    }

    static func decodeList(_ text: String?) -> [String] {
        guard let data = text?.data(using: .utf8), let list = try? JSONSerialization.jsonObject(with: data) as? [String]
        else { return [] }
        return list
    }
}
