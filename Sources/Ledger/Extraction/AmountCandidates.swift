import Foundation

/// A money amount a note could mean, found in its text.
struct AmountCandidate: Equatable {
    /// The amount, normalised ("1.299,00" → 1299.00).
    let value: Decimal
    /// The plain decimal text, as written after normalisation ("1299.00", "23.10", "50").
    let text: String
    /// The amount with the digits it was written with.
    var amount: Amount { Amount(text) ?? Amount(value, fractionDigits: 2) }
    /// Character offsets of the number in the note (for a computed amount: its last operand).
    let range: Range<Int>
    /// The currency written beside it, if any.
    let currency: String?
    /// How likely this is the amount paid, by the rules; higher is likelier.
    let score: Int
    /// True when computed from numbers the note spells out ("45 + 5 tip", "2.90 x2").
    let isComputed: Bool
}

/// Finds the amounts a note could mean.
///
/// Numbers are read with either decimal mark: "23,45" and "23.45" are 23.45; a group of three
/// digits after a mark is thousands ("1.299" and "1,299" are 1299); with both marks the last one
/// is the decimal mark ("1.299,00", "$1,299.00"). "12k" is 12000. Numbers that are parts of dates
/// or times (3/11, 12:30, 2026-06-14), percentages, card or account digits (4232***0581, XX7441),
/// and figures after a balance, limit or former-price word ("Bal", "Avl Limit", "Saldo", "was")
/// are not amounts. Arithmetic the note spells out adds a candidate: "45 + 5 tip", "41.25, plus 6
/// tip", "2.90 x2", "2 shelves @ 29.99 each", "gave 50, got 12 back".
enum AmountFinder {
    struct Number {
        let value: Decimal
        let text: String
        let range: Range<Int>
        let hasDecimals: Bool
    }

    static func candidates(in note: String) -> [AmountCandidate] {
        let characters = Array(note)
        let lowered = characters.map(\.lowercasedCharacter)
        let mentions = Currency.mentions(in: note)
        let numbers = self.numbers(in: characters)
        var result: [AmountCandidate] = []
        for number in numbers where !isExcluded(number, characters, lowered) {
            let currency = Currency.code(near: number.range, in: mentions)
            result.append(AmountCandidate(
                value: number.value, text: number.text, range: number.range, currency: currency,
                score: score(number, currency: currency, characters: characters, lowered: lowered, all: numbers),
                isComputed: false))
        }
        result += computed(from: result, characters: characters, lowered: lowered)
        return result
    }

    /// The rules' choice: the best-scored candidate, the later one on a tie.
    static func best(in candidates: [AmountCandidate]) -> AmountCandidate? {
        candidates.enumerated().max { a, b in
            a.element.score != b.element.score ? a.element.score < b.element.score : a.offset < b.offset
        }?.element
    }

    /// How sure the rules are of `chosen`: high when it stands clearly above the others.
    static func confidence(of chosen: AmountCandidate?, among candidates: [AmountCandidate]) -> Double {
        guard let chosen else { return candidates.isEmpty ? 1 : 0.5 }
        let others = candidates.filter { $0.value != chosen.value }.map(\.score)
        guard let runnerUp = others.max() else { return 0.95 }
        switch chosen.score - runnerUp {
        case 3...: return 0.9
        case 1...2: return 0.7
        default: return 0.4
        }
    }

    // MARK: - Reading numbers

    static func numbers(in characters: [Character]) -> [Number] {
        var numbers: [Number] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigit else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count,
                  characters[end].isASCIIDigit
                    || ((characters[end] == "." || characters[end] == ",")
                        && end + 1 < characters.count && characters[end + 1].isASCIIDigit) {
                end += 1
            }
            var raw = String(characters[index..<end])
            var multiplier: Decimal = 1
            if end < characters.count, characters[end] == "k" || characters[end] == "K",
               end + 1 == characters.count || !characters[end + 1].isLetter {
                multiplier = 1000
            }
            if let (value, text, decimals) = normalise(raw) {
                let scaled = value * multiplier
                let scaledText = multiplier == 1 ? text : plain(scaled)
                numbers.append(Number(value: scaled, text: scaledText, range: index..<end, hasDecimals: decimals && multiplier == 1))
            }
            raw = ""
            index = end
        }
        return numbers
    }

    /// Reads digits with `.`/`,` marks. Returns nil for shapes that are not amounts ("17.01.25").
    static func normalise(_ raw: String) -> (Decimal, String, Bool)? {
        let marks = raw.filter { $0 == "." || $0 == "," }
        var integer = raw
        var fraction = ""
        if let last = raw.lastIndex(where: { $0 == "." || $0 == "," }) {
            let after = raw[raw.index(after: last)...]
            let before = String(raw[..<last])
            let bothMarks = Set(marks).count == 2
            let isDecimal = bothMarks || (marks.count == 1 && after.count != 3) || (marks.count > 1 && after.count != 3)
            if isDecimal {
                guard after.count <= 3 else { return nil }
                fraction = String(after)
                integer = before
            }
            // What remains before the decimal mark may only hold thousands groups.
            let groups = integer.split(whereSeparator: { $0 == "." || $0 == "," })
            if groups.count > 1 {
                guard groups.dropFirst().allSatisfy({ $0.count == 3 }), (1...3).contains(groups[0].count) else { return nil }
                if bothMarks, let decimalMark = raw.last(where: { $0 == "." || $0 == "," }),
                   integer.contains(decimalMark) { return nil }
            }
            integer = groups.joined()
        }
        guard !integer.isEmpty, integer.count <= 12 else { return nil }
        let text = fraction.isEmpty ? String(Int(integer) ?? 0) : "\(Int(integer) ?? 0).\(fraction)"
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return (value, text, !fraction.isEmpty)
    }

    static func plain(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).stringValue
    }

    // MARK: - What is not an amount

    private static let notAmountWords: Set<String> = [
        "bal", "balance", "baln", "saldo", "limit", "avl", "avlbl", "available", "was", "ref", "no", "id", "ending",
        "umrn", "meter", "token", "receipt", "units", "call",
    ]

    private static func isExcluded(_ number: Number, _ characters: [Character], _ lowered: [Character]) -> Bool {
        let start = number.range.lowerBound
        let end = number.range.upperBound
        let before = start > 0 ? characters[start - 1] : " "
        let after = end < characters.count ? characters[end] : " "
        let afterNext = end + 1 < characters.count ? characters[end + 1] : " "
        // Dates, times, ranges of digits, percentages, masked or glued identifiers.
        if "/:".contains(after) && afterNext.isASCIIDigit { return true }
        if "/:".contains(before) && start >= 2 && characters[start - 2].isASCIIDigit { return true }
        // Digits joined to other digits or to letters by a dash: dates, codes, names ("7-ELEVEN", "JAN-26").
        if after == "-" && (afterNext.isASCIIDigit || afterNext.isLetter) { return true }
        if before == "-" && start >= 2 && (characters[start - 2].isASCIIDigit || characters[start - 2].isLetter) { return true }
        if after == "%" || (after == " " && afterNext == "%") { return true }
        if "*#".contains(before) || after == "*" { return true }
        if before.isLetter || before == "." {
            // Only a currency may touch a number from the left ("TZS35000", "Rs.150", "USD50.25").
            let head = String(characters[max(0, start - 4)..<start])
            if !Currency.mentions(in: head).contains(where: { $0.range.upperBound == head.count }) { return true }
        }
        if after.isLetter {
            let tail = String(lowered[end..<min(lowered.count, end + 4)])
            let multiplier = (after == "k" || after == "K") && !afterNext.isLetter
            let allowed = multiplier || tail.hasPrefix("dr") || tail.hasPrefix("cr") || isISOAhead(characters, end)
                || Currency.markers.contains { tail.hasPrefix($0.text) }
            if !allowed { return true }
        }
        // Long digit runs are account, phone or reference numbers.
        if !number.hasDecimals && number.text.count >= 9 { return true }
        // A figure right after a balance/limit/reference word.
        let window = String(lowered[max(0, start - 16)..<start])
        let words = window.split(whereSeparator: { !$0.isLetter })
            .filter { !Currency.isoCodes.contains($0.uppercased()) && Currency.mentions(in: String($0)).isEmpty }
            .suffix(2)
        if words.contains(where: { notAmountWords.contains(String($0)) }) { return true }
        // Nothing is paid as zero.
        if number.value == 0 { return true }
        return false
    }

    private static func isISOAhead(_ characters: [Character], _ index: Int) -> Bool {
        guard index + 3 <= characters.count else { return false }
        return Currency.isoCodes.contains(String(characters[index..<index + 3]))
    }

    // MARK: - Scoring

    private static let paidWords = ["total", "bill", "paid", "cost", "spent", "charged", "debited", "amt", "amount",
                                     "for", "of", "payment", "purchase", "price", "fare"]
    private static let quantityFollowers = ["x", "nights", "night", "days", "day", "people", "persons", "adults",
                                            "kids", "rooms", "items", "pcs", "meals", "servings", "suits", "books",
                                            "coffees", "croissants", "shelves", "hours", "hrs", "months", "weeks",
                                            "nächte", "noches", "nuits", "pax", "tickets", "bags", "units"]

    private static func score(_ number: Number, currency: String?, characters: [Character], lowered: [Character],
                              all: [Number]) -> Int {
        var score = 0
        if currency != nil { score += 3 }
        if number.hasDecimals { score += 2 }
        let start = number.range.lowerBound
        let window = String(lowered[max(0, start - 14)..<start])
        let before = window.split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
        if ["total", "bill", "spent", "paid", "cost", "charged", "amt", "fare"].contains(before) { score += 3 }
        if ["for", "of", "debited", "payment"].contains(before) { score += 1 }
        let end = number.range.upperBound
        let tail = String(lowered[end..<min(lowered.count, end + 14)])
        let nextWord = tail.split(whereSeparator: { !$0.isLetter }).first.map(String.init) ?? ""
        let gap = tail.prefix { !$0.isLetter }
        if !number.hasDecimals && currency == nil && gap.allSatisfy({ $0 == " " }) && !gap.isEmpty
            && (quantityFollowers.contains(nextWord) || (nextWord.hasSuffix("s") && nextWord.count > 3 && number.value < 20)) {
            score -= 4
        }
        if !number.hasDecimals && currency == nil && number.value < 10 && all.contains(where: { $0.hasDecimals }) {
            score -= 2
        }
        if tail.hasPrefix(" back") || tail.hasPrefix(" change") { score -= 3 }
        return score
    }

    /// Compiled once (a regex literal is parsed each time it is evaluated).
    private enum Patterns {
        // Regex is not Sendable; these are never mutated, only matched.
        nonisolated(unsafe) static let times = /^\s?[x×*]\s?(\d{1,2})\b/
        nonisolated(unsafe) static let each = /(\d{1,2})\s+[\p{L}]+(?:\s+[\p{L}]+)?\s*@\s*[$€£]?$/
    }

    // MARK: - Arithmetic the note spells out

    private static func computed(from candidates: [AmountCandidate], characters: [Character], lowered: [Character])
        -> [AmountCandidate] {
        var result: [AmountCandidate] = []
        let text = String(lowered)
        func between(_ a: AmountCandidate, _ b: AmountCandidate) -> String {
            String(lowered[a.range.upperBound..<b.range.lowerBound])
        }
        for (a, b) in zip(candidates, candidates.dropFirst()) {
            let gap = between(a, b).trimmingCharacters(in: .whitespaces)
            let cleaned = gap.filter { !"$€£¥₹".contains($0) }.trimming(" ,")
            let currency = a.currency ?? b.currency
            if cleaned == "+" || cleaned == "plus" || cleaned == "and a" {
                result.append(make(a.value + b.value, b, currency, score: 6, decimals: max(a.amount.fractionDigits, b.amount.fractionDigits)))
            } else if cleaned.hasSuffix("got") || cleaned.hasSuffix("got back") {
                let after = String(lowered[b.range.upperBound..<min(lowered.count, b.range.upperBound + 8)])
                if after.hasPrefix(" back") || cleaned.hasSuffix("back"), a.value > b.value {
                    result.append(make(a.value - b.value, b, currency, score: 6, decimals: max(a.amount.fractionDigits, b.amount.fractionDigits)))
                }
            }
        }
        // "2.90 x2", "2.90 x 2", "29.99 each" after "2 shelves @".
        for candidate in candidates where candidate.value > 0 {
            let end = candidate.range.upperBound
            let tail = String(lowered[end..<min(lowered.count, end + 6)])
            if let match = tail.firstMatch(of: Patterns.times), let factor = Int(match.1), factor > 1,
               candidate.text.contains(".") || candidate.currency != nil {
                result.append(make(candidate.value * Decimal(factor), candidate, candidate.currency, score: 6))
            }
            let head = String(lowered[max(0, candidate.range.lowerBound - 30)..<candidate.range.lowerBound])
            if text[text.index(text.startIndex, offsetBy: end)...].hasPrefix(" each") || head.hasSuffix("@ ") || head.hasSuffix("@") {
                if let match = head.firstMatch(of: Patterns.each),
                   let factor = Int(match.1), factor > 1 {
                    result.append(make(candidate.value * Decimal(factor), candidate, candidate.currency, score: 6))
                }
            }
        }
        return result
    }

    private static func make(_ value: Decimal, _ anchor: AmountCandidate, _ currency: String?, score: Int,
                             decimals: Int? = nil) -> AmountCandidate {
        let amount = Amount(value, fractionDigits: decimals ?? anchor.amount.fractionDigits)
        return AmountCandidate(value: value, text: amount.description, range: anchor.range, currency: currency,
                               score: score, isComputed: true)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
