import Foundation

/// A value that does not fit a schema, and why.
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    /// The property path ("merchant", "items.2"); empty for the whole value.
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

extension GenerationSchema {
    /// The most spans of a `substring(of:)` guide written out as a JSON Schema `enum`; a longer
    /// text is limited by length only, and its spans are checked after generation.
    public static let jsonSchemaSpanLimit = 400

    /// This schema as JSON Schema, for a server that constrains output by a schema but takes no
    /// grammar: objects list every property as required and allow no others, in the order the
    /// grammar writes them; a `substring(of:)` guide becomes an `enum` of the text's spans (up to
    /// `jsonSchemaSpanLimit`); a pattern is anchored (`^…$`, as the grammar matches it whole).
    /// Servers differ in the keywords they honour, so what comes back is checked with
    /// `violations(in:)`.
    public var jsonSchema: GeneratedContent {
        var members: [(key: String, value: GeneratedContent)] = []
        func add(_ key: String, _ value: GeneratedContent) { members.append((key, value)) }
        func number(_ value: some CustomStringConvertible) -> GeneratedContent { .number(value.description) }
        switch kind {
        case .string(let guides):
            add("type", .string("string"))
            for guide in guides {
                switch guide {
                case .anyOf(let values): add("enum", .array(values.map(GeneratedContent.string)))
                case .constant(let value): add("enum", .array([.string(value)]))
                case .pattern(let pattern):
                    add("pattern", .string((pattern.hasPrefix("^") ? "" : "^") + pattern + (pattern.hasSuffix("$") ? "" : "$")))
                case .maxLength(let length): add("maxLength", number(length))
                case .substring(let text):
                    let spans = SpanGrammar.spans(of: text, maxLength: guides.maxLength)
                    if spans.count <= Self.jsonSchemaSpanLimit {
                        add("enum", .array(spans.map(GeneratedContent.string)))
                    } else if guides.maxLength == nil {
                        add("maxLength", number(80))
                    }
                }
            }
        case .integer(let guides):
            add("type", .string("integer"))
            let (lower, upper) = NumberGuide.bounds(guides)
            if let lower { add("minimum", number(lower)) }
            if let upper { add("maximum", number(upper)) }
        case .double(let guides):
            add("type", .string("number"))
            let (lower, upper) = NumberGuide.bounds(guides)
            if let lower { add("minimum", number(lower)) }
            if let upper { add("maximum", number(upper)) }
        case .decimal(let guides):
            add("type", .string("number"))
            let (lower, upper) = NumberGuide.bounds(guides)
            if let lower { add("minimum", number(lower)) }
            if let upper { add("maximum", number(upper)) }
        case .boolean:
            add("type", .string("boolean"))
        case .enumeration(let cases):
            add("type", .string("string"))
            add("enum", .array(cases.map(GeneratedContent.string)))
        case .array(let element, let guides):
            add("type", .string("array"))
            var items = element
            for guide in guides {
                switch guide {
                case .count(let count):
                    add("minItems", number(count))
                    add("maxItems", number(count))
                case .minimumCount(let count): add("minItems", number(count))
                case .maximumCount(let count): add("maxItems", number(count))
                case .element(let stringGuide):
                    if case .string(let existing) = element.kind { items = GenerationSchema(.string(existing + [stringGuide])) }
                }
            }
            add("items", items.jsonSchema)
        case .optional(let wrapped):
            add("anyOf", .array([wrapped.jsonSchema, .object([("type", .string("null"))])]))
        case .object(let name, let properties):
            add("title", .string(name))
            add("type", .string("object"))
            add("properties", .object(properties.map { property in
                var schema = property.schema.jsonSchema
                if let description = property.description, case .object(let fields) = schema {
                    schema = .object(fields + [("description", .string(description))])
                }
                return (property.name, schema)
            }))
            add("required", .array(properties.map { .string($0.name) }))
            add("additionalProperties", .bool(false))
        }
        return .object(members)
    }

    /// Where `content` breaks this schema: wrong types, values outside an enumeration, an anyOf
    /// list or a range, patterns not matched, strings not copied from the text a
    /// `substring(of:)` guide names, missing properties, counts. Empty when it fits.
    public func violations(in content: GeneratedContent, at path: String = "") -> [SchemaViolation] {
        func fail(_ reason: String) -> [SchemaViolation] { [SchemaViolation(path: path, reason: reason)] }
        switch kind {
        case .optional(let wrapped):
            return content.isNull ? [] : wrapped.violations(in: content, at: path)
        case .string(let guides):
            guard let text = content.stringValue else { return fail("\(content.jsonString) is not a string") }
            for guide in guides {
                switch guide {
                case .anyOf(let values) where !values.contains(text):
                    return fail("\(GeneratedContent.quote(text)) is not one of the allowed values")
                case .constant(let value) where text != value:
                    return fail("\(GeneratedContent.quote(text)) is not \(GeneratedContent.quote(value))")
                case .pattern(let pattern) where !Self.matches(text, pattern: pattern):
                    return fail("\(GeneratedContent.quote(text)) does not match the pattern \(pattern)")
                case .maxLength(let length) where text.count > length:
                    return fail("\(GeneratedContent.quote(text)) is longer than \(length) characters")
                case .substring(let source) where !SpanGrammar.spans(of: source, maxLength: guides.maxLength).contains(text):
                    return fail("\(GeneratedContent.quote(text)) is not copied from the text")
                default:
                    continue
                }
            }
            return []
        case .integer(let guides):
            guard let value = content.intValue else { return fail("\(content.jsonString) is not a whole number") }
            return Self.outside(value, NumberGuide.bounds(guides)).map(fail) ?? []
        case .double(let guides):
            guard let value = content.doubleValue else { return fail("\(content.jsonString) is not a number") }
            return Self.outside(value, NumberGuide.bounds(guides)).map(fail) ?? []
        case .decimal(let guides):
            guard let value = content.decimalValue else { return fail("\(content.jsonString) is not a number") }
            return Self.outside(value, NumberGuide.bounds(guides)).map(fail) ?? []
        case .boolean:
            return content.boolValue == nil ? fail("\(content.jsonString) is not true or false") : []
        case .enumeration(let cases):
            guard let text = content.stringValue, cases.contains(text) else {
                return fail("\(content.jsonString) is not one of \(cases.joined(separator: ", "))")
            }
            return []
        case .array(let element, let guides):
            guard let elements = content.arrayValue else { return fail("\(content.jsonString) is not an array") }
            var problems: [SchemaViolation] = []
            for guide in guides {
                switch guide {
                case .count(let count) where elements.count != count: problems += fail("has \(elements.count) elements, not \(count)")
                case .minimumCount(let count) where elements.count < count: problems += fail("has fewer than \(count) elements")
                case .maximumCount(let count) where elements.count > count: problems += fail("has more than \(count) elements")
                default: break
                }
            }
            let elementGuides = guides.compactMap { guide -> StringGuide? in
                if case .element(let stringGuide) = guide { return stringGuide }
                return nil
            }
            let items = if case .string(let existing) = element.kind, !elementGuides.isEmpty {
                GenerationSchema(.string(existing + elementGuides))
            } else {
                element
            }
            for (index, value) in elements.enumerated() {
                problems += items.violations(in: value, at: Self.join(path, String(index)))
            }
            return problems
        case .object(_, let properties):
            guard case .object = content else { return fail("\(content.jsonString) is not an object") }
            var problems: [SchemaViolation] = []
            for property in properties {
                let at = Self.join(path, property.name)
                guard let value = content[property.name] else {
                    problems.append(SchemaViolation(path: at, reason: "missing"))
                    continue
                }
                problems += property.schema.violations(in: value, at: at)
            }
            return problems
        }
    }

    private static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    private static func outside<Value: Comparable>(_ value: Value, _ bounds: (lower: Value?, upper: Value?)) -> String? {
        if let lower = bounds.lower, value < lower { return "\(value) is below \(lower)" }
        if let upper = bounds.upper, value > upper { return "\(value) is above \(upper)" }
        return nil
    }

    /// Whether `pattern` (the subset `PatternTranslator` reads, which ICU reads alike) matches all of `text`.
    private static func matches(_ text: String, pattern: String) -> Bool {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") && !body.hasSuffix("\\$") { body = body.dropLast() }
        guard let expression = try? NSRegularExpression(pattern: "^(?:\(body))$") else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}

extension [StringGuide] {
    /// The length limit among these guides, if any.
    fileprivate var maxLength: Int? {
        lazy.compactMap { guide -> Int? in
            if case .maxLength(let length) = guide { return length }
            return nil
        }.min()
    }
}
