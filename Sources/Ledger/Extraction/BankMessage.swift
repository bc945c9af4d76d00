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
        for line in lines {
            if let colon = line.firstIndex(of: ":") {
                // "EDEKA: -12,40 EUR": a name, then the amount.
                let name = line[..<colon].trimming(" ")
                let rest = line[line.index(after: colon)...]
                if isNameLine(name), rest.contains(where: \.isNumber), !AmountFinder.candidates(in: String(rest)).isEmpty {
                    return name
                }
                continue
            }
            if isNameLine(line) { return line }
        }
        return nil
    }

    /// In a message written as one line of parts ("Pokupka; Summa: 499.00 RUR; SHOP NAME; 28.08.18",
    /// "VISA1234 / 19:31 / Oplata 77.00 / SHOP NAME / Balans …"), the first part that is only a
    /// name in capitals or title case. A name's own comma ends it ("SHOP, CITY").
    static func namePart(in note: String) -> String? {
        guard mentionsTheAccount(note) else { return nil }
        let parts = segments(note)
        guard parts.count >= 3 else { return nil }
        for part in parts {
            let name = String(part.split(separator: ",", maxSplits: 1).first ?? Substring(part)).trimming(" ")
            let capitalised = name.split(separator: " ").allSatisfy { $0.first?.isUppercase == true || $0 == "&" }
            if capitalised, isNameLine(name), !name.lowercased().contains("http") { return name }
        }
        return nil
    }

    /// True when the note writes a bank's or card's word (account, balance, Pokupka, …) or a phrase
    /// only banks write.
    private static func mentionsTheAccount(_ note: String) -> Bool {
        let words = Set(note.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "/" }).map(String.init))
        return !words.isDisjoint(with: bankWords) || isBankMessage(note)
    }

    /// The parts of a one-line message, split at ";", " / ", "|" and full stops between parts.
    private static func segments(_ note: String) -> [String] {
        var text = note
        for separator in [" / ", "|", ". "] { text = text.replacingOccurrences(of: separator, with: ";") }
        return text.split(separator: ";").map { $0.trimming(" .") }.filter { !$0.isEmpty }
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
        "compra aprobada",
    ]

    /// True when `note` reads as a message from a bank or card issuer rather than a written note.
    static func isBankMessage(_ note: String) -> Bool {
        let text = SearchableText(note.lowercased())
        return bankPhrases.contains { text.contains($0) }
    }

    /// Words about the account itself, never part of a payee's name (lowercased).
    static let accountWords: Set<String> = ["bank", "card", "account", "acct", "a/c", "balance", "bal", "avl", "limit", "saldo"]

    /// Words that mark a message from a bank or card issuer.
    private static let bankWords = accountWords.union(vocabulary).union(["konto", "debited", "spent"])

    private static let notNames = accountWords.union(vocabulary).union([
        "available", "kontostand", "dear", "customer", "your", "you", "not", "otp", "sms", "block", "call", "ref", "txn",
        "transaction", "debited", "credited", "spent", "paid", "sent", "thank", "thanks", "regards", "team", "konto", "ihre",
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
    ]
}
