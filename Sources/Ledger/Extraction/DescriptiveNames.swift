/// The names writers give one particular shop or eatery by describing it: "the dumpling place near
/// the office", "the crêpe cart on Quay Street", "the fish van by the harbour", "the Thai place upstairs".
/// The labelling rule: such a description is the merchant, whole, with its leading "the"; "the
/// shop" or "the gym" alone names no one. The model often copies only a piece ("crêpe cart",
/// the street "Quay Street"); the extractor then takes the whole description (`phrase(in:)`).
enum DescriptiveNames {
    /// Nouns of a place that sells or serves (English; notes in other languages name their shops).
    static let sellers: Set<String> = [
        "place", "shop", "store", "truck", "stand", "stall", "cart", "bar", "pub", "cafe", "café", "caff", "bakery",
        "deli", "diner", "restaurant", "chippy", "chipper", "takeaway", "takeout", "market", "kiosk", "joint", "spot",
        "van", "bistro", "canteen", "grocer", "grocery", "bookshop", "bookstore", "pharmacy", "chemist", "florist",
        "salon", "garage", "laundromat", "launderette", "hut", "shack", "trattoria", "pizzeria", "taqueria", "bodega",
        "newsagent", "newsagents", "offie", "booth", "counter", "parlour", "parlor", "outlet", "supermarket",
    ]
    /// Words after the noun that place it ("downstairs", "nearby").
    private static let adverbs: Set<String> = ["downstairs", "upstairs", "nearby", "opposite", "outside", "downtown"]
    /// Prepositions that open where the place is ("on Elm", "by the pier", "near work", "next to the bank").
    private static let locatives: Set<String> = ["on", "by", "near", "off", "behind", "opposite", "outside", "beside",
                                                 "across", "next", "round", "around", "under", "in"]
    /// Words that end a place's description.
    private static let stops: Set<String> = ["for", "with", "and", "to", "at", "from", "the", "a", "my", "our", "was", "of",
                                             "is", "today", "yesterday", "tonight", "this", "last"]

    /// The description of one place that the note contains, as written ("the fish van by the harbour"),
    /// or nil. It starts with "the", has a seller's noun within four words, and says which one:
    /// a word before the noun ("the corner dumpling shop") or where it is ("the kiosk on Quay Street").
    static func phrase(in note: String) -> String? {
        let written = note.split(whereSeparator: \.isWhitespace)
        let words = written.map { $0.trimming(",.;:!?()\"") }
        let lowered = words.map { $0.lowercased() }
        // Punctuation after a word ends the description there ("the shop, 12").
        let ends = written.map { $0.last.map { !$0.isLetter && !$0.isNumber && $0 != "'" } ?? true }
        for start in lowered.indices where lowered[start] == "the" && !ends[start] {
            var noun = start + 1
            while noun < min(words.count, start + 5), !sellers.contains(lowered[noun]) {
                guard !ends[noun], isWord(words[noun]), !stops.contains(lowered[noun]) else { break }
                noun += 1
            }
            guard noun < words.count, sellers.contains(lowered[noun]) else { continue }
            var end = noun
            if !ends[noun], let tail = tail(after: noun, words, lowered, ends) { end = tail }
            // "the shop" alone is no one's name.
            guard noun > start + 1 || end > noun else { continue }
            return RulesExtractor.exactly(words[start...end].joined(separator: " "), in: note)
        }
        return nil
    }

    /// The last word of where the place is, after the noun at `noun`.
    private static func tail(after noun: Int, _ words: [String], _ lowered: [String], _ ends: [Bool]) -> Int? {
        var index = noun + 1
        guard index < words.count else { return nil }
        if adverbs.contains(lowered[index]) { return index }
        guard locatives.contains(lowered[index]), !ends[index] else { return nil }
        // "next to", "across from", "round the corner".
        if ["next", "across"].contains(lowered[index]) {
            guard index + 1 < words.count, ["to", "from"].contains(lowered[index + 1]), !ends[index + 1] else { return nil }
            index += 1
        }
        index += 1
        if index < words.count, lowered[index] == "the", !ends[index] { index += 1 }
        // One word of the place, or two of a street's name: "work", "the pier", "Mission", "5th Ave", "Rue Cler".
        var last: Int?
        while index < words.count {
            let word = words[index]
            guard let first = word.first, isWord(word) || (first.isNumber && word.contains(where: \.isLetter)),
                  !stops.contains(lowered[index]), Currency.mentions(in: word).isEmpty else { break }
            if let previous = last {
                let continuesName = words[previous].first?.isUppercase == true && first.isUppercase
                guard index == previous + 1, continuesName || streetWords.contains(lowered[index]) else { break }
                return index
            }
            last = index
            if ends[index] { break }
            index += 1
        }
        return last
    }

    private static let streetWords: Set<String> = ["street", "st", "road", "rd", "avenue", "ave", "lane", "square",
                                                   "station", "park", "bridge"]

    private static func isWord(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" }
    }
}
