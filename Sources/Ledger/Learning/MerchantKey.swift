import Foundation

/// How learning compares merchant names: case, accents, spacing and the punctuation around words
/// are ignored, so "TIER", "tier" and "Tier", or "Café Noir" and "cafe noir," are one merchant.
public enum MerchantKey {
    /// The longest name, in words, that a note is searched for.
    public static let maximumWords = 6

    /// The folded form of `name`; nil when it holds no word.
    public static func of(_ name: String?) -> String? {
        guard let name else { return nil }
        let words = Self.words(in: fold(name))
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Every run of up to `maximumWords` words of `note`, folded: the ways a learned name can be
    /// written in it. The first `wordLimit` words only (a name is looked for near the start of a
    /// long message as well as anywhere in a short note).
    public static func candidates(in note: String, wordLimit: Int = 400) -> Set<String> {
        let words = Array(Self.words(in: fold(note)).prefix(wordLimit))
        var keys = Set<String>()
        for start in words.indices {
            var key = ""
            for end in start..<min(words.count, start + maximumWords) {
                key += (end == start ? "" : " ") + words[end]
                keys.insert(key)
            }
        }
        return keys
    }

    /// `text` with case and accents taken out, as learning compares text.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whitespace-separated words without the punctuation around them ("(Tier," → "tier").
    private static func words(in text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).compactMap { word in
            let trimmed = word.trimmingCharacters(in: edgePunctuation)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    private static let edgePunctuation = CharacterSet(charactersIn: ".,;:!?()[]{}\"'«»“”‘’")
}
