import Foundation
import Guided

extension FuzzChecks {
    /// The schema → GBNF compiler on schemas decoded from the input (any kind, nesting, guide and
    /// pattern text): it compiles or refuses with `GrammarCompilationError`, never anything else;
    /// it compiles the same schema to the same text twice; and every rule the grammar refers to is
    /// defined in it.
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
        return nil
    }

    /// The rule names a GBNF text defines (`name ::= …`) and those its bodies refer to (outside
    /// string literals and character classes).
    static func ruleNames(_ text: String) -> (defined: Set<String>, referred: Set<String>) {
        var defined = Set<String>()
        var referred = Set<String>()
        for line in text.split(separator: "\n") {
            guard let separator = line.range(of: " ::= ") else { continue }
            defined.insert(String(line[..<separator.lowerBound]))
            let body = Array(line[separator.upperBound...])
            var index = 0
            while index < body.count {
                let character = body[index]
                if character == "\"" || character == "[" || character == "{" {
                    // A literal, a character class, or a repetition count ({1,17}).
                    let closing: Character = character == "\"" ? "\"" : character == "[" ? "]" : "}"
                    index += 1
                    while index < body.count && body[index] != closing {
                        index += body[index] == "\\" ? 2 : 1
                    }
                    index += 1
                } else if isNameCharacter(character) && character != "-" {
                    // GBNF names are runs of ASCII letters, digits and dashes, a digit first too.
                    var name = ""
                    while index < body.count && isNameCharacter(body[index]) {
                        name.append(body[index])
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
