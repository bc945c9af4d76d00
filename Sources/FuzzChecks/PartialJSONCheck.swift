import Foundation
import Guided

/// The oracles of the fuzz targets (`Fuzz/`), shared with `swift test`, which replays every saved
/// input under `Tests/Fixtures/fuzz/<target>/` through them. Each returns nil when the input
/// behaved and otherwise what went wrong; the fuzz targets stop on it.
public enum FuzzChecks {
    /// The partial JSON parser: every prefix's value extends the previous prefix's (nothing shown
    /// is lost or changed), and a complete document reads as `JSONSerialization` reads it.
    public static func partialJSON(_ bytes: [UInt8]) -> String? {
        // Every prefix of a short input; 64 spread over a long one (each parse reads the prefix).
        let ends = bytes.count <= 512 ? Array(0...bytes.count)
            : (0...64).map { bytes.count * $0 / 64 }
        var previous: (end: Int, content: GeneratedContent?) = (0, nil)
        for end in ends {
            let content = PartialJSONParser.parse(Array(bytes[..<end])).content
            if let before = previous.content, !extends(before, content) {
                return "the prefix of \(end) bytes lost or changed what the prefix of \(previous.end) showed: "
                    + "\(before.jsonString) then \(content?.jsonString ?? "nothing")"
            }
            previous = (end, content)
        }
        // The parser reads UTF-8 (what a model writes); JSONSerialization also guesses UTF-16 and
        // UTF-32 from NUL bytes. Only valid UTF-8 documents are compared.
        guard !bytes.contains(0), String(bytes: bytes, encoding: .utf8) != nil,
              let expected = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil  // not a JSON document: only the prefixes are checked
        }
        let parsed = PartialJSONParser.parse(bytes)
        // A number that ends the text may still be going on for all a prefix can tell ("7" of "75"):
        // its value must agree, not its being complete.
        let mayContinue: Bool
        if case .number? = parsed.content { mayContinue = true } else { mayContinue = false }
        guard parsed.isComplete || mayContinue, let content = parsed.content else {
            return "JSONSerialization reads a complete document, the parser does not (\(parsed.content?.jsonString ?? "nothing"))"
        }
        if let difference = disagreement(content, expected, at: "$") {
            return "the parser and JSONSerialization disagree at \(difference)"
        }
        return nil
    }

    /// True when `next` still shows everything `before` showed: the same kinds, strings and
    /// numbers grown only at their end, objects and arrays only by members at their end.
    static func extends(_ before: GeneratedContent, _ next: GeneratedContent?) -> Bool {
        guard let next else { return false }
        switch (before, next) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return b.unicodeScalars.starts(with: a.unicodeScalars)
        case (.string(let a), .string(let b)): return b.unicodeScalars.starts(with: a.unicodeScalars)
        case (.array(let a), .array(let b)):
            return b.count >= a.count && zip(a, b).allSatisfy { extends($0, $1) }
        case (.object(let a), .object(let b)):
            return b.count >= a.count && zip(a, b).allSatisfy { $0.key == $1.key && extends($0.value, $1.value) }
        default: return false
        }
    }

    /// Where `content` and what `JSONSerialization` read differ, nil when they agree. Duplicate
    /// keys (JSON leaves their meaning open) and numbers beyond a Double are not compared.
    static func disagreement(_ content: GeneratedContent, _ foundation: Any, at path: String) -> String? {
        switch content {
        case .null:
            return foundation is NSNull ? nil : path
        case .bool(let value):
            guard let number = foundation as? NSNumber else { return path }
            return number.boolValue == value ? nil : path
        case .number(let text):
            guard let number = foundation as? NSNumber else { return path }
            guard let double = Double(text), double.isFinite, number.doubleValue.isFinite else { return nil }
            return double == number.doubleValue || abs(double - number.doubleValue) <= abs(double) * 1e-12 ? nil : path
        case .string(let text):
            return (foundation as? String) == text ? nil : path
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else { return path }
            for (index, element) in elements.enumerated() {
                if let difference = disagreement(element, array[index], at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case .object(let members):
            guard let dictionary = foundation as? [String: Any] else { return path }
            guard Set(members.map(\.key)).count == members.count else { return nil }
            guard dictionary.count == members.count else { return path }
            for member in members {
                guard let value = dictionary[member.key] else { return "\(path).\(member.key)" }
                if let difference = disagreement(member.value, value, at: "\(path).\(member.key)") { return difference }
            }
            return nil
        }
    }
}
