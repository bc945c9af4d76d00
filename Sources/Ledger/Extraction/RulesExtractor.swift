import Foundation

/// The extractor that needs no model: amounts, currency and dates from the text, the category
/// from keywords, the merchant from where names usually stand ("at X", "from X", "X - …").
/// It fills drafts when the model is unavailable (they go to review), and the model extractor
/// uses its amount, currency and date readings.
enum RulesExtractor {
    static func extract(_ note: String, received: Date?) -> Expense {
        let candidates = AmountFinder.candidates(in: note)
        let isExpense = ExpenseSignals.isExpense(note, candidates: candidates)
        let amount = isExpense ? AmountFinder.best(in: candidates) : nil
        return Expense(
            merchant: merchant(in: note),
            amount: amount?.amount,
            currency: currency(in: note, chosen: amount),
            category: isExpense ? CategoryRules.category(for: note) ?? .other : nil,
            purpose: purpose(for: note),
            date: DateResolver.resolve(note, received: received))
    }

    /// The currency beside the chosen amount, else the first one the note mentions.
    static func currency(in note: String, chosen: AmountCandidate?) -> String? {
        chosen?.currency ?? Currency.mentions(in: note).first?.code
    }

    // MARK: - Merchant

    private static let introducers: Set<String> = ["at", "from", "chez", "en", "no", "na", "bei", "@", "à", "via"]
    /// "to" names the payee only after a payment verb ("paid to LUKU", "sent Rs.500 to …").
    private static let paymentVerbs: Set<String> = ["paid", "sent", "transferred", "payment", "pay"]
    private static let connectors: Set<String> = ["&", "de", "del", "la", "le", "di", "da", "do", "of", "and", "the", "'s"]

    static func merchant(in note: String) -> String? {
        introducedMerchant(in: note) ?? leadingName(in: note)
    }

    /// A name right after "at", "from", "chez", … or "paid to": where notes and bank messages put the payee.
    static func introducedMerchant(in note: String) -> String? {
        if let handle = BankMessage.upiHandle(in: note) { return handle }
        let tokens = tokens(note)
        let searchable = SearchableText(note)
        for (index, token) in tokens.enumerated() where index + 1 < tokens.count {
            let word = token.lowercased()
            let introduces = introducers.contains(word) || word == "to:"
                || (word == "to" && tokens[max(0, index - 3)..<index].contains { paymentVerbs.contains($0.lowercased()) })
            if introduces, let name = nameRun(tokens, from: index + 1), !isCurrencyOrNumber(name),
               !paymentChannels.contains(name.uppercased()), searchable.contains(name) {
                return name
            }
        }
        // Names in capitals after "to" or "at" are a bank message's way ("at ONLINEPLATFORM"); in a
        // written note they are places ("Greyhound to NYC").
        return BankMessage.payee(in: note) ?? (BankMessage.isBankMessage(note) ? shoutedPayee(in: note, searchable) : nil)
            ?? BankMessage.namePart(in: note)
    }

    /// How money moved, not to whom ("debited via UPI").
    static let paymentChannels: Set<String> = ["UPI", "NEFT", "IMPS", "RTGS", "VPA", "ACH", "SEPA", "POS", "ATM", "NFC"]

    /// Bank messages write the payee in capitals after "at", "to", "for", "from" or "Paid:"
    /// ("…for USD50.25 on Jul 11 at ONLINEPLATFORM,GE", "debited for COMPANY NAME PLC with …").
    static func shoutedPayee(in note: String, _ searchable: SearchableText) -> String? {
        // "Paid:NETFLIX.COM," reads as "Paid: NETFLIX.COM,".
        let tokens = note.replacingOccurrences(of: ":", with: ": ").split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let introducers: Set<String> = ["at", "to", "for", "from", "paid:", "to:"]
        func isShouted(_ token: String) -> Bool {
            let letters = token.filter(\.isLetter)
            return letters.count >= 2 && letters.allSatisfy(\.isUppercase) && !Currency.isoCodes.contains(letters)
                && !token.contains(where: \.isNumber) || (token.first?.isNumber == true && letters.count >= 2
                    && letters.allSatisfy(\.isUppercase) && token.contains("-"))
        }
        for (index, token) in tokens.enumerated() where introducers.contains(token.lowercased()) {
            var words: [String] = []
            var next = index + 1
            while next < tokens.count, words.count < 5 {
                let token = tokens[next].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                let stripped = token.trimming(",.;()")
                guard isShouted(stripped) else { break }
                words.append(stripped)
                if stripped != tokens[next] { break }
                next += 1
            }
            let name = words.joined(separator: " ")
            if !words.isEmpty, searchable.contains(name) { return name }
        }
        return nil
    }

    /// A name at the start of the note, before a dash, colon or the rest ("Best Buy: laptop").
    static func leadingName(in note: String) -> String? {
        guard let name = nameRun(tokens(note), from: 0), !isCurrencyOrNumber(name), name.split(separator: " ").count <= 4
        else { return nil }
        return name
    }

    /// Words split at whitespace, and after a colon ("to:John" is "to:" "John").
    private static func tokens(_ note: String) -> [String] {
        note.split(whereSeparator: { $0.isWhitespace }).flatMap { token -> [String] in
            let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else { return [String(token)] }
            return [String(parts[0]) + ":", String(parts[1])]
        }
    }

    private static func nameRun(_ tokens: [String], from start: Int) -> String? {
        func isName(_ token: String) -> Bool {
            guard let first = token.first, !token.contains("/"),
                  !Currency.mentions(in: token).contains(where: { $0.range.count == token.count }) else { return false }
            // "7-Eleven" and "3M" are names; "987654321098.Small" (a reference number) is not.
            return first.isUppercase || (first.isNumber && token.contains(where: \.isLetter) && token.filter(\.isNumber).count <= 3)
        }
        var words: [String] = []
        var index = start
        while index < tokens.count {
            // A comma ends a name, even inside a token ("ONLINEPLATFORM,GE").
            let token = tokens[index].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let stripped = token.trimming(",.;:!?()")
            let joins = !words.isEmpty && connectors.contains(stripped.lowercased())
                && index + 1 < tokens.count && isName(tokens[index + 1])
            guard isName(stripped) || joins else { break }
            words.append(stripped)
            // Punctuation after a word ends the name ("Casa Lucio, 48.50").
            if stripped != tokens[index] { break }
            index += 1
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static func isCurrencyOrNumber(_ text: String) -> Bool {
        Currency.isoCodes.contains(text) || Double(text) != nil || Currency.mentions(in: text).contains { $0.range.count == text.count }
    }

    // MARK: - Purpose

    static func purpose(for note: String) -> String? {
        let words = note.split(whereSeparator: { $0.isWhitespace })
            .map { $0.trimming(",.;:!?()-—") }
            .filter { word in
                !word.isEmpty && !word.contains(where: \.isNumber) && Currency.mentions(in: word).isEmpty
            }
            .prefix(6)
        guard let first = words.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }
}

/// Words that tell an expense from money coming in, a refund, a payment that did not happen or
/// has not happened yet, a reminder, a list or a bank notice. Tables by class, in several
/// languages (lowercased; bank messages in transliterated Russian and Ukrainian too).
enum ExpenseSignals {
    /// Refunds, money paid back, pay and reimbursements: never an expense.
    static let refunds = [
        "refund", "refunded", "reembolso", "remboursement", "remboursé", "rückerstattung", "erstattung", "rimborso",
        "devolvieron", "devolução", "devolvido", "paid me back", "paid back", "reimbursement", "reimbursed",
        "interest credited", "interest paid", "net interest", "salary", "payroll", "paycheck", "zarplata", "pensii", "pension",
        "vyplata", "protsent", "returned", "return of", "devolución", "devolucion", "rückgabe", "rückzahlung",
        "rimborsato", "reembolsado", "terugbetaling", "zwrot", "iade", "返金", "退款", "reversal", "reversed",
        "wages", "stipend", "gehalt", "salaire", "sueldo", "nómina", "salário", "stipendio", "payday",
    ]
    /// Payments that failed or were called off.
    static let failed = [
        "declined", "revoked", "cancelled", "canceled", "never charged", "not charged", "wasn't charged",
        "recusado", "recusada", "rechazado", "rechazada", "abgelehnt", "refusé", "refusée", "annulé", "annulée",
        "storniert", "cancelado", "cancelada", "annullato", "insufficient", "failed", "unsuccessful", "otkaz",
        "rejected", "not enough funds", "fondos insuficientes", "saldo insuficiente", "solde insuffisant",
        "abgebrochen", "fehlgeschlagen", "échoué", "fallido", "falhou",
    ]
    /// Not yet paid: estimates, quotes, budgets, bills due, future and scheduled debits, requests.
    static let notYet = [
        "estimate", "quote", "quoted", "will decide", "deciding", "should come to", "will be about", "will be around", "says it will be",
        "haven't said yes", "waiting on approval", "devis", "presupuesto", "orçamento", "kostenvoranschlag",
        "preventivo", "budget", "will charge", "will be charged", "will be debited", "will be deducted",
        "will be auto", "auto-debits", "autodebits", "will debit", "is due", "due on", "due by", "amt due",
        "amount due", "min due", "payment due", "heads up", "pay on the night", "pay at the door", "collect request", "payment request", "requested", "has been initiated", "for processing", "e-statement",
        "from next month", "来月", "a partir do próximo", "ab nächsten monat", "le mois prochain",
        "will be paid", "will be taken", "going to pay", "is scheduled", "scheduled for", "upcoming payment",
        "next payment", "due date", "due tomorrow", "request for", "sent you a request", "solicitud de pago",
        "should cost", "will cost", "costará", "coûtera", "wird kosten", "custará", "presupuestado",
    ]
    /// Money coming in: not an expense unless the message also says money went out.
    static let incoming = [
        "received", "recebi", "recibí", "ricevuti", "ricevuto", "reçu", "recu ", "erhalten", "eingegangen",
        "credited with", "is credited", "credited to your", "received from", "hit my account", "zachisl",
        "postuplen", "zarakhovano", "gutschrift", "deposited into", "popolnenie",
    ]
    /// Reminders, to-dos and lists.
    static let notes = [
        "reminder", "remind me", "don't forget", "to do:", "todo", "list:", "lijst", "liste:", "lista:", "need:",
        "to buy:", "to get:", "courses:", "compras:", "einkaufen:", "no idea how much", "otp is", "otp for", "is your otp", "one time password", "is your",
    ]
    /// Someone else paid ("Dad got the check"); with "I" or "we" before the verb the writer did.
    static let someoneElsePaid = ["got the check", "got the bill", "picked up the check", "picked up the tab",
                                  "paid for me", "paid for us", "treated me", "treated us", "me invitó", "m'a invité"]
    /// Money moving out.
    static let spending = ["debited", "spent", "paid", "sent", "purchase", "withdrawn", "withdrawal", "charge", "used for",
                           "oplata", "pokupka", "spisanie", "compra", "achat", "zahlung"]

    /// Phrases that say money left the account, even in a message that also mentions money coming in.
    static let moneyWentOut = ["debited", "spent", "purchase", "withdrawn", "paid to", "sent to", "transferred to",
                               "oplata", "pokupka", "spisan", "bill payment", "payment of"]

    /// - Parameter candidates: the note's amount candidates, when already found.
    static func isExpense(_ note: String, candidates: [AmountCandidate]? = nil) -> Bool {
        let candidates = candidates ?? AmountFinder.candidates(in: note)
        let lowered = note.lowercased()
        let text = SearchableText(lowered)
        guard RuleFamilies.active.contains(.nonExpenseCues) else {
            return !candidates.isEmpty || spending.contains { text.contains($0) }
        }
        for table in [refunds, failed, notYet, notes] where table.contains(where: { text.contains($0) }) { return false }
        let spends = moneyWentOut.contains { text.contains($0) }
        if incoming.contains(where: { text.contains($0) }) && !spends { return false }
        // "got 30 from Sam": money handed to the writer.
        if lowered.firstMatch(of: Self.gotFrom) != nil && !spends { return false }
        if isCreditLine(lowered) && !spends { return false }
        if let phrase = someoneElsePaid.first(where: { text.contains($0) }), !writerDid(phrase, in: lowered) { return false }
        if text.contains("balance") && !spending.contains(where: { text.contains($0) })
            && candidates.isEmpty { return false }
        return !candidates.isEmpty || spending.contains { text.contains($0) }
    }

    // Regex is not Sendable; this one is never mutated, only matched.
    nonisolated(unsafe) private static let gotFrom = /\b(?:got|received|receive)\s+\S{0,3}\d[\d.,]*\s*\S{0,6}\s*(?:\w+\s+)?from\b/

    /// A bank line marking the amount as a credit ("Amt: 2,000.00 CR").
    private static func isCreditLine(_ lowered: String) -> Bool {
        let words = lowered.split(whereSeparator: { $0.isWhitespace || $0 == "/" })
        // "2,000.00 CR": the mark right after a figure.
        return zip(words, words.dropFirst()).contains { $1 == "cr" && $0.last?.isNumber == true } && !words.contains("dr")
    }

    /// True when the one who paid in `phrase` is the writer ("I got the check").
    private static func writerDid(_ phrase: String, in lowered: String) -> Bool {
        guard let range = lowered.range(of: phrase) else { return true }
        let before = lowered[..<range.lowerBound].split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
        return ["i", "we", "yo", "je", "ich", "eu", "io"].contains(before)
    }
}
