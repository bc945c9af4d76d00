/// Currency mentions: symbols, ISO codes and words, mapped to ISO 4217 codes.
enum Currency {
    /// Symbols and words, lowercased, longest first so "r$" wins over "$".
    static let markers: [(text: String, code: String)] = [
        ("us$", "USD"), ("r$", "BRL"), ("c$", "CAD"), ("a$", "AUD"), ("nz$", "NZD"), ("hk$", "HKD"), ("s$", "SGD"),
        ("€", "EUR"), ("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("円", "JPY"), ("₹", "INR"), ("₩", "KRW"),
        ("₦", "NGN"), ("₺", "TRY"), ("₽", "RUB"), ("руб", "RUB"), ("₪", "ILS"), ("₫", "VND"), ("฿", "THB"), ("₱", "PHP"),
        ("zł", "PLN"), ("kč", "CZK"), ("元", "CNY"), ("₸", "KZT"), ("₴", "UAH"), ("₼", "AZN"), ("₾", "GEL"),
        ("֏", "AMD"), ("₮", "MNT"), ("₭", "LAK"), ("₲", "PYG"), ("₡", "CRC"), ("₵", "GHS"),
        ("грн", "UAH"), ("тенге", "KZT"), ("тг", "KZT"), ("сум", "UZS"), ("сом", "KGS"), ("лв", "BGN"), ("р", "RUB"),
        ("rub", "RUB"), ("lv", "BGN"), ("rp", "IDR"), ("rm", "MYR"), ("fcfa", "XOF"), ("cfa", "XOF"),
        ("lei", "RON"),
        // Words for currencies in the scripts banks write them in.
        ("원", "KRW"), ("新台幣", "TWD"), ("新台币", "TWD"), ("台幣", "TWD"), ("港幣", "HKD"), ("港币", "HKD"),
        ("人民币", "CNY"), ("人民幣", "CNY"), ("rmb", "CNY"), ("บาท", "THB"), ("جنيه", "EGP"),
        // Gulf and Egyptian banks' abbreviations in Arabic ("45.00 ر.س": Saudi riyals); the Uzbek som in Latin letters.
        ("ر.س", "SAR"), ("د.إ", "AED"), ("د.ك", "KWD"), ("ر.ق", "QAR"), ("د.ب", "BHD"), ("ر.ع", "OMR"), ("ج.م", "EGP"), ("so'm", "UZS"), ("soʻm", "UZS"),
        ("vnđ", "VND"), ("đồng", "VND"), ("đ", "VND"),
        ("euros", "EUR"), ("euro", "EUR"), ("dollars", "USD"), ("dollar", "USD"), ("bucks", "USD"),
        ("pounds", "GBP"), ("quid", "GBP"), ("yen", "JPY"), ("rupees", "INR"), ("rs.", "INR"), ("rs", "INR"),
        ("reais", "BRL"), ("francs", "CHF"), ("tsh", "TZS"), ("ksh", "KES"), ("tl", "TRY"), ("lira", "TRY"),
        ("kr", "SEK"), ("dhs", "AED"), ("dh", "MAD"), ("tk", "BDT"), ("৳", "BDT"), ("taka", "BDT"), ("s/.", "PEN"),
        ("s/", "PEN"), ("soles", "PEN"), ("ush", "UGX"), ("nt$", "TWD"), ("mx$", "MXN"), ("zl", "PLN"),
        ("kd", "KWD"),
    ]

    /// ISO 4217 codes people write in notes and banks write in messages.
    static let isoCodes: Set<String> = [
        "EUR", "USD", "GBP", "JPY", "INR", "BRL", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "SEK", "NOK",
        "DKK", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "RUB", "UAH", "ILS", "AED", "SAR", "QAR", "KWD", "BHD",
        "OMR", "EGP", "MAD", "TND", "ZAR", "NGN", "KES", "TZS", "UGX", "GHS", "ETB", "RWF", "XOF", "XAF", "MXN",
        "ARS", "CLP", "COP", "PEN", "UYU", "KRW", "TWD", "THB", "VND", "PHP", "IDR", "MYR", "PKR", "BDT", "LKR",
        "NPR", "MMK", "KZT", "ISK", "RUR", "BYN", "BYR", "GEL", "AZN", "AMD", "UZS", "KGS", "MDL", "RSD", "BAM", "MKD",
        "ALL", "JOD", "LBP", "IQD", "ZMW", "MWK", "MZN", "BWP", "NAD", "XOF", "XAF", "CDF", "DZD", "LYD", "SDG",
        "MNT", "LAK", "KHR", "PYG", "CRC", "GTQ", "BOB", "DOP", "HNL", "NIO", "PAB", "VES", "TJS", "TMT", "MUR",
        "AOA", "JMD", "TTD", "BND", "MOP", "MVR", "AFN", "IRR", "YER", "SCR", "GMD", "SOS", "HTG", "XCD", "FJD",
    ]

    /// Codes withdrawn from ISO 4217 that banks still write for today's currency: Russian banks
    /// send "RUR" for the ruble (RUB since 1998). "BYR" is not here: a BYR amount is in old roubles.
    static let currentCodes: [String: String] = ["RUR": "RUB"]

    private typealias Marker = (characters: [Character], code: String, isWord: Bool, isShortWord: Bool)

    /// Markers by their first character, longest first, as characters (no strings built per
    /// look-up): ASCII ones by code (hashing a `Character` costs more than the rest of the scan).
    private static let (asciiMarkers, otherMarkers): ([[Marker]], [Character: [Marker]]) = {
        var ascii = [[Marker]](repeating: [], count: 128)
        var other: [Character: [Marker]] = [:]
        for marker in markers.sorted(by: { $0.text.count > $1.text.count }) {
            let characters = Array(marker.text)
            let entry = (characters, marker.code, characters[0].isLetter, shortWords.contains(marker.text))
            if let code = characters[0].asciiValue {
                ascii[Int(code)].append(entry)
            } else {
                other[characters[0], default: []].append(entry)
            }
        }
        return (ascii, other)
    }()

    private static func markers(startingWith character: Character) -> [Marker] {
        if let code = character.asciiValue { return asciiMarkers[Int(code)] }
        return otherMarkers[character] ?? []
    }

    /// Short words that count only right beside a number.
    private static let shortWords: Set<String> = ["tl", "kr", "tk", "zl", "kd", "ush", "dh", "rs", "тг", "лв", "р", "rub", "lv", "rp", "rm", "cfa", "сом", "сум",
                                                  "원", "rmb", "บาท", "vnđ", "đ"]

    /// Where a currency is mentioned in `text`, with its code (character offsets).
    static func mentions(in text: String) -> [(range: Range<Int>, code: String)] {
        let characters = Array(text)
        var found: [(Range<Int>, String)] = []
        var index = 0
        func isLetter(_ offset: Int) -> Bool { offset >= 0 && offset < characters.count && characters[offset].isLetterQuick }
        while index < characters.count {
            let character = characters[index]
            // ISO codes: three capitals not inside a longer word (digits may touch: "TZS35000").
            if character.isUppercaseQuick, index + 3 <= characters.count, characters[index + 1].isUppercaseQuick,
               characters[index + 2].isUppercaseQuick, !isLetter(index - 1), !isLetter(index + 3) {
                let code = String(characters[index..<index + 3])
                if isoCodes.contains(code) {
                    found.append((index..<index + 3, currentCodes[code] ?? code))
                    index += 3
                    continue
                }
            }
            // "12 990 Ft": Hungarian forint, written with a capital (a lower-case "6 ft" is feet).
            if character == "F", index + 1 < characters.count, characters[index + 1] == "t", !isLetter(index - 1),
               !isLetter(index + 2), index == 0 || characters[max(0, index - 2)..<index].contains(where: \.isNumberQuick) {
                found.append((index..<index + 2, "HUF"))
                index += 2
                continue
            }
            // "R1,250.00": South African rand, a capital R right against the figure.
            if character == "R", !isLetter(index - 1), index + 1 < characters.count, characters[index + 1].isNumberQuick {
                found.append((index..<index + 1, "ZAR"))
                index += 1
                continue
            }
            // "P1,000.00": Philippine peso, and "N2,500.00": Nigerian naira (as its banks write "₦"), a
            // capital letter right against a figure with cents or thousands.
            if let code = ["P": "PHP", "N": "NGN"][character], !isLetter(index - 1), index + 1 < characters.count,
               characters[index + 1].isNumberQuick {
                let figure = characters[(index + 1)...].prefix { $0.isNumberQuick || $0 == "," || $0 == "." }
                if figure.contains(where: { $0 == "," || $0 == "." }), figure.last?.isNumberQuick == true {
                    found.append((index..<index + 1, code))
                    index += 1
                    continue
                }
            }
            // "Q.215.00", "Q1,250.00": Guatemalan quetzal, a capital Q against a figure with cents or
            // thousands, or with its own full stop, a space after it or not ("Q. 125.00"; "Q3" alone is a
            // quarter of the year).
            if character == "Q", !isLetter(index - 1), index + 1 < characters.count {
                let hasStop = characters[index + 1] == "."
                let spaced = hasStop && index + 2 < characters.count && characters[index + 2] == " "
                let start = index + (hasStop ? 2 : 1) + (spaced ? 1 : 0)
                let figure = start < characters.count ? characters[start...].prefix { $0.isNumberQuick || $0 == "," || $0 == "." } : []
                if figure.first?.isNumberQuick == true, figure.last?.isNumberQuick == true,
                   hasStop || figure.contains(where: { $0 == "," || $0 == "." }) {
                    found.append((index..<index + (hasStop ? 2 : 1), "GTQ"))
                    index += hasStop ? 2 : 1
                    continue
                }
            }
            // "560r", "12450.20r": the ruble as transliterated card messages write it, against the figure.
            if character == "r", index > 0, characters[index - 1].isNumberQuick, !isLetter(index + 1) {
                found.append((index..<index + 1, "RUB"))
                index += 1
                continue
            }
            var matched = false
            for marker in markers(startingWith: character.lowercasedCharacter) {
                let length = marker.characters.count
                guard index + length <= characters.count else { continue }
                var same = true
                for offset in 1..<max(1, length) where characters[index + offset].lowercasedCharacter != marker.characters[offset] {
                    same = false
                    break
                }
                guard same else { continue }
                if marker.isWord {
                    // Words stand alone ("32 euros"), though digits may touch ("Rs.150", "35 bucks"); in
                    // Chinese and Japanese, written without spaces, they touch the words around them ("消費新台幣350元").
                    if !marker.characters[0].isCJK, isLetter(index - 1) || isLetter(index + length) { continue }
                    if marker.isShortWord {
                        let near = characters[max(0, index - 2)..<min(characters.count, index + length + 2)]
                        if !near.contains(where: \.isNumberQuick) { continue }
                        // "TK 0123xxx789": a label before an account's masked digits (Vietnamese "tài khoản"), no taka.
                        let after = characters[(index + length)...].drop { $0 == " " }
                        let digits = after.prefix { $0.isNumberQuick }
                        if !digits.isEmpty, let mask = after.dropFirst(digits.count).first, "xX*•".contains(mask) { continue }
                    }
                }
                found.append((index..<index + length, marker.code))
                index += length
                matched = true
                break
            }
            if !matched { index += 1 }
        }
        return found
    }

    /// The currency written nearest to `range` (character offsets), within a few characters.
    /// A bare `$` is written for many dollars and pesos: beside another mention ("$350.00 MXN"),
    /// the other one says which.
    static func code(near range: Range<Int>, in mentions: [(range: Range<Int>, code: String)], within distance: Int = 3)
        -> String? {
        let near = mentions
            .map { mention -> (gap: Int, code: String, bareDollar: Bool) in
                let gap = mention.range.upperBound <= range.lowerBound
                    ? range.lowerBound - mention.range.upperBound
                    : mention.range.lowerBound - range.upperBound
                return (gap, mention.code, mention.range.count == 1 && mention.code == "USD")
            }
            .filter { $0.gap >= 0 && $0.gap <= distance }
        let specific = near.filter { !$0.bareDollar && $0.code != "USD" }
        return (specific.isEmpty ? near : specific).min { $0.gap < $1.gap }?.code
    }
}
