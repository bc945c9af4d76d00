import Foundation

/// What the ledger learned about one merchant, as `learned` lists it.
public struct LearnedMerchant: Sendable, Equatable {
    /// The name as the user last wrote it (or as the draft had it when the user set its category).
    public var merchant: String
    /// The folded name learning compares (`MerchantKey`).
    public var key: String
    /// What a new note naming the merchant gets for its category (nil: no category edits).
    public var category: LearnedHints.CategoryHint?
    /// Other ways the name was written that the user renamed to it.
    public var aliases: [String]
    /// Edits of the merchant's drafts kept as evidence (not forgotten).
    public var edits: Int
    /// When the last of them was made (ISO-8601).
    public var lastEdit: String
    /// `learned never`: nothing about it is applied.
    public var never: Bool
}

extension DraftStore {
    // MARK: - Evidence (written by `edit` only)

    /// Keeps the merchant and category changes of an edit as evidence, in the edit's transaction.
    /// - Parameter fields: the fields the user gave values for (a category typed again, unchanged,
    ///   is still the user's category for that merchant).
    func recordCorrections(draftID: Int64, version: Int, before: Expense, after: Expense, fields: Set<String>,
                           at now: String) throws {
        let merchant = after.merchant
        let key = MerchantKey.of(merchant)
        if fields.contains("merchant") {
            let written = try renamed(draftID: draftID, from: before.merchant, to: merchant)
            try insertCorrection(draftID: draftID, version: version, field: "merchant", old: before.merchant,
                                 new: merchant, merchant: merchant, key: key, written: written, at: now)
            // The draft's category evidence now belongs to the user's name for it.
            if before.merchant != merchant {
                try connection.run("UPDATE corrections SET merchant = ?, merchant_key = ? WHERE draft_id = ? AND field = 'category'",
                                   [.optional(merchant), .optional(key), .integer(draftID)])
            }
        }
        if fields.contains("category") {
            try insertCorrection(draftID: draftID, version: version, field: "category", old: before.category?.rawValue,
                                 new: after.category?.rawValue, merchant: merchant, key: key, written: nil, at: now)
        }
    }

    /// The folded name a merchant edit renames, to be an alias of the user's name: "AMZN Mktp
    /// US*2K4" → "Amazon", "ACME TRADING LTD" → "Acme". Not when the edit corrects a wrong pick
    /// instead (the user's name is written elsewhere in the note: "dinner" → "Blue Finch" in
    /// "dinner at Blue Finch"), when the old value is a common word ("parking"), or when the
    /// user cleared the name: those would put the user's name on unrelated notes.
    private func renamed(draftID: Int64, from old: String?, to new: String?) throws -> String? {
        guard let old, let oldKey = MerchantKey.of(old), let newKey = MerchantKey.of(new),
              !MerchantLexicon.isGeneric(old) else { return nil }
        if (" " + oldKey + " ").contains(" " + newKey + " ") { return oldKey }
        let note = try connection.query("SELECT n.text FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.id = ?",
                                        [.integer(draftID)]).first?.string(0) ?? ""
        return MerchantKey.candidates(in: note).contains(newKey) ? nil : oldKey
    }

    private func insertCorrection(draftID: Int64, version: Int, field: String, old: String?, new: String?,
                                  merchant: String?, key: String?, written: String?, at now: String) throws {
        try connection.run("""
            INSERT INTO corrections (draft_id, version, field, old_value, new_value, merchant, merchant_key, written_key, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(draftID), .integer(Int64(version)), .text(field), .optional(old), .optional(new),
                  .optional(merchant), .optional(key), .optional(written), .text(now)])
    }

    // MARK: - Switches

    /// Whether what was learned is applied to new fills (`learned off` / `on`; on by default).
    public func learningIsOn() throws -> Bool {
        try Self.learningIsOn(connection)
    }

    /// The same on any connection to a ledger of schema 7 or later (`doctor` reads one read-only).
    public static func learningIsOn(_ connection: SQLiteConnection) throws -> Bool {
        try connection.query("SELECT value FROM settings WHERE key = 'learning'").first?.string(0) != "off"
    }

    /// Switches learning for the whole ledger. Edits are kept as evidence either way.
    public func setLearning(on: Bool) throws {
        try connection.transaction {
            try connection.run("INSERT INTO settings (key, value) VALUES ('learning', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               [.text(on ? "on" : "off")])
        }
    }

    /// `learned never MERCHANT`: nothing learned about it is applied (its edits are still kept).
    /// - Throws: `LearningError.notAName`.
    public func neverLearn(_ merchant: String) throws {
        let key = try Self.key(merchant)
        try connection.transaction {
            try connection.run("""
                INSERT INTO learning_exclusions (merchant_key, merchant, created_at) VALUES (?, ?, ?)
                ON CONFLICT (merchant_key) DO UPDATE SET merchant = excluded.merchant
                """, [.text(key), .text(merchant.trimmingCharacters(in: .whitespaces)), .text(Timestamp.now())])
        }
    }

    /// Undoes `neverLearn`. Returns false when the merchant was not excluded.
    public func allowLearning(_ merchant: String) throws -> Bool {
        let key = try Self.key(merchant)
        return try connection.transaction {
            try connection.run("DELETE FROM learning_exclusions WHERE merchant_key = ?", [.text(key)]) > 0
        }
    }

    /// `learned forget MERCHANT`: its edits stay in the ledger but are no longer learned from
    /// (as a category's merchant, or as a name the user renamed). Returns how many were dropped.
    public func forgetLearned(_ merchant: String) throws -> Int {
        let key = try Self.key(merchant)
        return try connection.transaction {
            try connection.run("UPDATE corrections SET forgotten = 1 WHERE forgotten = 0 AND (merchant_key = ? OR written_key = ?)",
                               [.text(key), .text(key)])
        }
    }

    private static func key(_ merchant: String) throws -> String {
        guard let key = MerchantKey.of(merchant) else { throw LearningError.notAName(merchant) }
        return key
    }

    // MARK: - Applying

    /// What was learned that applies to `note`: the longest merchant name the user gave or renamed
    /// that the note contains, and what the user's category edits of it say. `.none` when learning
    /// is off, or nothing matches, or the merchant is excluded.
    public func learnedHints(for note: String) throws -> LearnedHints {
        guard try learningIsOn() else { return .none }
        let candidates = Array(MerchantKey.candidates(in: note))
        guard !candidates.isEmpty else { return .none }
        let excluded = Set(try connection.query("SELECT merchant_key FROM learning_exclusions").compactMap { $0.string(0) })
        // Per candidate, one index step each: the newest rename of it, and whether any edit names it.
        let values = [String](repeating: "(?)", count: candidates.count).joined(separator: ", ")
        var aliases: [String: (name: String, written: String, at: String)] = [:]
        var known: [String] = []
        for row in try connection.query("""
            WITH candidate(k) AS (VALUES \(values))
            SELECT k, (SELECT id FROM corrections WHERE written_key = k AND field = 'merchant' AND forgotten = 0
                       AND new_value IS NOT NULL ORDER BY id DESC LIMIT 1),
                   EXISTS (SELECT 1 FROM corrections WHERE merchant_key = k AND forgotten = 0)
            FROM candidate
            """, candidates.map(SQLiteValue.text)) {
            guard let key = row.string(0) else { continue }
            if row.int(2) == 1 { known.append(key) }
            if let id = row.int(1), let alias = try connection.query(
                "SELECT new_value, old_value, created_at FROM corrections WHERE id = ?", [.integer(id)]).first {
                aliases[key] = (alias.string(0) ?? "", alias.string(1) ?? "", alias.string(2) ?? "")
            }
        }
        // The longest match names the merchant ("blue finch bar" over "blue finch"); a rename before a name.
        let matches = (aliases.keys.map { ($0, true) } + known.map { ($0, false) })
            .sorted { $0.0.count != $1.0.count ? $0.0.count > $1.0.count : $0.1 && !$1.1 }
        for (matched, isAlias) in matches where !excluded.contains(matched) {
            let merchant: LearnedHints.Merchant
            if isAlias, let alias = aliases[matched] {
                merchant = .init(name: alias.name, written: alias.written,
                                 evidence: "learned from your edit of \(alias.written) to \(alias.name) on \(alias.at.prefix(10))")
            } else {
                // The newest edit gives the name as the user last had it (an index step, however
                // many edits the merchant has).
                guard let row = try connection.query("""
                    SELECT merchant, created_at FROM corrections
                    WHERE merchant_key = ? AND forgotten = 0 AND merchant IS NOT NULL ORDER BY id DESC LIMIT 1
                    """, [.text(matched)]).first, let name = row.string(0) else { continue }
                merchant = .init(name: name, written: name,
                                 evidence: "learned from your edits of \(name), last on \((row.string(1) ?? "").prefix(10))")
            }
            guard let key = MerchantKey.of(merchant.name), !excluded.contains(key) else { continue }
            return LearnedHints(merchant: merchant, category: try categoryHint(key: key, merchant: merchant.name))
        }
        // No merchant known: what notes like it that named none were given.
        return LearnedHints(category: try currentSimilarNotes().hint(for: note))
    }

    /// The corrected notes naming no merchant (their latest user-set category each), read again
    /// only when the evidence changed since (migration 7 counts its changes).
    private func currentSimilarNotes() throws -> SimilarNotes {
        let evidence = "c.merchant_key IS NULL AND c.field = 'category' AND c.forgotten = 0"
        let version = Int64(try connection.query("SELECT value FROM settings WHERE key = 'evidence_version'").first?.string(0) ?? "") ?? 0
        if similarNotes.version == version { return similarNotes.notes }
        var notes = SimilarNotes()
        var latest: [Int64: (category: Category?, note: String, amount: Decimal?)] = [:]
        var order: [Int64] = []
        for row in try connection.query("""
            SELECT c.draft_id, c.new_value, n.text, d.amount FROM corrections c JOIN drafts d ON d.id = c.draft_id
            JOIN notes n ON n.id = d.note_id WHERE \(evidence) ORDER BY c.id
            """) {
            guard let draft = row.int(0) else { continue }
            if latest[draft] == nil { order.append(draft) }
            latest[draft] = (row.string(1).flatMap(Category.init(rawValue:)), row.string(2) ?? "",
                             row.string(3).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) })
        }
        for draft in order {
            if let entry = latest[draft], let category = entry.category {
                notes.add(note: entry.note, amount: entry.amount, category: category)
            }
        }
        similarNotes = SimilarNotesCache(notes: notes, version: version)
        return notes
    }

    /// The hint from the latest user-set category of each of the merchant's drafts.
    private func categoryHint(key: String, merchant: String) throws -> LearnedHints.CategoryHint? {
        var seen = Set<Int64>()
        var edits: [CategoryMemory.Edit] = []
        for row in try connection.query("""
            SELECT draft_id, new_value, created_at FROM corrections
            WHERE merchant_key = ? AND field = 'category' AND forgotten = 0 ORDER BY id DESC LIMIT 50
            """, [.text(key)]) {
            guard let draft = row.int(0), seen.insert(draft).inserted else { continue }
            // A category the user cleared is no category for that draft.
            if let category = row.string(1).flatMap(Category.init(rawValue:)) {
                edits.append(.init(category: category, at: row.string(2) ?? ""))
            }
            if edits.count == CategoryMemory.window { break }
        }
        return CategoryMemory.hint(from: edits, merchant: merchant)
    }

    // MARK: - Listing

    /// Every merchant something was learned about, most recently edited first, and the excluded ones.
    public func learnedMerchants() throws -> [LearnedMerchant] {
        let excluded = Dictionary(try connection.query("SELECT merchant_key, merchant FROM learning_exclusions").map {
            ($0.string(0) ?? "", $0.string(1) ?? "")
        }, uniquingKeysWith: { first, _ in first })
        var result: [LearnedMerchant] = []
        for row in try connection.query("""
            SELECT merchant_key, count(*), max(created_at), max(id) FROM corrections
            WHERE forgotten = 0 AND merchant_key IS NOT NULL GROUP BY merchant_key ORDER BY max(id) DESC
            """) {
            guard let key = row.string(0) else { continue }
            let name = try connection.query("""
                SELECT merchant FROM corrections WHERE merchant_key = ? AND forgotten = 0 AND merchant IS NOT NULL
                ORDER BY id DESC LIMIT 1
                """, [.text(key)]).first?.string(0) ?? key
            let aliases = try connection.query("""
                SELECT DISTINCT old_value FROM corrections
                WHERE merchant_key = ? AND field = 'merchant' AND forgotten = 0 AND written_key IS NOT NULL AND written_key <> merchant_key
                """, [.text(key)]).compactMap { $0.string(0) }
            result.append(LearnedMerchant(
                merchant: name, key: key, category: try categoryHint(key: key, merchant: name), aliases: aliases.sorted(),
                edits: Int(row.int(1) ?? 0), lastEdit: row.string(2) ?? "", never: excluded[key] != nil))
        }
        let listed = Set(result.map(\.key))
        for (key, name) in excluded.sorted(by: { $0.key < $1.key }) where !listed.contains(key) {
            result.append(LearnedMerchant(merchant: name, key: key, category: nil, aliases: [], edits: 0, lastEdit: "", never: true))
        }
        return result
    }

    /// How many edits are kept as evidence and not forgotten.
    public func learnedEditCount() throws -> Int {
        try Self.learnedEditCount(connection)
    }

    /// The same on any connection to a ledger of schema 7 or later.
    public static func learnedEditCount(_ connection: SQLiteConnection) throws -> Int {
        Int(try connection.query("SELECT count(*) FROM corrections WHERE forgotten = 0").first?.int(0) ?? 0)
    }
}

/// The similarity vote's notes and the evidence they were read from.
struct SimilarNotesCache {
    var notes = SimilarNotes()
    /// The evidence version they were read at (-1: not read yet).
    var version: Int64 = -1
}

/// A `learned` request that cannot be carried out.
public enum LearningError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The merchant given holds no word.
    case notAName(String)

    public var description: String {
        switch self {
        case .notAName(let text): "'\(text)' holds no word, so it names no merchant"
        }
    }
}
