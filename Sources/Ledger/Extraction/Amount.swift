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
        // Checked by hand: this runs for every row of an export.
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: continue
            case UInt8(ascii: "."):
                guard !seenPoint, digitsBefore > 0 else { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            default: return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0,
              let value = Decimal(string: text, locale: Amount.posix) else { return nil }
        self.value = value
        self.fractionDigits = digitsAfter
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Plain decimal text with a dot and `fractionDigits` digits after it.
    public var description: String { formatted(fractionDigits: fractionDigits) }

    /// Plain decimal text rounded to `digits` after the point (for a currency's minor units).
    public func formatted(fractionDigits digits: Int) -> String {
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, digits, .bankers)
        let negative = rounded < 0
        var magnitude = negative ? -rounded : rounded
        var text = NSDecimalString(&magnitude, Amount.posix)
        if digits > 0 {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            text = String(parts[0]) + "." + fraction + String(repeating: "0", count: max(0, digits - fraction.count))
        }
        return (negative ? "-" : "") + text
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.value < rhs.value }
}
