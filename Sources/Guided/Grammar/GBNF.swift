import Foundation

/// Small helpers for writing GBNF text.
enum GBNF {
    /// A GBNF string literal matching `text` exactly.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                out += "\\x" + hex(scalar.value, width: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The GBNF literal for `text` written as the inside of a JSON string. The quotes are dropped
    /// as scalars: as characters, a text that starts with a combining mark would take the opening
    /// quote into its first character and lose it with the quote.
    static func jsonStringBody(_ text: String) -> String {
        literal(String(String.UnicodeScalarView(GeneratedContent.quote(text).unicodeScalars.dropFirst().dropLast())))
    }

    /// A character a JSON string may hold unescaped.
    static let jsonCharacter = #"[^"\\\x00-\x1f]"#

    /// One character of a JSON string, escapes included.
    static let jsonStringCharacter = #"[^"\\\x00-\x1f] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F]{4})"#

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The most times llama.cpp's grammar reader lets a repetition (`x{n}`, `x{n,}`, `x{n,m}`)
    /// require or allow its item: it refuses a minimum over 2,000 ("number of repetitions exceeds
    /// sane defaults"), silently reads a maximum over 2,000 as no maximum at all, and refuses a
    /// repetition whose item, counted in the rules llama.cpp creates for it (1 for a rule name, a
    /// literal or a class; for a group, the group and every rule made inside it), times the count
    /// (the maximum, else the minimum) is over 2,000. The compiler and the pattern translator keep
    /// within this, or refuse the schema.
    static let mostRepetitions = 2000

    /// `expression` repeated between `minimum` and `maximum` times (nil: unbounded).
    /// A rule name written alone is repeated as it is: llama.cpp counts it as one rule, while a
    /// group around it counts the group and, the first time the name is seen, the name too.
    static func repeated(_ expression: String, minimum: Int, maximum: Int?) -> String {
        let item = isRuleName(expression) ? expression : "(\(expression))"
        return switch (minimum, maximum) {
        case (0, nil): "\(item)*"
        case (1, nil): "\(item)+"
        case (let low, nil): "\(item){\(low),}"
        case (let low, let high?) where low == high: "\(item){\(low)}"
        case (let low, let high?): "\(item){\(low),\(high)}"
        }
    }

    /// A GBNF rule name: ASCII letters, digits and dashes.
    static func isRuleName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
    }
}
