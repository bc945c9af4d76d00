import Foundation

/// What the ledger learned from the user's edits that bears on one note, settled before the
/// model writes: the extractor puts it into the grammar (a forced merchant or category costs no
/// decoding) and marks the fields it decided `learned`, with the evidence.
public struct LearnedHints: Sendable, Equatable {
    /// A merchant the user named before, found in the note.
    public struct Merchant: Sendable, Equatable {
        /// The name as the user writes it.
        public var name: String
        /// The words of the note it was found by (as written there).
        public var written: String
        /// What it was learned from, for `show`.
        public var evidence: String
    }

    /// What the user's category edits of that merchant say.
    public enum CategoryHint: Sendable, Equatable {
        /// One category holds at least `CategoryMemory.forcingCount` of the merchant's last
        /// `CategoryMemory.window` user-set categories: the grammar forces it.
        case forced(Category, evidence: String)
        /// The user gave the merchant several categories: the model chooses among those only.
        case allowed([Category])
        /// One or two edits, all to this category: weak evidence, weighed beside the model's choice.
        case leaning(Category, edits: Int)
    }

    public var merchant: Merchant?
    public var category: CategoryHint?

    public init(merchant: Merchant? = nil, category: CategoryHint? = nil) {
        self.merchant = merchant
        self.category = category
    }

    /// Nothing learned applies.
    public static let none = LearnedHints()

    /// The categories the grammar allows (nil: all of them).
    var allowedCategories: [Category]? {
        switch category {
        case .forced(let category, _)?: [category]
        case .allowed(let categories)?: categories
        case .leaning?, nil: nil
        }
    }
}

/// The rule that turns a merchant's category edits into a hint (the one Actual Budget ships):
/// a category the user gave at least 3 of the merchant's last 5 drafts is forced; mixed evidence
/// narrows the choice to the categories the user gave it; one or two edits only lean.
public enum CategoryMemory {
    /// How many of the merchant's latest drafts with a user-set category are looked at.
    public static let window = 5
    /// How many of those must agree for the category to be forced.
    public static let forcingCount = 3
    /// The weight (a log-probability bonus) of each edit behind a leaning, beside the model's
    /// calibrated choice; the same scale as a category word in the note.
    public static let leaningWeight = 3.0

    /// One user-set category of one draft.
    public struct Edit: Sendable, Equatable {
        public var category: Category
        /// When it was set (ISO-8601).
        public var at: String

        public init(category: Category, at: String) {
            self.category = category
            self.at = at
        }
    }

    /// The hint from `edits` (newest first, one per draft) of the merchant called `merchant`.
    public static func hint(from edits: [Edit], merchant: String) -> LearnedHints.CategoryHint? {
        let recent = Array(edits.prefix(window))
        guard !recent.isEmpty else { return nil }
        var counts: [Category: Int] = [:]
        for edit in recent { counts[edit.category, default: 0] += 1 }
        // The most frequent; on a tie, the one set most recently.
        let top = recent.map(\.category).first { counts[$0] == counts.values.max() }!
        let count = counts[top]!
        if count >= forcingCount {
            let last = recent.first { $0.category == top }!.at.prefix(10)
            return .forced(top, evidence: "learned from \(count) of your edits of \(merchant), last on \(last)")
        }
        if counts.count > 1 {
            return .allowed(Category.allCases.filter { counts[$0] != nil })
        }
        return .leaning(top, edits: count)
    }
}
