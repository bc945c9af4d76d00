/// GBNF for `substring(of:)`: any run of whole words of a text, copied exactly.
///
/// Words are separated by whitespace; a span starts at a word and ends at a word, and may drop
/// punctuation that trails its last word (`,.;:!?)` and closing quotes), so "Casa Lucio," offers
/// "Casa Lucio", and a bracket, quote, "@" or "#" that opens its first word, so "(Fenwick Tiling)"
/// offers "Fenwick Tiling". Spans are JSON-escaped, gathered in a trie and written as nested alternatives,
/// so shared prefixes are matched once.
enum SpanGrammar {
    /// The spans of `text`, each at most `maxLength` characters (default 80), longest first.
    static func spans(of text: String, maxLength: Int?) -> [String] {
        let limit = maxLength ?? 80
        let words = wordRanges(text)
        var spans: [String] = []
        // By bytes: strings compare by canonical equivalence, and "é" must not hide "e" + U+0301.
        var seen = Set<[UInt8]>()
        for start in words.indices {
            for end in start..<words.count {
                let span = String(text[words[start].lowerBound..<words[end].upperBound])
                let shortened = trimmed(span, of: trailing)
                // Without the punctuation of the sentence only, a closing apostrophe or full stop
                // of the word itself stays ("Bakin'," → "Bakin'", "Smith & Co.," → "Smith & Co.").
                let unpunctuated = trimmed(span, of: sentencePunctuation)
                // Inside brackets or quotes: "(Fenwick Tiling)" → "Fenwick Tiling".
                let unbracketed = String(shortened.drop(while: opening.contains))
                // The trimmed span may fit where the whole one does not (fuzz finding); a longer
                // span's trimmed form is longer still.
                if shortened.count > limit { break }
                for candidate in [span, unpunctuated, shortened, unbracketed] where !candidate.isEmpty && candidate.count <= limit
                    && seen.insert(Array(candidate.utf8)).inserted {
                    spans.append(candidate)
                }
            }
        }
        return spans
    }

    /// The GBNF expression (without quotes) matching exactly the JSON bodies of `spans`.
    static func expression(for spans: [String]) -> String {
        let trie = Trie()
        for span in spans {
            trie.insert(Array(GeneratedContent.quote(span).unicodeScalars.dropFirst().dropLast()))
        }
        return trie.gbnf()
    }

    private static let trailing: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "]", "\"", "'", "”", "’", "“", "»", "›",
                                                   "」", "』", "）"]

    /// Marks that open a word without being part of it: brackets, quotes, and the "@" or "#" of a
    /// mention or a tag ("lunch @Fennick" offers "Fennick").
    private static let opening: Set<Character> = ["(", "[", "\"", "“", "‘", "«", "‹", "„", "「", "『", "（", "@", "#"]

    private static let sentencePunctuation: Set<Character> = [",", ";", ":", "!", "?"]

    private static func trimmed(_ span: String, of marks: Set<Character>) -> String {
        var result = Substring(span)
        while let last = result.last, marks.contains(last) { result = result.dropLast() }
        return String(result)
    }

    private static func wordRanges(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        for index in text.indices {
            if text[index].isWhitespace {
                if let begun = start { ranges.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { ranges.append(begun..<text.endIndex) }
        return ranges
    }

    /// A trie of Unicode scalars (not characters: characters compare by canonical equivalence,
    /// so "é" and "e" + U+0301 would share a branch written with the first one's scalars, and a
    /// leading combining mark would merge with the quote before it); a node that ends a span
    /// makes the rest optional.
    private final class Trie {
        var children: [(Unicode.Scalar, Trie)] = []
        var isEnd = false

        func insert(_ characters: [Unicode.Scalar]) {
            var node = self
            for character in characters {
                if let next = node.children.first(where: { $0.0 == character })?.1 {
                    node = next
                } else {
                    let next = Trie()
                    node.children.append((character, next))
                    node = next
                }
            }
            node.isEnd = true
        }

        /// GBNF for the strings below this node.
        func gbnf() -> String {
            let branches = children.map { character, child -> String in
                // Follow single-child chains into one literal.
                var literal = String.UnicodeScalarView([character])
                var node = child
                while node.children.count == 1 && !node.isEnd {
                    literal.append(node.children[0].0)
                    node = node.children[0].1
                }
                let rest = node.children.isEmpty ? "" : " " + node.gbnf()
                return GBNF.literal(String(literal)) + rest
            }
            let body = branches.count == 1 ? branches[0] : "(" + branches.joined(separator: " | ") + ")"
            if children.isEmpty { return "" }
            return isEnd ? "(" + body + ")?" : body
        }
    }
}
