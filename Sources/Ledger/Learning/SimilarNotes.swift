import Foundation

/// The category vote for a note that names no merchant the ledger knows ("parking 6 downtown"):
/// the notes naming no merchant whose category the user set, compared by their words, the
/// words' letter trigrams (so "parkng" still meets "parking") and the amount's size. Close
/// neighbours that agree settle the category; close neighbours that disagree narrow the choice
/// to theirs; no close neighbour leaves the model's choice alone.
public struct SimilarNotes {
    /// How alike two notes must be (0...1) to count as neighbours.
    public static let threshold = 0.6
    /// How many agreeing neighbours settle a category.
    public static let settlingCount = 2

    /// One corrected note.
    struct Entry {
        let features: NoteFeatures
        let category: Category
        let note: String
    }

    private var entries: [Entry] = []
    /// Word → the entries holding it (candidates share at least one word).
    private var index: [String: [Int]] = [:]

    init() {}

    mutating func add(note: String, category: Category) {
        let features = NoteFeatures(note)
        let position = entries.count
        entries.append(Entry(features: features, category: category, note: note))
        for word in features.words { index[word, default: []].append(position) }
    }

    var count: Int { entries.count }

    /// The hint the neighbours of `note` give, nil when it has none close enough.
    func hint(for note: String) -> LearnedHints.CategoryHint? {
        let features = NoteFeatures(note)
        var candidates = Set<Int>()
        for word in features.words { candidates.formUnion(index[word] ?? []) }
        var neighbours: [(similarity: Double, entry: Entry)] = []
        for position in candidates {
            let similarity = features.similarity(to: entries[position].features)
            if similarity >= Self.threshold { neighbours.append((similarity, entries[position])) }
        }
        guard !neighbours.isEmpty else { return nil }
        neighbours.sort { $0.similarity > $1.similarity }
        let categories = Set(neighbours.map(\.entry.category))
        if categories.count > 1 {
            return .allowed(Category.allCases.filter(categories.contains))
        }
        let category = neighbours[0].entry.category
        guard neighbours.count >= Self.settlingCount else { return .leaning(category, edits: 1) }
        return .forced(category, evidence: "learned from \(neighbours.count) similar notes you corrected, "
            + "such as \"\(neighbours[0].entry.note.prefix(40))\"")
    }
}

/// What the vote compares: the note's words without numbers (folded), their letter trigrams, and
/// the size of its amount.
struct NoteFeatures {
    let words: Set<String>
    let trigrams: Set<String>
    /// log10 of the note's likely amount, nil when it has none.
    let magnitude: Double?

    init(_ note: String) {
        let folded = note.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let tokens = folded.split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
        words = Set(tokens)
        var trigrams = Set<String>()
        for word in tokens {
            let padded = Array(" " + word + " ")
            for start in 0...(padded.count - 3) { trigrams.insert(String(padded[start..<start + 3])) }
        }
        self.trigrams = trigrams
        magnitude = AmountFinder.best(in: AmountFinder.candidates(in: note)).flatMap { candidate in
            let value = NSDecimalNumber(decimal: candidate.amount.value).doubleValue
            return value > 0 ? log10(value) : nil
        }
    }

    /// 0...1: mostly how many words and trigrams the notes share (Jaccard; trigrams weigh more, so
    /// a misspelt word still counts), a little how close their amounts are (within a factor of ten).
    func similarity(to other: NoteFeatures) -> Double {
        func jaccard(_ a: Set<String>, _ b: Set<String>) -> Double {
            let union = a.union(b).count
            return union == 0 ? 0 : Double(a.intersection(b).count) / Double(union)
        }
        let text = 0.3 * jaccard(words, other.words) + 0.7 * jaccard(trigrams, other.trigrams)
        guard let mine = magnitude, let theirs = other.magnitude else { return 0.85 * text }
        return 0.85 * text + 0.15 * max(0, 1 - abs(mine - theirs))
    }
}
