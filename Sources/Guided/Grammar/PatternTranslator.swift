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
        return expression
    }

    // MARK: - Recursive descent

    private mutating func alternation() throws -> String {
        var branches = [try sequence()]
        while peek == "|" {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : "(" + branches.joined(separator: " | ") + ")"
    }

    private mutating func sequence() throws -> String {
        var items: [String] = []
        while let character = peek, character != "|", character != ")" {
            let atom = try self.atom()
            items.append(try quantified(atom))
        }
        return items.isEmpty ? "\"\"" : items.joined(separator: " ")
    }

    private mutating func atom() throws -> String {
        let character = pattern[index]
        index += 1
        switch character {
        case "(":
            if peek == "?" {
                guard index + 1 < pattern.count, pattern[index + 1] == ":" else {
                    throw failure("lookaround and named groups are not supported")
                }
                index += 2
            }
            let inner = try alternation()
            guard peek == ")" else { throw failure("unclosed group") }
            index += 1
            return "(" + inner + ")"
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

    private mutating func quantified(_ atom: String) throws -> String {
        guard let character = peek else { return atom }
        var result = atom
        switch character {
        case "*", "+", "?":
            index += 1
            result = atom + String(character)
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
            if low > GBNF.mostRequiredRepetitions {
                throw failure("{\(text)} requires \(low) repetitions; llama.cpp's grammar engine takes at most \(GBNF.mostRequiredRepetitions)")
            }
            result = "(" + atom + ")" + (bounds.count == 1 ? "{\(low)}" : "{\(low),\(high.map(String.init) ?? "")}")
        default:
            return atom
        }
        if peek == "?" || peek == "+" { throw failure("lazy and possessive quantifiers are not supported") }
        return result
    }

    private var peek: Character? { index < pattern.count ? pattern[index] : nil }

    private func failure(_ reason: String) -> GrammarCompilationError {
        GrammarCompilationError(path: path, reason: "pattern \(String(pattern)): \(reason)")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(self.filter { $0 != " " }) }
}
