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
/// or times (3/11, 12:30, 2026-06-14), percentages, card or account digits (5120***4471, XX7441),
/// and figures after a balance, limit or former-price word ("Bal", "Avl Limit", "Saldo", "was")
/// are not amounts. Arithmetic the note spells out adds a candidate: "45 + 5 tip", "41.25, plus 6
/// tip", "2.90 x2", "2 shelves @ 29.99 each", "gave 50, got 12 back".
enum AmountFinder {
    struct Number {
        let value: Decimal
        let text: String
        let range: Range<Int>
        let hasDecimals: Bool
        /// Written in words ("forty", "a tenner"), not digits.
        var isWord = false
        /// The currency the way of writing implies ("75p" is pence).
        var impliedCurrency: String? = nil
    }

    /// A price said the way it is spoken, the currency between the units and the cents ("12€50",
    /// "3 Euro 20", "2 dollars 75", "20 euros con 50"): one number, 12.50, 3.20, 2.75, 20.50.
    /// The cents are two digits that end the phrase (not "15 euros 20 minutes").
    private static func joiningCents(_ numbers: [Number], _ characters: [Character],
                                     _ mentions: [(range: Range<Int>, code: String)]) -> [Number] {
        guard numbers.count >= 2, !mentions.isEmpty else { return numbers }
        var result: [Number] = []
        var index = 0
        while index < numbers.count {
            let units = numbers[index]
            if index + 1 < numbers.count, !units.hasDecimals, units.impliedCurrency == nil, units.text.allSatisfy(\.isASCIIDigit) {
                let cents = numbers[index + 1]
                let gap = units.range.upperBound..<cents.range.lowerBound
                if !cents.hasDecimals, cents.text.count == 2, cents.text.allSatisfy(\.isASCIIDigit), gap.count <= 12,
                   let mention = mentions.first(where: { gap.contains($0.range.lowerBound) && $0.range.upperBound <= gap.upperBound }),
                   isOnlyBlanksOrJoiners(characters[gap.lowerBound..<mention.range.lowerBound])
                    && isOnlyBlanksOrJoiners(characters[mention.range.upperBound..<gap.upperBound]),
                   // A symbol spaced from the units but written onto the next figure is that figure's ("x 2 £45").
                   !(mention.range.lowerBound > gap.lowerBound && mention.range.upperBound == gap.upperBound),
                   // So is one when the units have their own before them ("USD 40 and USD 10 tip").
                   !mentions.contains(where: { $0.range.upperBound <= units.range.lowerBound && units.range.lowerBound - $0.range.upperBound <= 1 }),
                   endsThePhrase(cents.range.upperBound, characters),
                   let value = Decimal(string: "\(units.text).\(cents.text)") {
                    result.append(Number(value: value, text: "\(units.text).\(cents.text)", range: units.range.lowerBound..<cents.range.upperBound,
                                         hasDecimals: true, impliedCurrency: mention.code))
                    index += 2
                    continue
                }
            }
            result.append(units)
            index += 1
        }
        return result
    }

    /// Spaces, or a word joining the units to the cents ("con", "y", "e", "und", "et", "and").
    private static func isOnlyBlanksOrJoiners(_ text: ArraySlice<Character>) -> Bool {
        let words = String(text).lowercased().split(separator: " ")
        return String(text).allSatisfy { $0 == " " || $0.isLetter } && words.count <= 1
            && words.allSatisfy { ["con", "y", "e", "und", "et", "and"].contains($0) }
    }

    /// True when what follows `end` ends a spoken price: the end, punctuation, a word for cents,
    /// or a word that is no unit of time, distance, weight or people.
    private static func endsThePhrase(_ end: Int, _ characters: [Character]) -> Bool {
        guard end < characters.count else { return true }
        let next = characters[end]
        if next.isLetter || next.isNumber || next == "." || next == "," && end + 1 < characters.count && characters[end + 1].isNumber {
            return false
        }
        let word = String(characters[end...].drop { $0 == " " }.prefix { $0.isLetter }).lowercased()
        return !spokenPriceBreakers.contains(word)
    }

    /// Words after two digits that make them a count, not cents ("15 euros 20 minutes"): the
    /// words a quantity or a measure is followed by, and more units in the notes' languages.
    private static let spokenPriceBreakers = Set(quantityFollowers).union(measureUnits).union([
        "mins", "minute", "minuten", "minutos", "h", "hr", "stunden", "horas", "heures", "kms", "personas", "personnes",
        "leute", "personen", "tage", "días", "jours", "stück", "times", "mal", "veces", "fois", "each", "ea", "pp", "per",
    ])

    /// "20.11", "3/11": a day of the month and a month.
    private static func isDayAndMonth(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "/" })
        guard parts.count == 2, parts[1].count == 2, let day = Int(parts[0]), let month = Int(parts[1]) else { return false }
        return (1...31).contains(day) && (1...12).contains(month)
    }

    static func candidates(in note: String) -> [AmountCandidate] {
        // A bank's advice after the transaction ("call 1800…", "you can transact 295,003.00 today")
        // holds no amount paid. The part kept is a prefix: offsets stay those of the note.
        let note = BankMessage.transactionPart(of: note)
        let characters = Array(note)
        let lowered = characters.map(\.lowercasedCharacter)
        let mentions = Currency.mentions(in: note)
        let digits = joiningCents(self.numbers(in: characters), characters, mentions)
        let rules = RuleFamilies.active
        let words = (rules.contains(.numberWords) ? NumberWords.amounts(in: note) : [])
            .filter { found in !digits.contains { $0.range.overlaps(found.range) && !isExcluded($0, characters, lowered) } }
            .map { found in
                // A price said aloud keeps its cents ("two fifty" is 2.50).
                let cents = found.value != found.value.rounded(toPlaces: 0)
                return Number(value: found.value, text: cents ? Amount(found.value, fractionDigits: 2).description : plain(found.value),
                              range: found.range, hasDecimals: cents, isWord: true)
            }
        let numbers = (digits + words).sorted { $0.range.lowerBound < $1.range.lowerBound }
        let tokens = AmountRoles.Tokens(lowered, currencies: mentions.map(\.range))
        let isBank = BankMessage.reads(note)
        // A currency written right after a figure is that figure's, not the next one's ("15 euros 20 minutes"),
        // unless a space parts it from that figure and it is written onto the next ("x2 £45").
        let afterAFigure = mentions.filter { mention in
            let prefixesNext = numbers.contains { $0.range.lowerBound == mention.range.upperBound }
            return numbers.contains { figure in
                figure.range.upperBound <= mention.range.lowerBound && mention.range.lowerBound - figure.range.upperBound <= 1
                    && !(prefixesNext && mention.range.lowerBound > figure.range.upperBound)
            }
        }.map(\.range)
        var result: [AmountCandidate] = []
        for number in numbers where !isExcluded(number, characters, lowered, inBankMessage: isBank)
            && !(rules.contains(.amountArithmetic) && AmountRoles.isNotTheWritersOutlay(number.range, tokens))
            && !(rules.contains(.amountArithmetic) && !isBank && AmountRoles.isCashback(number.range, tokens)) {
            // A bracket parts a figure from the currency of what is inside or outside it ("12000 (~€75)").
            let currency = number.impliedCurrency ?? Currency.code(near: number.range, in: mentions.filter { mention in
                let gapStart = min(number.range.upperBound, mention.range.upperBound)
                let between = gapStart..<max(gapStart, number.range.lowerBound, mention.range.lowerBound)
                return !(mention.range.upperBound <= number.range.lowerBound && afterAFigure.contains(mention.range))
                    && !characters[between].contains { $0 == "(" || $0 == ")" }
            })
            let number = currency.map { withThousandths(number, currency: $0, characters) } ?? number
            // "gate 12", "Linie 5", "size 10", "level 3": a label, not money. Only right before the
            // number: after a comma a new phrase starts ("got in at the door, 30").
            // (A figure written with a thousands mark is money: "deposit on the apartment 1,200".)
            if currency == nil, !number.hasDecimals, !number.isWord, !characters[number.range].contains(where: { ",.' ".contains($0) }),
               let label = wordsBefore(number.range.lowerBound, within: 12, lowered).last, labelNouns.contains(label),
               number.range.lowerBound >= 2, characters[number.range.lowerBound - 1] == " ",
               characters[number.range.lowerBound - 2].isLetter {
                continue
            }
            result.append(AmountCandidate(
                value: number.value, text: number.text, range: number.range, currency: currency,
                score: score(number, currency: currency, characters: characters, lowered: lowered, all: numbers),
                isComputed: false))
        }
        // "2 coffees at the corner place, didn't check the price": when every figure counts things, the
        // note gives no amount.
        if rules.contains(.amountArithmetic), !result.isEmpty,
           result.allSatisfy({ candidate in numbers.contains { $0.range == candidate.range && isCount($0, candidate.currency, lowered) } })
            || isQuantityList(lowered, numbers: numbers, mentions: mentions.count) {
            return []
        }
        guard rules.contains(.amountArithmetic) else { return result }
        // Nothing is paid as zero, computed or not ("1 x 0.50" rounds to no price at all).
        let percents = digits.filter { isPercent($0, characters) }.map { AmountRoles.Percent(value: $0.value, range: $0.range) }
        return compose(result, percents: percents, tokens: tokens, lowered: lowered, isBankMessage: isBank).filter { $0.value > 0 }
    }

    /// Currencies whose minor unit is a thousandth (ISO 4217), written so by their banks: in
    /// "KWD 12.500" the full stop is the decimal mark, not thousands.
    private static let thousandthCurrencies: Set<String> = ["BHD", "KWD", "OMR", "JOD", "TND", "LYD"]

    /// `number` read with three decimals when its currency counts in thousandths and it is
    /// written with one full stop and three digits after it ("BHD 4.750" is 4.750, not 4750).
    private static func withThousandths(_ number: Number, currency: String, _ characters: [Character]) -> Number {
        guard thousandthCurrencies.contains(currency), !number.hasDecimals, !number.isWord else { return number }
        let raw = String(characters[number.range])
        let parts = raw.split(separator: ".", omittingEmptySubsequences: false)
        guard !raw.contains(","), parts.count == 2, parts[1].count == 3, (1...3).contains(parts[0].count),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let value = Decimal(string: raw, locale: Locale(identifier: "en_US_POSIX")) else { return number }
        return Number(value: value, text: "\(Int(parts[0]) ?? 0).\(parts[1])", range: number.range, hasDecimals: true)
    }

    /// True for a figure written as a percentage ("15%", "20 %").
    private static func isPercent(_ number: Number, _ characters: [Character]) -> Bool {
        let end = number.range.upperBound
        guard end < characters.count else { return false }
        return characters[end] == "%" || (characters[end] == " " && end + 1 < characters.count && characters[end + 1] == "%")
    }

    /// True for a small whole number, with no currency, right before what it counts ("3 nights", "2 coffees").
    private static func isCount(_ number: Number, _ currency: String?, _ lowered: [Character]) -> Bool {
        guard !number.hasDecimals, currency == nil else { return false }
        let end = number.range.upperBound
        let tail = String(lowered[end..<min(lowered.count, end + 14)])
        let nextWord = tail.split(whereSeparator: { !$0.isLetter }).first.map(String.init) ?? ""
        let gap = tail.prefix { !$0.isLetter }
        guard gap == " " else { return false }
        // "15 x2": a multiplier written onto its figure times the price before it; that price counts nothing.
        if ["x", "×"].contains(nextWord), let mark = tail.firstIndex(where: \.isLetter), tail.index(after: mark) < tail.endIndex,
           tail[tail.index(after: mark)].isASCIIDigit {
            return false
        }
        return countsThings(nextWord, value: number.value)
    }

    /// A list of things and how many of each, in any language: "2 Liter Milch, 500 g Mehl, 10 Eier",
    /// "need: 3 apples, 1 L milk". Two or more items parted by commas or lines, each opening with a
    /// whole number and a word, none a price (no currency, no cents, no total or add-on word), and no
    /// other figure: nothing was paid ("2 coffees, 1 croissant, 8" ends with its price).
    private static func isQuantityList(_ lowered: [Character], numbers: [Number], mentions: Int) -> Bool {
        guard mentions == 0, numbers.count >= 2, numbers.allSatisfy({ !$0.hasDecimals && !$0.isWord && $0.impliedCurrency == nil }) else {
            return false
        }
        let text = String(lowered)
        // The list may follow a heading ("courses :", "for the party:").
        let heading = text.split(separator: ":", maxSplits: 1)
        let body = heading.count == 2 && !text.hasPrefix(":") ? String(heading[1]) : text
        let items = body.split(whereSeparator: { ",;\n".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard items.count >= 2, items.filter({ $0.contains(where: \.isNumber) }).count == numbers.count else { return false }
        return items.allSatisfy { item in
            let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first else { return false }
            if !first.contains(where: \.isNumber) { return !item.contains(where: \.isNumber) }
            guard first.allSatisfy(\.isNumber), words.count >= 2, let word = words[1].first, word.isLetter else { return false }
            let next = words[1].lowercased().trimmingCharacters(in: .punctuationCharacters)
            // A count is small; a larger figure before a word is a price ("120 dinner") unless a unit follows it ("500 g").
            guard (Int(first) ?? 100) < 20 || listUnits.contains(next) else { return false }
            return !AmountRoles.totalWords.contains(next) && !AmountRoles.addOnNouns.contains(next)
                && !notCountedAfterOne.contains(next) && !paidWords.contains(next)
        }
    }

    /// Units a shopping list measures in ("500 g Mehl", "2 Liter Milch").
    private static let listUnits: Set<String> = measureUnits.union(["gr", "gramm", "gramos", "grammes", "grammi", "litre", "litro",
                                                                   "liter", "litri", "cl", "dl", "st", "stk", "stück", "pcs"])

    /// True when `nextWord`, right after a small whole number, is what it counts ("3 nights",
    /// "2 coffees"); "18 plus 20% tip" and "12 this morning" count nothing.
    static func countsThings(_ nextWord: String, value: Decimal) -> Bool {
        if quantityFollowers.contains(nextWord) { return true }
        // "1 child", "1 suit": a lone 1 before a noun counts it; no price is written as a bare 1
        // before a word ("1 euro" has its currency, and "+ 1 tip" names no thing).
        if value == 1, nextWord.count >= 3, !notCountedAfterOne.contains(nextWord), !notPlurals.contains(nextWord),
           !AmountRoles.addOnNouns.contains(nextWord), !AmountRoles.discountNouns.contains(nextWord) {
            return true
        }
        // A plural counts things up to the hundreds ("40 pages", "25 dumplings") unless it names money
        // the currency table does not know ("300 pesos", "50 cents").
        guard nextWord.hasSuffix("s"), nextWord.count > 3, value < 20 || (value < 1000 && !moneyPlurals.contains(nextWord)) else {
            return false
        }
        return !nextWord.hasSuffix("ss") && !nextWord.hasSuffix("us") && !notPlurals.contains(nextWord)
    }

    /// Plural names of money, minor units and points of value: those the currency table leaves out
    /// (a bare "pesos" or "shillings" names no one country's currency), and its own plural words,
    /// for callers that read words without the note's currency marks.
    private static let moneyPlurals: Set<String> = [
        "pesos", "cents", "centavos", "centimes", "céntimos", "centimos", "shillings", "dirhams", "dinars", "rands", "rubles",
        "roubles", "rupiahs", "ringgits", "pennies", "nickels", "dimes", "quarters", "coins", "euros", "dollars", "pounds",
        "rupees", "reais", "francs", "soles", "kroner", "kronor", "zlotys", "forints", "lires", "liras", "bucks", "credits",
    ]

    /// Words after a figure that say what it is for, when, or how it was paid, not what it counts.
    private static let notCountedAfterOne: Set<String> = [
        "for", "and", "the", "each", "per", "extra", "more", "back", "change", "cash", "card", "total", "only", "today",
        "tonight", "yesterday", "this", "that", "at", "on", "in", "to", "from", "with", "off", "too", "also", "bucks",
        "buck", "quid", "por", "pour", "para", "und", "avec", "con", "mit",
    ]
    /// Words ending in "s" that are no plural of a thing counted.
    private static let notPlurals: Set<String> = ["this", "plus", "less", "was", "has", "his", "its", "yes", "gas",
                                                  "does", "goes", "minus", "menos", "moins", "mais", "más", "avec"]

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
            // An apostrophe between groups of three is the Swiss thousands mark ("CHF 1'250.50", "1’250").
            func isApostropheGroup(_ at: Int) -> Bool {
                "'’".contains(characters[at]) && at > index && at + 3 < characters.count
                    && characters[(at + 1)...(at + 3)].allSatisfy(\.isASCIIDigit)
                    && (at + 4 == characters.count || !characters[at + 4].isASCIIDigit)
            }
            while end < characters.count,
                  characters[end].isASCIIDigit
                    || ((characters[end] == "." || characters[end] == ",")
                        && end + 1 < characters.count && characters[end + 1].isASCIIDigit)
                    || isApostropheGroup(end) {
                end += 1
            }
            end = spaceGroupedEnd(characters, start: index, end: end)
            var raw = String(characters[index..<end]).filter { $0.isASCIIDigit || $0 == "." || $0 == "," }
            var multiplier: Decimal = 1
            if end < characters.count, characters[end] == "k" || characters[end] == "K",
               end + 1 == characters.count || !characters[end + 1].isLetter {
                multiplier = 1000
            }
            // "2 grand", "1.5 grand": thousands (the word alone is read by NumberWords).
            if end + 6 <= characters.count, String(characters[end..<(end + 6)]).lowercased() == " grand",
               end + 6 == characters.count || !characters[end + 6].isLetter {
                multiplier = 1000
            }
            // "75p": pence, when the note also writes pounds.
            let isPence = end < characters.count && characters[end] == "p" && !raw.contains(where: { $0 == "." || $0 == "," })
                && (end + 1 == characters.count || !characters[end + 1].isLetter) && characters.contains("£")
            if isPence, let pence = Int(raw), pence < 100 {
                let value = Decimal(pence) / 100
                numbers.append(Number(value: value, text: Amount(value, fractionDigits: 2).description, range: index..<end,
                                      hasDecimals: true, impliedCurrency: "GBP"))
            } else if let (value, text, decimals) = normalise(raw) {
                let scaled = value * multiplier
                let scaledText = multiplier == 1 ? text : plain(scaled)
                numbers.append(Number(value: scaled, text: scaledText, range: index..<end, hasDecimals: decimals && multiplier == 1))
            }
            raw = ""
            index = end
        }
        return numbers
    }

    /// Where a number ends when a space separates its thousands, as banks and French notes write
    /// ("1 120.00 RUB", "5 471,00", "1 200 €"): only a first group of 1-3 digits without a mark,
    /// then groups of three, and only when a decimal part or a currency follows. Else `end`.
    private static func spaceGroupedEnd(_ characters: [Character], start: Int, end: Int) -> Int {
        let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}"]
        guard end - start <= 3, !characters[start..<end].contains(where: { $0 == "." || $0 == "," }) else { return end }
        var grouped = end
        var hasDecimal = false
        while grouped + 4 <= characters.count, spaces.contains(characters[grouped]),
              characters[(grouped + 1)..<(grouped + 4)].allSatisfy(\.isASCIIDigit),
              grouped + 4 == characters.count || !characters[grouped + 4].isASCIIDigit {
            grouped += 4
            // "1 199,- €": a dash for the cents marks a price as a decimal part does.
            if grouped + 1 < characters.count, characters[grouped] == ",", "-–".contains(characters[grouped + 1]) {
                hasDecimal = true
                break
            }
            // A decimal part ends the number.
            if grouped + 1 < characters.count, characters[grouped] == "." || characters[grouped] == ",",
               characters[grouped + 1].isASCIIDigit {
                grouped += 1
                while grouped < characters.count, characters[grouped].isASCIIDigit { grouped += 1 }
                hasDecimal = true
                break
            }
        }
        guard grouped > end else { return end }
        // Read with the number's last digit, so a short word that counts only beside a figure
        // ("1 240 р.") is seen.
        let gap = characters[grouped...].prefix { spaces.contains($0) }.count
        let rest = String(characters[(grouped - 1)..<min(characters.count, grouped + gap + 5)])
        let currencyFollows = Currency.mentions(in: rest).contains { $0.range.lowerBound == 1 + gap }
        return hasDecimal || currencyFollows ? grouped : end
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
                // Four digits only after a lone mark ("USD 1.0000", as some wallets write).
                guard after.count <= 3 || (after.count == 4 && marks.count == 1) else { return nil }
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

    /// Words of a balance, limit or available amount: never the amount paid.
    static let balanceWords: Set<String> = [
        "bal", "balance", "baln", "saldo", "limit", "lmt", "avl", "avlbl", "avbl", "available", "ostatok", "ost",
        "dostupno", "dostupny", "dostupnaya", "dostupna", "dostupnyi", "balans", "balansi", "nashti", "solde", "bakiye", "kontostand",
        "disponible", "disponivel", "disponível", "avlbal", "availbal", "avail", "remaining", "closing", "guthaben",
        "verfügbar", "disponibile", "kalan", "restant",
        // In the scripts and languages banks send them in.
        "баланс", "бал", "остаток", "ост", "доступно", "доступный", "доступная", "доступен", "доступний", "доступна",
        "залишок", "лимит", "ліміт", "қалдық", "баланси", "үлдэгдэл", "ნაშთი", "ბალანსი", "մնացորդ", "balansi",
        "qoldiq", "qalıq", "qaliq", "dư", "salio", "dostepne", "dostępne", "srodki", "środki", "kullanilabilir",
        "kullanılabilir", "bakiyeniz", "bakiyesi", "sisa", "egyenleg", "zůstatek", "zustatek", "disponibil", "baki",
        "stanje", "raspolozivo", "raspoloživo", "disponibles", "dispo", "ხელმისაწვდომი", "наличност", "наличност:",
        "салдо", "стање", "مانده", "موجودی", "υπόλοιπο", "διαθέσιμο", "יתרה", "jääk", "atlikums", "likutis",
        "disponível", "tilgængelig", "disponibelt", "tillgängligt", "käytettävissä", "калдык", "қолжетімді",
        // The same words as banks spell them without their accents or in Latin letters.
        "verfuegbar", "saadaval", "zostatok", "zostatku", "disponibilny", "disponibilni", "nalichnost",
        "razpolagaemost", "razpolagaema", "tilgaengelig", "tillgangligt", "kaytettavissa", "beschikbaar",
        "pieejams", "pieejamais", "ypoloipo", "diathesimo", "raspolozhivo", "nashti",
        // Albanian, Czech, Danish, Tajik, Bengali, Tamil, Urdu and Nepali.
        "gjendja", "gjendje", "gjendjen", "disponueshme", "dispozici", "disponibel", "бақия", "боқимонда",
        "ব্যালেন্স", "অবশিষ্ট", "இருப்பு", "بیلنس", "मौज्दात",
        "잔액", "잔고", "누적", "한도", "余额", "餘額", "可用余额", "可用额度", "额度", "残高", "利用可能額", "ご利用可能額",
        "可能額", "คงเหลือ", "ยอดคงเหลือ", "วงเงิน", "الرصيد", "رصيد", "رصيدك", "المتاح", "शेष", "उपलब्ध",
    ]
    /// Balance words that are other words in a written note (Romanian "sold", Armenian "mnacord"):
    /// read so in a bank's message only.
    /// (Estonian "jääk" without its accents is a man's name too.)
    static let bankBalanceWords: Set<String> = ["sold", "mnacord", "mnacordy", "mnatsord", "qaliq", "ostatak", "jaak"]

    /// Balance words written as two ("so du", Vietnamese without its accents: "số dư").
    private static let balancePairs: Set<[String]> = [["so", "du"], ["số", "dư"]]

    /// True when `words` (those before a figure) hold a balance, limit or available-amount word.
    private static func holdsBalanceWords<S: Collection>(_ words: S) -> Bool where S.Element == String {
        let words = Array(words)
        return words.contains(where: balanceWords.contains)
            || zip(words, words.dropFirst()).contains { balancePairs.contains([$0, $1]) }
    }

    /// True when the digits at `start..<end` are a group of a phone number: three or more groups of
    /// digits parted by single spaces, the first opening with "0" or "+" ("0800 123 456").
    private static func isInPhoneNumber(_ start: Int, _ end: Int, _ characters: [Character]) -> Bool {
        var first = start
        while first >= 2, characters[first - 1] == " ", characters[first - 2].isASCIIDigit {
            first -= 2
            while first > 0, characters[first - 1].isASCIIDigit { first -= 1 }
        }
        var last = end
        while last + 1 < characters.count, characters[last] == " ", characters[last + 1].isASCIIDigit {
            last += 1
            while last < characters.count, characters[last].isASCIIDigit { last += 1 }
        }
        let run = String(characters[first..<last])
        let groups = run.split(separator: " ")
        let opensAsPhone = run.hasPrefix("0") || (first > 0 && characters[first - 1] == "+")
        return opensAsPhone && groups.count >= 3 && groups.allSatisfy { (2...4).contains($0.count) || $0 == groups[0] }
    }

    /// Words of an identifier or a figure that is not money paid, right before a number.
    private static let notAmountWords: Set<String> = [
        "ref", "no", "id", "ending", "umrn", "meter", "token", "receipt", "units", "call", "kredit", "cashback",
        "otp", "pin", "passcode", "hotline", "helpline", "tel", "fax", "whatsapp",
    ]

    /// A purchase or payment, as banks write it before the figure paid, in several languages.
    private static let purchaseWords: Set<String> = [
        "purchase", "payment", "vásárlás", "vasarlas", "compra", "achat", "pokupka", "oplata", "покупка", "оплата",
        "zakup", "nákup", "nakup", "platba", "harcama", "kjøp", "köp", "ostos", "kartenzahlung", "pembelian", "transaksi",
    ]

    /// Words that introduce the last digits of a card or an account, in several languages.
    private static let cardEndingWords: Set<String> = [
        "ending", "ends", "terminada", "terminado", "termina", "terminación", "terminacion", "finissant",
        "terminant", "endend", "endet", "endziffern", "terminante", "eindigend", "eindigt", "sonu", "zakończonej",
        "kończącej", "berakhir", "akhiran",
    ]

    /// A card or an account, whose last digits "final" may introduce ("cartão final 4410").
    private static let cardNouns: Set<String> = ["card", "cartão", "cartao", "tarjeta", "cuenta", "conta", "carte", "karte"]

    /// Nouns a number labels: a gate, a line, a floor, a size (several languages). Not "card",
    /// "order", "seat" or "flight", which a price often follows ("charged my card 312").
    static let labelNouns: Set<String> = [
        "gate", "platform", "track", "level", "floor", "row", "size", "line", "route", "exit", "terminal", "pier", "bay",
        "door", "apartment", "apt", "unit", "page", "chapter", "episode", "season", "version", "model", "number", "nr",
        "gleis", "bahnsteig", "linie", "ebene", "etage", "größe", "voie", "quai", "ligne", "niveau", "étage", "taille",
        "andén", "línea", "talla", "binario", "linea", "taglia", "linha", "plataforma", "tamanho", "spoor", "lijn",
        "verdieping", "maat", "stop", "haltestelle", "parada", "arrêt", "fermata", "halte",
    ]

    /// Words before a price that was not paid: the usual, list or former one.
    private static let formerPriceWords: Set<String> = [
        "usually", "normally", "regularly", "rrp", "msrp", "originally", "statt", "sonst", "normalerweise",
        "lieu", "habituellement", "normalement", "vez", "normalmente", "invece", "solitamente", "anstatt",
    ]

    /// - Parameter inBankMessage: the note reads as a bank's message: there a balance word anywhere
    ///   earlier in the figure's part of the message makes it a balance ("Your balance on card
    ///   ending 4411 is USD 1,203.40", "Баланс карты *4411: 5 230,11").
    private static func isExcluded(_ number: Number, _ characters: [Character], _ lowered: [Character],
                                   inBankMessage: Bool = false) -> Bool {
        let start = number.range.lowerBound
        let end = number.range.upperBound
        // A former price: "(was 129.99)", "was 120, now 89".
        let head = String(lowered[max(0, start - 6)..<start])
        if head.hasSuffix("(was ") || head.hasSuffix("(was") || (head.hasSuffix("was ") && SearchableText(String(lowered)).contains(" now ")) {
            return true
        }
        // "Jacket 89, was 120 last week": "was" opening the clause after a figure gives that figure's former price.
        if [", was ", "; was ", "— was ", "- was ", "\nwas ", "| was "].contains(where: head.hasSuffix),
           lowered[..<max(0, start - 6)].contains(where: \.isASCIIDigit) {
            return true
        }
        // A usual or list price beside the one paid ("60, usually 90", "statt 49", "au lieu de 30").
        if wordsBefore(start, within: 20, lowered).suffix(2).contains(where: formerPriceWords.contains) { return true }
        if number.isWord {
            return wordsBefore(start, within: 16, lowered).suffix(2).contains(where: notAmountWords.contains)
                || holdsBalanceWords(wordsBefore(start, within: 24, lowered).suffix(3))
        }
        let before = start > 0 ? characters[start - 1] : " "
        let after = end < characters.count ? characters[end] : " "
        let afterNext = end + 1 < characters.count ? characters[end + 1] : " "
        // Dates, times, ranges of digits, percentages, masked or glued identifiers.
        if "/:".contains(after) && afterNext.isASCIIDigit { return true }
        if "/:".contains(before) && start >= 2 && characters[start - 2].isASCIIDigit { return true }
        // Digits joined to other digits or to letters by a dash: dates, codes, names ("24-SEVEN", "JAN-26").
        if after == "-" && (afterNext.isASCIIDigit || afterNext.isLetter) { return true }
        if before == "-" && start >= 2 && (characters[start - 2].isASCIIDigit || characters[start - 2].isLetter) {
            // "NGN-57,000.00": a currency code, then the amount as a debit.
            let head = String(characters[max(0, start - 4)..<(start - 1)])
            if !Currency.isoCodes.contains(head) { return true }
        }
        if after == "%" || (after == " " && afterNext == "%") { return true }
        // A day beside its month ("as of 12 Mar", "on March 3"): a date, when nothing marks it as money.
        if !number.hasDecimals, (1...31).contains(number.value), number.impliedCurrency == nil, " (".contains(before) || start == 0 {
            let next = String(lowered[end..<min(lowered.count, end + 12)]).split(whereSeparator: { !$0.isLetter }).first
            let nextIsMonth = after == " " && next.map { DateResolver.monthWords.contains(String($0)) } == true
            let previousIsMonth = before == " " && wordsBefore(start, within: 12, lowered).last.map(DateResolver.monthWords.contains) == true
                && start >= 2 && characters[start - 2].isLetter
            if nextIsMonth || previousIsMonth { return true }
        }
        // A day and month before a time of day ("20.11 14:05"), as card messages stamp them.
        if number.impliedCurrency == nil, isDayAndMonth(number.text), after == " ",
           String(characters[min(characters.count, end + 1)...].prefix(5)).wholeMatch(of: /\d{1,2}:\d{2}.?/) != nil {
            return true
        }
        // A day and month with the dot after the month, as German notes write them ("am 3.11.",
        // "03.11.", "on 18.11."): the dot closing a sentence ("lunch 12.50.", "Kaffee 3.05.") makes none.
        if number.impliedCurrency == nil, isDayAndMonth(number.text), after == ".", !afterNext.isASCIIDigit, afterNext != ",",
           characters[start] == "0" || wordsBefore(start, within: 6, lowered).last.map({ ["am", "vom", "den", "on"].contains($0) }) == true {
            return true
        }
        if "*#".contains(before) || after == "*" { return true }
        if before == " " && start >= 2 && characters[start - 2] == "#" { return true }
        // "2x16", "3x4.50": a multiplication sign written between two figures joins them, as "2 x 16".
        let timesBefore = (before == "x" || before == "X") && start >= 2 && characters[start - 2].isASCIIDigit
        let timesAfter = (after == "x" || after == "X") && afterNext.isASCIIDigit
        if ((before.isLetter && !before.isCJK) || before == ".") && !timesBefore {
            // Only a currency may touch a number from the left ("TZS35000", "Rs.150", "USD50.25").
            // (A digit after the head: short currency words count only beside a number.)
            let head = String(characters[max(0, start - 4)..<start]) + number.text
            if !Currency.mentions(in: head).contains(where: { $0.range.upperBound == head.count - number.text.count }) { return true }
        }
        if after.isLetter && !timesAfter {
            let tail = String(lowered[end..<min(lowered.count, end + 4)])
            let multiplier = (after == "k" || after == "K") && !afterNext.isLetter
            let ruble = after == "r" && !afterNext.isLetter
            // "$4ish", "30ish": about that much.
            let about = tail.hasPrefix("ish") && !(end + 3 < lowered.count && lowered[end + 3].isLetter)
            // "25pp": per person, written onto the price.
            let perPerson = tail.hasPrefix("pp") && !(end + 2 < lowered.count && lowered[end + 2].isLetter)
            let allowed = multiplier || ruble || about || perPerson || number.impliedCurrency != nil || tail.hasPrefix("dr") || tail.hasPrefix("cr") || isISOAhead(characters, end)
                || Currency.markers.contains { tail.hasPrefix($0.text) }
            if !allowed { return true }
        }
        // "ran 8.5 km in 52 min", "a 45 min massage": a time or a distance, never money.
        if number.impliedCurrency == nil, after == " " {
            let next = String(lowered[min(lowered.count, end + 1)..<min(lowered.count, end + 12)].prefix { $0.isLetter })
            if timeAndDistanceUnits.contains(next) { return true }
        }
        // "checkout at 11", "the bus leaves at 7", "meeting with Daan at 3": a time of day after an
        // event's word, up to three words before the "at" in the same phrase.
        if number.impliedCurrency == nil, !number.hasDecimals, number.value <= 24 {
            let last = wordsBefore(start, within: 40, lowered, partMarks: ",;.|/\n").suffix(4)
            if let at = last.last, ["at", "um", "à", "alle"].contains(at), last.dropLast().contains(where: timedEvents.contains) {
                return true
            }
        }
        // "temp 38.2", "slept 6.5 hours", "scored 92": a measure of the writer, never money.
        if number.impliedCurrency == nil, let last = wordsBefore(start, within: 12, lowered).last, measuredWords.contains(last) {
            return true
        }
        // The last digits of a card or an account, after a word for "ending" ("cuenta terminada en
        // 4412", "cartão final 4410", "Karte endend auf 1234"): three or four digits, no decimals.
        if !number.hasDecimals, number.impliedCurrency == nil, (3...4).contains(number.text.count) {
            let last = wordsBefore(start, within: 28, lowered).suffix(3)
            // "final" only after the card's noun: "the final 250 for the sofa" is a price.
            if last.suffix(2).contains(where: cardEndingWords.contains)
                || last.contains("final") && last.contains(where: cardNouns.contains) {
                return true
            }
        }
        // Long digit runs are account, phone or reference numbers.
        if !number.hasDecimals && number.text.count >= 9 { return true }
        // A phone number written in groups ("0800 123 456", "+44 20 7946 0958").
        if !number.hasDecimals, number.impliedCurrency == nil, isInPhoneNumber(start, end, characters) { return true }
        // A figure right after a balance/limit/reference word.
        // Identifier words right before the figure; balance and limit words up to three words before.
        // (A price after "meter" is a parking meter's, "parking meter 3.25"; its number has no decimals.)
        // A "+" between the word and the figure adds it: "95 call-out + 20 for the lock" is no phone number.
        let joinedByPlus = lowered[..<start].reversed().prefix { !$0.isLetter }.contains("+")
        // "no" labels only the figure right after it ("Ref no 4471"; "almoço no Ostra 30" is Portuguese "at the").
        // Nor one after another figure ("Ostra No. 5, 36": the 5 is the number, 36 the price).
        let labels = wordsBefore(start, within: 16, lowered).suffix(2)
        let figureBetween = lowered[..<start].reversed().prefix { !$0.isLetter }.contains { $0.isASCIIDigit }
        if !joinedByPlus, labels.enumerated().contains(where: { index, word in
            notAmountWords.contains(word) && !(word == "meter" && number.hasDecimals)
                && !(word == "no" && (index < labels.count - 1 || figureBetween))
                // A purchase word between them names what the figure is ("OTP: Vásárlás 2 500 HUF", a Hungarian bank's).
                && !(index < labels.count - 1 && labels.last.map(purchaseWords.contains) == true)
        }) {
            return true
        }
        let recent = wordsBefore(start, within: 24, lowered).suffix(3)
        if RuleFamilies.active.contains(.balanceWords),
           holdsBalanceWords(recent)
            || inBankMessage && holdsBalanceWords(wordsBefore(start, within: 48, lowered, partMarks: ";|\n,"))
            || inBankMessage && recent.contains(where: bankBalanceWords.contains)
            // "SD: 2,045,000VND" (Vietnamese "số dư", balance) and "TK 0123…" ("tài khoản", account),
            // read so in a bank's message only (a written note has "SD card", "TK Maxx").
            || inBankMessage && wordsBefore(start, within: 8, lowered).last == "sd"
            // (Bangladeshi banks write "Tk 450.00" for taka: an account is digits without decimals.)
            || inBankMessage && !number.hasDecimals && String(lowered[max(0, start - 3)..<start]).hasPrefix("tk") {
            return true
        }
        // A bank's limit named after its figure, in the figure's part of the message ("exceeded your
        // $25.00 alert limit", not "25.00 RUB; Limit: 900.00").
        if inBankMessage, RuleFamilies.active.contains(.balanceWords),
           lowered[end..<min(lowered.count, end + 20)].prefix(while: { !";|,:\n.".contains($0) })
            .split(whereSeparator: { !$0.isLetter }).prefix(2).contains(where: { limitWords.contains(String($0)) }) {
            return true
        }
        // Nothing is paid as zero.
        if number.value == 0 { return true }
        return false
    }

    /// Units of time and distance after a figure (not hours, which a price per hour counts).
    private static let timeAndDistanceUnits: Set<String> = [
        "min", "mins", "minute", "minutes", "minuten", "minutos", "sec", "secs", "seconds", "km", "kms", "miles",
        "steps", "reps", "bpm", "kcal",
    ]

    /// Words of an event that a time of day follows ("leaves at 7", "checkout at 11", "Abfahrt um 8").
    private static let timedEvents: Set<String> = [
        "leaves", "leave", "leaving", "departs", "departure", "arrives", "arrival", "opens", "closes", "starts", "begins",
        "checkout", "checkin", "pickup", "meeting", "appointment", "boarding", "kickoff", "doors", "meet", "call",
        "reservation",
        "abfahrt", "ankunft", "beginnt", "termin", "départ", "arrivée", "rendez", "partenza", "arrivo",
    ]

    /// Words a measure of the writer follows: weight, sleep, a temperature, a score.
    private static let measuredWords: Set<String> = [
        "weighed", "weighs", "weigh", "weight", "slept", "temp", "temperature", "fever", "pulse", "scored", "score",
        "wog", "gewicht", "fieber", "pesé", "poids", "fièvre", "febbre", "fiebre", "pesei", "febre",
    ]

    /// A limit or threshold, in the languages of the balance words.
    private static let limitWords: Set<String> = ["limit", "threshold", "limite", "límite", "limiet", "grenze", "limiit",
                                                  "alert", "alerta", "alerte"]

    /// The words (no currency words) within `count` characters before `start`, in its part of the
    /// message: a ";", "|", "/", line break or full stop ends a part ("Card ending 4411. / A $30.98").
    private static func wordsBefore(_ start: Int, within count: Int, _ lowered: [Character], partMarks: String = ";|/\n")
        -> [String] {
        var from = max(0, start - count)
        // A word the window would cut is left out whole: "hotel" is not "tel".
        while from > 0, from < start, lowered[from - 1].isLetter, lowered[from].isLetter { from += 1 }
        var window = String(lowered[from..<start])
        if let cut = window.lastIndex(where: { partMarks.contains($0) }) { window = String(window[window.index(after: cut)...]) }
        func words(_ text: Substring) -> [String] {
            text.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { word in
                !Currency.isoCodes.contains(word.uppercased()) && Currency.mentions(in: word).isEmpty
                    && !Currency.markers.contains { $0.text == word }
            }
        }
        // A sentence's full stop parts it from the figure, not an abbreviation's right before it ("Bal. 500.00").
        guard let cut = window.range(of: ". ", options: .backwards) else { return words(window[...]) }
        let after = words(window[cut.upperBound...])
        guard after.isEmpty else { return after }
        // The dot is an abbreviation's or a currency's ("Bal. 500.00", "balance is Rs. 2,900"): the
        // words before it back to the sentence's start.
        let sentence = window[..<cut.lowerBound]
        return words(sentence.range(of: ". ", options: .backwards).map { sentence[$0.upperBound...] } ?? sentence)
    }

    private static func isISOAhead(_ characters: [Character], _ index: Int) -> Bool {
        guard index + 3 <= characters.count else { return false }
        return Currency.isoCodes.contains(String(characters[index..<index + 3]))
    }

    // MARK: - Scoring

    private static let paidWords = ["total", "bill", "paid", "cost", "spent", "charged", "debited", "amt", "amount",
                                     "for", "of", "payment", "purchase", "price", "fare"]
    static let quantityFollowers = ["x", "×", "nights", "night", "days", "day", "people", "persons", "adults",
                                            "kids", "rooms", "items", "pcs", "meals", "servings", "suits", "books",
                                            "coffees", "croissants", "shelves", "hours", "hrs", "months", "weeks",
                                            "nächte", "noches", "nuits", "pax", "tickets", "bags", "units", "hour", "minutes", "min", "week",
                                            "month", "year", "years"]
    /// Units of measure: a number before one is a quantity even with decimals ("11.4 gal", "38 kWh").
    static let measureUnits: Set<String> = ["kwh", "gal", "gallons", "l", "liters", "litres", "litros", "liter",
                                                    "kg", "g", "km", "mi", "miles", "gb", "tb", "mb", "ml", "lb", "lbs", "oz"]

    /// Payment words of scripts written without spaces (Chinese, Japanese, Thai) and of Korean,
    /// Arabic and Vietnamese bank messages.
    private static let spendingCuesWithoutSpaces = ["消费", "消費", "支出", "支付", "付款", "刷卡", "支払", "ご利用", "승인", "결제",
                                                    "출금", "ชำระ", "ใช้จ่าย", "خصم", "شراء", "giam", "giảm"]

    private static func score(_ number: Number, currency: String?, characters: [Character], lowered: [Character],
                              all: [Number]) -> Int {
        var score = 0
        if currency != nil { score += 3 }
        if number.hasDecimals { score += 2 }
        let start = number.range.lowerBound
        let window = String(lowered[max(0, start - 14)..<start])
        let before = window.split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
        if ["total", "bill", "spent", "paid", "cost", "charged", "amt", "fare", "summa", "suma", "sum", "oplata",
            "pokupka", "spisanie", "retail", "tranzakcija", "purchase", "withdraw", "withdrawal", "debited", "sent",
            "envoye", "envoyé", "transferred", "remittance", "by", "importe", "montant", "betrag", "valor", "tutar",
            "tutarında", "покупка", "оплата", "списание", "списано", "сумма", "оплачено", "покупку", "платеж", "платёж",
            "сплата", "списання", "покупка", "zakup", "transaksi", "sebesar", "pembelian", "pembayaran", "achat", "compra",
            "pago", "pagamento", "umelipa", "retiro", "saque", "retrait", "harcama"].contains(before) { score += 3 }
        // In scripts written without spaces the payment word is glued to the currency or the
        // payee before the figure ("消费人民币45.00", "승인 12,000원").
        if spendingCuesWithoutSpaces.contains(where: { before.contains($0) }) { score += 3 }
        // "-150,000VND": a debit written with its sign (a dash after a space or at the start).
        if start >= 1, characters[start - 1] == "-", start == 1 || characters[start - 2] == " " { score += 2 }
        if ["for", "of", "debited", "payment"].contains(before) { score += 1 }
        let end = number.range.upperBound
        // "An initial amount of Rs. 2.00 has been debited", "INR 450 was deducted": the figure a
        // clause says left the account, beside a limit or another figure of the message (a fee
        // that "has also been charged" stays a fee).
        let clause = String(lowered[end..<min(lowered.count, end + 28)].prefix { !",;:\n(".contains($0) })
            .split(whereSeparator: { !$0.isLetter }).prefix(4)
        if let verb = clause.firstIndex(where: { passiveDebitVerbs.contains(String($0)) }), verb > clause.startIndex,
           ["been", "was", "is", "were"].contains(String(clause[verb - 1])),
           !wordsBefore(start, within: 24, lowered).suffix(3).contains(where: AmountRoles.addOnNouns.contains) {
            score += 3
        }
        let tail = String(lowered[end..<min(lowered.count, end + 14)])
        let nextWord = tail.split(whereSeparator: { !$0.isLetter }).first.map(String.init) ?? ""
        let gap = tail.prefix { !$0.isLetter }
        if !number.hasDecimals && currency == nil && gap.allSatisfy({ $0 == " " }) && !gap.isEmpty
            && countsThings(nextWord, value: number.value) {
            score -= 4
        }
        if !number.hasDecimals && currency == nil && number.value < 10 && all.contains(where: { $0.hasDecimals }) {
            score -= 2
        }
        if tail.hasPrefix(" back") || tail.hasPrefix(" change") { score -= 3 }
        if currency == nil, measureUnits.contains(nextWord), gap.count <= 1 { score -= 6 }
        // "dinner 120 for 4", "brunch 48 for the 3 of us": how many shared it, after a price, is no price.
        if !number.hasDecimals, currency == nil, number.value <= 20, isHeadCountAfterPrice(number, lowered: lowered, all: all) {
            score -= 4
        }
        return score
    }

    /// Verbs of money leaving an account, said of the figure before them ("has been debited").
    private static let passiveDebitVerbs: Set<String> = ["debited", "deducted", "withdrawn", "charged", "spent"]

    /// True for a small whole number after "for" (past "the") that a figure stands right before
    /// ("120 for 4"), or that "of us" follows ("for the 3 of us").
    private static func isHeadCountAfterPrice(_ number: Number, lowered: [Character], all: [Number]) -> Bool {
        let start = number.range.lowerBound
        let head = String(lowered[max(0, start - 24)..<start])
        let tail = String(lowered[number.range.upperBound..<min(lowered.count, number.range.upperBound + 10)])
        if tail.hasPrefix(" of us") || tail.hasPrefix(" of them") { return true }
        guard let price = all.last(where: { $0.range.upperBound < start }),
              head.hasSuffix(" for ") || head.hasSuffix(" for the ") else { return false }
        let between = String(lowered[price.range.upperBound..<start]).trimmingCharacters(in: .whitespaces)
        // The next word ends the phrase: "120 for 4 on Friday" counts, "2 shirts for 40" is a price.
        let endsPhrase = tail.isEmpty || tail.first.map { ",.;!?)".contains($0) } == true
            || tail.hasPrefix(" ") && !tail.dropFirst().hasPrefix("x") && tail.dropFirst().first?.isLetter == true
        return (between == "for" || between == "for the") && price.value > number.value && endsPhrase
    }

    // MARK: - Arithmetic the note spells out

    /// Adds what the roles of the numbers compute (`AmountRoles`): a stated total wins; change is
    /// taken from what was handed over; a unit price times its quantity; a discount taken off
    /// ("60 minus a 10 voucher", "minus 10% discount"), add-ons summed with the price they go with
    /// ("+ 5 tip", "15% tip"); prices joined by "and" or "+" summed ("coffee 3.20 and a croissant
    /// 2.80"). In a bank message a fee is neither added nor the amount.
    private static func compose(_ candidates: [AmountCandidate], percents: [AmountRoles.Percent], tokens: AmountRoles.Tokens,
                                lowered: [Character], isBankMessage: Bool) -> [AmountCandidate] {
        guard !candidates.isEmpty else { return [] }
        let rules = RuleFamilies.active
        var result = candidates
        // "dinner 120 for four, I paid my quarter": the writer's fraction of the price, no figure of its own.
        if !isBankMessage, let whole = best(in: candidates), let divisor = AmountRoles.writersFraction(of: whole.range, tokens) {
            // The written precision when it holds the share (120 → 30), else cents (85 → 28.33).
            let written = Amount(whole.value / Decimal(divisor), fractionDigits: whole.amount.fractionDigits)
            let share = Amount(written.description).map { $0.value * Decimal(divisor) == whole.value } == true
                ? written : Amount(whole.value / Decimal(divisor), fractionDigits: 2)
            let rounded = Amount(share.description)?.value ?? share.value
            result.append(make(rounded, whole, whole.currency, score: whole.score + 9, decimals: share.fractionDigits))
            return result
        }
        // "my share 32.50 (4 of us)"; not when the writer says they paid another figure whole
        // ("Paid 60 for the group, my share is 20").
        // When the writer says they paid all of it, the largest other figure is the bill they paid
        // ("drinks round 36, my share 12 but I paid the lot").
        if let part = candidates.firstIndex(where: { AmountRoles.isWritersPart($0.range, tokens) }),
           !candidates.indices.contains(where: { $0 != part && AmountRoles.isPaidOutright(candidates[$0].range, tokens) }) {
            let text = SearchableText(String(lowered))
            if AmountRoles.paidWholePhrases.contains(where: { text.contains($0) }),
               let whole = candidates.indices.filter({ $0 != part && candidates[$0].value > candidates[part].value })
                .max(by: { candidates[$0].value < candidates[$1].value }) {
                result[whole] = result[whole].scored(result[whole].score + 9)
                return result
            }
            result[part] = result[part].scored(result[part].score + 9)
            return result
        }
        let totals = candidates.indices.filter { AmountRoles.isTotal(candidates[$0].range, tokens, equalsSign: !isBankMessage) }
        if !totals.isEmpty {
            for index in totals { result[index] = result[index].scored(result[index].score + 6) }
            // What the note adds with "+" or "plus" right after its one stated sum ("41 … + 6 tip") is paid on top of it.
            if !isBankMessage, totals.count == 1 {
                let total = candidates[totals[0]]
                let onTop = candidates[(totals[0] + 1)...]
                if !onTop.isEmpty, onTop.allSatisfy({ candidate in
                    AmountRoles.isAddOn(candidate, tokens) && AmountRoles.saysPlus(before: candidate.range, tokens)
                }) {
                    let parts = [total] + onTop
                    result.append(make(parts.reduce(Decimal(0)) { $0 + $1.value }, onTop.last!, parts.lazy.compactMap(\.currency).first,
                                       score: total.score + 7, decimals: parts.map(\.amount.fractionDigits).max()))
                }
            }
            return result
        }
        // "gave him 25, kept the change": what was handed over is what was paid.
        if AmountRoles.keepsTheChange(String(lowered)),
           let handed = candidates.firstIndex(where: { AmountRoles.isHandedOver($0.range, tokens) }) {
            result[handed] = result[handed].scored(result[handed].score + 6)
            return result
        }
        // Change: "handed over 50, got 7.30 back".
        for (index, change) in candidates.enumerated() where index > 0 && AmountRoles.isChange(change.range, tokens, lowered) {
            // "got 5 back from the 60": the figure handed over follows its change.
            let handedAfter = index + 1 < candidates.count
                && tokens.before(candidates[index + 1].range, 3).filter { !["the", "a", "my", "our"].contains($0) }.suffix(2) == ["back", "from"]
            let tendered = handedAfter ? candidates[index + 1] : candidates[index - 1]
            if tendered.value > change.value {
                result[index] = change.scored(change.score - 4)
                result.append(make(tendered.value - change.value, change, tendered.currency ?? change.currency, score: 7,
                                   decimals: max(tendered.amount.fractionDigits, change.amount.fractionDigits)))
                return result
            }
        }
        // Unit prices with their quantity.
        var priced: [AmountCandidate] = []
        for candidate in candidates {
            if let quantity = AmountRoles.quantity(ofUnitPrice: candidate.range,
                                                   hasDecimalsOrCurrency: candidate.text.contains(".") || candidate.currency != nil, tokens) {
                priced.append(make(candidate.value * Decimal(quantity), candidate, candidate.currency, score: 6))
            }
        }
        // Add-ons on top of the price and discounts off it; a quantity ("45 kWh") is no price.
        let prices = candidates.filter { !AmountRoles.isMeasure($0.range, tokens) }
        let discounts = prices.filter { AmountRoles.isDiscount($0.range, tokens) }
        var addOns = prices.filter { candidate in
            !discounts.contains { $0.range == candidate.range } && AmountRoles.isAddOn(candidate, tokens)
        }
        var bases = prices.filter { candidate in
            !addOns.contains { $0.range == candidate.range } && !discounts.contains { $0.range == candidate.range }
        }
        // Every figure has an add-on word near it ("pizza delivery 22.50 + 2.50 delivery fee"):
        // the largest is the price.
        // So is a lone fee with a rate on top ("conference fee 450 + 20% VAT").
        let rates = rules.contains(.percentages) ? percents.compactMap { rate in rate.role(tokens).map { (value: rate.value, role: $0) } } : []
        if bases.isEmpty, addOns.count >= 2 || addOns.count == 1 && !rates.isEmpty, let largest = addOns.max(by: { $0.value < $1.value }) {
            bases = [largest]
            addOns.removeAll { $0.range == largest.range }
        }
        if isBankMessage {
            // A bank message states the amount; its fee is not part of it.
            return result.map { candidate in
                addOns.contains { $0.range == candidate.range } && !bases.isEmpty ? candidate.scored(candidate.score - 4) : candidate
            } + priced
        }
        // Prices joined one after another are things bought together ("coffee 3.20 and a croissant
        // 2.80", "2 scones 2.10 each and tea 3.60"); a unit price counts with its quantity.
        // The quantity written after a unit price ("3.50 x 2") is no item of its own: the item ends there.
        let multipliers = candidates.filter { candidate in
            candidate.currency == nil && !candidate.text.contains(".")
                && ["x", "×", "*"].contains(tokens.before(candidate.range, 1).last ?? "")
                && priced.contains { $0.range.upperBound <= candidate.range.lowerBound && candidate.range.lowerBound - $0.range.upperBound <= 4 }
        }
        func end(of item: AmountCandidate) -> Range<Int> {
            multipliers.first { $0.range.lowerBound > item.range.upperBound && $0.range.lowerBound - item.range.upperBound <= 4 }?.range
                ?? item.range
        }
        if addOns.isEmpty, discounts.isEmpty, rates.isEmpty {
            // The count a unit price was multiplied by ("2 large 16.50 ea") is no item of its own.
            let quantities = priced.compactMap { product -> Decimal? in
                guard let price = candidates.first(where: { $0.range == product.range && !$0.isComputed }), price.value > 0
                else { return nil }
                return product.value / price.value
            }
            let items = bases.filter { base in
                // "2 x 25": a whole number before "x" is priced by what follows it, not only a count.
                !base.isComputed && (!AmountRoles.countsThings(base, tokens) || priced.contains { $0.range == base.range })
                    && !multipliers.contains { $0.range == base.range }
                    && !(base.currency == nil && !base.text.contains(".") && !priced.contains { $0.range == base.range }
                         && (priced.contains { $0.range.lowerBound > base.range.lowerBound } || AmountRoles.countsHeads(base.range, tokens))
                         && quantities.contains(base.value))
            }.map { base in priced.first { $0.range == base.range } ?? base }
            // "Brot 3,50 €, Käse 4,20 €, bezahlt 7,70 €": a last figure that is the sum of the prices before
            // it states their total, whatever word (or none) stands before it.
            if items.count >= 3, let last = items.last, !last.isComputed,
               items.dropLast().reduce(Decimal(0), { $0 + $1.value }) == last.value,
               let index = result.firstIndex(where: { $0.range == last.range }) {
                result[index] = result[index].scored(result[index].score + 6)
                return result + priced
            }
            let pairs = Array(zip(items, items.dropFirst()))
            // Three or more priced things in a list are bought together even when only commas join them
            // ("lunch 11.50, coffee 3.20, cake 4"), and so are two whose first is counted at a unit price
            // ("adults 2 x 16, kids 2 x 8", "2 beers 6 each, crisps 4"); two plain figures after a comma
            // may be a price and another figure.
            let counted = items.count == 2 && items[0].isComputed
            // Things listed one to a line, or between semicolons or bars, are bought together like a
            // list joined by a word ("sandwich 7.50\ncoffee 3.00", "screws 4.20; glue 3.80").
            let listed = pairs.allSatisfy { first, second in
                lowered[end(of: first).upperBound..<second.range.lowerBound].contains { "\n;|".contains($0) }
            }
            if let last = pairs.last,
               AmountRoles.areItemsBoughtTogether(end(of: last.0), last.1.range, tokens, inList: items.count >= 3 || counted || listed,
                                                  listed: listed),
               pairs.dropLast().allSatisfy({ AmountRoles.areItemsBoughtTogether(end(of: $0), $1.range, tokens, inList: true, listed: listed) }) {
                let sum = items.reduce(Decimal(0)) { $0 + $1.value }
                result.append(make(sum, items.last!, items.lazy.compactMap(\.currency).first, score: 7,
                                   decimals: items.map(\.amount.fractionDigits).max()))
                return result + priced
            }
        }
        // A unit price is paid times its quantity ("2 nights x 95 plus 18 city tax").
        // A price a "+" joins to the figure before it is paid with it ("taxi 18 + tip 2 + toll 3.40").
        let chained = addOns.isEmpty ? [] : bases.filter { !$0.isComputed && AmountRoles.isChained($0.range, tokens) }
        guard !addOns.isEmpty || !discounts.isEmpty || !rates.isEmpty,
              let base = best(in: bases.filter { base in
                  !base.isComputed && !priced.contains { $0.range == base.range } && !chained.contains { $0.range == base.range }
              } + priced)
        else { return result + priced }
        // A tip, tax or fee is no larger than the price it is paid on ("3.40 bus + 3.40 back" adds the same fare); what is taken off is smaller.
        let taken = discounts.reduce(Decimal(0)) { $0 + $1.value }
        // Unless the note says to add it: "ferry 2 x 18.50 plus car 45".
        let saysPlus = { (addOn: AmountCandidate) in AmountRoles.saysPlus(before: addOn.range, tokens) }
        guard addOns.allSatisfy({ $0.value <= base.value || saysPlus($0) }), taken < base.value else { return result + priced }
        var value = base.value - taken
        var decimals = ([base] + discounts + addOns).map(\.amount.fractionDigits).max() ?? 0
        // A rate in percent applies to the price after what was taken off ("54.20 + 15% tip", "80, 25% off").
        for rate in rates {
            let share = value * rate.value / 100
            value = rate.role == .discount ? value - share : value + share
        }
        if !rates.isEmpty {
            value = value.rounded(toPlaces: 2)
            if value != value.rounded(toPlaces: 0) { decimals = 2 }
        }
        value += (addOns + chained).reduce(Decimal(0)) { $0 + $1.value }
        decimals = max(decimals, chained.map(\.amount.fractionDigits).max() ?? 0)
        let currency = ([base] + addOns + chained + discounts).lazy.compactMap(\.currency).first
        let anchor = (addOns + discounts + chained).last ?? base
        result.append(make(value, anchor, currency, score: 7, decimals: decimals))
        return result + priced
    }

    private static func make(_ value: Decimal, _ anchor: AmountCandidate, _ currency: String?, score: Int,
                             decimals: Int? = nil) -> AmountCandidate {
        let amount = Amount(value, fractionDigits: decimals ?? anchor.amount.fractionDigits)
        return AmountCandidate(value: value, text: amount.description, range: anchor.range, currency: currency,
                               score: score, isComputed: true)
    }
}

extension AmountCandidate {
    func scored(_ score: Int) -> AmountCandidate {
        AmountCandidate(value: value, text: text, range: range, currency: currency, score: score, isComputed: isComputed)
    }

}

extension Decimal {
    /// Rounded half away from zero to `places` decimals.
    func rounded(toPlaces places: Int) -> Decimal {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, places, .plain)
        return rounded
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
