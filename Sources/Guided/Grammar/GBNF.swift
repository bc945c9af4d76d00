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

    /// The most times a repetition may require its item (`x{n}`, `x{n,}`, `x{n,m}`, for an item
    /// that is one group, rule or character): llama.cpp copies a required item out `n` times and
    /// refuses a grammar past 2,000 copies ("number of repetitions exceeds sane defaults"). The
    /// optional part (`m - n`) has no such limit.
    static let mostRequiredRepetitions = 2000

    /// `expression` repeated between `minimum` and `maximum` times (nil: unbounded).
    static func repeated(_ expression: String, minimum: Int, maximum: Int?) -> String {
        switch (minimum, maximum) {
        case (0, nil): "(\(expression))*"
        case (1, nil): "(\(expression))+"
        case (let low, nil): "(\(expression)){\(low),}"
        case (let low, let high?) where low == high: "(\(expression)){\(low)}"
        case (let low, let high?): "(\(expression)){\(low),\(high)}"
        }
    }
}
