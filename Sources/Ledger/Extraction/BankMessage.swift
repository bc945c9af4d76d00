/// Where bank and wallet messages put the payee when no "at" or "to" introduces it.
///
/// - A UPI handle after "VPA" ("to VPA shop.name@okbank"); the handle ends where its bank part does
///   (`upiHandle`, which comes before "at"/"to" rules).
/// - The name that a debit message says was credited ("…debited for Rs 210.00; CORNER CAFE credited").
/// - In a message of several lines, the first line that is only a name ("Spent INR 174 / HDFC Bank
///   Card XX12 / 13-09-25 / Corner Cafe / Avl Limit…"), or a name before a colon and the amount
///   ("EDEKA: -12,40 EUR"). Lines that name the bank, the card, a balance or a limit are passed over.
enum BankMessage {
    static func payee(in note: String) -> String? {
        creditedName(in: note) ?? nameLine(in: note)
    }

    /// Where banks writing in scripts without spaces, or without "at", put the payee: Chinese
    /// "在X消费" and "支出(X)", Korean and Japanese "04/02 09:10 X 누적…" (the shop after the time),
    /// Vietnamese "THANH TOAN X" / "tai X". Nil when the message has none of these shapes.
    static func payeeByShape(in note: String) -> String? {
        for pattern in payeeShapes {
            guard let match = note.firstMatch(of: pattern), let name = match.output[1].substring else { continue }
            let trimmed = String(name).trimming(" .,;:-")
            let words = trimmed.lowercased().split(separator: " ").map(String.init)
            if trimmed.contains(where: \.isLetter), !words.contains(where: notNames.contains) { return trimmed }
        }
        return nameBeforePostposition(in: note)
    }

    /// Turkish banks name the shop before "firmasında" / "işyerinde" ("at the firm"): "… tarihinde
    /// 100200-KESTREL KAFE BURSA TR firmasında 87,50 TL …". The name is the capitalised words before
    /// the cue, back to the bank's words or a figure, as the descriptor writes them (town and country
    /// code included: labellers differ on dropping them), without the terminal's reference glued on
    /// with a hyphen ("100200-").
    static func nameBeforePostposition(in note: String) -> String? {
        let tokens = note.split(whereSeparator: \.isWhitespace)
        guard let cue = tokens.firstIndex(where: { postpositions.contains($0.lowercased().trimming(".,;:")) }), cue > 0 else { return nil }
        var first = cue
        while first > 0, cue - first < 8 {
            let token = tokens[first - 1]
            let opensName = token.first.map { $0.isUppercase || $0.isNumber || "-&/".contains($0) } ?? false
            guard opensName, !token.hasSuffix(":"), !token.hasSuffix(","), !notNames.contains(token.lowercased()),
                  !(token.contains(where: \.isNumber) && token.wholeMatch(of: /[\d.\/:,-]+/) != nil) else { break }
            first -= 1
        }
        var words = tokens[first..<cue].map(String.init)
        if let reference = words.first?.firstMatch(of: /^\d{5,}-(?=\p{L})/) { words[0].removeSubrange(reference.range) }
        while let last = words.last, last.allSatisfy({ "-&/".contains($0) }) { words.removeLast() }
        while let opening = words.first, opening.allSatisfy({ "-&/".contains($0) }) { words.removeFirst() }
        let name = words.joined(separator: " ")
        return name.contains(where: \.isLetter) ? name : nil
    }

    /// "At the firm", "at the merchant": Turkish banks write them after the shop's name.
    private static let postpositions: Set<String> = [
        "firmasında", "firmasinda", "firmasından", "firmasindan", "işyerinde", "isyerinde", "işyerinden", "isyerinden",
        "i\u{307}şyerinde", "i\u{307}şyerinden", "mağazasında", "magazasinda",
    ]

    /// The biller who signs a receipt for a payment it received ("Your payment of Rs.330 for
    /// water charges is successful. Regards GreenCourt Society", "Thanks for paying 499 for your
    /// plan. -Notely"): the name after a closing dash, "Regards" or "Thank you" that ends
    /// the message, when the message acknowledges a payment. A bank signing its own alert is not
    /// the payee ("… Avl Bal Rs.3,120 -Canara Bank": `isPayeeName` says no).
    static func signer(in note: String) -> String? {
        let text = note.trimmingCharacters(in: .whitespacesAndNewlines)
        // The sign-off is in the message's last words: only they are matched (this runs for every note).
        guard let match = text.suffix(80).firstMatch(of: signOff), let name = match.output[1].substring else { return nil }
        // Written to the payer ("your payment", "thanks for paying"), about a payment that went through.
        let lowered = text.lowercased()
        let words = Set(lowered.split(whereSeparator: { !$0.isLetter }).map(String.init))
        guard !words.isDisjoint(with: acknowledgements),
              words.contains("your") || words.contains("successful") || words.contains("received") || lowered.contains("for paying")
        else { return nil }
        var parts = name.split(separator: " ")
        parts[parts.count - 1] = withoutClosingFullStop(parts[parts.count - 1])
        let trimmed = parts.joined(separator: " ").trimming(" ,;:")
        return isPayeeName(trimmed) && trimmed.contains(where: { $0.isLetter }) ? trimmed : nil
    }

    /// Words of a message that acknowledges a payment received by the one who signs it.
    private static let acknowledgements: Set<String> = [
        "payment", "paying", "paid", "premium", "received", "successful", "successfully", "renewal", "renewed",
        "recharge", "subscription",
    ]

    // Regex is not Sendable; these are never mutated, only matched.
    /// A sign-off that ends a message: " -Name", "Regards, Name", "Thank you, Name".
    nonisolated(unsafe) private static let signOff = try! Regex(
        #"(?:(?:^|[\s.])-\s?|(?i:regards|thank you|thanks)[,:]?\s+)([A-Z][\w&'.]*(?:[ ][A-Z&][\w&'.]*){0,4})\.?$"#)

    nonisolated(unsafe) private static let payeeShapes: [Regex<AnyRegexOutput>] = [
        try! Regex(#"在([^，。,;\s\d]{2,24}?)(?:消费|消費|支付|刷卡)"#),
        try! Regex(#"(?:支出|消费|消費|支付)[（(]([^）)]{2,30})[）)]"#),
        try! Regex(#"\d{1,2}/\d{1,2}\s+\d{1,2}:\d{2}\s+([^\s\d(（][^\n]{0,30}?)(?=\s+(?:누적|잔액|\d))"#),
        try! Regex(#"(?i:thanh toan|thanh toán|tt)\s+(?:(?i:tai|tại)\s+)?([A-Z][A-Z0-9&'.\- ]{1,30}?)(?=\s*(?:$|[.,;]|\s(?:ngay|luc|so du|sd)\b))"#),
        try! Regex(#"\b(?i:tai|tại)\s+([A-Z][A-Z0-9&'.\- ]{1,30}?)(?=\s*(?:$|[.,;]|\s(?:ngay|luc|so du|sd)\b))"#),
        // Hebrew joins "at" to the name: "ב-KESTREL CAFE".
        try! Regex(#"(?:^|\s)ב-?([A-Z][A-Z0-9&'.\- ]{1,30}?)(?=\s*(?:$|[.,;]|\s[^\sA-Z0-9]))"#),
        // A store named after its label ("商店：小巷咖啡", "商户：…", Japanese "ご利用先：", Korean "가맹점:").
        // A name in Latin capitals goes on over its words ("ご利用先：ARDENT STORE").
        try! Regex(#"(?:商店|商户|商戶|店名|收款方|收款商户|特約商店|ご利用先|ご利用場所|ご利用店舗|利用先|利用店舗|加盟店|가맹점)[：:]\s*([^，。,;\s]{2,30}(?: [A-Z][A-Z0-9&'.\-]*)*)"#),
    ]

    /// A UPI handle after "VPA": the most specific payee a message can give, tried before any other rule.
    static func upiHandle(in note: String) -> String? {
        let tokens = note.split(whereSeparator: \.isWhitespace)
        for (index, token) in tokens.enumerated() where token.uppercased() == "VPA" && index + 1 < tokens.count {
            let handle = tokens[index + 1]
            guard let at = handle.firstIndex(of: "@") else { continue }
            let user = handle[..<at]
            let bank = handle[handle.index(after: at)...].prefix { $0.isLetter || $0.isNumber }
            guard !user.isEmpty, !bank.isEmpty else { continue }
            return String(user) + "@" + String(bank)
        }
        return nil
    }

    private static func creditedName(in note: String) -> String? {
        let lowered = SearchableText(note.lowercased())
        guard lowered.contains("debited") else { return nil }
        let words = note.split(whereSeparator: \.isWhitespace).map(String.init)
        for (index, word) in words.enumerated() where index > 0 && word.lowercased().trimming(".,;") == "credited" {
            var name: [String] = []
            var back = index - 1
            while back >= 0, name.count < 5 {
                let candidate = words[back].trimming(";,.")
                guard candidate == words[back] || name.isEmpty, isCapitalisedName(candidate) else { break }
                name.insert(candidate, at: 0)
                // Punctuation before this word ends the name ("…25; CORNER CAFE credited").
                if back > 0, let last = words[back - 1].last, ";,.:".contains(last) { break }
                back -= 1
            }
            if !name.isEmpty { return name.joined(separator: " ") }
        }
        return nil
    }

    private static func nameLine(in note: String) -> String? {
        // Only in what reads as a bank message: a written note of several lines ("Lunch / Osteria
        // Bruno / 48.50") starts with what it was for, not with the payee.
        guard mentionsTheAccount(note) else { return nil }
        let lines = note.split(whereSeparator: \.isNewline)
            .map { $0.trimming(" \t") }
            .filter { !$0.isEmpty }
        guard lines.count >= 3 else { return nil }
        // A message laid out as a form, "Label: value" on line after line ("Amount: USD 32.10",
        // "Description: SUNRISE GROCERS"), names its payee in the value that is only a name. (Without
        // one, a name before its amount is read below: "FENNEL MARKT: -70,85 EUR / Neuer Saldo: …".)
        let fields = lines.compactMap(labelledValue)
        if fields.count >= 2,
           let value = fields.lazy.filter({ !writersLabels.contains($0.label.lowercased()) }).map(\.value).first(where: isNameLine) {
            return value
        }
        for line in lines {
            if let colon = line.firstIndex(of: ":") {
                // "EDEKA: -12,40 EUR": a name, then the amount.
                let name = line[..<colon].trimming(" ")
                let rest = line[line.index(after: colon)...]
                if isNameLine(name), !MerchantSpans.isOnlyFieldLabels(name), rest.contains(where: \.isNumber),
                   !AmountFinder.candidates(in: String(rest)).isEmpty {
                    return name
                }
                continue
            }
            // "BLR/MINSK/SHOP NAME": places, then the name.
            let name = line.split(separator: "/").last.map { $0.trimming(" ") } ?? line
            if isNameLine(name) { return name }
        }
        return nil
    }

    /// Labels of the writer's own side in a form ("Card holder: J SMITH"): never the payee.
    private static let writersLabels: Set<String> = ["name", "customer", "client", "holder", "cardholder", "card holder",
                                                      "account holder", "from", "sender", "dear", "user"]

    /// "Label: value" with one or two words of letters before the colon and something after it.
    private static func labelledValue(_ line: String) -> (label: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let label = line[..<colon].trimming(" ")
        let value = line[line.index(after: colon)...].trimming(" ")
        let words = label.split(separator: " ")
        guard (1...2).contains(words.count), words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "." } }), !value.isEmpty
        else { return nil }
        return (label, value)
    }

    /// True when `note` reads as a bank or wallet message: a phrase only banks write, or two of
    /// the words banks write about the account and the transaction ("Pokupka … Ostatok", "Card … Bal").
    /// One such word is not enough: a written note says "paid by card".
    static func reads(_ note: String) -> Bool {
        if isBankMessage(note) { return true }
        let words = Set(note.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "/" }).map(String.init))
        // A receipt's sign-off (a regex) is tried last: most notes are decided before it.
        return words.intersection(bankWords).count >= 2 || opensWithSenderAndTransaction(note) || writesCardDigits(note)
            || writesVietnameseAccount(note)
            || signer(in: note) != nil || isLabelledForm(note)
    }

    /// "TK 0011004411 +5,000,000VND": Vietnamese banks open with the account ("tài khoản") and its digits.
    private static func writesVietnameseAccount(_ note: String) -> Bool {
        (note.contains("TK") || note.contains("Tk")) && note.contains(/\bT[Kk]:?\s*\d{6,}/)
    }

    /// True for a form of labelled fields, one per line or between bars, one of them money
    /// ("Lieu : GARAGE MARLOW\nMontant : 85,00 EUR", "Payee Name: … | Amount: INR 640.00 | Status: …"):
    /// how banks' and apps' notifications read, not how people write a note.
    private static func isLabelledForm(_ note: String) -> Bool {
        guard note.contains(":"), note.contains("\n") || note.contains("|") else { return false }
        let fields = note.split(whereSeparator: { $0 == "\n" || $0 == "|" }).filter { $0.wholeMatch(of: labelledField) != nil }
        return fields.count >= 2 && fields.contains { !Currency.mentions(in: String($0)).isEmpty && $0.contains(where: \.isNumber) }
    }

    nonisolated(unsafe) private static let labelledField = /\s*\p{L}[\p{L}\/. ]{0,30}\s?:\s*\S.*/

    /// True when the message writes a card's or account's last digits, masked ("x4821", "*3321",
    /// "..5512", "XX4412", "5120***4471", "AC12*****3456") or after the card's word ("Amex 1004",
    /// "debit ending 8812"): banks do, a written note says "paid by card".
    static func writesCardDigits(_ note: String) -> Bool {
        // Card digits are a run of three or more: a note without one is decided without the regexes
        // (this runs for every written note).
        var run = 0
        let hasRun = note.utf8.contains { byte in
            run = (0x30...0x39).contains(byte) ? run + 1 : 0
            return run >= 3
        }
        return hasRun && (note.contains(maskedDigits) || note.contains(cardAndDigits))
    }

    nonisolated(unsafe) private static let maskedDigits = try! Regex(
        #"(?:(?:^|[\s(:/])(?:[xX*•]+|\.{2,})\d{4}|(?:\d|\b[A-Za-z]{1,3})[*•xX]{3,}\d{3,4})(?!\d|[.,]\d)"#)
    nonisolated(unsafe) private static let cardAndDigits = try! Regex(
        #"(?i)\b(?:card|visa|mastercard|amex|debit|karta|karte|kort|tarjeta|carte|cart[aã]o)\s+(?:ending\s+(?:in\s+|with\s+)?)?\d{4}(?!\d|[.,]\d)"#)

    /// "Nordea: Korttimaksu 24,90 EUR …": a sender's name of up to three words, a colon, then a
    /// word banks write about the transaction, as apps show their notifications.
    /// Also "Kestrelpay: You spent £6.40 at …", "Orbit Bank: Paid THB 320.00 at …": a sender that is no common
    /// word ("Lunch: paid 12 …" is a note), a currency, and among the first three words a verb of
    /// paying or the card with its digits, or a signed amount right after the colon.
    private static func opensWithSenderAndTransaction(_ note: String) -> Bool {
        // The sender before a colon, or in square brackets ("[Halden Bank] Approved …").
        let bracketed = note.hasPrefix("[") ? note.firstIndex(of: "]") : nil
        guard let colon = bracketed ?? note.firstIndex(of: ":") else { return false }
        let sender = note[note.index(note.startIndex, offsetBy: bracketed == nil ? 0 : 1)..<colon].split(separator: " ")
        guard (1...3).contains(sender.count), sender.allSatisfy({ $0.first?.isUppercase == true }) else { return false }
        let rest = note[note.index(after: colon)...]
        let next = rest.split(whereSeparator: { !$0.isLetter }).prefix(3).map { $0.lowercased() }
        if let first = next.first, vocabulary.contains(first) { return true }
        // ("Bank" in the sender's name is no common word: "Halden Bank: Approved …".)
        guard !sender.contains(where: { MerchantLexicon.isCommonWord($0.lowercased()) && $0.lowercased() != "bank" }),
              !Currency.mentions(in: note).isEmpty
        else { return false }
        // "Kovo Pay: -14,90 € BAKERY": a signed amount right after the sender is money that left.
        let signed = rest.drop(while: \.isWhitespace).first.map { "-−".contains($0) } ?? false
        // "LUMEN: Card x4411 used for …": the card with its digits; "Gina: card for her birthday £20" is a note.
        let cardDigits = next.contains(where: accountWords.contains) && rest.contains(/[*xX•]+\d{2,}|(?:^|[^\d.,])\d{4}(?![\d.,])/)
        return signed || cardDigits || next.contains(where: notificationVerbs.contains)
    }

    /// How a card or wallet app's notification says money left: "You spent", "Paid", "A charge of".
    private static let notificationVerbs: Set<String> = ["paid", "spent", "sent", "charged", "charge", "transaction",
                                                         "debited", "purchase", "payment", "withdrew", "withdrawn", "approved"]

    /// The message with the marks banks wrap names in made spaces ("at ..MC DONALDS_ on"), and a
    /// full stop that glues the bank's next word to a name, so that every name found in it is
    /// still found, at the same place, in the message.
    static func unwrapped(_ note: String) -> String {
        var characters = Array(note)
        for index in characters.indices where characters[index] == "_" { characters[index] = " " }
        // A full stop glued between a name and the bank's next word ("LAVKA PEKARYA.Dostupno").
        for index in characters.indices.dropFirst().dropLast()
        where characters[index] == "." && characters[index - 1].isLetter && characters[index + 1].isUppercase {
            let next = String(characters[(index + 1)...].prefix(while: \.isLetter)).lowercased()
            if notNames.contains(next) { characters[index] = " " }
        }
        var index = 0
        while index + 1 < characters.count {
            // A run of dots before a word, not inside a masked number ("Card 2..7728").
            guard characters[index] == ".", characters[index + 1] == ".", index == 0 || characters[index - 1].isWhitespace
            else { index += 1; continue }
            while index < characters.count, characters[index] == "." {
                characters[index] = " "
                index += 1
            }
        }
        return String(characters)
    }

    /// The part of a message that tells the transaction: a bank message without its advice, a
    /// written note whole.
    static func transactionPart(of note: String) -> String {
        reads(note) ? withoutBoilerplate(note) : note
    }

    /// A cash withdrawal pays no one: the message names the machine or the bank, not a payee.
    static func isCashWithdrawal(_ note: String) -> Bool {
        let text = SearchableText(note.lowercased())
        // A word of the stem that names the balance is no cash ("Nalichnost", Bulgarian for what is available).
        let words = note.lowercased().split { !$0.isLetter }
        return cashWords.contains { text.contains($0, wholeWord: true) }
            || words.contains { word in cashStems.contains { word.hasPrefix($0) } && !AmountFinder.balanceWords.contains(String(word)) }
    }

    /// Words of a cash withdrawal, in several languages (lowercased, whole words).
    private static let cashWords = ["withdraw", "withdrawn", "withdrawal", "atm", "cash withdrawal", "retrait", "retiro",
                                    "saque", "abhebung", "bargeld", "prelievo", "geldautomat", "cajero", "bankomat"]
    /// Stems of the transliterated Russian for cash ("nalichnymi", "nalichnyh").
    private static let cashStems = ["nalichn"]

    /// The message before its first sentence of advice ("Not you? Call …", "To block …",
    /// "Download the app …"): names there are the bank's, not the payee's.
    static func withoutBoilerplate(_ note: String) -> String {
        let text = SearchableText(note.lowercased())
        let lowered = note.lowercased()
        var cut = note.endIndex
        for cue in boilerplate where text.contains(cue, wholeWord: true) {
            var searchStart = lowered.startIndex
            while let range = lowered.range(of: cue, range: searchStart..<lowered.endIndex) {
                let before = range.lowerBound == lowered.startIndex ? nil : lowered[lowered.index(before: range.lowerBound)]
                let after = range.upperBound == lowered.endIndex ? nil : lowered[range.upperBound]
                // Lowercasing keeps these ASCII cues at the same offsets.
                let offset = lowered.distance(from: lowered.startIndex, to: range.lowerBound)
                let index = note.index(note.startIndex, offsetBy: offset, limitedBy: note.endIndex) ?? note.endIndex
                // "at WWW.KESTREL.COM", "PURCHASE WWW.KESTREL.COM" (a card descriptor, in capitals) name
                // the payee; "visit www.…" is advice.
                let named = cue == "www" && (lowered[..<range.lowerBound].hasSuffix("at ") || note[index...].hasPrefix("WWW."))
                if before?.isLetter != true, after?.isLetter != true, !named {
                    cut = min(cut, index)
                    break
                }
                searchStart = range.upperBound
            }
        }
        return String(note[..<cut])
    }

    /// Where a bank's advice starts (lowercased, whole words): never in the part that says who was paid.
    private static let boilerplate = [
        "not you", "not u", "if not", "not done by", "to block", "sms block", "block", "call", "to dispute", "report at",
        "download", "get a loan", "find out", "check out", "promos", "for queries", "please ignore", "to register",
        "click", "http", "https", "www", "dial", "helpline", "customer care",
    ]

    /// The words of the names a message gives the writer's own side: the bank, card or wallet
    /// right before an account word ("Your SB A/c", "HDFC Bank Card", "from WALLETCO a/c", "New
    /// M-PESA balance", "PayCo Business Account"). Up to three capitalised words before it, lowercased.
    /// Never the payee.
    static func payerSideWords(in note: String) -> Set<String> {
        // A line break ends a name: "Place: CAFE ROSSO / Card: *1234" names the card on a line of its own.
        note.split(whereSeparator: \.isNewline).reduce(into: Set<String>()) { words, line in
            // Split as the payee search splits: after a label's colon ("Merchant:NORTHWIND TEA Card x1234").
            words.formUnion(payerSideWords(inLine: RulesExtractor.tokens(String(line))))
        }
    }

    private static func payerSideWords(inLine tokens: [String]) -> Set<String> {
        var words = Set<String>()
        // "(card ending 4417)" is an aside about the card, not the name before it.
        for (index, token) in tokens.enumerated() where token.first?.isLetter == true
            && payerSideMarkers.contains(token.lowercased().trimming(".,;:!?()")) {
            var run: [String] = []
            var back = index - 1
            while back >= 0, run.count < 3 {
                let word = tokens[back]
                // Punctuation after a word ends what comes before it ("MC316. Balance", "…, Bank").
                if let last = word.last, ",.;:!?)".contains(last) { break }
                let bare = word.trimming(".,;:!?()\"'")
                // A channel ("POS MAGAZIN ALFA card 4412") introduces the payee before it.
                guard let first = bare.first, first.isUppercase || first.isNumber && bare.contains(where: \.isLetter),
                      !RulesExtractor.functionWords.contains(bare.lowercased()),
                      !RulesExtractor.paymentChannels.contains(bare.uppercased()) else { break }
                run.append(bare.lowercased())
                back -= 1
            }
            // "at LUNA MART A/C x3344": a name the message introduces as the payee stays one.
            if back >= 0, payeeIntroducers.contains(tokens[back].lowercased()) { continue }
            // "12.00 EUR ARDENT SHOP card 1234": a name right after the amount is whom it paid.
            if back >= 0, isAmountOrCurrency(tokens[back]) { continue }
            // Before "card" the words name the card when they hold a card's or bank's word or the sender
            // that opens the message ("Kaspi Gold card", "HDFC Bank Card", "Kestrel: … KESTREL card");
            // otherwise they are whom the card paid ("… Minsk BY ARDENT SHOP karta 4***4411").
            let marker = token.lowercased().trimming(".,;:!?()")
            if cardMarkers.contains(marker), back >= 0,
               !run.contains(where: { cardWords.contains($0) || cardKinds.contains($0) }),
               !run.contains(tokens[0].lowercased().trimming(".,;:!?()\"'")) {
                continue
            }
            words.formUnion(run)
        }
        return words
    }

    /// "EUR", "12.00", "RUB150.00", "45,10€": a figure with its cents or a currency written alone.
    private static func isAmountOrCurrency(_ token: String) -> Bool {
        let bare = token.trimming(".,;:!?()")
        return Currency.isoCodes.contains(bare) || Currency.mentions(in: bare).contains { $0.range.count == bare.count }
            || bare.contains(/\d[.,]\d{2}(?!\d)/)
    }

    /// Words before a payee's name.
    private static let payeeIntroducers = RulesExtractor.bankIntroducers.union(RulesExtractor.payeeLabels)
        .union(["at", "to", "to:", "@", "chez", "bei", "à", "en"])

    /// Words that make the name before "card" the card's own ("HDFC Bank Card", "Kestrel Debit Card").
    private static let cardKinds: Set<String> = ["bank", "debit", "credit", "prepaid", "business"]

    /// The markers among `payerSideMarkers` that name a card.
    private static let cardMarkers: Set<String> = ["card", "karta", "kartka", "karte", "tarjeta", "carte", "cartão"]

    /// Words after which a message names the writer's own account, not the payee.
    private static let payerSideMarkers: Set<String> = ["bank", "a/c", "acct", "account", "balance", "card", "konto", "karta", "kartka",
                                                         "karte", "cuenta", "compte", "conta", "tarjeta", "carte", "cartão"]

    /// "Yerevan FENNICK STORE", "ARDENT STORES Riyadh", "Baku, CORVO MARKET": banks write the payee in
    /// capitals and the town beside it in title case; a title-cased word at either end of a name in
    /// capitals is the town, not the payee ("IP Ivanov", too short in capitals, stays whole).
    static func withoutPlaceInTitleCase(_ name: String) -> String {
        func letters(_ word: Substring) -> [Character] { word.filter(\.isLetter) }
        func isTitleCased(_ word: Substring) -> Bool {
            let parts = word.split(separator: "-")
            // A town is a word of letters with a vowel: not the shop's part after a processor's star
            // ("GOOGLE *Gigbox"), nor an abbreviation ("AMZN Mktp").
            return word.first?.isLetter == true && letters(word).count >= 4 && !titles.contains(word.lowercased().trimming(".,"))
                && word.lowercased().contains(where: { "aeiouyàáâãäåèéêëìíîïòóôõöùúûüý".contains($0) })
                && parts.allSatisfy { part in
                    let bare = letters(part)
                    return bare.first?.isUppercase == true && bare.dropFirst().allSatisfy(\.isLowercase) && bare.count >= 2
                }
        }
        var words = name.split(separator: " ")
        guard words.contains(where: isInCapitals) else { return name }
        while let first = words.first, words.count > 1, isTitleCased(first) { words.removeFirst() }
        while let last = words.last, words.count > 1, isTitleCased(last) { words.removeLast() }
        guard words.allSatisfy({ isInCapitals($0) || $0.allSatisfy { !$0.isLetter } }),
              words.flatMap(letters).count >= 4, words.count < name.split(separator: " ").count else { return name }
        return words.joined(separator: " ")
    }

    /// `name` without the channel a descriptor starts with, glued by a hyphen ("WEB PMT-SWIFTNET
    /// DATA", "POS/WEB PURCHASE-KILIMANJARO FOODS"): the words before it are all the bank's; or
    /// the channel's abbreviations before a name of two words or more ("WEB PMT LINDEN FOODS").
    static func withoutChannelPrefix(_ name: String) -> String {
        if let field = nameField(ofSlashDescriptor: name) { return field }
        guard let hyphen = name.firstIndex(of: "-"), hyphen != name.startIndex else {
            let words = name.split(separator: " ")
            let channel = words.prefix { word in
                word.lowercased().split(separator: "/").allSatisfy { channelWords.contains(String($0)) }
            }
            // A word alone that a shop's name may start with ("ONLINE", "WEB") stays.
            let spelledOut: Set<String> = ["web", "online", "mob"]
            guard channel.count >= 2 || channel.first.map({ !spelledOut.contains($0.lowercased()) }) == true,
                  words.count - channel.count >= 2, words[channel.count].first?.isLetter == true else { return name }
            return words.dropFirst(channel.count).joined(separator: " ")
        }
        let prefix = name[..<hyphen].lowercased().split(whereSeparator: { $0 == " " || $0 == "/" })
        let rest = name[name.index(after: hyphen)...].trimming(" ")
        guard !prefix.isEmpty, prefix.allSatisfy({ channelWords.contains(String($0)) || notNames.contains(String($0)) }),
              rest.first?.isLetter == true else { return name }
        return rest
    }

    /// The name in a card descriptor whose fields slashes part, after a channel or reference
    /// ("POS/KESTREL MART/LAGOS", "UPI/DR/612345/ARDENT DELI/okaxis" → the name): the leading channel words,
    /// codes and digits are the bank's, and a single word closing the descriptor after them is a
    /// place or a handle. Nil when no channel leads (a name may hold a slash: "KESTREL/NORTH POW").
    private static func nameField(ofSlashDescriptor name: String) -> String? {
        let fields = name.split(separator: "/").map { $0.trimming(" ") }
        guard fields.count >= 2 else { return nil }
        let leading = fields.prefix { field in
            channelWords.contains(field.lowercased()) || field.allSatisfy(\.isNumber) || ["dr", "cr"].contains(field.lowercased())
        }
        guard !leading.isEmpty, leading.first.map({ channelWords.contains($0.lowercased()) }) == true else { return nil }
        var rest = Array(fields.dropFirst(leading.count))
        if rest.count >= 2, !rest[rest.count - 1].contains(" ") { rest.removeLast() }
        guard rest.count == 1, rest[0].first?.isLetter == true else { return nil }
        return rest[0]
    }

    /// Nouns that label a number: what a payment was for, not who was paid (lowercased).
    private static let referenceNouns: Set<String> = [
        "policy", "order", "invoice", "flat", "bill", "consumer", "loan", "booking", "reference", "ticket", "application",
        "member", "contract", "folio", "meter", "unit", "room", "apartment", "apt", "plot", "house", "receipt", "customer",
    ]

    /// How a payment was made, as descriptors abbreviate it (lowercased).
    private static let channelWords: Set<String> = ["web", "pmt", "pos", "trf", "nip", "ecom", "online", "qr", "mob", "inet", "upi"]

    /// A word that labels the number after it ("towards Policy 88412", "for Order 5567"): a
    /// common word alone, with a number or code right after it in `text`, is no payee.
    static func isReferenceLabel(_ name: String, in text: String) -> Bool {
        let lowered = name.lowercased()
        guard !name.contains(" "), referenceNouns.contains(lowered) || MerchantLexicon.isCommonWord(lowered),
              let range = text.range(of: name + " ") else { return false }
        return text[range.upperBound...].prefix(while: { !$0.isWhitespace }).contains(where: \.isNumber)
    }

    /// A payee's name never holds a word about the account or the transaction ("HDFC Bank", "Transfer").
    static func isPayeeName(_ name: String) -> Bool {
        !name.split(whereSeparator: { $0.isWhitespace }).contains { word in
            let bare = word.lowercased().trimming(".,;:!?()")
            return accountWords.contains(bare) || transactionWords.contains(bare) || vocabulary.contains(bare)
                || RulesExtractor.paymentChannels.contains(bare.uppercased())
        }
    }

    /// How money moved, never who was paid (lowercased).
    private static let transactionWords: Set<String> = [
        "transfer", "transferred", "transaction", "netbanking", "remittance", "prepaid", "credit", "debit",
        "deposit", "withdrawal", "loan", "emi", "autopay", "approved", "declined", "authorised", "authorized",
        "notification", "notice", "settlement",
    ]

    /// The name left over when every other word of a message has a role: what banks write about
    /// the transaction, the account and the card, amounts, currencies, dates, times, card and
    /// reference digits, words in lower case. A name runs over capitalised words, with a short
    /// store number after it ("CAFE LUNA 0042"); punctuation between parts ends it. Of the
    /// names left, those in capitals first (banks write payees in capitals, places often not:
    /// "Kazan, IP IVANOV"). In "RU/MOSCOW/SHOP NAME" only the last part is a
    /// name; one right after a card word is the card's ("karte MEGACARD").
    static func residualNames(in note: String) -> [String] {
        var runs: [[Substring]] = []
        var run: [Substring] = []
        var afterCardWord = false
        func close() {
            if let last = run.last { run[run.count - 1] = withoutClosingFullStop(last) }
            if !run.isEmpty, !afterCardWord { runs.append(run) }
            run = []
        }
        // ";", ":", "," and "|" part the message even without a space ("RUB;poluchatel", "Inf:SHOP").
        // A comma between digits is a figure's ("Lastschrift 59,99 EUR"), not a part's end.
        var spaced = ""
        let characters = Array(note)
        for (index, character) in characters.enumerated() {
            let inFigure = character == "," && index > 0 && index + 1 < characters.count
                && characters[index - 1].isASCIIDigit && characters[index + 1].isASCIIDigit
            if ";:,|".contains(character), !inFigure { spaced += " \(character)" } else { spaced.append(character) }
        }
        let pieces = spaced.split(whereSeparator: \.isWhitespace)
        /// True when the piece after `index` is a word or a date, not an amount ("BT: Plata …", "MKB: 16.01.2018 …").
        func wordOrDateFollows(_ index: Int) -> Bool {
            guard index + 1 < pieces.count, let first = pieces[index + 1].first else { return false }
            // Card digits ("Garanti BBVA: 1234 ile biten …") follow a sender too; an amount follows a payee.
            // A day and month with a slash or dash is a date without its year ("HALDENBANK: 05/11 14:22 …").
            return first.isLetter || pieces[index + 1].wholeMatch(of: /\d{1,2}[.\/-]\d{1,2}[.\/-]\d{2,4}|\d{1,2}[\/-]\d{1,2}|\d{4}/) != nil
        }
        // "KESTREL 01/12 14:22 Purchase …": up to three words in capitals that open the message before its
        // date are the sender (a time is no piece of its own here: the colon was spaced out above).
        let dated = pieces.prefix(4).firstIndex { piece in
            piece.first?.isASCIIDigit == true
                && (piece.wholeMatch(of: /\d{1,2}[.\/-]\d{1,2}(?:[.\/-]\d{2,4})?/) != nil || DateResolver.isDayRunIntoMonth(piece))
        }
        var senderEnd = dated.map { end in pieces[..<end].allSatisfy { $0.first?.isUppercase == true } ? end : 0 } ?? 0
        // "Marlow Savings: 4411 card used …", "[Halden Bank] Approved …": up to three capitalised words
        // opening the message before a colon, or in square brackets, then words, a date or card digits,
        // are its sender, whatever words they are.
        if senderEnd == 0, let colon = pieces.prefix(4).firstIndex(where: { $0 == ":" }), colon >= 1,
           pieces[..<colon].allSatisfy({ $0.first?.isUppercase == true || $0.first == "[" }), wordOrDateFollows(colon) {
            senderEnd = colon + 1
        } else if senderEnd == 0, pieces.first?.first == "[", let closing = pieces.prefix(4).firstIndex(where: { $0.hasSuffix("]") }) {
            senderEnd = closing + 1
        }
        for (pieceIndex, piece) in pieces.enumerated() where pieceIndex >= senderEnd {
            // "RU/MOSCOW/SHOP": the parts before the last slash are places.
            let token = piece.split(separator: "/", omittingEmptySubsequences: false).last ?? piece
            if token.count != piece.count { close(); afterCardWord = false }
            let leading = token.prefix { ",;:(>|-".contains($0) }
            var word = token.dropFirst(leading.count)
            if !leading.isEmpty {
                let opening = runs.isEmpty && pieceIndex == run.count
                if leading.first == ":", !run.isEmpty {
                    if opening, (1...3).contains(run.count), word.isEmpty, wordOrDateFollows(pieceIndex) {
                        // "BT: Plata 89,99 RON …", "Kovo Pay: Card x4411 …": a name that opens the message
                        // before a colon and words is its sender.
                        run = []
                    } else if !opening || run.count >= 2 {
                        // "Quant Fund UMRN: …", "Place: CAFE ROSSO": the word before a colon labels what follows.
                        run.removeLast()
                    }
                }
                close()
                afterCardWord = false
            }
            // A quoted name goes on to its closing quote ("SHOP "LIPA-12"", "REST. "KVETKA"BP").
            if !run.isEmpty, let open = word.first, "\"«“".contains(open) {
                let rest = word.dropFirst()
                if let closing = rest.firstIndex(where: { "\"»”".contains($0) }) {
                    run.append(word[...closing])
                    close()
                    afterCardWord = false
                    continue
                }
            }
            // «Книжный Угол»: a name that opens with a quote starts a run without it.
            if run.isEmpty, let open = word.first, "«“\"".contains(open), word.count > 1,
               !word.dropFirst().contains(where: { "\"»”".contains($0) }) {
                word = word.dropFirst()
            }
            let trailing = word.reversed().prefix { ",;:.)>|!?»”".contains($0) }.count
            var bare = word.dropLast(trailing)
            // "KADIKOY'den": a Turkish case ending after a name in capitals ends the name.
            var caseEnding = false
            if let apostrophe = bare.firstIndex(where: { "'’".contains($0) }), bare[..<apostrophe].count >= 2,
               bare[..<apostrophe].allSatisfy({ $0.isUppercase }), bare[bare.index(after: apostrophe)...].allSatisfy({ $0.isLowercase }),
               !bare[bare.index(after: apostrophe)...].isEmpty {
                bare = bare[..<apostrophe]
                caseEnding = true
            }
            // "REST. "KVETKA"": a short word's full stop marks an abbreviation, not the end.
            let abbreviation = trailing == 1 && word.last == "." && isAbbreviation(bare)
            if abbreviation { bare = word }
            // "ZVEZDA.Dostupno": a bank's word run on after a full stop.
            if let dot = bare.firstIndex(of: "."), vocabulary.contains(bare[bare.index(after: dot)...].lowercased()) {
                bare = bare[..<dot]
            }
            var endsHere = trailing > 0 && !abbreviation || caseEnding
            if let mark = bare.firstIndex(of: ">") { bare = bare[..<mark]; endsHere = true }
            let lowered = bare.lowercased()
            // The bank's own name stands before "Bank" ("HDFC Bank").
            if lowered == "bank", !run.isEmpty { run = [] }
            let digits = bare.filter(\.isNumber).count
            // "GAMES 01 Dec", "GAMES 01DEC": a day and its month end a name, they are no store's number.
            let nextPiece = pieceIndex + 1 < pieces.count ? pieces[pieceIndex + 1].lowercased() : ""
            let numbered = bare.hasPrefix("#") ? bare.dropFirst() : bare
            let isStoreNumber = !run.isEmpty && digits > 0 && digits <= 4 && numbered.count <= 6
                && numbered.allSatisfy { $0.isNumber || $0.isUppercase }
                && !DateResolver.isDayRunIntoMonth(bare) && !(digits == bare.count && DateResolver.monthWords.contains(nextPiece))
            let isCard = cardWords.contains(lowered) || accountWords.contains(lowered) || isCardProduct(bare)
            // "LAVKA-12": a name in capitals with its branch number after a dash.
            let letters = bare.filter { $0.isLetter }
            let isDashed = bare.contains("-") && digits <= 4 && letters.count >= 2 && letters.allSatisfy { $0.isUppercase }
            let isName = !bare.isEmpty && bare.first!.isUppercase && (digits == 0 || isDashed)
                && !notNames.contains(lowered) && !transactionWords.contains(lowered) && !isCard
                && !RulesExtractor.functionWords.contains(lowered)
                && !Currency.isoCodes.contains(String(bare)) && !DateResolver.calendarWords.contains(lowered)
                && !Currency.mentions(in: String(bare)).contains { $0.range.count == bare.count }
                && !Currency.markers.contains { $0.text == lowered }
                && !RulesExtractor.paymentChannels.contains(String(bare).uppercased())
            // A payment processor's name before the shop's, joined by "*" ("KESTREL *gamestore",
            // "PAYPAL *KESTRELSHOP"): the descriptor is one name.
            // The star may stand alone between them ("SP * ARDENT GOODS").
            let afterProcessorName = run.count == 1 && isInCapitals(run[0])
            let loneStar = afterProcessorName && bare == "*" && pieceIndex + 1 < pieces.count
                && pieces[pieceIndex + 1].first?.isLetter == true
            let shop = bare.drop(while: { $0 == "*" })
            let afterProcessor = (afterProcessorName && bare.hasPrefix("*") || run.last == "*" && shop == bare)
                && shop.filter(\.isLetter).count >= 2 && shop.allSatisfy { $0.isLetter || $0.isNumber || ".-_".contains($0) }
            if isName || isStoreNumber || afterProcessor || loneStar {
                run.append(bare)
                if loneStar { continue }
                // The shop's name goes on in capitals ("IZ *CORVO KAFE"); one in lower case is whole ("KESTREL *gamestore").
                if afterProcessor, !isInCapitals(bare) { close(); afterCardWord = false; continue }
            } else {
                close()
                afterCardWord = isCard
                continue
            }
            if endsHere { close(); afterCardWord = false }
        }
        close()
        let names = runs.map { $0.joined(separator: " ") }.filter { $0.filter(\.isLetter).count >= 2 }
        func isShouted(_ name: String) -> Bool {
            let letters = name.filter(\.isLetter)
            return letters.count >= 3 && letters.allSatisfy(\.isUppercase)
        }
        let found = (names.filter(isShouted) + names.filter { !isShouted($0) })
            .compactMap { RulesExtractor.exactly($0, in: note) }
            .uniqued()
        // "VaultOne: -€9.99 Reelhouse Streaming.": a name labelling the message's figure is its payee
        // ("EDEKA: -12,40 EUR") unless another name follows: then it is the sender's.
        let opening = note.drop(while: \.isWhitespace)
        if found.count >= 2, let label = found.first(where: { opening.hasPrefix($0 + ":") || opening.hasPrefix($0 + " :") }) {
            return found.filter { $0 != label } + [label]
        }
        return found
    }

    /// A word written in capitals: two letters or more, all upper case ("KESTREL", "SDN", "CO.,LTD").
    static func isInCapitals<S: StringProtocol>(_ word: S) -> Bool {
        let letters = word.filter(\.isLetter)
        return letters.count >= 2 && letters.allSatisfy(\.isUppercase)
    }

    /// The last word of a name without a sentence's full stop ("IP IVANOV I V." is "IP IVANOV I V"),
    /// a business word keeping its own ("ACME Co.").
    static func withoutClosingFullStop(_ word: Substring) -> Substring {
        guard word.count > 1, word.hasSuffix("."), !isCompanyForm(word.dropLast()) else { return word }
        return word.dropLast()
    }

    /// Letters each with its full stop ("O.O.", "S.A.", "B.V."): a company's form, whole with its last stop.
    private static func isInitialism(_ word: Substring) -> Bool {
        let parts = word.dropLast().split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { (1...2).contains($0.count) && $0.allSatisfy(\.isLetter) }
    }

    /// A word whose full stop shortens it, inside a name: a title ("Mr."), a business word
    /// ("REST.", "Co.") or an initial ("V."); not a word that ends a sentence ("… CHOP BAR. Fee").
    static func isAbbreviation(_ word: Substring) -> Bool {
        titles.contains(word.lowercased()) || isCompanyForm(word)
            || (word.count <= 2 && word.allSatisfy(\.isUppercase) && !notNames.contains(word.lowercased()))
    }

    /// A company's form written short, before its full stop ("Co", "Ltd", "O.O"): the stop belongs to the name.
    static func isCompanyForm(_ word: Substring) -> Bool {
        businessAbbreviations.contains(word.lowercased()) || isInitialism(Substring(word + "."))
    }

    private static let titles: Set<String> = ["mr", "mrs", "ms", "dr", "st", "sr", "jr", "mt", "prof"]

    /// The legal forms that close a company's name, as banks write them short ("LTD", "GMBH", "PTE", "SDN BHD").
    static let companyForms: Set<String> = ["co", "inc", "ltd", "pvt", "corp", "llc", "plc", "pte", "pty", "sdn", "bhd",
                                            "gmbh", "srl", "sarl", "sa", "ooo", "llp"]
    /// Of those, the ones only a name's end takes ("LTD", "SDN BHD", "GMBH"; not "CO", "OOO" or "IP", which open names too).
    static let closingForms: Set<String> = ["ltd", "llc", "plc", "bhd", "berhad", "gmbh", "llp", "limited", "inc"]

    /// Short words that business names write with a full stop.
    private static let businessAbbreviations: Set<String> = ["rest", "co", "inc", "ltd", "pvt", "corp", "bros", "intl", "ave",
                                                            "av", "no", "ip", "ooo", "sa", "srl", "gmbh", "int"]

    /// A card named by a word in capitals ending in "CARD" ("HUMOCARD", "MEGACARD") or by a scheme
    /// with the card's digits after a dash ("MIR-1234", "VISA-0042"): the payer's card, not a payee.
    static func isCardProduct(_ word: Substring) -> Bool {
        let lowered = word.lowercased()
        if lowered.count >= 6, lowered.hasSuffix("card"), isInCapitals(word) { return true }
        guard let dash = lowered.firstIndex(of: "-") else { return false }
        let digits = lowered[lowered.index(after: dash)...]
        return cardWords.contains(String(lowered[..<dash])) && (2...4).contains(digits.count) && digits.allSatisfy(\.isNumber)
    }

    /// Card products and national card schemes, named before the card's digits ("VISA Gold/6155",
    /// "UZCARD *4412"): never the payee.
    private static let cardWords: Set<String> = ["visa", "mastercard", "maestro", "mir", "amex", "rupay", "gold", "platinum",
                                                 "classic", "electron", "karta", "kartka", "karte", "karty", "kartu",
                                                 "uzcard", "humo", "mada", "elcart", "belkart", "prostir", "troy", "verve",
                                                 "unionpay", "jcb", "meeza", "interac", "napas", "hipercard"]

    /// True when the note writes a bank's or card's word (account, balance, Pokupka, …) or a phrase
    /// only banks write.
    private static func mentionsTheAccount(_ note: String) -> Bool {
        let words = Set(note.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "/" }).map(String.init))
        return !words.isDisjoint(with: bankWords) || isBankMessage(note)
    }

    /// Up to five words with letters and no digits, none of them about the bank, card or balance.
    private static func isNameLine(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard (1...5).contains(words.count), line.contains(where: \.isLetter), !line.contains(where: \.isNumber) else {
            return false
        }
        return !words.contains { word in
            notNames.contains(word.lowercased().trimming(".,;:!?()")) || RulesExtractor.paymentChannels.contains(word.uppercased())
        }
    }

    private static func isCapitalisedName(_ word: String) -> Bool {
        guard let first = word.first, first.isUppercase, !word.contains(where: \.isNumber) else { return false }
        return !notNames.contains(word.lowercased()) && !RulesExtractor.paymentChannels.contains(word.uppercased())
            && !Currency.isoCodes.contains(word)
    }

    /// Phrases only banks and wallets write (lowercased).
    private static let bankPhrases = [
        "debited", "credited", "a/c", "acct", "avl", "avbl", "txn", "upi", "dear customer", "your card", "your account",
        "card ending", "card no", "card:", "paid:", "ref:", "bal:", "available balance", "transaction", "konto", "saldo",
        "compra aprobada", "compra aprovada", "карта *", "картка *", "баланс:", "остаток:", "доступно:", "залишок:",
        "card *", "kartinizla", "kartınızla", "dostepne srodki", "dostępne środki",
        "余额", "餘額", "尾号", "잔액", "누적", "승인", "web발신", "so du", "số dư", "ご利用", "残高", "คงเหลือ", "บัญชี",
        "الرصيد", "بطاقتك", "مبلغ", "شراء", "نقاط البيع", "您的卡", "卡片於", "卡片于", "商店：", "商户：", "sd:", "ref no", "new balance", "trxid", "trx id", "txn id", "transaction id",
        // A new balance stated after the payment, in more languages.
        "nouveau solde", "nuevo saldo", "novo saldo", "nuovo saldo", "neuer kontostand", "salio jipya", "yeni bakiye",
    ]

    /// True when `note` reads as a message from a bank or card issuer rather than a written note.
    static func isBankMessage(_ note: String) -> Bool {
        let text = SearchableText(note.lowercased())
        return bankPhrases.contains { text.contains($0) }
    }

    /// Words about the account itself, never part of a payee's name (lowercased).
    static let accountWords: Set<String> = ["bank", "card", "account", "acct", "a/c", "balance", "bal", "avl", "limit", "saldo",
                                            "cheq", "chq", "cheque", "chequing", "checking", "savings"]

    /// Words that mark a message from a bank or card issuer.
    /// (Counting balance words as well, "Kjøp 249,00 NOK … Disponibelt 8 000 NOK", lost a payee the
    /// model found in sms_val and raised no set: left out.)
    private static let bankWords = accountWords.union(vocabulary).union(["konto", "debited", "spent"]).union(accountNouns)

    /// "Account" as banks in more languages write it before its digits ("cont 4411", "na účet", "račun").
    private static let accountNouns: Set<String> = ["cont", "contul", "ucet", "účet", "účtu", "racun", "račun", "rachunek",
                                                    "rachunku", "rekening", "hesap", "hesabınız", "сметка", "рахунок", "счет", "счёт"]

    static let notNames = accountWords.union(vocabulary).union(AmountFinder.balanceWords).union(AmountFinder.bankBalanceWords).union([
        "available", "kontostand", "kumb", "dear", "customer", "your", "you", "not", "otp", "sms", "block", "call", "ref", "txn",
        "transaction", "debited", "credited", "spent", "paid", "sent", "thank", "thanks", "regards", "team", "konto", "ihre",
        "dr", "cr", "sum", "user", "ref", "refno", "rrn", "umrn", "fee", "fees", "commission", "sd", "gd", "nd", "tk",
        "trx", "trxn", "tranx", "info",
        // Mobile-money numbers of a shop ("Till 556677", "Paybill 400200").
        "till", "paybill",
    ])

    /// What banks write about the transaction itself, in several languages (transliterated Russian,
    /// Ukrainian and Belarusian as their messages are sent): never a payee's name (lowercased).
    static let vocabulary: Set<String> = [
        "pokupka", "oplata", "karta", "kartka", "karte", "karty", "uspeshno", "summa", "suma", "ostatok", "ost",
        "dostupno", "dostupny", "dostupnaya", "dostupna", "operaciya", "operatsija", "operatsiya", "vasha", "schet",
        "spisanie", "poluchatel", "tovarov", "uslug", "provedena", "tranzakcija", "perevod", "zachislenie",
        "platezh", "cherez", "balans", "kod", "mcc", "term", "inf", "data", "avt", "spr", "confirmed", "approval",
        "purchase", "payment", "alert", "debit", "credit", "achat", "compra", "zahlung", "umsatz", "kartenzahlung",
        "amt", "baln", "rmk", "desc", "trans", "ok",
        // The channel a card was used through ("POS/WEB PURCHASE - <payee>").
        "web", "ecom", "nfc", "contactless",
        // Card purchases as more banks write them (Italian, Portuguese, Spanish, Nordic, Finnish, Slovene,
        // Polish, Turkish, Indonesian, Vietnamese, Russian, Ukrainian).
        "acquisto", "carta", "cartão", "cartao", "tarjeta", "kort", "kortilla", "kortti", "kartica", "kartą", "harcama", "kartla", "ödeme", "odeme",
        "kartınızdan", "osto", "nakup", "nákup", "zakup", "transaccion", "transacción", "transaksi", "pembayaran", "qris",
        "thanh", "toan", "платеж", "карте", "карткою", "comercio", "händler", "kartenumsatz",
        "余额", "餘額", "尾号", "잔액", "잔고", "누적", "승인", "일시불", "残高", "ご利用", "利用可能額", "ご利用可能額",
        "คงเหลือ", "ยอดคงเหลือ", "บัญชี", "ชำระเงิน", "الرصيد", "المتاح", "بطاقتك",
        "חיוב", "כרטיס", "בכרטיס", "יתרה", "עסקה", "רכישה",
        // The same words in the scripts and languages banks send them in.
        "покупка", "оплата", "списание", "списано", "карта", "картка", "карты", "картой", "баланс", "остаток",
        "доступно", "сумма", "операция", "успешно", "счет", "счёт", "зачисление", "перевод", "платеж", "платёж",
        "залишок", "покупку", "код", "терминал", "списання", "сплата", "рахунок", "доступний", "баланси",
        "zakup", "platnosc", "płatność", "dostepne", "dostępne", "srodki", "środki", "harcama", "kartinizla",
        "kartınızla", "isyerinden", "işyerinden", "tutarinda", "tutarında", "kullanilabilir", "kullanılabilir",
        "transaksi", "sebesar", "berhasil", "pembelian", "pembayaran", "umelipa", "salio", "taarifa", "aprobada",
        "aprovada", "cartao", "cartão", "tarjeta", "achat", "carte", "votre", "solde", "retiro", "cajero", "comision",
        "comisión", "pokupka", "balans", "qoldiq", "kwa", "pagamento", "paiement", "consumo", "transakcja",
        "transação", "transacción", "transaccion", "effettuato", "presso",
        // Payment, purchase and card words of more banks' languages (Czech, Hungarian, Serbian and Croatian,
        // Romanian, Dutch, Scandinavian, Finnish, Baltic, Slovene, Azerbaijani, Armenian, Georgian, Greek, Bulgarian).
        "platba", "kartou", "vásárlás", "vasarlas", "kártya", "kartya", "kártyás", "kupovina", "karticom", "kartica",
        "kupnja", "plaćanje", "placanje", "plata", "plată", "cardul", "betaling", "aankoop", "kortbetaling", "kort",
        "köp", "kjøp", "ostos", "korttimaksu", "pirkums", "pirkimas", "nakup", "nákup", "mexaric", "məxaric", "kart",
        "obyekt", "gorcarq", "gortsarq", "mnacord", "გადახდა", "ბარათი", "ნაშთი", "αγορά", "πληρωμή", "κάρτα",
        "плащане", "картой", "egyenleg", "zůstatek", "zustatek", "stanje",
        "kortköp", "kortkjøp", "kaardimakse", "korttiosto", "vcharum", "odenis", "ödəniş", "reusita", "reușită",
        "paybill", "таны", "картаас", "дансаас", "зарлага", "гарлаа", "гүйлгээ", "harcama", "yapildi", "yapıldı", "tarihinde", "transakce", "tranzacție", "tranzactie", "tranzacția", "tranzactia",
        "transakcija", "mokėjimas", "mokejimas", "kortele", "gnum", "գնում", "kartu", "kortti", "kaart", "plačilo", "placilo",
        // The same in Latin letters without accents (Georgian, Uzbek, Tajik, Norwegian, Danish, Swedish).
        "gadaxda", "gadakhda", "balansi", "nashti", "xarid", "харид", "varekjop", "varekjøp", "kortkjop", "kortkop", "kortkob", "kortkøb",
        // Swahili: "payment completed" (a wider table of payment words in five more languages made
        // messages the model read right into bank messages whose payee the rules then misread:
        // sms_val merchant −1, sms_dev −1; left out).
        "malipo", "imekamilika", "yamekamilika",
        // German direct debits and their references.
        "lastschrift", "sepa-lastschrift", "abbuchung", "belastung", "mandatsref", "mandatsreferenz", "verwendungszweck",
    ]
}
