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
    /// How many corrected notes one look-up compares at most.
    static let candidateLimit = 400

    /// Corrected notes with the same words and the same category, as one ("parking 6 downtown",
    /// "parking 8.50 downtown"): a recurring note is compared once, however often it was corrected.
    struct Entry {
        let features: NoteFeatures
        let category: Category
        /// The first of them, quoted as evidence.
        let note: String
        var count: Int
        var magnitudes: [Double]

        /// The mean size of their amounts.
        var magnitude: Double? { magnitudes.isEmpty ? nil : magnitudes.reduce(0, +) / Double(magnitudes.count) }
    }

    private var entries: [Entry] = []
    private var positions: [String: Int] = [:]
    /// Word → the entries holding it (candidates share at least one word).
    private var index: [String: [Int]] = [:]

    init() {}

    /// - Parameter amount: the draft's amount (its size is a feature), nil when it has none.
    mutating func add(note: String, amount: Decimal?, category: Category) {
        let features = NoteFeatures(note, amount: amount)
        let signature = category.rawValue + ":" + features.words.sorted().joined(separator: " ")
        if let position = positions[signature] {
            entries[position].count += 1
            if let magnitude = features.magnitude { entries[position].magnitudes.append(magnitude) }
            return
        }
        let position = entries.count
        positions[signature] = position
        entries.append(Entry(features: features, category: category, note: note, count: 1,
                             magnitudes: features.magnitude.map { [$0] } ?? []))
        for word in features.words { index[word, default: []].append(position) }
    }

    /// The hint the neighbours of `note` give, nil when it has none close enough.
    func hint(for note: String) -> LearnedHints.CategoryHint? {
        guard !entries.isEmpty else { return nil }
        let features = NoteFeatures(note, amount: AmountFinder.best(in: AmountFinder.candidates(in: note))?.amount.value)
        // A close neighbour shares most words, its rare ones too: the notes holding the note's
        // rarest words are enough to look at (a few hundred, however many notes were corrected).
        var candidates = Set<Int>()
        for postings in features.words.compactMap({ index[$0] }).sorted(by: { $0.count < $1.count }) {
            if !candidates.isEmpty && candidates.count + postings.count > Self.candidateLimit { break }
            candidates.formUnion(postings.prefix(Self.candidateLimit))
        }
        var neighbours: [(similarity: Double, entry: Entry)] = []
        for position in candidates {
            let entry = entries[position]
            let similarity = features.similarity(to: entry.features, magnitude: entry.magnitude)
            if similarity >= Self.threshold { neighbours.append((similarity, entry)) }
        }
        guard !neighbours.isEmpty else { return nil }
        neighbours.sort { $0.similarity > $1.similarity }
        let categories = Set(neighbours.map(\.entry.category))
        if categories.count > 1 {
            return .allowed(Category.allCases.filter(categories.contains))
        }
        let category = neighbours[0].entry.category
        let agreeing = neighbours.reduce(0) { $0 + $1.entry.count }
        guard agreeing >= Self.settlingCount else { return .leaning(category, edits: 1) }
        return .forced(category, evidence: "learned from \(agreeing) similar notes you corrected, "
            + "such as \"\(neighbours[0].entry.note.prefix(40))\"")
    }
}

/// What the vote compares: the note's words without numbers (folded), their letter trigrams (as
/// sorted hashes, compared by a merge), and the size of its amount.
struct NoteFeatures {
    let words: Set<String>
    let trigrams: [Int]
    /// log10 of the amount, nil when there is none.
    let magnitude: Double?

    init(_ note: String, amount: Decimal?) {
        let folded = MerchantKey.fold(note)
        let tokens = folded.split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
        words = Set(tokens)
        var trigrams = Set<Int>()
        for word in tokens {
            let padded = Array(" " + word + " ")
            for start in 0...(padded.count - 3) {
                // Three characters packed into one number (each at most 21 bits).
                let scalars = padded[start..<start + 3].map { Int($0.unicodeScalars.first!.value) }
                trigrams.insert(scalars[0] << 42 | scalars[1] << 21 | scalars[2])
            }
        }
        self.trigrams = trigrams.sorted()
        magnitude = amount.flatMap { amount in
            let value = NSDecimalNumber(decimal: amount).doubleValue
            return value > 0 ? log10(value) : nil
        }
    }

    /// 0...1: mostly how many words and trigrams the notes share (Jaccard; trigrams weigh more, so
    /// a misspelt word still counts), a little how close their amounts are (within a factor of ten).
    /// - Parameter magnitude: the other's amount size (by default its own).
    func similarity(to other: NoteFeatures, magnitude: Double?? = nil) -> Double {
        func jaccard(_ a: Set<String>, _ b: Set<String>) -> Double {
            let shared = a.count <= b.count ? a.filter(b.contains).count : b.filter(a.contains).count
            let union = a.count + b.count - shared
            return union == 0 ? 0 : Double(shared) / Double(union)
        }
        func jaccard(_ a: [Int], _ b: [Int]) -> Double {
            var i = 0, j = 0, shared = 0
            while i < a.count && j < b.count {
                if a[i] == b[j] { shared += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
            }
            let union = a.count + b.count - shared
            return union == 0 ? 0 : Double(shared) / Double(union)
        }
        let text = 0.3 * jaccard(words, other.words) + 0.7 * jaccard(trigrams, other.trigrams)
        guard let mine = self.magnitude, let theirs = magnitude ?? other.magnitude else { return 0.85 * text }
        return 0.85 * text + 0.15 * max(0, 1 - abs(mine - theirs))
    }
}
