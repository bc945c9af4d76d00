import Foundation

/// A generated JSON value. Numbers keep the text the model wrote, so a `Decimal` never passes
/// through a `Double`. Object properties keep their order.
public enum GeneratedContent: Sendable, Equatable, ConvertibleFromGeneratedContent {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([GeneratedContent])
    case object([(key: String, value: GeneratedContent)])

    public init(_ content: GeneratedContent) { self = content }

    public static func == (lhs: GeneratedContent, rhs: GeneratedContent) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    // MARK: - Reading

    /// The value of property `key`, or nil when absent (or when this is not an object).
    public subscript(_ key: String) -> GeneratedContent? {
        guard case .object(let properties) = self else { return nil }
        return properties.first { $0.key == key }?.value
    }

    public var isNull: Bool { self == .null }

    /// The string, or nil for anything else.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as Decimal, or nil.
    public var decimalValue: Decimal? {
        guard case .number(let text) = self else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [GeneratedContent]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    // MARK: - Throwing accessors for `Generable` initialisers

    /// The string at `key`. - Throws: `GeneratedContentError` when missing or not a string.
    public func string(_ key: String) throws -> String {
        guard let value = self[key]?.stringValue else { throw GeneratedContentError(path: key, expected: "a string") }
        return value
    }

    /// The string at `key`, nil when null or absent.
    public func optionalString(_ key: String) throws -> String? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw GeneratedContentError(path: key, expected: "a string or null") }
        return text
    }

    public func int(_ key: String) throws -> Int {
        guard let value = self[key]?.intValue else { throw GeneratedContentError(path: key, expected: "an integer") }
        return value
    }

    public func double(_ key: String) throws -> Double {
        guard let value = self[key]?.doubleValue else { throw GeneratedContentError(path: key, expected: "a number") }
        return value
    }

    public func decimal(_ key: String) throws -> Decimal {
        guard let value = self[key]?.decimalValue else { throw GeneratedContentError(path: key, expected: "a number") }
        return value
    }

    public func optionalDecimal(_ key: String) throws -> Decimal? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let number = value.decimalValue else { throw GeneratedContentError(path: key, expected: "a number or null") }
        return number
    }

    public func bool(_ key: String) throws -> Bool {
        guard let value = self[key]?.boolValue else { throw GeneratedContentError(path: key, expected: "true or false") }
        return value
    }

    public func array(_ key: String) throws -> [GeneratedContent] {
        guard let value = self[key]?.arrayValue else { throw GeneratedContentError(path: key, expected: "an array") }
        return value
    }

    // MARK: - Writing

    /// Compact JSON text, properties in order, with one space after `:` and `,` — the exact form
    /// the grammar makes the model write.
    public var jsonString: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): GeneratedContent.quote(text)
        case .array(let elements): "[" + elements.map(\.jsonString).joined(separator: ", ") + "]"
        case .object(let properties):
            "{" + properties.map { GeneratedContent.quote($0.key) + ": " + $0.value.jsonString }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension GeneratedContent: Generable {
    /// Untyped content has no schema of its own: pass a run-time schema (`schema:`) with requests
    /// that generate `GeneratedContent`. This placeholder is an empty object.
    public static var generationSchema: GenerationSchema { .object("GeneratedContent", []) }
}
