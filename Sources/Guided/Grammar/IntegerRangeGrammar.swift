/// GBNF for whole numbers within bounds, enforced digit by digit (no leading zeros).
enum IntegerRangeGrammar {
    /// The most digits a generated number may have.
    static let maximumDigits = 18

    /// Non-negative integers in `low...high` (`high` nil: no upper bound).
    static func nonNegative(from low: Int, to high: Int?) -> String {
        precondition(low >= 0 && (high ?? low) >= low)
        var alternatives: [String] = []
        var start = low
        var length = digitCount(low)
        while length <= maximumDigits {
            let lengthMax = power10(length) - 1
            let end = min(lengthMax, high ?? lengthMax)
            if start > end { break }
            if high == nil && start == power10(length - 1) && length > 1 {
                // Every number of this length and longer.
                alternatives.append("[1-9] [0-9]{\(length - 1),\(maximumDigits - 1)}")
                break
            }
            alternatives.append(sameLength(digits(start, width: length), digits(end, width: length)))
            if let high, end >= high { break }
            start = end + 1
            length += 1
        }
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " | ") + ")"
    }

    /// Integers in `low...high`, either bound open.
    static func integers(from low: Int?, to high: Int?) -> String {
        var parts: [String] = []
        if (low ?? -1) < 0 {
            // Negative side: "-" then 1...-low (or unbounded), limited by a negative high.
            let magnitudeLow = max(1, high.map { $0 < 0 ? -$0 : 1 } ?? 1)
            let magnitudeHigh = low.map { -$0 }
            parts.append("\"-\" " + nonNegative(from: magnitudeLow, to: magnitudeHigh))
        }
        if (high ?? 0) >= 0 {
            parts.append(nonNegative(from: max(0, low ?? 0), to: high))
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " | ") + ")"
    }

    // MARK: - Digits

    /// GBNF for all digit strings between `low` and `high`, which have the same length.
    private static func sameLength(_ low: [Int], _ high: [Int]) -> String {
        if low.isEmpty { return "" }
        if low == high { return GBNF.literal(low.map(String.init).joined()) }
        let rest = low.count - 1
        if low.dropFirst().allSatisfy({ $0 == 0 }) && high.dropFirst().allSatisfy({ $0 == 9 }) {
            return join(digitClass(low[0], high[0]), anyDigits(rest))
        }
        if low[0] == high[0] {
            return join(GBNF.literal(String(low[0])), sameLength(Array(low.dropFirst()), Array(high.dropFirst())))
        }
        var alternatives = [join(GBNF.literal(String(low[0])),
                                 sameLength(Array(low.dropFirst()), Array(repeating: 9, count: rest)))]
        if low[0] + 1 <= high[0] - 1 {
            alternatives.append(join(digitClass(low[0] + 1, high[0] - 1), anyDigits(rest)))
        }
        alternatives.append(join(GBNF.literal(String(high[0])),
                                 sameLength(Array(repeating: 0, count: rest), Array(high.dropFirst()))))
        return "(" + alternatives.joined(separator: " | ") + ")"
    }

    private static func join(_ a: String, _ b: String) -> String {
        b.isEmpty ? a : (a.isEmpty ? b : a + " " + b)
    }

    private static func digitClass(_ low: Int, _ high: Int) -> String {
        low == high ? GBNF.literal(String(low)) : "[\(low)-\(high)]"
    }

    private static func anyDigits(_ count: Int) -> String {
        switch count {
        case 0: ""
        case 1: "[0-9]"
        default: "[0-9]{\(count)}"
        }
    }

    private static func digits(_ value: Int, width: Int) -> [Int] {
        let text = String(value)
        return Array(repeating: 0, count: width - text.count) + text.map { Int(String($0))! }
    }

    private static func digitCount(_ value: Int) -> Int { String(value).count }

    private static func power10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
