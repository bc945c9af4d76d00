/// Translates a regular expression into GBNF for the inside of a JSON string.
///
/// The subset: literal characters; `\` escapes of metacharacters; `.`; `\d \w \s \D \W \S`;
/// classes `[a-z_]` and `[^,]` with ranges; groups `( )` and `(?: )`; `|`; the quantifiers
/// `* + ? {m} {m,} {m,n}`; `^` at the start and `$` at the end (the whole string always matches).
/// Anything else — backreferences, lookaround, lazy quantifiers, anchors in the middle — is refused.
/// `.`, `\s` and negated classes never match `"`, `\` or control characters, so the string stays
/// valid JSON; `\s` is a plain space.
struct PatternTranslator {
    private let pattern: [Character]
    private var index = 0
    private let path: String

    init(_ pattern: String, path: String) {
        var characters = Array(pattern)
        if characters.first == "^" { characters.removeFirst() }
        if characters.last == "$" && !(characters.count >= 2 && characters[characters.count - 2] == "\\") {
            characters.removeLast()
        }
        self.pattern = characters
        self.path = path
    }

    /// - Throws: `GrammarCompilationError` for anything outside the subset.
    mutating func translate() throws -> String {
        let expression = try alternation()
        if index < pattern.count { throw failure("unexpected '\(pattern[index])'") }
        return expression.text
    }

    /// A translated part, whether it can match the empty string (which an unbounded repetition
    /// of it must not: llama.cpp refuses the left recursion `x*` becomes), and what llama.cpp
    /// counts when it repeats it (`GBNF.mostRepetitions`).
    private struct Part {
        var text: String
        var nullable: Bool
        /// The rules llama.cpp creates while reading the part: one per group, and one per optional
        /// copy a repetition makes.
        var rules = 0
        /// What llama.cpp multiplies a repetition's count by when this part is repeated: 1 for a
        /// character, a literal or a class; for a group, the group and the rules made inside it.
        var weight = 1
    }

    // MARK: - Recursive descent

    private mutating func alternation() throws -> Part {
        var branches = [try sequence()]
        while peek == "|" {
            index += 1
            branches.append(try sequence())
        }
        if branches.count == 1 { return branches[0] }
        let rules = 1 + branches.map(\.rules).reduce(0, +)
        return Part(text: "(" + branches.map(\.text).joined(separator: " | ") + ")", nullable: branches.contains { $0.nullable },
                    rules: rules, weight: rules)
    }

    private mutating func sequence() throws -> Part {
        var items: [Part] = []
        while let character = peek, character != "|", character != ")" {
            let atom = try self.atom()
            items.append(try quantified(atom))
        }
        if items.isEmpty { return Part(text: "\"\"", nullable: true) }
        if items.count == 1 { return items[0] }
        return Part(text: items.map(\.text).joined(separator: " "), nullable: items.allSatisfy(\.nullable),
                    rules: items.map(\.rules).reduce(0, +))
    }

    private mutating func atom() throws -> Part {
        if pattern[index] == "(" {
            index += 1
            if peek == "?" {
                guard index + 1 < pattern.count, pattern[index + 1] == ":" else {
                    throw failure("lookaround and named groups are not supported")
                }
                index += 2
            }
            let inner = try alternation()
            guard peek == ")" else { throw failure("unclosed group") }
            index += 1
            return Part(text: "(" + inner.text + ")", nullable: inner.nullable, rules: 1 + inner.rules, weight: 1 + inner.rules)
        }
        return Part(text: try single(), nullable: false)
    }

    /// An atom that matches exactly one character.
    private mutating func single() throws -> String {
        let character = pattern[index]
        index += 1
        switch character {
        case "[": return try characterClass()
        case ".": return GBNF.jsonCharacter
        case "\\": return try escape()
        case "^", "$": throw failure("anchors are only supported at the start and the end")
        case "*", "+", "?", "{": throw failure("a quantifier needs something before it")
        default: return GBNF.jsonStringBody(String(character))
        }
    }

    private mutating func escape() throws -> String {
        guard let character = peek else { throw failure("trailing backslash") }
        index += 1
        switch character {
        case "d": return "[0-9]"
        case "w": return "[a-zA-Z0-9_]"
        case "s": return "\" \""
        case "D": return #"[^0-9"\\\x00-\x1f]"#
        case "W": return #"[^a-zA-Z0-9_"\\\x00-\x1f]"#
        case "S": return #"[^ "\\\x00-\x1f]"#
        case _ where "\\.^$|?*+()[]{}/-".contains(character):
            return GBNF.jsonStringBody(String(character))
        default: throw failure("the escape \\\(character) is not supported")
        }
    }

    private mutating func characterClass() throws -> String {
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var body = ""
        var first = true
        while let character = peek, character != "]" || first {
            first = false
            index += 1
            var member: String
            if character == "\\" {
                guard let escaped = peek else { throw failure("unclosed class") }
                index += 1
                switch escaped {
                case "d": member = "0-9"
                case "w": member = "a-zA-Z0-9_"
                case "s": member = " "
                case _ where "\\]^-[".contains(escaped): member = "\\" + String(escaped)
                default: throw failure("the escape \\\(escaped) inside a class is not supported")
                }
            } else {
                if character == "\"" || character.unicodeScalars.first!.value < 0x20 {
                    throw failure("a class may not hold '\"' or control characters (they would break the JSON string)")
                }
                member = character == "]" ? "\\]" : String(character)
            }
            body += member
        }
        guard peek == "]" else { throw failure("unclosed class") }
        index += 1
        if negated {
            return "[^" + body + #""\\\x00-\x1f]"#
        }
        if body.contains("\\\\") { throw failure("a class may not hold '\\' (it would break the JSON string)") }
        return "[" + body + "]"
    }

    private mutating func quantified(_ part: Part) throws -> Part {
        let atom = part.text
        guard let character = peek else { return part }
        var result = part
        var unbounded = false
        switch character {
        case "*", "+", "?":
            index += 1
            result = Part(text: atom + String(character), nullable: character != "+" || part.nullable, rules: part.rules + 1)
            unbounded = character != "?"
            if part.weight > GBNF.mostRepetitions { throw tooComplex(String(character)) }
        case "{":
            let start = index
            index += 1
            var text = ""
            while let next = peek, next != "}" {
                text.append(next)
                index += 1
            }
            guard peek == "}" else { throw failure("unclosed {") }
            index += 1
            let bounds = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            func count(_ text: String) -> Int? { text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? Int(text) : nil }
            guard (1...2).contains(bounds.count), let low = count(bounds[0]),
                  bounds.count == 1 || bounds[1].isEmpty || count(bounds[1]) != nil else {
                index = start
                throw failure("bad repetition {\(text)}")
            }
            let high = bounds.count == 1 ? low : count(bounds[1])
            if let high, high < low { throw failure("bad repetition {\(text)}") }
            if max(low, high ?? 0) > GBNF.mostRepetitions {
                throw failure("{\(text)}: llama.cpp's grammar engine counts repetitions to \(GBNF.mostRepetitions) at most")
            }
            // Written as a group around the atom: the group is one more rule.
            let weight = 1 + part.rules
            let optional = high.map { $0 - low } ?? 1
            if weight * (high.flatMap { $0 > 0 ? $0 : nil } ?? max(low, 1)) > GBNF.mostRepetitions { throw tooComplex("{\(text)}") }
            result = Part(text: "(" + atom + ")" + (bounds.count == 1 ? "{\(low)}" : "{\(low),\(high.map(String.init) ?? "")}"),
                          nullable: low == 0 || part.nullable, rules: weight + optional)
            unbounded = bounds.count == 2 && high == nil
        default:
            return part
        }
        if unbounded && part.nullable {
            throw failure("a repeated part that can match nothing (like ()* or (a?)+) is not supported; repeat what it must match, e.g. (a)*")
        }
        if peek == "?" || peek == "+" { throw failure("lazy and possessive quantifiers are not supported") }
        return result
    }

    private var peek: Character? { index < pattern.count ? pattern[index] : nil }

    private func tooComplex(_ quantifier: String) -> GrammarCompilationError {
        failure("the part repeated by \(quantifier) is too complex for llama.cpp's grammar engine (its rules times the count are over "
                + "\(GBNF.mostRepetitions)); repeat something simpler or fewer times")
    }

    private func failure(_ reason: String) -> GrammarCompilationError {
        GrammarCompilationError(path: path, reason: "pattern \(String(pattern)): \(reason)")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(self.filter { $0 != " " }) }
}
