import Foundation
import Guided
import Testing

@Suite struct PartialJSONParserTests {
    static let documents: [String] = [
        #"{"merchant": "Casa Lucio", "amount": 48.50, "currency": null, "category": "food"}"#,
        #"{"question": "Caf\u00e9 or t\"ea?", "choices": ["a", "b\\c", "d\ne", "日本"], "answerIndex": 3}"#,
        #"{"title": "Soup", "ingredients": [{"name": "leek", "grams": 250.5}, {"name": "salt", "grams": null}], "vegetarian": true, "note": "ümlaut ✓"}"#,
        #"{"n": -12.5e-3, "flags": [true, false, null], "empty": {}, "list": []}"#,
        #"[1, 2.25, "x", {"a": [[]]}]"#,
    ]

    @Test(arguments: documents)
    func everyPrefixParsesAndNoValueIsEverLost(document: String) throws {
        let bytes = Array(document.utf8)
        var previous: GeneratedContent?
        for end in 0...bytes.count {
            let result = PartialJSONParser.parse(Array(bytes[0..<end]))
            if let previous {
                let current = try #require(result.content, "prefix \(end) lost the value")
                #expect(current.extends(previous), "prefix \(end): \(current) does not extend \(previous)")
            }
            previous = result.content ?? previous
            #expect(result.isComplete == (end == bytes.count), "prefix \(end)")
        }
        let full = PartialJSONParser.parse(document)
        let reference = try JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed)
        #expect(full.content.map { $0.matches(reference) } == true)
    }

    @Test func snapshotsFillPropertiesInOrder() {
        let result = PartialJSONParser.parse(#"{"merchant": "Casa Lu"#)
        #expect(result.content == .object([(key: "merchant", value: .string("Casa Lu"))]))
        #expect(!result.isComplete)
        let next = PartialJSONParser.parse(#"{"merchant": "Casa Lucio", "amount": 48."#)
        #expect(next.content?["amount"] == .number("48"), "a trailing point is held back")
        #expect(PartialJSONParser.parse(#"{"merchant": nu"#).content == .object([]), "null appears only when complete")
    }

    @Test func spansLocateEachValue() {
        let text = #"{"merchant": "Lupa", "amount": 212.40}"#
        let result = PartialJSONParser.parse(text)
        let bytes = Array(text.utf8)
        let merchant = try! #require(result.spans["merchant"])
        #expect(String(decoding: bytes[merchant], as: UTF8.self) == "\"Lupa\"")
        let amount = try! #require(result.spans["amount"])
        #expect(String(decoding: bytes[amount], as: UTF8.self) == "212.40")
    }
}

extension GeneratedContent {
    /// True when `self` is `earlier` with more written: strings and numbers grown at the end,
    /// objects and arrays with the same members grown, and more appended.
    func extends(_ earlier: GeneratedContent) -> Bool {
        switch (earlier, self) {
        case (.string(let a), .string(let b)): return b.hasPrefix(a)
        case (.number(let a), .number(let b)): return b.hasPrefix(a)
        case (.array(let a), .array(let b)):
            return a.count <= b.count && zip(a, b).allSatisfy { $1.extends($0) }
        case (.object(let a), .object(let b)):
            return a.count <= b.count && zip(a, b).allSatisfy { $0.key == $1.key && $1.value.extends($0.value) }
        default: return earlier == self
        }
    }

    /// Compares with what JSONSerialization read.
    func matches(_ reference: Any) -> Bool {
        switch self {
        case .null: return reference is NSNull
        case .bool(let value): return (reference as? Bool) == value
        case .number(let text): return (reference as? NSNumber).map { abs($0.doubleValue - Double(text)!) < 1e-12 } ?? false
        case .string(let text): return (reference as? String) == text
        case .array(let elements):
            guard let array = reference as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { $0.matches($1) }
        case .object(let properties):
            guard let dictionary = reference as? [String: Any], dictionary.count == properties.count else { return false }
            return properties.allSatisfy { property in dictionary[property.key].map { property.value.matches($0) } ?? false }
        }
    }
}
