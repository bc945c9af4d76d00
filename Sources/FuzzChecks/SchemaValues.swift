import Foundation
import Guided

/// Values a schema admits, drawn from fuzz bytes, written independently of the grammar compiler
/// from what each guide promises: a grammar compiled from the schema must accept every one.
///
/// Strings are counted in Unicode scalars, as a JSON string's characters. A string guided by a
/// pattern gets a few words ("Taxi home late") only when `NSRegularExpression` says they match it
/// whole, else no value (nil): producing a match of an arbitrary regular expression is a problem of
/// its own, and lone patterns are also checked against `NSRegularExpression` (`patternAgrees`).
extension ByteReader {
    /// A value of `schema`, or nil when the schema holds a pattern or an array too long to write.
    mutating func value(of schema: GenerationSchema) -> GeneratedContent? {
        switch schema.kind {
        case .string(let guides):
            return string(guides).map(GeneratedContent.string)
        case .integer(let guides):
            let (low, high) = NumberGuide.bounds(guides)
            return .number(String(integer(low, high)))
        case .double(let guides):
            let (low, high) = NumberGuide.bounds(guides)
            return real(low.map { Int($0) }, high.map { Int($0) })
        case .decimal(let guides):
            let (low, high) = NumberGuide.bounds(guides)
            return real(low.map { NSDecimalNumber(decimal: $0).intValue }, high.map { NSDecimalNumber(decimal: $0).intValue })
        case .boolean:
            return .bool(number(2) == 1)
        case .enumeration(let cases):
            return .string(cases[number(cases.count)])
        case .array(let element, let guides):
            var minimum = 0
            var maximum: Int?
            var elementSchema = element
            for guide in guides {
                switch guide {
                case .count(let count): minimum = max(minimum, count); maximum = min(maximum ?? count, count)
                case .minimumCount(let count): minimum = max(minimum, count)
                case .maximumCount(let count): maximum = min(maximum ?? count, count)
                case .element(let guide):
                    guard case .string(let existing) = elementSchema.kind else { return nil }
                    elementSchema = GenerationSchema(.string(existing + [guide]))
                }
            }
            guard minimum <= 40 else { return nil }
            let count = minimum + number(min(maximum ?? minimum + 3, minimum + 3) - minimum + 1)
            var elements: [GeneratedContent] = []
            for _ in 0..<count {
                guard let value = value(of: elementSchema) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case .optional(let wrapped):
            return number(3) == 0 ? .null : value(of: wrapped)
        case .object(_, let properties):
            var members: [(key: String, value: GeneratedContent)] = []
            for property in properties {
                guard let value = value(of: property.schema) else { return nil }
                members.append((property.name, value))
            }
            return .object(members)
        }
    }

    /// A whole number in `low...high`; a missing bound is 100,000 beyond the other (or zero).
    private mutating func integer(_ low: Int?, _ high: Int?) -> Int {
        let low = low ?? min(high ?? 0, 0) - 100_000
        let high = high ?? max(low, 0) + 100_000
        // Either end now and then: bounds are where grammars go wrong.
        switch number(4) {
        case 0: return low
        case 1: return high
        default: return low + Int((UInt64(byte()) << 8 | UInt64(byte())) % UInt64(high - low + 1))
        }
    }

    /// A decimal number in `low...high` (whole bounds) with up to six digits after the point.
    private mutating func real(_ low: Int?, _ high: Int?) -> GeneratedContent {
        let whole = integer(low, high)
        let digits = number(7)
        var fraction = ""
        for _ in 0..<digits { fraction += String(number(10)) }
        // Only zeros after the point where a fraction would pass a bound: at the top, and at the
        // bottom when negative (-3.5 is below -3).
        let atEdge = whole == high || (whole < 0 && whole == low)
        if atEdge { fraction = String(repeating: "0", count: digits) }
        // A negative value just above a whole number: -0.25 for whole 0 when -1 is allowed.
        if whole == 0, let low, low <= -1, number(2) == 0, digits > 0, !fraction.allSatisfy({ $0 == "0" }) {
            return .number("-0." + fraction)
        }
        return .number(String(whole) + (fraction.isEmpty ? "" : "." + fraction))
    }

    private mutating func string(_ guides: [StringGuide]) -> String? {
        var maxLength: Int?
        for case .maxLength(let length) in guides { maxLength = length }
        for guide in guides {
            switch guide {
            case .maxLength: continue
            case .anyOf(let choices):
                let allowed = choices.filter { $0.count <= maxLength ?? .max }
                return allowed.isEmpty ? nil : allowed[number(allowed.count)]
            case .constant(let value): return value
            case .pattern(let pattern): return words(matching: pattern)
            case .substring(let text): return span(of: text, limit: maxLength ?? 80)
            }
        }
        let count = number((maxLength ?? 12) + 1)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            // Mostly ASCII (quotes, backslashes and control characters among it), now and then beyond.
            let value = number(4) == 0 ? UInt32(byte()) << 8 | UInt32(byte()) : UInt32(byte() & 0x7f)
            scalars.append(Unicode.Scalar(value) ?? "?")
        }
        return String(scalars)
    }

    /// One to six words of ASCII letters, the first capitalised, when `NSRegularExpression` says
    /// they match `pattern` whole; else nil.
    private mutating func words(matching pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: "^(?:" + FuzzChecks.anchorsRemoved(pattern) + ")$") else { return nil }
        var words: [String] = []
        for index in 0..<(1 + number(6)) {
            var word = ""
            for _ in 0..<(1 + number(7)) { word.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(number(26))))) }
            words.append(index == 0 ? word.capitalized : word)
        }
        let text = words.joined(separator: " ")
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil ? text : nil
    }

    /// A run of whole words of `text` (split at whitespace) of at most `limit` characters,
    /// perhaps without the punctuation that trails its last word.
    private mutating func span(of text: String, limit: Int) -> String? {
        var words: [Range<String.Index>] = []
        var start: String.Index?
        for index in text.indices {
            if text[index].isWhitespace {
                if let begun = start { words.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append(begun..<text.endIndex) }
        guard !words.isEmpty else { return nil }
        let first = number(words.count)
        let last = first + number(words.count - first)
        var span = String(text[words[first].lowerBound..<words[last].upperBound])
        if number(2) == 0 {
            let trailing: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "\"", "'", "”", "’"]
            var trimmed = Substring(span)
            while let end = trimmed.last, trailing.contains(end) { trimmed = trimmed.dropLast() }
            if !trimmed.isEmpty { span = String(trimmed) }
        }
        return span.count <= limit ? span : nil
    }
}
