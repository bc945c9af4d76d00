/// Currency mentions: symbols, ISO codes and words, mapped to ISO 4217 codes.
enum Currency {
    /// Symbols and words, lowercased, longest first so "r$" wins over "$".
    static let markers: [(text: String, code: String)] = [
        ("us$", "USD"), ("r$", "BRL"), ("c$", "CAD"), ("a$", "AUD"), ("nz$", "NZD"), ("hk$", "HKD"), ("s$", "SGD"),
        ("€", "EUR"), ("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("円", "JPY"), ("₹", "INR"), ("₩", "KRW"),
        ("₦", "NGN"), ("₺", "TRY"), ("₽", "RUB"), ("₪", "ILS"), ("₫", "VND"), ("฿", "THB"), ("₱", "PHP"),
        ("zł", "PLN"), ("kč", "CZK"), ("元", "CNY"),
        ("euros", "EUR"), ("euro", "EUR"), ("dollars", "USD"), ("dollar", "USD"), ("bucks", "USD"),
        ("pounds", "GBP"), ("quid", "GBP"), ("yen", "JPY"), ("rupees", "INR"), ("rs.", "INR"), ("rs", "INR"),
        ("reais", "BRL"), ("francs", "CHF"), ("tsh", "TZS"), ("ksh", "KES"), ("tl", "TRY"), ("lira", "TRY"),
        ("kr", "SEK"), ("dhs", "AED"), ("dh", "MAD"),
    ]

    /// ISO 4217 codes people write in notes and banks write in messages.
    static let isoCodes: Set<String> = [
        "EUR", "USD", "GBP", "JPY", "INR", "BRL", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "SEK", "NOK",
        "DKK", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "RUB", "UAH", "ILS", "AED", "SAR", "QAR", "KWD", "BHD",
        "OMR", "EGP", "MAD", "TND", "ZAR", "NGN", "KES", "TZS", "UGX", "GHS", "ETB", "RWF", "XOF", "XAF", "MXN",
        "ARS", "CLP", "COP", "PEN", "UYU", "KRW", "TWD", "THB", "VND", "PHP", "IDR", "MYR", "PKR", "BDT", "LKR",
        "NPR", "MMK", "KZT", "ISK",
    ]

    /// Where a currency is mentioned in `text`, with its code.
    static func mentions(in text: String) -> [(range: Range<Int>, code: String)] {
        let characters = Array(text)
        let lowered = characters.map { Character($0.lowercased()) }
        var found: [(Range<Int>, String)] = []
        var index = 0
        while index < characters.count {
            // ISO codes: three capitals not inside a longer word (digits may touch: "TZS35000").
            if index + 3 <= characters.count {
                let code = String(characters[index..<index + 3])
                let before = index == 0 ? " " : characters[index - 1]
                let after = index + 3 < characters.count ? characters[index + 3] : " "
                if isoCodes.contains(code), !before.isLetter, !after.isLetter {
                    found.append((index..<index + 3, code))
                    index += 3
                    continue
                }
            }
            var matched = false
            for marker in markers {
                let length = marker.text.count
                guard index + length <= characters.count,
                      String(lowered[index..<index + length]) == marker.text else { continue }
                let isWord = marker.text.first!.isLetter
                if isWord {
                    let before = index == 0 ? " " : characters[index - 1]
                    let after = index + length < characters.count ? characters[index + length] : " "
                    // Words stand alone ("32 euros"), though digits may touch ("Rs.150", "35 bucks").
                    if before.isLetter || after.isLetter { continue }
                    if marker.text == "tl" || marker.text == "kr" || marker.text == "dh" || marker.text == "rs" {
                        // Short words count only right beside a number.
                        let nearDigit = characters[max(0, index - 2)..<min(characters.count, index + length + 2)]
                            .contains { $0.isNumber }
                        if !nearDigit { continue }
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
    static func code(near range: Range<Int>, in mentions: [(range: Range<Int>, code: String)], within distance: Int = 3)
        -> String? {
        mentions
            .map { mention -> (Int, String) in
                let gap = mention.range.upperBound <= range.lowerBound
                    ? range.lowerBound - mention.range.upperBound
                    : mention.range.lowerBound - range.upperBound
                return (gap, mention.code)
            }
            .filter { $0.0 >= 0 && $0.0 <= distance }
            .min { $0.0 < $1.0 }?.1
    }
}
