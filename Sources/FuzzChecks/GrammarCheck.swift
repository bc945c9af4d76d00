import Foundation
import Guided
import GuidedLlama
import Ledger

extension FuzzChecks {
    /// The schema → GBNF compiler on schemas decoded from the input (any kind, nesting, guide and
    /// pattern text): it compiles or refuses with `GrammarCompilationError`, never anything else;
    /// it compiles the same schema to the same text twice; every rule the grammar refers to is
    /// defined in it; llama.cpp's grammar engine accepts a value of the schema drawn from the rest
    /// of the input (`SchemaValues`); and a lone pattern admits what `NSRegularExpression` matches.
    public static func grammar(_ bytes: [UInt8]) -> String? {
        var reader = ByteReader(bytes)
        let schema = reader.schema(depth: 0)
        let compiler = GrammarCompiler()
        let first: Grammar
        do {
            first = try compiler.compile(schema)
        } catch is GrammarCompilationError {
            return nil
        } catch {
            return "compiling threw \(error), not a GrammarCompilationError"
        }
        guard let second = try? compiler.compile(schema), second == first else {
            return "the same schema compiled to another grammar the second time"
        }
        let (defined, referred) = ruleNames(first.text)
        if let bad = defined.first(where: { !$0.allSatisfy(isNameCharacter) }) {
            return "rule name \(bad.debugDescription) holds characters a GBNF name cannot"
        }
        if let missing = referred.subtracting(defined).sorted().first {
            return "rule \(missing) is referred to but not defined:\n\(first.text)"
        }
        // What the grammar admits, read by llama.cpp's grammar engine (the one generation uses).
        let acceptor: GrammarAcceptor
        switch Self.acceptor {
        case .success(let loaded): acceptor = loaded
        case .failure(let error): return "the grammar oracle needs the default model (make deps): \(error)"
        }
        do {
            if let value = reader.value(of: schema) {
                let text = value.jsonString
                let verdict = try acceptor.verdict(of: text, under: first)
                guard verdict == .accepted else {
                    return "the grammar does not accept a value of its schema (\(verdict)):\n\(text)\n\(first.text)"
                }
            }
            if case .string(let guides) = schema.kind, guides.count == 1, case .pattern(let pattern) = guides[0] {
                return try patternAgrees(pattern, grammar: first, reader: &reader, acceptor: acceptor)
            }
        } catch {
            return "llama.cpp could not read the grammar or the value: \(error)\n\(first.text)"
        }
        return nil
    }

    /// The expense extractor's own schema for the input read as a note (the widest one: the
    /// merchant any span the rules offer, the category one of four, the purpose a pattern): it
    /// always compiles, and llama.cpp's grammar engine accepts a value of it drawn from the input
    /// (a span as the merchant, a category, a few words as the purpose).
    public static func expenseGrammar(_ bytes: [UInt8]) -> String? {
        let note = String(decoding: bytes, as: UTF8.self)
        let schema = ExpenseExtractor.widestModelSchema(for: note)
        let grammar: Grammar
        do {
            grammar = try GrammarCompiler().compile(schema)
        } catch {
            return "the expense schema of a note did not compile: \(error)\nnote: \(note.debugDescription)"
        }
        guard case .success(let acceptor) = Self.acceptor else { return "the grammar oracle needs the default model (make deps)" }
        var reader = ByteReader(bytes.reversed())
        guard let value = reader.value(of: schema) else { return nil }
        let text = value.jsonString
        do {
            let verdict = try acceptor.verdict(of: text, under: grammar)
            guard verdict == .accepted else {
                return "the expense grammar does not accept a value of its schema (\(verdict)):\n\(text)\nnote: \(note.debugDescription)\n\(grammar.text)"
            }
        } catch {
            return "llama.cpp could not read the expense grammar: \(error)\nnote: \(note.debugDescription)"
        }
        return nil
    }

    /// The default model's vocabulary, loaded once per process.
    static let acceptor: Result<GrammarAcceptor, any Error> = Result {
        try GrammarAcceptor(model: LlamaModel(url: URL(fileURLWithPath: Configuration.resolve().modelPath)))
    }

    /// A string schema guided by one pattern admits exactly what `NSRegularExpression` matches
    /// whole, for candidate strings of printable ASCII without `"` and `\` (where the translator's
    /// subset means what ICU's expressions mean) made of the pattern's own characters and others.
    static func patternAgrees(_ pattern: String, grammar: Grammar, reader: inout ByteReader,
                              acceptor: GrammarAcceptor) throws -> String? {
        guard let regex = try? NSRegularExpression(pattern: "^(?:" + anchorsRemoved(pattern) + ")$") else { return nil }
        let own = pattern.filter { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" && $0.asciiValue! >= 0x20 }
        for _ in 0..<8 {
            var candidate = ""
            for _ in 0..<reader.number(9) {
                if !own.isEmpty && reader.number(3) != 0 {
                    candidate.append(Array(own)[reader.number(own.count)])
                } else {
                    let code = 0x20 + reader.number(0x5f)
                    candidate.append(code == 0x22 || code == 0x5c ? " " : Character(Unicode.Scalar(UInt8(code))))
                }
            }
            let range = NSRange(candidate.startIndex..., in: candidate)
            let matches = regex.firstMatch(in: candidate, range: range) != nil
            let verdict = try acceptor.verdict(of: GeneratedContent.quote(candidate), under: grammar)
            if matches != (verdict == .accepted) {
                return "pattern \(pattern.debugDescription) and its grammar disagree on \(candidate.debugDescription): "
                    + "NSRegularExpression \(matches ? "matches" : "does not match"), the grammar says \(verdict)\n\(grammar.text)"
            }
        }
        return nil
    }

    /// The pattern without the `^` and `$` that the translator reads as the string's ends.
    static func anchorsRemoved(_ pattern: String) -> String {
        var text = Substring(pattern)
        if text.first == "^" { text = text.dropFirst() }
        if text.last == "$" && !text.dropLast().hasSuffix("\\") { text = text.dropLast() }
        return String(text)
    }

    /// The rule names a GBNF text defines (`name ::= …`) and those its bodies refer to (outside
    /// string literals and character classes).
    static func ruleNames(_ text: String) -> (defined: Set<String>, referred: Set<String>) {
        var defined = Set<String>()
        var referred = Set<String>()
        for line in text.split(separator: "\n") {
            guard let separator = line.range(of: " ::= ") else { continue }
            defined.insert(String(line[..<separator.lowerBound]))
            // Scalars, not characters: a quote followed by a combining mark is one character.
            let body = Array(line[separator.upperBound...].unicodeScalars)
            var index = 0
            while index < body.count {
                let character = body[index]
                if character == "\"" || character == "[" || character == "{" {
                    // A literal, a character class, or a repetition count ({1,17}).
                    let closing: Unicode.Scalar = character == "\"" ? "\"" : character == "[" ? "]" : "}"
                    index += 1
                    while index < body.count && body[index] != closing {
                        index += body[index] == "\\" ? 2 : 1
                    }
                    index += 1
                } else if isNameCharacter(character) && character != "-" {
                    // GBNF names are runs of ASCII letters, digits and dashes, a digit first too.
                    var name = ""
                    while index < body.count && isNameCharacter(body[index]) {
                        name.unicodeScalars.append(body[index])
                        index += 1
                    }
                    referred.insert(name)
                } else {
                    index += 1
                }
            }
        }
        return (defined, referred)
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-")
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isNameCharacter(Character(scalar))
    }
}

/// Reads a schema out of fuzz bytes: each byte chooses a kind, a guide or a length, and text comes
/// from the bytes themselves. Runs out gracefully (zeros) at the end of the input.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func number(_ bound: Int) -> Int { Int(byte()) % bound }

    mutating func signed() -> Int { Int(Int8(bitPattern: byte())) * (number(3) == 0 ? 1000 : 1) }

    mutating func text() -> String {
        let length = number(12)
        var raw: [UInt8] = []
        for _ in 0..<length { raw.append(byte()) }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func name() -> String {
        let text = self.text().filter { $0.isLetter || $0.isNumber || $0 == "_" }
        return text.isEmpty ? "p\(number(100))" : text
    }

    mutating func schema(depth: Int) -> GenerationSchema {
        let kind = depth >= 3 ? number(6) : number(9)
        switch kind {
        case 0:
            var guides: [StringGuide] = []
            for _ in 0..<number(3) {
                switch number(5) {
                case 0: guides.append(.anyOf((0..<number(4)).map { _ in text() }))
                case 1: guides.append(.constant(text()))
                case 2: guides.append(.pattern(text()))
                case 3: guides.append(.maxLength(signed()))
                default: guides.append(.substring(of: text() + " " + text()))
                }
            }
            return GenerationSchema(.string(guides))
        case 1:
            return GenerationSchema(.integer(numberGuides { $0.signed() }))
        case 2:
            return GenerationSchema(.double(numberGuides { Double($0.signed()) / Double(1 + $0.number(4)) }))
        case 3:
            return GenerationSchema(.decimal(numberGuides { Decimal($0.signed()) / Decimal(1 + $0.number(4)) }))
        case 4:
            return GenerationSchema(.boolean)
        case 5:
            return GenerationSchema(.enumeration((0..<number(5)).map { _ in text() }))
        case 6:
            var guides: [ArrayGuide] = []
            for _ in 0..<number(3) {
                switch number(4) {
                case 0: guides.append(.count(signed()))
                case 1: guides.append(.minimumCount(signed()))
                case 2: guides.append(.maximumCount(signed()))
                default: guides.append(.element(.maxLength(number(20))))
                }
            }
            return GenerationSchema(.array(of: schema(depth: depth + 1), guides))
        case 7:
            return GenerationSchema(.optional(schema(depth: depth + 1)))
        default:
            let properties = (0..<number(5)).map { _ in GenerationSchema.Property(name(), schema(depth: depth + 1)) }
            return GenerationSchema(.object(name: name(), properties: properties))
        }
    }

    private mutating func numberGuides<Value>(_ value: (inout ByteReader) -> Value) -> [NumberGuide<Value>] {
        var guides: [NumberGuide<Value>] = []
        for _ in 0..<number(3) {
            switch number(3) {
            case 0: guides.append(.minimum(value(&self)))
            case 1: guides.append(.maximum(value(&self)))
            default:
                let a = value(&self), b = value(&self)
                guides.append(.range(min(a, b)...max(a, b)))
            }
        }
        return guides
    }
}
