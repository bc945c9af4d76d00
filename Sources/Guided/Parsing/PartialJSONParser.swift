/// Reads any prefix of a JSON document into the value it has so far.
///
/// Cumulative by construction: a string shows the characters written so far (an unfinished escape
/// or multi-byte character is held back), a number shows its digits so far (a trailing `.`, `-`
/// or exponent mark is held back), `true`/`false`/`null` appear only once complete, and an object
/// has the properties whose value has begun. So a longer prefix never loses a value a shorter
/// prefix showed. Each value's byte range in the text is recorded by path (`merchant`,
/// `items[1].name`), for per-field confidence.
public struct PartialJSONParser {
    /// What a prefix holds.
    public struct Result: Sendable, Equatable {
        /// The value so far; nil when not even its first character is there.
        public let content: GeneratedContent?
        /// True when the top-level value is finished.
        public let isComplete: Bool
        /// Byte ranges of the values written so far, by path.
        public let spans: [String: Range<Int>]
        /// The paths whose values are finished.
        public let completePaths: Set<String>
    }

    private let bytes: [UInt8]
    private var index = 0
    private var spans: [String: Range<Int>] = [:]
    private var completePaths: Set<String> = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses `text`, a prefix of a JSON document.
    public static func parse(_ text: String) -> Result {
        parse(Array(text.utf8))
    }

    /// Parses UTF-8 `bytes`, a prefix of a JSON document.
    public static func parse(_ bytes: [UInt8]) -> Result {
        var parser = PartialJSONParser(bytes)
        let (content, complete) = parser.value(path: "")
        return Result(content: content, isComplete: complete, spans: parser.spans, completePaths: parser.completePaths)
    }

    // MARK: - Values

    private mutating func value(path: String) -> (GeneratedContent?, Bool) {
        skipWhitespace()
        guard index < bytes.count else { return (nil, false) }
        let start = index
        let result: (GeneratedContent?, Bool)
        switch bytes[index] {
        case UInt8(ascii: "{"): result = object(path: path)
        case UInt8(ascii: "["): result = array(path: path)
        case UInt8(ascii: "\""):
            let (text, complete) = string()
            result = (.string(text), complete)
        case UInt8(ascii: "t"): result = literal("true", .bool(true))
        case UInt8(ascii: "f"): result = literal("false", .bool(false))
        case UInt8(ascii: "n"): result = literal("null", .null)
        default: result = number()
        }
        if result.0 != nil && !path.isEmpty {
            spans[path] = start..<index
            if result.1 { completePaths.insert(path) }
        }
        return result
    }

    private mutating func object(path: String) -> (GeneratedContent?, Bool) {
        index += 1
        var properties: [(key: String, value: GeneratedContent)] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { return (.object(properties), false) }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return (.object(properties), true)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "\"") else { return (.object(properties), false) }
            let (key, keyComplete) = string()
            skipWhitespace()
            guard keyComplete, index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                return (.object(properties), false)
            }
            index += 1
            let childPath = path.isEmpty ? key : path + "." + key
            let (child, childComplete) = value(path: childPath)
            guard let child else { return (.object(properties), false) }
            properties.append((key, child))
            if !childComplete { return (.object(properties), false) }
        }
    }

    private mutating func array(path: String) -> (GeneratedContent?, Bool) {
        index += 1
        var elements: [GeneratedContent] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { return (.array(elements), false) }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return (.array(elements), true)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let (element, complete) = value(path: "\(path)[\(elements.count)]")
            guard let element else { return (.array(elements), false) }
            elements.append(element)
            if !complete { return (.array(elements), false) }
        }
    }

    /// Reads a string starting at its opening quote.
    private mutating func string() -> (String, Bool) {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (String(decoding: out, as: UTF8.self), true)
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "u"):
                    guard let value = hexQuad(at: index + 2) else {
                        index = bytes.count
                        return (String(decoding: out, as: UTF8.self), false)
                    }
                    var scalarValue = value
                    var length = 6
                    // A character beyond the Basic Multilingual Plane comes as two escapes, a high
                    // and a low surrogate ("\ud83d\ude00"); held back until the low one is whole.
                    if (0xD800...0xDBFF).contains(value) {
                        let rest = bytes[(index + 6)...].prefix(6)
                        if rest.count < 6, rest.count < 1 || rest.first == UInt8(ascii: "\\"),
                           rest.count < 2 || rest.dropFirst().first == UInt8(ascii: "u"), rest.dropFirst(2).allSatisfy(Self.isHexDigit) {
                            index = bytes.count
                            return (String(decoding: out, as: UTF8.self), false)
                        }
                        if rest.count == 6, rest.first == UInt8(ascii: "\\"), rest.dropFirst().first == UInt8(ascii: "u"),
                           let low = hexQuad(at: index + 8), (0xDC00...0xDFFF).contains(low) {
                            scalarValue = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            length = 12
                        }
                    }
                    let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
                    out += Array(String(Character(scalar)).utf8)
                    index += length
                    continue
                default: out.append(escaped)
                }
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        index = bytes.count
        return (String(decoding: out.droppingIncompleteUTF8Tail(), as: UTF8.self), false)
    }

    /// The four hex digits at `offset` as a number; nil when they are not all there.
    private func hexQuad(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy(Self.isHexDigit) else { return nil }
        return UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private mutating func number() -> (GeneratedContent?, Bool) {
        let start = index
        while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        let complete = index < bytes.count
        var text = Array(bytes[start..<index])
        if !complete {
            // Hold back what cannot end a number yet: "48." "-" "1e" "1e-".
            while let last = text.last, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last) {
                text.removeLast()
            }
        }
        guard !text.isEmpty else { return (nil, false) }
        return (.number(String(decoding: text, as: UTF8.self)), complete)
    }

    private mutating func literal(_ word: String, _ value: GeneratedContent) -> (GeneratedContent?, Bool) {
        let expected = Array(word.utf8)
        let available = min(expected.count, bytes.count - index)
        guard Array(bytes[index..<index + available]) == Array(expected[0..<available]) else {
            index = bytes.count
            return (nil, false)
        }
        index += available
        return available == expected.count ? (value, true) : (nil, false)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0a, 0x0d, 0x09].contains(bytes[index]) { index += 1 }
    }
}

extension Array where Element == UInt8 {
    /// Drops a multi-byte UTF-8 character cut off at the end.
    func droppingIncompleteUTF8Tail() -> [UInt8] {
        var end = count
        var continuation = 0
        while end > 0, self[end - 1] & 0xC0 == 0x80, continuation < 3 {
            end -= 1
            continuation += 1
        }
        guard end > 0 else { return self }
        let lead = self[end - 1]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        if needed > continuation { return Array(self[0..<(end - 1)]) }
        return self
    }
}
