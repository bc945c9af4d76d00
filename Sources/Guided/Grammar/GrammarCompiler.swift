import Foundation

/// Compiles a `GenerationSchema` into a GBNF grammar that only admits JSON documents satisfying
/// every guide. Pure and deterministic: the same schema always gives the same text.
///
/// Layout is fixed: `{"key": value, "key": value}` with exactly one space after `:` and `,`
/// (bounded whitespace, so separators cost no sampling). Properties come in declaration order.
/// Anything the grammar cannot enforce is refused with `GrammarCompilationError`.
public struct GrammarCompiler: Sendable {
    /// Digits after the decimal point allowed in `Double` and `Decimal` values.
    public var maximumFractionDigits = 6

    public init() {}

    /// - Parameters:
    ///   - schema: what to generate.
    ///   - prefix: fixed text before the value (e.g. the space after a prompt's "Output:").
    /// - Throws: `GrammarCompilationError` naming the schema path and the guide it cannot enforce.
    public func compile(_ schema: GenerationSchema, prefix: String = "") throws -> Grammar {
        var rules = RuleSet()
        let root = try expression(for: schema, path: rootName(schema), rules: &rules)
        var lines = ["root ::= " + (prefix.isEmpty ? "" : GBNF.literal(prefix) + " ") + root]
        lines += rules.rules.map { "\($0.name) ::= \($0.body)" }
        return Grammar(lines.joined(separator: "\n") + "\n")
    }

    /// The grammar of what follows the value of `property` in an object schema's output: the
    /// later properties and the closing brace (`, "b": …}`), for a model that wrote the output up
    /// to that value another way (a choice decided after the fact) and generates the rest.
    /// - Throws: `GrammarCompilationError` when the schema is no object or has no such property.
    public func compileRest(of schema: GenerationSchema, after property: String) throws -> Grammar {
        guard case .object(let name, let properties) = schema.kind,
              let index = properties.firstIndex(where: { $0.name == property }) else {
            throw GrammarCompilationError(path: rootName(schema), reason: "no property '\(property)' to continue after")
        }
        var rules = RuleSet()
        var parts: [String] = []
        for property in properties[(index + 1)...] {
            let key = ", " + GeneratedContent.quote(property.name) + ": "
            let value = try expression(for: property.schema, path: name + "." + property.name, rules: &rules)
            parts.append(GBNF.literal(key) + " " + rules.name(value, suggested: name + "." + property.name))
        }
        var lines = ["root ::= " + (parts + [GBNF.literal("}")]).joined(separator: " ")]
        lines += rules.rules.map { "\($0.name) ::= \($0.body)" }
        return Grammar(lines.joined(separator: "\n") + "\n")
    }

    /// The grammar of the value of an object schema's property `index` and the character after
    /// it (`,`, or `}` after the last), for a model that writes the keys itself and generates one
    /// value at a time; the value's leading space is part of it (`": "` is written up to the colon).
    /// - Parameter quoteWritten: the value's opening quote is written already (a value that is
    ///   always a string, as `LanguageModelSession` forces it).
    /// - Throws: `GrammarCompilationError` when the schema is no object, has no such property, or
    ///   the value does not start with a quote to leave out.
    public func compileValue(of schema: GenerationSchema, at index: Int, quoteWritten: Bool) throws -> Grammar {
        guard case .object(let name, let properties) = schema.kind, properties.indices.contains(index) else {
            throw GrammarCompilationError(path: rootName(schema), reason: "no property \(index) to generate")
        }
        var rules = RuleSet()
        let path = name + "." + properties[index].name
        var value = try expression(for: properties[index].schema, path: path, rules: &rules)
        let quote = #""\"" "#
        if quoteWritten {
            guard value.hasPrefix(quote) else {
                throw GrammarCompilationError(path: path, reason: "the value does not start with its opening quote")
            }
            value.removeFirst(quote.count)
        } else {
            value = GBNF.literal(" ") + " " + value
        }
        let next = GBNF.literal(index == properties.count - 1 ? "}" : ",")
        var lines = ["root ::= " + value + " " + next]
        lines += rules.rules.map { "\($0.name) ::= \($0.body)" }
        return Grammar(lines.joined(separator: "\n") + "\n")
    }

    // MARK: - Expressions

    private func rootName(_ schema: GenerationSchema) -> String {
        if case .object(let name, _) = schema.kind { return name }
        return "root"
    }

    private func expression(for schema: GenerationSchema, path: String, rules: inout RuleSet) throws -> String {
        switch schema.kind {
        case .string(let guides):
            return try stringExpression(guides, path: path, rules: &rules)
        case .integer(let guides):
            let (low, high) = try bounds(guides, path: path)
            return IntegerRangeGrammar.integers(from: low, to: high)
        case .double(let guides):
            let (low, high) = try bounds(guides, path: path)
            return try realExpression(low: try whole(low, path), high: try whole(high, path), path: path)
        case .decimal(let guides):
            let (low, high) = try bounds(guides, path: path)
            return try realExpression(low: try whole(low, path), high: try whole(high, path), path: path)
        case .boolean:
            return #"("true" | "false")"#
        case .enumeration(let cases):
            guard !cases.isEmpty else { throw GrammarCompilationError(path: path, reason: "an enumeration needs at least one case") }
            return choice(cases)
        case .array(let element, let guides):
            return try arrayExpression(element: element, guides: guides, path: path, rules: &rules)
        case .optional(let wrapped):
            if case .optional = wrapped.kind { return try expression(for: wrapped, path: path, rules: &rules) }
            return "(" + (try expression(for: wrapped, path: path, rules: &rules)) + " | \"null\")"
        case .object(_, let properties):
            var names = Set<String>()
            var parts: [String] = []
            for (offset, property) in properties.enumerated() {
                guard names.insert(property.name).inserted else {
                    throw GrammarCompilationError(path: path, reason: "property '\(property.name)' is declared twice")
                }
                let key = (offset == 0 ? "{" : ", ") + GeneratedContent.quote(property.name) + ": "
                let value = try expression(for: property.schema, path: path + "." + property.name, rules: &rules)
                parts.append(GBNF.literal(key) + " " + rules.name(value, suggested: path + "." + property.name))
            }
            return parts.isEmpty ? GBNF.literal("{}") : parts.joined(separator: " ") + " " + GBNF.literal("}")
        }
    }

    // MARK: - Strings

    private func stringExpression(_ guides: [StringGuide], path: String, rules: inout RuleSet) throws -> String {
        var maxLength: Int?
        var body: (kind: String, expression: String)?
        func set(_ kind: String, _ expression: String) throws {
            if let body { throw GrammarCompilationError(path: path, reason: "\(kind) cannot be combined with \(body.kind)") }
            body = (kind, expression)
        }
        for guide in guides {
            switch guide {
            case .maxLength(let length):
                guard length >= 0, maxLength == nil else {
                    throw GrammarCompilationError(path: path, reason: "maxLength must be given once and be at least 0")
                }
                guard length <= GBNF.mostRepetitions else {
                    throw GrammarCompilationError(path: path, reason: "maxLength \(length) is above \(GBNF.mostRepetitions), "
                        + "the most llama.cpp's grammar engine can count to")
                }
                maxLength = length
            default: break
            }
        }
        for guide in guides {
            switch guide {
            case .maxLength: break
            case .anyOf(let choices):
                let allowed = choices.filter { $0.count <= maxLength ?? .max }
                guard !allowed.isEmpty else {
                    throw GrammarCompilationError(path: path, reason: "anyOf has no choice within maxLength")
                }
                try set("anyOf", choice(allowed))
            case .constant(let value):
                guard value.count <= maxLength ?? .max else {
                    throw GrammarCompilationError(path: path, reason: "the constant is longer than maxLength")
                }
                try set("constant", GBNF.literal(GeneratedContent.quote(value)))
            case .pattern(let regex):
                if maxLength != nil {
                    throw GrammarCompilationError(path: path, reason: "pattern cannot be combined with maxLength; bound the pattern itself")
                }
                var translator = PatternTranslator(regex, path: path)
                try set("pattern", "\"\\\"\" " + (try translator.translate()) + " \"\\\"\"")
            case .substring(let text):
                let spans = SpanGrammar.spans(of: text, maxLength: maxLength)
                guard !spans.isEmpty else {
                    throw GrammarCompilationError(path: path, reason: "substring(of:) of a text with no words; make the property optional")
                }
                try set("substring(of:)", "\"\\\"\" " + SpanGrammar.expression(for: spans) + " \"\\\"\"")
            }
        }
        if let body { return body.expression }
        let character = rules.name(GBNF.jsonStringCharacter, suggested: "string-char")
        return "\"\\\"\" " + GBNF.repeated(character, minimum: 0, maximum: maxLength) + " \"\\\"\""
    }

    private func choice(_ strings: [String]) -> String {
        // Many choices share prefixes (spans of one text): match them through a trie.
        if strings.count > 8 { return "\"\\\"\" " + SpanGrammar.expression(for: strings) + " \"\\\"\"" }
        let literals = strings.map { GBNF.literal(GeneratedContent.quote($0)) }
        return literals.count == 1 ? literals[0] : "(" + literals.joined(separator: " | ") + ")"
    }

    // MARK: - Numbers

    private func bounds<Value>(_ guides: [NumberGuide<Value>], path: String) throws -> (Value?, Value?) {
        let (low, high) = NumberGuide.bounds(guides)
        if let low, let high, low > high {
            throw GrammarCompilationError(path: path, reason: "the minimum is above the maximum; no value satisfies both")
        }
        return (low, high)
    }

    private func whole<Value>(_ value: Value?, _ path: String) throws -> Int? {
        guard let value else { return nil }
        let result: Int?
        switch value {
        case let double as Double: result = double.rounded() == double && abs(double) < 1e15 ? Int(double) : nil
        case let decimal as Decimal:
            var copy = decimal
            var rounded = Decimal()
            NSDecimalRound(&rounded, &copy, 0, .plain)
            result = rounded == decimal ? Int(NSDecimalNumber(decimal: decimal).int64Value) : nil
        default: result = nil
        }
        guard let result else {
            throw GrammarCompilationError(path: path, reason: "bound \(value) is not a whole number; the grammar enforces whole-number bounds only")
        }
        return result
    }

    /// A decimal number in `low...high` (whole-number bounds): below `high`, any fraction;
    /// at `high` exactly, only zeros after the point.
    private func realExpression(low: Int?, high: Int?, path: String) throws -> String {
        let fraction = "(\".\" [0-9]{1,\(maximumFractionDigits)})?"
        let zeroFraction = "(\".\" \"0\"{1,\(maximumFractionDigits)})?"
        func nonNegative(_ from: Int, _ to: Int?) -> String {
            guard let to else { return IntegerRangeGrammar.nonNegative(from: from, to: nil) + " " + fraction }
            var parts: [String] = []
            if from <= to - 1 { parts.append(IntegerRangeGrammar.nonNegative(from: from, to: to - 1) + " " + fraction) }
            parts.append(GBNF.literal(String(to)) + " " + zeroFraction)
            return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " | ") + ")"
        }
        var parts: [String] = []
        if (low ?? -1) < 0 {
            // -x with x in max(0, -high)...-low.
            let magnitudeLow = max(0, high.map { -$0 } ?? 0)
            parts.append("\"-\" " + nonNegative(magnitudeLow, low.map { -$0 }))
        }
        if (high ?? 0) >= 0 {
            parts.append(nonNegative(max(0, low ?? 0), high))
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " | ") + ")"
    }

    // MARK: - Arrays

    private func arrayExpression(element: GenerationSchema, guides: [ArrayGuide], path: String,
                                 rules: inout RuleSet) throws -> String {
        var minimum = 0
        var maximum: Int?
        var elementSchema = element
        for guide in guides {
            switch guide {
            case .count(let count):
                minimum = max(minimum, count)
                maximum = min(maximum ?? count, count)
            case .minimumCount(let count): minimum = max(minimum, count)
            case .maximumCount(let count): maximum = min(maximum ?? count, count)
            case .element(let stringGuide):
                guard case .string(let existing) = elementSchema.kind else {
                    throw GrammarCompilationError(path: path, reason: "element(\(stringGuide)) applies to arrays of strings only")
                }
                elementSchema = GenerationSchema(.string(existing + [stringGuide]), description: elementSchema.description)
            }
        }
        if let maximum, maximum < minimum {
            throw GrammarCompilationError(path: path, reason: "the array's minimum count \(minimum) is above its maximum \(maximum)")
        }
        if max(minimum, maximum ?? 0) - 1 > GBNF.mostRepetitions {
            throw GrammarCompilationError(path: path, reason: "the array's count \(max(minimum, maximum ?? 0)) is above "
                + "\(GBNF.mostRepetitions + 1), the most llama.cpp's grammar engine can count to")
        }
        let item = rules.name(try expression(for: elementSchema, path: path + "[]", rules: &rules), suggested: path + "-item")
        if maximum == 0 { return GBNF.literal("[]") }
        let next = rules.name("\", \" " + item, suggested: path + "-next")
        let rest = GBNF.repeated(next, minimum: max(0, minimum - 1), maximum: maximum.map { $0 - 1 })
        let nonEmpty = "\"[\" " + item + " " + rest + " \"]\""
        return minimum == 0 ? "(\"[]\" | " + nonEmpty + ")" : nonEmpty
    }
}

/// Named rules, deduplicated by body, in the order they were first needed.
private struct RuleSet {
    private(set) var rules: [(name: String, body: String)] = []
    private var byBody: [String: String] = [:]

    /// A rule name for `body`; short bodies stay inline.
    mutating func name(_ body: String, suggested: String) -> String {
        if !body.contains(" ") && !body.contains("|") { return body }
        if let existing = byBody[body] { return existing }
        // GBNF names are ASCII letters, digits and dashes (llama.cpp reads nothing else as a name).
        var base = suggested.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
        while base.contains("--") { base = base.replacingOccurrences(of: "--", with: "-") }
        base = base.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        if base.isEmpty { base = "rule" }
        var name = base
        var counter = 2
        while rules.contains(where: { $0.name == name }) || name == "root" {
            name = "\(base)-\(counter)"
            counter += 1
        }
        rules.append((name, body))
        byBody[body] = name
        return name
    }
}
