import Foundation

/// Substring search on UTF-8 bytes. On Linux, `String.contains(String)` and
/// `range(of:)` go through NSString and cost more than all the rest of the rules extractor.
struct SearchableText {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// True when `needle` occurs; with `wholeWord`, only where no letter touches either end
    /// (bytes of non-ASCII characters count as letters). A phrase that opens with a short word
    /// ("si on ", "if i ", "me pagó") starts at a word: "Rossi on the beach" holds no "si on ".
    /// (A longer first word may close a compound: "Zinsgutschrift" holds "gutschrift".)
    func contains(_ needle: String, wholeWord: Bool = false) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return pattern.isEmpty }
        let firstWord = pattern.prefix { $0 != 0x20 }
        let atWordStart = wholeWord || firstWord.count < pattern.count && firstWord.count <= 3
        let first = pattern[0]
        let last = bytes.count - pattern.count
        return bytes.withUnsafeBufferPointer { haystack in
            var start = 0
            while start <= last {
                if haystack[start] == first {
                    var matched = true
                    for offset in 1..<pattern.count where haystack[start + offset] != pattern[offset] {
                        matched = false
                        break
                    }
                    if matched && (!atWordStart || !isLetter(at: start - 1))
                        && (!wholeWord || !isLetter(at: start + pattern.count)) && !followsNegatingPrefix(start) {
                        return true
                    }
                }
                start += 1
            }
            return false
        }
    }

    /// True when the letters before `start`, back to the word's start, are an English prefix that
    /// turns the word into another ("undisputed", "suspension", "overestimated", "nonrefundable"):
    /// the cue found there is not the word the note says.
    private func followsNegatingPrefix(_ start: Int) -> Bool {
        guard isLetter(at: start - 1) else { return false }
        var from = start
        while from > 0, isLetter(at: from - 1), start - from < 6 { from -= 1 }
        guard !isLetter(at: from - 1) else { return false }
        let prefix = bytes[from..<start].map { $0 | 0x20 }
        return Self.negatingPrefixes.contains(prefix)
    }

    private static let negatingPrefixes: Set<[UInt8]> = Set(["un", "dis", "over", "under", "mis", "sus", "non"].map { Array($0.utf8) })

    private func isLetter(at index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters found in `characters` (a Swift-only
    /// `trimmingCharacters(in:)`, which on Linux goes through NSString for every call).
    func trimming(_ characters: String) -> String {
        trimming { characters.contains($0) }
    }

    /// Without the leading and trailing characters that satisfy `isTrimmed`.
    func trimming(where isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = lastIndex(where: { !isTrimmed($0) })!
        return String(self[first...last])
    }
}

extension Character {
    // The currency scan asks these of every character of every note. The standard library looks
    // each answer up in the Unicode tables, ASCII too; these answer ASCII directly, the same way.

    /// `isLetter`, answered directly for ASCII.
    var isLetterQuick: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return (65...90).contains(ascii) || (97...122).contains(ascii)
    }

    /// `isUppercase`, answered directly for ASCII.
    var isUppercaseQuick: Bool {
        guard let ascii = asciiValue else { return isUppercase }
        return (65...90).contains(ascii)
    }

    /// `isNumber`, answered directly for ASCII.
    var isNumberQuick: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return (48...57).contains(ascii)
    }

    /// This character in lower case; ASCII without building a string (the rules run this for
    /// every character of every note).
    var lowercasedCharacter: Character {
        if let ascii = asciiValue {
            return ascii >= 65 && ascii <= 90 ? Character(Unicode.Scalar(ascii + 32)) : self
        }
        return Character(lowercased())
    }
}
