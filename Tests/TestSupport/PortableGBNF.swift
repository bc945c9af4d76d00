/// The GBNF that llama.cpp's grammar parser, vLLM's and SGLang's xgrammar (which "uses the GGML
/// BNF format") and llguidance's GBNF reader all accept: rules `name ::= expression` on lines of
/// their own; quoted literals and character classes with the escapes `\" \\ \n \r \t \xHH
/// \uHHHH`; rule references; `( )`, `|`; the postfix `* + ? {m} {m,} {m,n}`. Nothing else: no
/// token terminals (`<…>`, `<[…]>`), no negation `!`, no Lark syntax, no comments.
public enum PortableGBNF {
    /// What in `grammar` is outside that subset; empty when it is inside.
    public static func problems(in grammar: String) -> [String] {
        var problems: [String] = []
        var defined = Set<String>()
        var referenced = Set<String>()
        for line in grammar.split(separator: "\n", omittingEmptySubsequences: true) {
            let characters = Array(line)
            guard let separator = line.range(of: " ::= ") else {
                problems.append("not a rule: \(line.prefix(60))")
                continue
            }
            let name = String(line[..<separator.lowerBound])
            if !isName(name) { problems.append("bad rule name '\(name)'") }
            defined.insert(name)
            var index = line.distance(from: line.startIndex, to: separator.upperBound)
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                switch character {
                case " ", "|", "*", "+", "?":
                    index += 1
                case "(":
                    depth += 1
                    index += 1
                case ")":
                    depth -= 1
                    if depth < 0 { problems.append("unbalanced ) in \(name)") }
                    index += 1
                case "\"", "[":
                    let close: Character = character == "\"" ? "\"" : "]"
                    index += 1
                    if character == "[" && index < characters.count && characters[index] == "^" { index += 1 }
                    var closed = false
                    while index < characters.count {
                        let inner = characters[index]
                        if inner == "\\" {
                            guard index + 1 < characters.count else { break }
                            let escape = characters[index + 1]
                            let hexCount: Int? = switch escape {
                            case "\"", "\\", "n", "r", "t", "]", "[", "-", "^", "/": 0
                            case "x": 2
                            case "u": 4
                            default: nil
                            }
                            guard let hexCount else {
                                problems.append("escape \\\(escape) in \(name)")
                                index += 2
                                continue
                            }
                            let digits = characters[min(index + 2, characters.count)..<min(index + 2 + hexCount, characters.count)]
                            if digits.count != hexCount || !digits.allSatisfy(\.isHexDigit) { problems.append("short escape in \(name)") }
                            index += 2 + hexCount
                        } else if inner == close {
                            closed = true
                            index += 1
                            break
                        } else {
                            index += 1
                        }
                    }
                    if !closed { problems.append("unclosed \(character) in \(name)") }
                case "{":
                    guard let end = characters[index...].firstIndex(of: "}") else {
                        problems.append("unclosed { in \(name)")
                        index = characters.count
                        continue
                    }
                    let bounds = String(characters[(index + 1)..<end])
                    let parts = bounds.split(separator: ",", omittingEmptySubsequences: false)
                    if parts.isEmpty || parts.count > 2 || Int(parts[0]) == nil || (parts.count == 2 && !parts[1].isEmpty && Int(parts[1]) == nil) {
                        problems.append("bad repetition {\(bounds)} in \(name)")
                    }
                    index = end + 1
                default:
                    var end = index
                    while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "-" { end += 1 }
                    guard end > index else {
                        problems.append("'\(character)' in \(name)")
                        index += 1
                        continue
                    }
                    referenced.insert(String(characters[index..<end]))
                    index = end
                }
            }
            if depth != 0 { problems.append("unbalanced ( in \(name)") }
        }
        if !defined.contains("root") { problems.append("no root rule") }
        for name in referenced.subtracting(defined).sorted() { problems.append("rule '\(name)' used but not defined") }
        return problems
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
    }
}
