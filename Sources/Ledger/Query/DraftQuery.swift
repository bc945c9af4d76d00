import Foundation

/// The review query language: `status:review category:food merchant:lucio amount>20 amount<=100
/// since:2026-11-01 until:2026-11-30 edited` and bare words, searched in the note, merchant and
/// purpose (full text, prefix match). All terms must hold.
public struct DraftQuery: Sendable, Equatable {
    /// One understood term.
    public enum Term: Sendable, Equatable {
        case edited
        case amount(Comparison, Amount)
        case status(DraftStatus)
        case category(Category)
        /// A substring of the merchant, case ignored (ASCII letters, as SQLite's LIKE).
        case merchant(String)
        /// The expense date (else the day the note arrived) on or after / on or before this day (yyyy-MM-dd).
        case since(String)
        case until(String)
        /// A word searched as a prefix in the note, merchant and purpose (full text).
        case word(String)
    }

    public enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">", equal = "="
    }

    public private(set) var terms: [Term] = []
    public var limit: Int?
    /// Only drafts older than this id (the next page after a page ending at it).
    public var before: Int64?

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
            if let parsed = try Self.parse(term) { self.terms.append(parsed) }
        }
    }

    /// The terms written back, one per element, in a form `init` reads as the same query.
    public var printed: [String] {
        terms.map { term in
            switch term {
            case .edited: "edited"
            case .amount(let comparison, let amount): "amount\(comparison.rawValue)\(amount)"
            case .status(let status): "status:\(status.rawValue)"
            case .category(let category): "category:\(category.rawValue)"
            case .merchant(let text): "merchant:\(text)"
            case .since(let day): "since:\(day)"
            case .until(let day): "until:\(day)"
            case .word(let word): word
            }
        }
    }

    private static func parse(_ typed: String) throws -> Term? {
        // SQLite reads a full-text query and a LIKE pattern as C strings: after a NUL, a word would
        // end inside its quotes and a merchant pattern match every merchant. NULs are dropped first,
        // so "edited\0" is `edited` as it prints.
        let term = typed.filter { $0 != "\0" }
        if term == "edited" { return .edited }
        if let match = term.wholeMatch(of: /amount(<=|>=|<|>|=)(.+)/) {
            guard let amount = Amount(String(match.2).replacingOccurrences(of: ",", with: ".")) else {
                throw TermError(term: term, reason: "the amount must be a number, e.g. amount>20")
            }
            return .amount(Comparison(rawValue: String(match.1))!, amount)
        }
        if let colon = term.firstIndex(of: ":"), colon != term.startIndex {
            let key = term[..<colon].lowercased()
            let value = String(term[term.index(after: colon)...])
            switch key {
            case "status":
                guard let status = DraftStatus(rawValue: value.lowercased()) else {
                    throw TermError(term: term, reason: "status is one of " + DraftStatus.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return .status(status)
            case "category":
                guard let category = Category(rawValue: value.lowercased()) else {
                    throw TermError(term: term, reason: "category is one of food, travel, shopping, other")
                }
                return .category(category)
            case "merchant":
                return .merchant(value)
            case "since", "until":
                // Compared as text with the stored yyyy-MM-dd: the day is written that way, whatever the term's digits.
                guard let date = DateResolver.parse(value) else {
                    throw TermError(term: term, reason: "\(key) needs a date like 2026-11-01")
                }
                let day = DateResolver.format(date)
                return key == "since" ? .since(day) : .until(day)
            default:
                throw TermError(term: term, reason: "known terms are status:, category:, merchant:, since:, until:, amount<op>N, edited")
            }
        }
        return term.isEmpty ? nil : .word(term)
    }

    /// The SQL and bindings selecting matching drafts, newest first.
    func sql() -> (String, [SQLiteValue]) {
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        var words: [String] = []
        for term in terms {
            switch term {
            case .edited:
                conditions.append("EXISTS (SELECT 1 FROM field_locks l WHERE l.draft_id = d.id)")
            case .amount(let comparison, let amount):
                conditions.append("d.amount_e4 \(comparison.rawValue) ?")
                bindings.append(.integer(DraftStore.amountE4(amount)))
            case .status(let status):
                conditions.append("d.status = ?")
                bindings.append(.text(status.rawValue))
            case .category(let category):
                conditions.append("d.category = ?")
                bindings.append(.text(category.rawValue))
            case .merchant(let text):
                conditions.append("d.merchant LIKE ? ESCAPE '\\'")
                bindings.append(.text("%" + text.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"))
            case .since(let day), .until(let day):
                // The expense date when known, else the day the note arrived.
                let comparison = if case .since = term { ">=" } else { "<=" }
                conditions.append("coalesce(d.date, substr(n.received_at, 1, 10)) \(comparison) ?")
                bindings.append(.text(day))
            case .word(let word):
                words.append(word)
            }
        }
        if let before {
            conditions.append("d.id < ?")
            bindings.append(.integer(before))
        }
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
