import Foundation

/// The review query language: `status:review category:food merchant:lucio amount>20 amount<=100
/// since:2026-11-01 until:2026-11-30 edited` and bare words, searched in the note, merchant and
/// purpose (full text, prefix match). All terms must hold.
public struct DraftQuery: Sendable, Equatable {
    var conditions: [String] = []
    var bindings: [SQLiteValue] = []
    var words: [String] = []
    public var limit: Int?

    /// A term that cannot be understood.
    public struct TermError: Error, CustomStringConvertible, Sendable {
        public let term: String
        public let reason: String
        public var description: String { "cannot understand '\(term)': \(reason)" }
    }

    /// Parses `terms`. - Throws: `TermError` naming the term and what was expected.
    public init(_ terms: [String], limit: Int? = nil) throws {
        self.limit = limit
        for term in terms {
            try add(term)
        }
    }

    private mutating func add(_ term: String) throws {
        if term == "edited" {
            conditions.append("EXISTS (SELECT 1 FROM field_locks l WHERE l.draft_id = d.id)")
            return
        }
        if let match = term.wholeMatch(of: /amount(<=|>=|<|>|=)(.+)/) {
            guard let amount = Amount(String(match.2).replacingOccurrences(of: ",", with: ".")) else {
                throw TermError(term: term, reason: "the amount must be a number, e.g. amount>20")
            }
            conditions.append("d.amount_e4 \(match.1) ?")
            bindings.append(.integer(DraftStore.amountE4(amount)))
            return
        }
        if let colon = term.firstIndex(of: ":"), colon != term.startIndex {
            let key = term[..<colon].lowercased()
            let value = String(term[term.index(after: colon)...])
            switch key {
            case "status":
                guard let status = DraftStatus(rawValue: value.lowercased()) else {
                    throw TermError(term: term, reason: "status is one of " + DraftStatus.allCases.map(\.rawValue).joined(separator: ", "))
                }
                conditions.append("d.status = ?")
                bindings.append(.text(status.rawValue))
            case "category":
                guard let category = Category(rawValue: value.lowercased()) else {
                    throw TermError(term: term, reason: "category is one of food, travel, shopping, other")
                }
                conditions.append("d.category = ?")
                bindings.append(.text(category.rawValue))
            case "merchant":
                conditions.append("d.merchant LIKE ? ESCAPE '\\'")
                bindings.append(.text("%" + value.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"))
            case "since", "until":
                guard DateResolver.parse(value) != nil else {
                    throw TermError(term: term, reason: "\(key) needs a date like 2026-11-01")
                }
                // The expense date when known, else the day the note arrived.
                conditions.append("coalesce(d.date, substr(n.received_at, 1, 10)) \(key == "since" ? ">=" : "<=") ?")
                bindings.append(.text(value))
            default:
                throw TermError(term: term, reason: "known terms are status:, category:, merchant:, since:, until:, amount<op>N, edited")
            }
            return
        }
        // SQLite reads a full-text query as a C string: a NUL would end it inside its quotes.
        let word = term.filter { $0 != "\0" }
        if !word.isEmpty { words.append(word) }
    }

    /// The SQL and bindings selecting matching drafts, newest first.
    func sql() -> (String, [SQLiteValue]) {
        var conditions = self.conditions
        var bindings = self.bindings
        if !words.isEmpty {
            // Each word a quoted prefix query, so punctuation in it is not FTS syntax.
            let match = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
            conditions.insert("d.id IN (SELECT rowid FROM drafts_fts WHERE drafts_fts MATCH ?)", at: 0)
            bindings.insert(.text(match), at: 0)
        }
        var sql = "SELECT \(DraftStore.draftColumns) FROM drafts d JOIN notes n ON n.id = d.note_id"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY d.id DESC"
        if let limit {
            sql += " LIMIT ?"
            bindings.append(.integer(Int64(limit)))
        }
        return (sql, bindings)
    }
}

extension DraftStore {
    /// The drafts matching `query`, newest first.
    public func drafts(matching query: DraftQuery) throws -> [DraftRecord] {
        let (sql, bindings) = query.sql()
        return try connection.query(sql, bindings).map(Self.draft(from:))
    }

    /// Lets SQLite refresh the statistics its query planner reads (`PRAGMA optimize`). It analyzes
    /// only the tables this connection searched through an index that were never analyzed or have
    /// grown 25-fold since, so it usually does nothing, and costs ~2 s per million drafts when it
    /// does. Without statistics a search such as `category:food amount>20` walks the category index
    /// and sorts a quarter of the ledger instead of reading drafts newest first until it has enough:
    /// 2 s instead of 30 ms on a million drafts.
    public func refreshQueryStatistics() throws {
        try connection.execute("PRAGMA optimize")
    }
}
