import Foundation
import Ledger

extension FuzzChecks {
    /// The day notes are read against in the fuzz targets (a fixed one: the same input gives the
    /// same answer on any day).
    static let received = Date(timeIntervalSince1970: 1_795_000_000)

    /// The rules extractor on any bytes (as the watcher reads a file: invalid UTF-8 replaced): it
    /// never traps, an amount is positive and has at most four decimals, a date is a real day
    /// written `YYYY-MM-DD`; and a figure written with thousands separators reads as without them.
    public static func rules(_ bytes: [UInt8]) -> String? {
        let note = String(decoding: bytes, as: UTF8.self)
        let expense = RulesExtractor.extract(note, received: received)
        if let amount = expense.amount {
            if amount.value <= 0 { return "amount \(amount) is not positive" }
            if amount.fractionDigits > 4 { return "amount \(amount) has \(amount.fractionDigits) decimals" }
        }
        if let date = expense.date, !isRealDay(date) { return "date \(date) is not a real day" }
        if let currency = expense.currency, currency.count != 3 || !currency.allSatisfy(\.isUppercase) {
            return "currency \(currency) is not an ISO code"
        }
        // The input's first bytes as a figure of up to nine digits and two decimals, written
        // with separators ("1,234,567.89") and without ("1234567.89"): both read the same.
        let digits = bytes.prefix(11).map { Int($0 % 10) }
        guard digits.count == 11, digits[0] != 0 else { return nil }
        let whole = digits[0..<9].map(String.init).joined()
        let cents = digits[9...].map(String.init).joined()
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        let plain = RulesExtractor.extract("paid \(whole).\(cents) at the shop", received: received).amount
        let separated = RulesExtractor.extract("paid \(grouped).\(cents) at the shop", received: received).amount
        guard plain?.description == "\(whole).\(cents)" else { return "\(whole).\(cents) read as \(plain?.description ?? "none")" }
        guard separated == plain else { return "\(grouped).\(cents) read as \(separated?.description ?? "none")" }
        return nil
    }

    /// True for `YYYY-MM-DD` naming a day the Gregorian calendar has (no 30 February).
    static func isRealDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else {
            return false
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return false }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        return back.year == year && back.month == month && back.day == day
    }
}
