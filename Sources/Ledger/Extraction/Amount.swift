import Foundation

/// A money amount: a `Decimal` that remembers how many digits after the point were written,
/// so "48.50" prints as "48.50", never "48.5".
public struct Amount: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let value: Decimal
    /// Digits after the decimal point to print.
    public let fractionDigits: Int

    public init(_ value: Decimal, fractionDigits: Int) {
        self.value = value
        self.fractionDigits = max(0, fractionDigits)
    }

    /// Reads a plain decimal such as "48.50", "-3" or "1299.00"; nil for anything else.
    public init?(_ text: String) {
        guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self.value = value
        self.fractionDigits = text.split(separator: ".").dropFirst().first?.count ?? 0
    }

    /// Plain decimal text with a dot and `fractionDigits` digits after it.
    public var description: String { formatted(fractionDigits: fractionDigits) }

    /// Plain decimal text rounded to `digits` after the point (for a currency's minor units).
    public func formatted(fractionDigits digits: Int) -> String {
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, digits, .bankers)
        let negative = rounded < 0
        var magnitude = negative ? -rounded : rounded
        var text = NSDecimalString(&magnitude, Locale(identifier: "en_US_POSIX"))
        if digits > 0 {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            text = String(parts[0]) + "." + fraction + String(repeating: "0", count: max(0, digits - fraction.count))
        }
        return (negative ? "-" : "") + text
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.value < rhs.value }
}
