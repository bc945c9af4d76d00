import Foundation

/// Amounts written in words: "forty bucks", "a hundred and twenty", "twenty-four quid", "dreißig
/// Euro", "cinquante euros", "veinte euros", "a tenner", "三千円", "1万円".
///
/// Number words are everywhere in notes as quantities ("two coffees", "one night"), so a run of
/// them counts as money only beside a currency word or symbol ("forty bucks", "a dollar"), as
/// slang that means money ("a fiver", "a tenner", "a grand"), or when the note writes no digits
/// at all and the number is 10 or more ("a hundred and twenty to the electrician").
enum NumberWords {
    struct Found: Equatable {
        let value: Decimal
        /// Character offsets of the words.
        let range: Range<Int>
    }

    // MARK: - Vocabulary (lowercased), by language

    private static let units: [String: Int] = {
        var table: [String: Int] = [:]
        let lists: [[String]] = [
            // English
            ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
             "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"],
            // Spanish
            ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
             "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve"],
            // French
            ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze",
             "treize", "quatorze", "quinze", "seize"],
            // Italian
            ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici",
             "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto", "diciannove"],
            // German
            ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf",
             "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn"],
            // Portuguese
            ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze",
             "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove"],
            // Dutch
            ["nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf",
             "dertien", "veertien", "vijftien", "zestien", "zeventien", "achttien", "negentien"],
        ]
        for list in lists {
            for (value, word) in list.enumerated() { table[word] = value }
        }
        for (word, value) in [("una", 1), ("une", 1), ("uma", 1), ("duas", 2), ("ein", 1), ("eine", 1), ("einen", 1)] {
            table[word] = value
        }
        let tens: [[String]] = [
            ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"],
            ["veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"],
            ["vingt", "trente", "quarante", "cinquante", "soixante"],
            ["venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"],
            ["zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"],
            ["vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"],
            ["twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig", "negentig"],
        ]
        for list in tens {
            for (offset, word) in list.enumerated() { table[word] = (offset + 2) * 10 }
        }
        // Hundreds said as one word in Spanish and Portuguese ("doscientos", "quinhentos").
        for (offset, word) in ["doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos",
                               "ochocientos", "novecientos"].enumerated() {
            table[word] = (offset + 2) * 100
            table[String(word.dropLast(2)) + "as"] = (offset + 2) * 100
        }
        for (offset, word) in ["duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos", "setecentos",
                               "oitocentos", "novecentos"].enumerated() {
            table[word] = (offset + 2) * 100
            table[String(word.dropLast(2)) + "as"] = (offset + 2) * 100
        }
        for (offset, word) in ["veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
                               "veintisiete", "veintiocho", "veintinueve"].enumerated() {
            table[word] = 21 + offset
        }
        return table
    }()

    private static let hundreds: Set<String> = ["hundred", "cien", "ciento", "cento", "hundert", "cem", "honderd"]
    /// French units that "cent"/"cents" multiplies ("deux cents"); after any other number the word
    /// is the hundredth of a currency ("fifty cents", "fünfzig Cent").
    private static let frenchUnits: Set<String> = ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"]
    /// The hundredth of a currency, after a number of them.
    private static let subunits: Set<String> = ["cents", "cent", "céntimos", "centimos", "centavos", "centesimi", "centimes"]
    /// Italian tens that lose their vowel before a unit inside a compound ("ventuno", "trentotto").
    private static let elidedTens: [String: String] = [
        "vent": "venti", "trent": "trenta", "quarant": "quaranta", "cinquant": "cinquanta", "sessant": "sessanta",
        "settant": "settanta", "ottant": "ottanta", "novant": "novanta",
    ]
    private static let thousands: Set<String> = ["thousand", "mil", "mille", "mila", "tausend", "duizend"]
    private static let joiners: Set<String> = ["and", "y", "e", "et", "und", "en"]

    /// The pieces of a number written as one word, as German, Dutch and Italian write them
    /// ("dreiundzwanzig", "zweihundertfünfzig", "vijfentwintig", "drieëntwintig", "ventitré",
    /// "centoventi"): nil unless the whole word is number words, with a joining "und"/"en" only
    /// between two of them.
    static func pieces(of word: String) -> [String]? {
        let word = word.replacingOccurrences(of: "ë", with: "e").replacingOccurrences(of: "é", with: "e")
        guard word.count >= 6 else { return nil }
        func split(_ rest: Substring, afterJoiner: Bool) -> [String]? {
            if rest.isEmpty { return afterJoiner ? nil : [] }
            // Longest piece first: "zwanzig" before "zwei".
            for length in stride(from: min(rest.count, 13), through: 2, by: -1) {
                let piece = String(rest.prefix(length))
                let isNumber = units[piece] != nil || hundreds.contains(piece) || thousands.contains(piece)
                    || elidedTens[piece] != nil && length < rest.count
                let isJoiner = ["und", "en"].contains(piece)
                guard isNumber || isJoiner && !afterJoiner else { continue }
                if let tail = split(rest.dropFirst(length), afterJoiner: isJoiner) { return [elidedTens[piece] ?? piece] + tail }
            }
            return nil
        }
        guard let found = split(word[...], afterJoiner: true), found.count >= 2 else { return nil }
        return found
    }
    private static let articles: Set<String> = ["a", "an"]
    /// Words that are an amount of money by themselves.
    private static let slang: [String: Int] = ["fiver": 5, "tenner": 10, "grand": 1000]

    // MARK: - Finding

    /// The money amounts written in words in `text`.
    static func amounts(in text: String) -> [Found] {
        let characters = Array(text)
        let words: [(text: String, range: Range<Int>)] = self.words(characters).flatMap { word -> [(text: String, range: Range<Int>)] in
            guard units[word.text] == nil, let pieces = pieces(of: word.text) else { return [word] }
            return pieces.map { (text: $0, range: word.range) }
        }
        let mentions = Currency.mentions(in: text)
        let hasDigits = characters.contains(where: \.isASCIIDigit)
        var found: [Found] = []
        var index = 0
        while index < words.count {
            guard var (value, end) = parse(words, from: index) else {
                index += 1
                continue
            }
            var range = words[index].range.lowerBound..<words[end - 1].range.upperBound
            // "fifty cents", "fünfzig Cent", "veinte céntimos": hundredths of the currency.
            var isSubunit = false
            if end < words.count, subunits.contains(words[end].text), (1...99).contains(value), value == value.rounded(toPlaces: 0) {
                value /= 100
                range = range.lowerBound..<words[end].range.upperBound
                end += 1
                isSubunit = true
            }
            // "twelve pounds fifty", "vingt euros cinquante", "zwölf Euro fünfzig": the cents after the currency.
            if !isSubunit, value == value.rounded(toPlaces: 0), end + 1 < words.count,
               Currency.mentions(in: words[end].text).first?.range.count == words[end].text.count,
               let (cents, centsEnd) = parse(words, from: end + 1), (1...99).contains(cents), cents == cents.rounded(toPlaces: 0),
               centsEnd == words.count || units[words[centsEnd].text] == nil {
                value += cents / 100
                range = range.lowerBound..<words[centsEnd - 1].range.upperBound
                end = centsEnd
            }
            let isSlang = (index..<end).contains { slang[words[$0].text] != nil }
            let besideCurrency = Currency.code(near: range, in: mentions, within: 2) != nil
            let saidAloud = value != value.rounded(toPlaces: 0)
            // "plus a five tip": a small sum paid on top is money too.
            let previous = index > 0 && articles.contains(words[index - 1].text) ? index - 2 : index - 1
            let addedOn = end < words.count && AmountRoles.addOnNouns.contains(words[end].text)
                || previous >= 0 && ["plus", "más", "mas", "più"].contains(words[previous].text)
            if value > 0, isSlang || besideCurrency || saidAloud || (!hasDigits && (value >= 10 || addedOn)) {
                found.append(Found(value: value, range: range))
            }
            index = end
        }
        return found + kanji(characters)
    }

    /// A number starting at word `start`: its value and the index after its last word.
    private static func parse(_ words: [(text: String, range: Range<Int>)], from start: Int) -> (Decimal, Int)? {
        var total = 0
        var current = 0
        var index = start
        var last = start
        var sawNumber = false
        while index < words.count {
            let word = words[index].text
            if ["vingt", "vingts"].contains(word), index > start, words[index - 1].text == "quatre", current % 100 == 4 {
                // "quatre-vingts", "quatre-vingt-dix": four twenties.
                current += 76
            } else if let value = units[word] {
                // "two fifty", "twelve ninety-nine", "thirty-two fifty": a price said aloud, 2.50, 12.99
                // and 32.50 (the whole part ends in a unit or a teen, never in tens: "thirty fifty" is no price).
                // ("one hundred and twelve forty" is 112.40.)
                if value >= 20, value % 10 == 0, total == 0, (1...999).contains(current), index > start,
                   let previous = units[words[index - 1].text], (1...19).contains(previous) {
                    var cents = value
                    var end = index + 1
                    if end < words.count, let unit = units[words[end].text], (1...9).contains(unit) {
                        cents += unit
                        end += 1
                    }
                    return (Decimal(current) + Decimal(cents) / 100, end)
                }
                current += value
            } else if let value = slang[word],
                      // "a grand", "two grand"; "Grand" opening a run names a place ("Grand Central Oyster Bar").
                      word != "grand" || index > start || sawNumber {
                current = max(current, 1) * value
            } else if word == "cent" || word == "cents" {
                // French "cent euros", "deux cents"; "fifty cents" ends the number before its hundredths.
                if current == 0, word == "cent" {
                    current = 100
                } else if index > start, frenchUnits.contains(words[index - 1].text) {
                    current *= 100
                } else {
                    break
                }
            } else if hundreds.contains(word) {
                current = max(current, 1) * 100
            } else if thousands.contains(word) {
                total += max(current, 1) * 1000
                current = 0
            } else if articles.contains(word) && !sawNumber && index + 1 < words.count
                        && (hundreds.contains(words[index + 1].text) || thousands.contains(words[index + 1].text)
                            || slang[words[index + 1].text] != nil) {
                index += 1
                continue
            } else if articles.contains(word) && !sawNumber && index + 1 < words.count
                        && Currency.mentions(in: words[index + 1].text).count == 1
                        && Currency.mentions(in: words[index + 1].text)[0].range.count == words[index + 1].text.count {
                // "a dollar", "a quid": one of the currency.
                return (1, index + 1)
            } else if joiners.contains(word) && sawNumber && index + 1 < words.count
                        && (units[words[index + 1].text] != nil) {
                index += 1
                continue
            } else {
                break
            }
            sawNumber = true
            index += 1
            last = index
        }
        guard sawNumber else { return nil }
        // "a dollar" returns above; a lone article is not a number.
        return (Decimal(total + current), max(last, start + 1))
    }

    /// Lowercased words of letters (a hyphen separates: "twenty-four" is two words).
    private static func words(_ characters: [Character]) -> [(text: String, range: Range<Int>)] {
        var words: [(String, Range<Int>)] = []
        var start: Int?
        for (offset, character) in characters.enumerated() {
            if character.isLetter && !character.isCJK {
                if start == nil { start = offset }
            } else if let begin = start {
                words.append((String(characters[begin..<offset]).lowercased(), begin..<offset))
                start = nil
            }
        }
        if let begin = start { words.append((String(characters[begin...]).lowercased(), begin..<characters.count)) }
        return words
    }

    // MARK: - Japanese and Chinese numerals before 円/元

    private static let kanjiDigits: [Character: Int] = [
        "〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "両": 2,
    ]
    private static let kanjiUnits: [Character: Int] = ["十": 10, "百": 100, "千": 1000]

    /// "三千円", "二千五百円", "1万円", "1万2千円": numerals (kanji or digits with 万/千) before a currency sign.
    private static func kanji(_ characters: [Character]) -> [Found] {
        var found: [Found] = []
        for (offset, character) in characters.enumerated() where character == "円" || character == "元" {
            var start = offset
            while start > 0, kanjiDigits[characters[start - 1]] != nil || kanjiUnits[characters[start - 1]] != nil
                    || characters[start - 1] == "万" || characters[start - 1].isASCIIDigit {
                start -= 1
            }
            let run = Array(characters[start..<offset])
            // Plain digits before 円 are read as digits elsewhere.
            guard run.contains(where: { !$0.isASCIIDigit }), let value = kanjiValue(run), value > 0 else { continue }
            found.append(Found(value: Decimal(value), range: start..<offset))
        }
        return found
    }

    private static func kanjiValue(_ run: [Character]) -> Int? {
        var total = 0
        var section = 0
        var digits = 0
        var hasDigit = false
        for character in run {
            if let digit = character.wholeNumberValue, character.isASCIIDigit {
                digits = digits * 10 + digit
                hasDigit = true
            } else if let digit = kanjiDigits[character] {
                digits = digit
                hasDigit = true
            } else if let unit = kanjiUnits[character] {
                section += (hasDigit ? digits : 1) * unit
                digits = 0
                hasDigit = false
            } else if character == "万" {
                total += (section + digits + (hasDigit || section > 0 ? 0 : 1)) * 10_000
                section = 0
                digits = 0
                hasDigit = false
            } else {
                return nil
            }
        }
        return total + section + digits
    }
}

extension Character {
    /// Han and kana: scripts whose words are not separated by spaces.
    var isCJK: Bool { unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false }
}
