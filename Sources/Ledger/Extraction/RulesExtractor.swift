import Foundation

/// The extractor that needs no model: amounts, currency and dates from the text, the category
/// from keywords, the merchant from where names usually stand ("at X", "from X", "X - …").
/// It fills drafts when the model is unavailable (they go to review), and the model extractor
/// uses its amount, currency and date readings.
public enum RulesExtractor {
    public static func extract(_ note: String, received: Date?) -> Expense {
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

    /// The currency beside the chosen amount, else the first one the note mentions outside an
    /// approximate conversion in brackets ("fuel 58.40 (about 52 quid)" says nothing of the 58.40).
    static func currency(in note: String, chosen: AmountCandidate?) -> String? {
        if let code = chosen?.currency { return code }
        let mentions = Currency.mentions(in: note)
        guard !mentions.isEmpty else { return nil }
        let tokens = AmountRoles.Tokens(Array(note.lowercased()), currencies: mentions.map(\.range))
        return mentions.first { mention in
            tokens.bracketOpening(mention.range)?.contains(where: AmountRoles.approximately.contains) != true
        }?.code
    }

    // MARK: - Merchant

    private static let introducers: Set<String> = ["at", "from", "chez", "en", "no", "na", "bei", "@", "à", "via", "aan", "bij"]
    /// The writer's verbs of paying a person, who is named right after them ("Paid Maria 60", "tipped Leo 5").
    private static let personPayingVerbs: Set<String> = ["paid", "tipped", "venmoed", "pagué", "payé", "bezahlte", "paguei"]
    /// "to" names the payee only after a payment verb ("paid to WATERCO", "sent Rs.500 to …"), in
    /// the languages banks and wallets write ("Pagaste $8.990 a …", "Betalning … till …", "Überweisung an …").
    static let paymentVerbs: Set<String> = [
        "paid", "sent", "transferred", "transfer", "trf", "payment", "pay",
        "pagaste", "pagó", "pagué", "pago", "pagamento", "pagou", "pagamos", "enviaste", "envío", "envio", "transferiste",
        "transferencia", "transferência", "paiement", "virement", "payé", "zahlung", "überweisung", "gezahlt", "bezahlt",
        "betaling", "betaald", "overboeking", "betalning", "betalt", "betalte", "overførsel", "överföring", "bonifico",
        "pagato", "przelew", "płatność", "platnosc", "zapłacono", "platba", "plata", "plată",
    ]
    /// "to" in those languages, after a payment verb.
    private static let toWords: Set<String> = ["to", "a", "para", "till", "til", "an", "aan", "naar", "à", "do", "al", "alla"]
    /// Words that join a sentence, never part of a name, even capitalised ("at STREAMCO On 2026-07-05").
    static let functionWords: Set<String> = ["on", "at", "to", "via", "from", "for", "by", "with", "in", "using", "towards",
                                             "is", "was", "has", "have", "your", "you", "dated"]
    /// Bank messages name the payee after these too ("towards Quant Fund", Russian "v"/"в": "oplata v SHOP",
    /// Polish "w", Indonesian "di"/"pada", Portuguese "em", Swahili "kwa", Thai "ที่", Arabic "لدى", Italian "presso",
    /// Scandinavian "på"/"hos", Dutch "bij").
    static let bankIntroducers: Set<String> = ["towards", "v", "в", "w", "di", "em", "kwa", "ที่", "لدى", "presso",
                                                       "på", "hos", "bij", "pada", "у", "ke", "kohteessa", "tai", "tại", "pos"]
    /// A payee's field named without its colon ("Merchant CORVO MALL"; in "Payee Name: …" the label goes on).
    private static let fieldsWithoutColon: Set<String> = ["merchant", "payee", "beneficiary"]
    /// Bank messages label the payee's field ("Händler: MEDIA WELT", "COMERCIO: FARMACIA VIDA").
    static let payeeLabels: Set<String> = ["merchant:", "payee:", "beneficiary:", "shop:", "store:", "comercio:",
                                                   "händler:", "haendler:", "commerçant:", "commercant:", "esercente:",
                                                   "estabelecimento:", "comerciante:", "tienda:", "loja:", "negozio:",
                                                   "winkel:", "butik:", "kauppa:", "sklep:", "магазин:", "торговец:",
                                                   "işyeri:", "isyeri:", "i\u{307}şyeri:",
                                                   // Whom a transfer went to.
                                                   "recipient:", "empfänger:", "empfaenger:", "begünstigter:", "bénéficiaire:",
                                                   "beneficiario:", "beneficiário:", "destinatario:", "destinatário:", "favorecido:",
                                                   "odbiorca:", "alıcı:", "penerima:", "obchodník:", "obchodnik:", "příjemce:"]
    private static let connectors: Set<String> = ["&", "de", "del", "la", "le", "di", "da", "do", "of", "and", "the", "'s",
                                                  "du", "des", "della", "delle", "dei", "dos", "das", "el", "los", "las"]

    static func merchant(in note: String) -> String? {
        introducedMerchant(in: note) ?? (BankMessage.reads(note) ? nil : leadingName(in: note))
    }

    /// A name right after "at", "from", "chez", … or "paid to": where notes and bank messages put the payee.
    /// In a bank message the search stops where the bank's advice starts ("Not you? Call …"), a
    /// cash withdrawal has no payee, and a name about the account ("HDFC Bank") is passed over.
    static func introducedMerchant(in note: String) -> String? {
        if let handle = BankMessage.upiHandle(in: note) { return handle }
        guard BankMessage.reads(note) else {
            return introducedName(in: note, accept: { _ in true }).flatMap { exactly($0, in: note) }
        }
        guard !BankMessage.isCashWithdrawal(note) else { return nil }
        if let name = BankMessage.payeeByShape(in: note).flatMap({ exactly($0, in: note) }) { return name }
        // Banks pad fixed-width fields with spaces ("Corner Grocer          T from …"): a wide gap ends a name.
        let text = BankMessage.withoutBoilerplate(BankMessage.unwrapped(note)).replacing(/(\S)\ {4,}(?=\S)/) { "\($0.output.1) | " }
        // The writer's own bank, card or wallet is never the payee ("from WALLETCO a/c").
        let payerSide = BankMessage.payerSideWords(in: text)
        func isPayee(_ name: String) -> Bool {
            BankMessage.isPayeeName(name) && !MerchantSpans.isOnlyMessageWords(name) && !BankMessage.isReferenceLabel(name, in: text)
                && !name.split(whereSeparator: \.isWhitespace).contains { payerSide.contains($0.lowercased().trimming(".,;:!?()\"'")) }
        }
        // A receipt's signer is the payee when no name is introduced ("… is successful. Regards GreenCourt Society").
        guard let name = introducedName(in: text, bank: true, accept: isPayee)
                ?? BankMessage.signer(in: note).flatMap({ isPayee($0) ? $0 : nil })
                ?? BankMessage.residualNames(in: text).first(where: isPayee) else { return nil }
        return exactly(BankMessage.withoutPlaceInTitleCase(BankMessage.withoutChannelPrefix(name)), in: note)
    }

    /// Who a bank message paid, as the rules read it: a cash withdrawal pays no one; when the
    /// rules find no name, the model copies one from the message. (Letting the model choose among
    /// the names left by `BankMessage.residualNames` did worse than taking the first: sms_train
    /// merchant 0.625 against 0.75, sms_val 0.373 against 0.427.)
    static func payee(inBankMessage note: String) -> Payee {
        guard !BankMessage.isCashWithdrawal(note) else { return .known(nil) }
        return introducedMerchant(in: note).map { .known(withoutTownAfterStoreNumber($0)) } ?? .model
    }

    /// "BAKKERIJ VOS 1234 UTRECHT" is "BAKKERIJ VOS 1234": a card descriptor's store number (three
    /// or more digits, a letter may lead: "Z1234") ends the name, and a word or two in capitals after
    /// it are the town. Small numbers belong to names ("DOCK 49 DELI").
    static func withoutTownAfterStoreNumber(_ name: String) -> String {
        let words = name.split(separator: " ")
        guard words.count >= 3, let store = words.dropLast().lastIndex(where: { $0.wholeMatch(of: /#?[A-Z]?\d{3,}/) != nil }),
              store >= 1 else { return name }
        // The town may end in its state's or country's two-letter code ("GIGBOX 0231 SEATTLE WA").
        var town = Array(words[(store + 1)...])
        if town.count >= 2, let code = town.last, code.count == 2, code.allSatisfy({ $0.isLetter && $0.isUppercase }) { town.removeLast() }
        guard (1...2).contains(town.count),
              town.allSatisfy({ $0.count >= 3 && $0.allSatisfy { $0.isLetter && $0.isUppercase } }) else { return name }
        return words[...store].joined(separator: " ")
    }

    private static func introducedName(in note: String, bank: Bool = false, accept: (String) -> Bool) -> String? {
        let tokens = tokens(note)
        let searchable = SearchableText(note)
        func afterPaymentVerb(_ index: Int) -> Bool {
            tokens[max(0, index - 5)..<index].contains { paymentVerbs.contains($0.lowercased().trimming(where: \.isPunctuation)) }
        }
        // "sent from <wallet> to <name>": in a bank message, the money went where "to" after a
        // payment verb says, not where it came from.
        let sentTo = bank && tokens.indices.contains { toWords.contains(tokens[$0].lowercased()) && afterPaymentVerb($0) }
        for (index, token) in tokens.enumerated() where index + 1 < tokens.count {
            let word = token.lowercased()
            let introduces = (introducers.contains(word) && !(sentTo && word == "from")) || word == "to:"
                || (bank && word == "at:") || (bank && bankIntroducers.contains(word))
                || (bank && payeeLabels.contains(word))
                || (bank && fieldsWithoutColon.contains(word) && !tokens[index + 1].hasSuffix(":"))
                || (toWords.contains(word) && afterPaymentVerb(index))
                // "Pranzo da Luigi": at someone's, in a written Italian note ("bonifico da" in a bank's is from).
                || (!bank && word == "da")
                // "Paid Maria (cleaner) 60": the person paid, right after the writer's verb of paying.
                || (!bank && personPayingVerbs.contains(word) && !MerchantLexicon.isOnlyCommonWords(tokens[index + 1].lowercased().trimming(",.;:!?()")))
            // "at terminal LUMO SHOP": the kind of place, in lower case, before its name ("to STORE KESTREL" is the name).
            let start = bank && index + 2 < tokens.count && placeNouns.contains(tokens[index + 1]) ? index + 2 : index + 1
            if introduces, let name = nameRun(tokens, from: start, bank: bank), !isCurrencyOrNumber(name),
               !paymentChannels.contains(name.uppercased()), exactly(name, in: note) != nil, accept(name) {
                return name
            }
        }
        // Names in capitals after "to" or "at" are a bank message's way ("at SHOPSITE"); in a
        // written note they are places ("Coachline to Boston").
        let others = [BankMessage.payee(in: note), BankMessage.isBankMessage(note) ? shoutedPayee(in: note, searchable) : nil]
        return others.lazy.compactMap { $0 }.first(where: accept)
    }

    /// What a bank calls the place before naming it ("at terminal …", "at merchant …").
    private static let placeNouns: Set<String> = ["terminal", "merchant", "outlet", "store", "shop", "comerciante", "comercio",
                                                  "terminalul", "терминал", "terminale", "terminál"]

    /// A store's number written with "#" ("#221", "#00512"): up to six digits.
    private static func isMarkedStoreNumber(_ token: String) -> Bool {
        token.hasPrefix("#") && (1...6).contains(token.count - 1) && token.dropFirst().allSatisfy(\.isNumber)
    }

    /// `name` as the note writes it, spaces included ("MARY  WANJIRU"), or nil when it is not there.
    static func exactly(_ name: String, in note: String) -> String? {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        var searchStart = note.startIndex
        while let first = note.range(of: words[0], range: searchStart..<note.endIndex) {
            var end = first.upperBound
            var matched = true
            for word in words.dropFirst() {
                let gap = note[end...].prefix(while: \.isWhitespace)
                guard !gap.isEmpty, note[gap.endIndex...].hasPrefix(word) else { matched = false; break }
                end = note.index(gap.endIndex, offsetBy: word.count)
            }
            if matched { return String(note[first.lowerBound..<end]) }
            searchStart = first.upperBound
        }
        return nil
    }

    /// How money moved, not to whom ("debited via UPI").
    static let paymentChannels: Set<String> = ["UPI", "NEFT", "IMPS", "RTGS", "VPA", "ACH", "SEPA", "POS", "ATM", "NFC",
                                               "PAYNOW", "PAYLAH", "PIX", "ZELLE", "INTERAC", "SPEI", "BLIK", "FPS", "INSTAPAY",
                                               "PESONET", "PROMPTPAY", "DUITNOW", "BACS", "CHAPS",
                                               // "Oplata v I-net": paid on the internet.
                                               "I-NET", "INET"]

    /// Bank messages write the payee in capitals after "at", "to", "for", "from" or "Paid:"
    /// ("…for USD50.25 on Jul 11 at SHOPSITE,GE", "debited for COMPANY NAME PLC with …").
    static func shoutedPayee(in note: String, _ searchable: SearchableText) -> String? {
        // "Paid:STREAMCO.COM," reads as "Paid: STREAMCO.COM,".
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
                // A short number between words in capitals is part of the name ("DOCK 12 TACOS").
                let inner = !words.isEmpty && (1...4).contains(stripped.count) && stripped.allSatisfy(\.isNumber)
                    && stripped == tokens[next] && next + 1 < tokens.count && isShouted(tokens[next + 1].trimming(",.;()"))
                // A store's number written with "#" ends the name ("HARBOR GAS #221 SEATTLE").
                if !words.isEmpty, isMarkedStoreNumber(stripped) {
                    words.append(stripped)
                    break
                }
                guard isShouted(stripped) || inner else { break }
                // A company's abbreviation keeps its full stop when the name goes on ("NORTHWIND CO. LTD").
                let abbreviation = tokens[next] == stripped + "." && BankMessage.isAbbreviation(Substring(stripped))
                    && next + 1 < tokens.count && isShouted(tokens[next + 1].trimming(",.;()"))
                words.append(abbreviation ? tokens[next] : stripped)
                if stripped != tokens[next] && !abbreviation { break }
                next += 1
            }
            let name = words.joined(separator: " ")
            if !words.isEmpty, searchable.contains(name) { return name }
        }
        return nil
    }

    /// A name at the start of the note, before a dash, colon or the rest ("Gadgetry: laptop").
    static func leadingName(in note: String) -> String? {
        // "Betaling met pas …": a bank's word about the transaction opens the message, no name.
        // An article or a form's label opening the note ("A $54.47 transfer …", "Description: …") is no name.
        guard let name = nameRun(tokens(note), from: 0), !isCurrencyOrNumber(name), name.split(separator: " ").count <= 4,
              !BankMessage.vocabulary.contains(name.split(separator: " ")[0].lowercased()),
              !MerchantLexicon.fillers.contains(name.lowercased()), !MerchantSpans.isOnlyFieldLabels(name)
        else { return nil }
        return name
    }

    /// Words split at whitespace, and after a colon ("to:John" is "to:" "John").
    static func tokens(_ note: String) -> [String] {
        note.split(whereSeparator: { $0.isWhitespace }).flatMap { token -> [String] in
            let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else { return [String(token)] }
            return [String(parts[0]) + ":", String(parts[1])]
        }
    }

    /// The name that starts at `tokens[start]`. In a bank message (`bank`) a word about the
    /// account or the transaction ends it ("ARUN K Ref No …"), and a label before a colon is
    /// not part of it ("Quant Fund UMRN: …").
    private static func nameRun(_ tokens: [String], from start: Int, bank: Bool = false) -> String? {
        func isName(_ token: String) -> Bool {
            // A slash ends a name, except after a web address ("GIGBOX.COM/BILL": a card descriptor).
            guard let first = token.first, !token.contains("/") || token.firstMatch(of: /^[A-Za-z0-9-]+\.[A-Za-z]{2,4}\/[A-Za-z0-9]+$/) != nil,
                  !Currency.mentions(in: token).contains(where: { $0.range.count == token.count }) else { return false }
            // "24-Seven" and "3M" are names; "987654321098.Small" (a reference number) is not.
            return first.isUppercase || (first.isNumber && token.contains(where: \.isLetter) && token.filter(\.isNumber).count <= 3
                && !DateResolver.isDayRunIntoMonth(Substring(token)))
        }
        let isShouted = BankMessage.isInCapitals(_:) as (String) -> Bool
        var words: [String] = []
        var index = start
        while index < tokens.count {
            // Thai and other Asian companies write their form "CO.,LTD": one word, its comma no end.
            if bank, !words.isEmpty, let form = tokens[index].firstMatch(of: /^(?i:co\.,\s?ltd\.?)/) {
                words.append(String(form.output))
                break
            }
            // A name in quotes after its form ("OOO \"KESTREL\"", "TOO «ARDENT»") goes on to the closing quote.
            if bank, !words.isEmpty, let open = tokens[index].first, "\"«“".contains(open),
               let close = tokens[index].dropFirst().firstIndex(where: { "\"»”".contains($0) }) {
                words.append(String(tokens[index][...close]))
                break
            }
            // A comma ends a name, even inside a token ("SHOPSITE,GE").
            let token = tokens[index].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            var stripped = token.trimming(",.;:!?()")
            let lowered = stripped.lowercased()
            if !words.isEmpty, functionWords.contains(lowered) { break }
            // "from HDFC Bank A/C": the name was the bank's.
            if bank, lowered == "bank" { return nil }
            let starred = words.count == 1 && stripped.hasPrefix("*")
            if bank, !words.isEmpty, !starred, token.hasSuffix(":") || !BankMessage.isPayeeName(stripped) || BankMessage.notNames.contains(lowered) {
                break
            }
            let next = index + 1 < tokens.count ? tokens[index + 1] : ""
            let joins = !words.isEmpty && connectors.contains(lowered) && isName(next)
            // A short number between words in capitals is part of the name ("DOCK 12 TACOS").
            // So is a store number of up to four digits that ends it ("hos NETTO 1234.", "på MATBUA 1000 SENTRUM").
            // (The comma that ends it may have been split off the token: "KESTREL MARKET 2231, balance".)
            let endsName = stripped != tokens[index] || index + 1 == tokens.count
            // Written with "#", it belongs to the name before it ("HARBOR GAS #221 on card", "Harbor Gas # 221,").
            let nextNumber = next.trimming(",.;:!?()")
            if bank, !words.isEmpty, stripped == "#", (1...6).contains(nextNumber.count), nextNumber.allSatisfy(\.isNumber) {
                words += ["#", nextNumber]
                if nextNumber != next { break }
                index += 2
                continue
            }
            let marked = isMarkedStoreNumber(stripped)
            let digits = stripped.hasPrefix("#") ? stripped.dropFirst() : Substring(stripped)
            // "BRICO ALFA 45,00 RON": the number with its decimals is the amount, not a store's.
            // So is one before the sentence goes on or the date ("at BRISKMART 0456 for PHP 640", "FUEL 1207 12/01").
            // In any language the sentence goes on in lower case ("en FENNICK 52 con tarjeta", "v AZS 17 s karty"),
            // unless the word is the figure's currency or a count's "x" ("SHOP 45 euros", "BAR 2 x 4.50").
            func sentenceGoesOn() -> Bool {
                functionWords.contains(next.lowercased()) || next.contains(/^\d{1,2}[\/.:-]\d{1,2}/)
                    || next.first?.isLowercase == true && next.first?.isLetter == true && !["x", "×"].contains(next)
                        && Currency.mentions(in: next).isEmpty
            }
            // (A longer number with a leading zero is a store's too, "TECH DEPOT 00123": no amount opens with 0.)
            let storeDigits = (1...4).contains(digits.count) || (5...8).contains(digits.count) && digits.hasPrefix("0")
            let storeNumber = bank && !words.isEmpty && (marked || storeDigits && digits.allSatisfy(\.isNumber))
                && !tokens[index].contains(/\d[.,]\d/)
                && (marked || stripped == token && isShouted(next)
                    || (endsName || stripped == token && sentenceGoesOn()) && isShouted(words[words.count - 1]))
            // A payment processor's prefix before the shop's name ("SQ *KESTREL CAFE").
            // The shop's part may be in any case ("GOOGLE *Gigbox"), the star alone ("SP * ARDENT GOODS").
            let processed = bank && words.count == 1 && isShouted(words[0]) && stripped.hasPrefix("*")
                && (stripped == "*" ? isName(next) : stripped.dropFirst().filter(\.isLetter).count >= 2)
            // Thai, Lao, Khmer and Burmese write names without capitals and words without spaces between
            // them ("ที่ ร้านลำดวน จากบัญชี"): one word after a bank's introducer.
            if bank, words.isEmpty, let scalar = stripped.unicodeScalars.first, (0x0E00...0x109F).contains(scalar.value),
               !BankMessage.notNames.contains(lowered) {
                return stripped
            }
            // A web address in lower case names the payee ("at kestrel.in on …").
            let address = bank && words.isEmpty && stripped.first?.isLowercase == true && stripped.contains(".")
                && stripped.wholeMatch(of: /[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,4}/) != nil
            // Malaysia's "SDN BHD" closes a company's name; "BHD" there is no currency.
            let berhad = bank && words.last?.uppercased() == "SDN" && stripped.uppercased() == "BHD"
            guard isName(stripped) || joins || storeNumber || processed || address || berhad else { break }
            // A title or abbreviation keeps its full stop when the name goes on ("Mr. Praveen", "REST. \"KVETKA\"").
            // A company's form keeps it at the end of a name too ("NORTHWIND CO. on 01/12"), not at the message's
            // end, where the stop is the sentence's ("… at CITY MARKET DENVER CO.").
            let abbreviation = token == stripped + "." && BankMessage.isAbbreviation(Substring(stripped))
                && (next.first?.isUppercase == true || next.first == "\""
                    || bank && !next.isEmpty && BankMessage.isCompanyForm(Substring(stripped)))
            if abbreviation { stripped = token }
            words.append(stripped)
            let bareNext = next.trimming(",.;:!?()")
            // The legal form that closes a company's name ends it: the town after it is not the payee's
            // ("REELHOUSE CINEMAS SDN BHD KUALA LUMPUR MY", "KESTREL LTD LONDON").
            if bank, words.count >= 2, BankMessage.closingForms.contains(stripped.lowercased().trimming(".")),
               !BankMessage.companyForms.contains(bareNext.lowercased()) {
                break
            }
            // A company's form with its stop ends the name unless the name goes on in capitals or
            // with another form ("GREENWAY PTE LTD. If unauthorised …", "ACME CO. LTD.").
            if abbreviation, bank, BankMessage.companyForms.contains(String(stripped.dropLast()).lowercased()),
               !(isShouted(bareNext) && isShouted(words[0])), !BankMessage.companyForms.contains(bareNext.lowercased()),
               next.first != "\"" {
                break
            }
            // Punctuation after a word ends the name ("Casa Lucio, 48.50").
            if stripped != tokens[index] { break }
            index += 1
        }
        // "at PELLOW HARDWARE, SPOKANE, WA on …": a card descriptor's city and state after a name in capitals.
        if bank, let last = words.last, isShouted(last) || last.hasPrefix("#"), index < tokens.count, tokens[index] == last + ",",
           let place = cityAndState(tokens, from: index + 1) {
            words[words.count - 1] = tokens[index]
            words += place
        }
        // "Mr. A Kumar K. Avl Bal" is "Mr. A Kumar K".
        if let last = words.last { words[words.count - 1] = String(BankMessage.withoutClosingFullStop(Substring(last))) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// "SPOKANE, WA", "TORONTO ON" at `tokens[start]`: up to three words in capitals, then a two-letter
    /// state or country code in capitals that ends the run, as card descriptors write where the shop is.
    private static func cityAndState(_ tokens: [String], from start: Int) -> [String]? {
        func isCapitals(_ word: String) -> Bool { word.count >= 2 && word.allSatisfy { $0.isLetter && $0.isUppercase } }
        var run: [String] = []
        var index = start
        while index < tokens.count, run.count < 4 {
            let token = tokens[index]
            let bare = token.trimming(".,;:)")
            guard isCapitals(bare) else { break }
            run.append(token)
            index += 1
            // A mark after a word other than a comma ends the run ("TORONTO ON.").
            if bare != token, !token.hasSuffix(",") || bare.count == 2 { break }
        }
        // Only the city's last word may end in a comma ("SPOKANE, WA").
        guard run.count >= 2, let code = run.last?.trimming(".,;:)"), code.count == 2,
              run.dropLast(2).allSatisfy({ !$0.hasSuffix(",") }) else { return nil }
        return run.dropLast() + [code]
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
        "reembolsaron", "reembolsó", "me reembolsa", "rimborsato", "erstattet", "terugbetaald",
        // Turkish "iade" (a return, a refund), as a word of its own.
        "iade:", "iade ", "iadesi", "iade edildi", "i\u{307}ade",
        "devolvieron", "devolução", "devolvido", "paid me back", "paid back", "reimbursement", "reimbursed",
        "interest credited", "interest paid", "net interest", "salary", "payroll", "paycheck", "zarplata", "pensii", "pension",
        "vyplata", "protsent", "returned", "return of", "devolución", "devolucion", "rückgabe", "rückzahlung",
        "rimborsato", "reembolsado", "terugbetaling", "zwrot", "iade", "返金", "退款", "reversal", "reversed to", "reversed back", "status: reversed", "status : reversed", "status: refunded",
        "wages", "stipend", "gehalt", "salaire", "sueldo", "nómina", "salário", "stipendio", "payday",
        // Pay as Dutch, Nordic, Finnish, Polish and Czech write it.
        "salaris", "lön ", "lønn", "palkka", "wynagrodzenie", "pensja", "výplata",
        "paid out", "payout", "expense claim", "claim paid", "expense report", "reimbursement request", "redeemed",
        "me han devuelto", "te han devuelto", "le han devuelto", "se ha devuelto", "me devolvió", "me devolvio", "me pagó", "me pago", "me pagaron", "me ha pagado",
        "m'a remboursé", "m'ont remboursé", "m'a rendu", "zurückgezahlt", "zurückbezahlt", "zurücküberwiesen",
        "me devolveu", "me pagou", "mi ha ridato", "mi ha restituito", "mi ha pagato", "mi ha rimborsato",
        "terugbetaald", "teruggegeven", "返してもら", "返済してもら",
        // Given back, and "money back" as German and Dutch write it ("Geld zurück von …", "hat mir 20 € zurückgegeben").
        "zurückgegeben", "geld zurück", "geld terug",
        "per diem", "from the garage sale", "from the yard sale", "from the sale of",
        "store credit", "voucher from", "gift card from", "pay slip", "payslip", "net pay", "take-home", "comped",
        "free of charge", "rebate", "deposit back", "cashback from", "estorno", "estornado", "estornada", "estornou", "cashback credited", "cashback received",
        "cashback has been", "возврат", "повернення", "возвращено", "iade edildi", "pengembalian", "hoàn tiền", "vozvrat",
        "rückbuchung", "zurückgebucht", "rambursare", "rambursat", "restituire",
        // Serbian, Croatian and Bosnian: "return of funds", "refund".
        "povrat sredstava", "povrat novca", "povraćaj", "povracaj",
        // "повернення" as Ukrainian banks transliterate it.
        "povernennia", "povernennya",
    ]
    /// The writer handing money over ("pagué 50", "j'ai donné 20 €"), before change comes back.
    static let writerPaidWords = ["pagué", "pague ", "payé", "j'ai donné", "bezahlt", "paguei", "dei ", "pagato", "ho dato",
                                  "betaald", "i paid", "paid with", "gave the", "handed"]
    /// Refund words that are also how change is given back.
    static let changePhrases: Set<String> = ["devolvieron", "me devolvió", "me devolvio", "m'a rendu", "me devolveu",
                                             "mi ha ridato", "mi ha restituito", "zurückgegeben", "geld zurück", "teruggegeven",
                                             "geld terug"]

    /// Payments that failed or were called off.
    static let failed = [
        "declined", "bounced", "revoked", "cancelled", "canceled", "never charged", "not charged", "wasn't charged",
        "not be charged", "won't be charged", "bekor qilindi", "bekor qilingan", "ver shesrulda",
        // A card blocked: a notice, nothing paid.
        "wurde gesperrt", "vorübergehend gesperrt", "has been blocked", "temporarily blocked", "temporarily locked", "has been locked", "card is blocked", "card was blocked", "заблокирована", "bloqueada", "bloquée",
        "recusado", "recusada", "rechazado", "rechazada", "abgelehnt", "refusé", "refusée", "annulé", "annulée",
        "storniert", "cancelado", "cancelada", "annullato", "annullata", "geannuleerd", "mislukt", "insufficient", "failed", "unsuccessful", "otkaz",
        // A purchase called off, as Polish, Spanish, French, Czech and Romanian banks write it.
        "anulowana", "anulowano", "anulación", "anulacion", "anulada", "anulado", "annulation", "zrušena", "zrušeno", "anulată", "anulata",
        "rejected", "not enough funds", "fondos insuficientes", "saldo insuficiente", "solde insuffisant",
        "abgebrochen", "fehlgeschlagen", "échoué", "fallido", "falhou", "could not be processed",
        "no pudo ser procesado", "no pudo ser procesada", "no pudo procesarse", "no se ha podido realizar", "no se pudo realizar",
        "no ha podido realizarse", "no se ha realizado", "no ha sido posible", "não foi possível realizar", "não foi efetuad",
        "não pôde ser processado", "não foi possível processar",
        "konnte nicht ausgeführt werden", "konnte nicht durchgeführt werden", "non è stato possibile",
        // A card issuer acknowledging the writer's payment of the card's bill: money moved to their own debt
        // (a shop's "we received your payment for order 12" is a purchase).
        "payment received towards your credit card", "payment received for your card", "received your credit card payment",
        "received your card payment", "thank you for your card payment", "thank you for your credit card payment",
        "not authorised", "not authorized", "wasn't authorised", "wasn't authorized", "not approved", "wasn't approved",
        "no autorizad", "non autorisé", "nicht autorisiert", "não autorizad", "no fue autorizad", "não foi autorizad",
        "no fue aprobad", "não foi aprovad", "non è andato a buon fine", "non è andata a buon fine", "transaction attempt",
        "attempted transaction", "payment attempt",
        "couldn't be processed", "not processed", "unable to process", "was not successful", "não foi processad",
        "no se pudo procesar", "n'a pas pu être", "could not be completed", "couldn't be completed", "was not completed", "wasn't completed",
        "has not been completed", "no debit was made", "not been debited",
        "was not debited", "wasn't debited", "not been charged", "no amount was deducted", "no money was taken",
        "voided", "has been voided", "anulada", "anulado",
        "zamítnut", "odmítnut", "zamietnut", "respins", "refuzat", "отказан", "odbijen", "одбијен", "απορρίφθηκε",
        "נדחתה", "נדחה", "afvist", "avvist", "nekad", "nekat", "nekades", "avvisad", "thất bại", "that bai", "hylätty", "keeldutud", "atteikt", "atmesta",
        "elutasít", "sikertelen", "ถูกปฏิเสธ", "was reverted", "been reverted", "been reversed", "was reversed", "transaction reversed", "reverso", "reversión", "reversa", "storno",
        "mã otp", "mã xác thực", "mã xác nhận", "验证码", "驗證碼", "인증번호", "認証コード", "ワンタイムパスワード",
        "kod weryfikacyjny", "kod autoryzacyjny", "kod sms", "numer blik", "kod blik", "código de verificación",
        "codigo de verificacion", "code de vérification", "code de confirmation", "bestätigungscode", "codice di verifica",
        "código de verificação", "verificatiecode", "doğrulama kodu", "dogrulama kodu", "kode otp", "รหัส otp",
        "cod de verificare", "kod potwierdzenia", "ověřovací kód", "ellenőrző kód", "رمز التحقق", "код подтверждения",
        "не выполнена", "не выполнен", "не проведена", "не прошла", "неуспешно", "neuspeshno", "ошибка", "oshibka",
        "заблокирован", "відмова", "відхилено", "адмова", "ne vypolnena",
        // One-time codes sent before a payment is made.
        "use otp", "otp to complete", "do not share", "don't share", "never share", "no compartas",
        "ne partagez", "não compartilhe", "nicht weitergeben", "никому не сообщайте", "не сообщайте", "не повідомляйте",
        "код подтверждения", "код підтвердження", "kimseyle paylaşmayın", "jangan berikan", "nie podawaj",
        "отклонен", "отклонена", "отклонено", "отказано", "недостаточно средств", "недостатньо коштів",
        "reddedildi", "yetersiz bakiye", "ditolak", "gagal", "odrzucon", "brak środków", "odmowa", "từ chối",
        "отмена", "отменена", "скасування", "скасовано", "otmena", "iptal", "пароль", "ваш код", "код для",
        "kodunuz", "kode verifikasi", "código de verificación", "código de seguridad", "codigo de verificacion",
        "otklonen", "nedostatochno", "kod podtverzhdeniya", "parol", "negada", "negado", "başarısız", "basarisiz",
        "취소", "거절", "撤销", "失败", "取消", "キャンセル", "ยกเลิก", "مرفوضة", "إلغاء", "رفض",
        // Declined or failed, in more of the languages banks write in.
        "rədd edildi", "rədd olundu", "uğursuz", "մերժվել", "մերժված", "a esuat", "a eșuat", "fonduri insuficiente",
        "noraidīt", "noraidit", "nepietiek", "ไม่สำเร็จ", "ไม่เพียงพอ", "không thành công", "khong thanh cong",
        "không đủ", "non riuscit", "non andato a buon fine", "rifiutat", "fondi insufficienti", "geweigerd", "mislukt",
        "onvoldoende saldo", "neuspešn", "neuspješn", "nedovoljno sredstava", "отказана", "неуспешн", "უარყოფილია",
        "ვერ შესრულდა", "atmestas", "nepavyko", "tagasi lükatud", "ebaõnnestus", "epäonnistui", "misslyckades",
        "mislykkedes", "mislyktes", "nieudan", "neúspěšn", "neúspešn", "неуспішн", "қабылданбады", "сәтсіз",
        "rad etildi", "muvaffaqiyatsiz", "απέτυχε", "ανεπαρκές", "נכשל", "فشل", "غير ناجح", "لعدم كفاية", "ناموفق",
        "अस्वीकृत", "विफल", "tidak berjaya", "tinanggihan", "hindi matagumpay", "imekataliwa", "haikufaulu",
        "halitoshi", "失敗", "拒否", "承認されませんでした", "利用不可", "승인거절", "실패", "拒绝", "余额不足",
        "one-time code", "one time code", "one-time passcode", "one-time password",
        // A payment the writer tried that did not go through.
        "didn't go through", "did not go through", "wouldn't go through", "terminal was down", "reader was down",
        "card didn't work", "card did not work", "couldn't pay", "could not pay", "no pude pagar", "pas pu payer",
        "konnte nicht zahlen", "konnte nicht bezahlen", "não consegui pagar",
        // A card blocked, in transliterated Russian.
        "blokirovana", "blokirovan", "zablokirovana",
        // A sign-in to the bank's app or site.
        "вход в личный кабинет", "вход в приложение", "вход в интернет-банк", "вход в мобильн", "vkhod v", "vhod v",
        "new login", "new sign-in", "logged in to", "signed in to", "login to your", "sign-in to your",
    ]
    /// Not yet paid: estimates, quotes, budgets, bills due, future and scheduled debits, requests.
    static let notYet = [
        "estimate", "quote", "quoted", "will decide", "deciding", "should come to", "will be about", "will be around", "says it will be",
        "haven't said yes", "waiting on approval", "devis", "presupuesto", "orçamento", "kostenvoranschlag",
        "preventivo", "offerte", "budget", "will charge", "will be charged", "will be debited", "will be deducted",
        "expected:", "expected on", "will rise", "price increase", "will be auto", "will auto", "plánovan", "bude provedena", "bude proveden", "zaplanowan", "zostanie wykonan",
        "pago programado", "programada para", "se realizará", "agendado", "agendada", "agendamento", "tahsil edilecek",
        "edilecektir", "akan didebet", "akan dipotong", "还款日", "引き落とし予定", "출금예정", "출금 예정",
        "sera prélevé", "sera débité", "wird abgebucht", "sarà addebitato", "sẽ được trừ", "sẽ trừ", "will leave your account", "will be collected", "will be taken from", "auto-debits", "autodebits", "will debit", "is due", "due on", "due by", "amt due",
        "amount due", "min due", "payment due", "heads up", "pay on the night", "pay at the door", "collect request", "payment request", "requested", "request sent", "sent a request", "sent her a request",
        "sent him a request", "sent them a request", "has been initiated", "for processing", "e-statement",
        "from next month", "来月", "a partir do próximo", "ab nächsten monat", "le mois prochain",
        "will be paid", "will be taken", "going to pay", "is scheduled", "scheduled for", "scheduled on", "upcoming payment",
        "upcoming debit", "upcoming charge", "money request", "outstanding amount", "amount outstanding",
        "will be attempted", "will be processed", "will be sent on", "is being processed", "due in", "pay on delivery", "looking at flights", "thinking of buying",
        "thinking about buying", "price went up", "price goes up", "will go up", "not paying",
        "appealing it", "tax refund", "insurance will cover", "insurance will pay", "cash on delivery", "pay on delivery", "pay cash on delivery",
        "contra reembolso", "paiement à la livraison", "per nachnahme", "pagamento na entrega", "pagamento alla consegna",
        "autopay set up", "has been set up", "wurde eingerichtet", "erste ausführung", "a été mis en place",
        "talimatı oluşturul", "talimati olusturul", "is set up for", "set up for rs", "standing order set up", "direct debit set up", "est programmé", "est programmée", "programmé pour", "programmée pour",
        "programado para", "geplant für", "ist geplant", "programmato per", "pianificato per", "gepland voor",
        // A sum to save or reach, not one spent ("gift fund: aiming for 300").
        "aiming for", "saving up for", "saving for", "ahorrando para", "économiser pour", "sparen für",
        "sparen auf", "risparmiare per", "economizar para", "juntando para",
        "next payment", "due date", "due tomorrow", "request for", "is requesting", "request of", "sent you a request", "solicitud de pago",
        "should cost", "will cost", "costará", "coûtera", "wird kosten", "custará", "presupuestado",
        "estimé", "estimée", "estimado", "estimada", "geschätzt", "stimato", "it'll be", "it will be", "it'll cost",
        "it'll come to", "should be around", "will go out", "will transfer", "i will send", "i'll send", "we will send", "we'll send", "will send the", "will send it",
        "will send him", "will send her", "will send them", "will renew", "renews next",
        "presented for clearing", "sent for clearing", "sera effectué", "will be released", "loan application", "approve in app", "approve in your app", "approve within",
        "sarà effettuat", "verrà effettuat", "previsto per il", "prevista per il", "prévu le", "prévue le",
        "renews on", "to be paid", "not paid yet", "haven't paid", "have not paid", "not yet paid", "unpaid",
        "bill due", "due next", "request from", "note to self", "need to cancel",
        // Still to pay, as Dutch, Polish, Czech and French write it; a debit mandate registered, not used yet.
        "te betalen", "do zapłaty", "k úhradě", "à régler", "registered successfully", "successfully registered", "has been registered",
        // Estimates, debits still to come and money put aside, as people write them.
        "reckons", "goes out on", "comes out on", "will come out",
        // A debit on a day still to come, a fine contested, a deduction announced.
        "goes out monday", "goes out tuesday", "goes out wednesday", "goes out thursday", "goes out friday",
        "goes out saturday", "goes out sunday", "goes out tomorrow", "goes out next", "autopay on", "auto-pay on",
        "autopays on", "- appealing", "— appealing", ", appealing", "appealing the", "appealing this", "contesting it",
        "disputing it", "will deduct", "will withhold",
        "waiting for black friday", "waiting for the sales", "waiting for a sale", "wait for the sale",
        // Paid later, at the place ("a 150 deposit on arrival, pay at check-in").
        "pay at check-in", "pay at checkin", "pay on arrival", "payable on arrival", "due on arrival", "pay at the hotel",
        "pay at the property", "à payer sur place", "pagar en el hotel", "vor ort zu zahlen",
        "savings goal", "put aside", "set aside", "pocket money", "argent de poche", "taschengeld", "paga semanal",
        "mesada", "paghetta", "zakgeld",
        // A debit still to come, in more of the languages banks write in ("wird am 12.12. eingezogen").
        "wird am", "proběhne", "bude stržen", "bude odečten", "zostanie pobran", "zostanie obciążon",
        "zostanie zrealizowan", "verrà addebitat", "será realizado", "será debitado", "será cobrado",
        "wordt afgeschreven", "va fi debitat", "va fi retras", "aura lieu", "overdrawn by",
        // What someone expects it to cost, and a quote, in more of the notes' languages; a charge to come.
        "dice circa", "dice unos", "dice unas", "dit environ", "sagt etwa", "sagt ca", "meint etwa", "wycena", "kosztorys",
        "jeszcze nie", "se cobrará", "se cargará", "se debitará", "será cargado",
        // Things only thought of: wish lists, comparisons, maybes.
        "wishlist", "wish list", "price check", "thinking about", "thinking of", "might get", "might buy", "considering",
        "still thinking", "still deciding", "need to decide", "have to decide", "decide by", "haven't decided", "not decided yet", "would cost", "would come to",
        "would be about", "would be around", "said it would be", "costaría", "coûterait", "würde kosten", "costaria", "costerebbe",
        "might book", "might order", "might pay", "maybe get", "maybe buy", "maybe book", "planning to", "plan to buy",
        "want to buy", "going to buy", "going to book", "will get it", "will get them", "will buy it", "will buy them",
        "gonna buy", "gonna get it", "back in stock", "sale next week", "sale starts",
        "haven't booked", "have not booked",
        // Wishes: a thing wanted, a plan still open, in the notes' languages ("want those trainers, 180",
        // "might go to the jazz night, 15"; not "wanted the burger but got the salad, 14.50").
        "want those", "want these", "want that ", "want this ", "i want the ", "i want a ", "i want one",
        "would love that", "would love those", "would love this", "would love the ", "would love a ",
        "would love to buy", "would love to get", "i'd love that", "i'd love those", "eyeing",
        "might go to", "might go for", "might do the", "might try the", "might sign up", "might join",
        "maybe go to", "maybe do the", "maybe try the", "maybe sign up",
        "me gustaría", "me encantaría", "quisiera", "j'aimerais", "je voudrais", "ça me tente", "hätte gern",
        "hätte gerne", "ich möchte", "quero aquele", "quero aquela", "quero esse", "quero essa", "quero aqueles",
        "vorrei", "mi piacerebbe", "ik wil graag", "zou graag",
        // Not bought after all, or free: the figure is a price seen.
        "angebot vom", "angebot von", "offerte van", "offerte:", "見積", "fällig", "scadenza", "vervalt",
        "überlege noch", "überlege", "je réfléchis", "lo pienso", "todavía no lo", "aún no lo", "ainda não",
        "vou pensar", "ci penso", "non l'ho ancora", "まだ決めて", "検討中", "nog niet gekocht",
        "didn't buy", "did not buy", "didn't fill up", "did not fill up", "didn't order", "didn't book", "didn't get it", "skipped it", "too expensive", "decided against", "passed on it",
        "no lo compré", "pas acheté", "nicht gekauft", "não comprei",
        // Prices that change or open later, and money still to send.
        "goes up to", "price rise", "go on sale", "goes on sale",
        // Prices seen and money promised, not paid.
        // ("prices at" and "I'll pay" were left out: "prices at the airport are mad, 9 for a coffee" was paid.)
        "price list", "pledged", "will pay after", "will pay later", "will pay when",
        "need to send", "have to send", "must send", "need to transfer", "need to give",
        // ("asked me for" and "told me to pay" left out: "the waiter asked me for a tip, left 5" was paid.)
        "asked me to pay", "wants me to pay", "want me to pay", "me pidió que le pag", "m'a demandé de payer",
        "me pediu para pagar",
        // Debts the writer still has to pay, and limits set for later.
        "i owe ", "we owe ", "still owe ", "i'm owed", "i am owed", "owed to me", "le debo", "je dois", "ich schulde", "eu devo", "gli devo",
        "à rembourser", "por devolver", "zurückzuzahlen", "da restituire", "a devolver",
        // Decisions still open. (Not "owes me": "I covered the taxi, 44, Tom owes me 22" was paid.)
        "waiting to hear", "waiting to see", "waiting for approval", "pending approval", "not booked yet",
        "not bought yet", "noch nicht bezahlt", "noch nicht gebucht", "pas encore payé",
        "pas encore décidé", "pas encore réservé", "non ancora pagato", "non ancora deciso", "nog niet betaald",
        "nog niet beslist", "todavía no he pagado", "todavía no decid", "nicht entschieden",
        "spending limit", "monthly limit", "weekly limit", "limit for", "allowance for", "límite de gasto",
        "limite de dépenses", "ausgabenlimit",
        // Bills issued but not paid, and offers.
        "has been generated", "bill is now available", "statement is now available", "total outstanding",
        "amount payable", "minimum payable", "avoid late fee", "avoid a late fee", "terms apply", "t&c apply", "t&cs apply",
        "t&c's apply", "conditions apply", "exclusive offer", "statement credit", "apply now",
        "kommt noch", "à payer", "a pagar", "por pagar", "zu zahlen", "da pagare",
        // Fines contested, prices listed, bookings still to make.
        "contesting", "disputing", "prices for", "will book", "booking next", "book next",
        // A discount on a purchase still to come.
        "off your next", "off my next", "off next ride", "off next order", "off next purchase", "off next trip",
        // Bills still to pay and debits to come, in the notes' languages; a free trial not yet charged.
        "pendiente de pago", "pendiente de pagar", "à régler", "vence dia", "vence no dia", "vence el", "vence em",
        "vence mañana", "vence amanhã", "scade il", "scade domani", "kommt nächste", "kommt am", "来週引き落とし",
        "free trial", "trial started", "trial ends", "prueba gratuita", "essai gratuit", "teste grátis", "prova gratuita",
        "raising the price", "raising prices", "raises the price", "price drop", "dropped to", "went down to",
        "maybe next", "maybe later", "maybe tomorrow", "are around", "are about", "goes for",
        // Questions of buying, and a price raised for later.
        "should i get", "should i buy", "should i book", "should we get", "should we buy", "should we book", "shall i get",
        "shall we get", "worth buying", "worth getting", "is it worth", "debería comprar", "deberíamos comprar",
        "devrais-je", "dois-je acheter", "soll ich", "sollte ich", "sollen wir", "devo comprar", "dovrei comprare",
        // ("raises the" alone is not one: "the tip raises the bill to 55" was paid.)
        "raises the monthly", "raises the annual", "raises the fee", "raises the rent", "raising the rent", "raises its price",
        "raises their price", "raises prices", "increases the price", "increasing the price", "puts up the price", "putting up the price",
        // A bank's target to spend for a reward ("Spend Rs 5,000 in 30 days to get a voucher").
        "spend rs", "spend inr", "spend ₹", "spend usd", "spend $", "spend a minimum", "spend at least", "spend over",
        "if we ", "if i ", "si on ", "wenn wir ", "wenn ich ",
        // Requests to approve and instructions set up for later.
        "запрос на оплату", "запрос денег", "запит на оплату", "pedido de pagamento", "demande de paiement",
        "zahlungsanforderung", "prośba o płatność", "ödeme talebi",
        "request to pay", "approve in your", "approve the request", "standing instruction", "standing order set",
        "direct debit set", "instruction set up",
        "будет списан", "будет списана", "к оплате", "оплатите до", "срок оплаты", "буде списано", "son ödeme",
        "jatuh tempo", "vence el", "vencimento", "do zapłaty", "termin płatności", "задолженность", "минимальный платеж",
        "минимальный платёж", "будет выполнен", "будет произведен", "будет проведен", "буде виконано",
        "zadolzhennost", "k oplate", "vypiska", "budet spisan", "запланирован", "zaplanirovan", "напоминаем",
        "napominaem", "ожидается списание", "выставлен счет", "выставлен счёт", "vystavlen schet",
        // Holds: a card checked or an amount reserved, not charged.
        "pre-authorization", "pre-authorisation", "preauthorization", "preauthorisation", "pre-auth", "preauth",
        "authorization hold", "authorisation hold", "is a hold", "not a charge", "hotel hold",
        "deposit hold", "temporary hold", "held on your card", "put a hold",
    ]
    /// Someone paying the writer back, or sending their part.
    static let repaymentCues: Set<String> = ["paid me back", "paid back", "sent me", "paid me", "venmoed me", "transferred me",
                                             "me devolvió", "me devolvio", "me pagó", "me pago", "m'a remboursé", "me devolveu",
                                             "me pagou", "mi ha ridato", "mi ha pagato", "zurückgezahlt", "zurückbezahlt"]

    /// True when a repayment cue follows, in a later clause, a figure the note prices: "Drinks 45,
    /// Tom sent me 15 for his" (not "Tom sent me 15 for the drinks", the note's only figure).
    static func repaidAfterAPrice(_ lowered: String, candidates: [AmountCandidate]) -> Bool {
        guard let cue = repaymentCues.compactMap({ lowered.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else {
            return false
        }
        let characters = Array(lowered)
        return figure(in: candidates, before: cue.lowerBound, of: lowered) { characters[$0].contains { ",.;—–".contains($0) } }
    }

    /// True for a figure the note writes (not one computed) that ends before `index`, and whose
    /// stretch of characters up to it passes `between`.
    private static func figure(in candidates: [AmountCandidate], before index: String.Index, of lowered: String,
                               between: (Range<Int>) -> Bool = { _ in true }) -> Bool {
        let at = lowered.distance(from: lowered.startIndex, to: index)
        return candidates.contains { !$0.isComputed && $0.range.upperBound <= at && between($0.range.upperBound..<at) }
    }

    /// Money coming in: not an expense unless the message also says money went out.
    static let incoming = [
        "received", "recebi", "recibí", "ricevuti", "ricevuto", "reçu", "recu ", "erhalten", "eingegangen",
        // Cash paid in at a branch or machine.
        "depósito en efectivo", "deposito en efectivo", "depósito em dinheiro", "deposito em dinheiro", "bareinzahlung",
        "dépôt d'espèces", "versamento in contanti",
        "credited with", "is credited", "credited to your", "credited to a/c", "credited to ac", "credited to account",
        "credited to acct", "credited me", "credited from", "credited by", "got credited", "was credited", "were credited",
        "been credited", "deposit matured", "has matured", "received from", "hit my account", "zachisl",
        "postuplen", "zarakhovano", "gutschrift", "deposited into", "popolnenie",
        // Money handed to the writer, or paid into their own account.
        "deposited in", "has been deposited", "gutgeschrieben", "abonado", "abono en", "abono de", "abono por", "abono a tu", "abono a su",
        "a tuo favore", "a suo favore", "a tu favor", "a su favor", "recebeu", "creditado",
        "creditada", "accreditato", "accredito", "bijgeschreven", "bijschrijving", "gecrediteerd", "crédité", "créditée",
        "ach credit", "direct deposit", "from your bank account", "from your linked bank", "added money to your wallet",
        "sent me", "paid me", "venmoed me", "transferred me", "paid into", "into my account",
        "into savings", "sold my", "sold the", "sold our", "vendí ", "j'ai vendu", "verkauft", "vendi ",
        "vendu mon", "vendu ma", "vendu mes", "vendu notre", "ho venduto", "abbiamo venduto", "vendei ", "verkocht:",
        "heb verkocht", "verkocht voor",
        "venmo'd me", "zelle'd me", "zelled me", "paypal'd me", "e-transferred me", "lent me",
        "recibiste", "has recibido", "te enviaron", "te transfirieron", "para girişi", "gelen havale", "gelen eft",
        "yatırıldı", "cash deposit", "from your savings", "to current account",
        "to own account", "own account transfer", "to my savings", "to savings",
        // Money earned or given to the writer.
        // Gifts to the writer ("Gutschein geschenkt bekommen", "me regalaron un vale").
        "geschenkt bekommen", "geschenkt gekriegt", "me regalaron", "me regaló", "me han regalado", "m'a offert",
        "m'ont offert", "mi ha regalato", "mi hanno regalato", "ganhei de presente", "me deu de presente",
        "interest earned", "earned interest", "bank interest", "got paid", "i was paid",
        // Paid for the writer's work ("cobré 300 por el diseño", "j'ai encaissé", "ho incassato").
        "cobré", "he cobrado", "j'ai encaissé", "ho incassato", "ich habe kassiert", "dividend", "winnings", "bonus paid", "bonus came", "bonus credited", "money from",
        "dinero de", "argent de", "geld von", "dinheiro de", "gagné", "ganhei", "gané", "gewonnen",
        "зачисление", "зачислено", "зачислен", "поступление", "поступил", "пополнение", "зарахування", "зараховано",
        "надходження", "поповнення", "получен перевод", "вам перевели", "перевод от", "perevod ot", "внесение наличных", "vnesenie nal",
        "vneseniye nal", "popovnennia", "popovnennya", "zarakhuvannia",
        "zarakhuvannya", "түсті", "umepokea",
        "umetumiwa", "dana masuk", "transfer masuk", "uang masuk", "kredit masuk", "diterima dari", "wpływ", "uznanie", "recebido", "nhận được", "credited by",
        "recibida", "recibido", "deposit of", "deposit to your", "gelmistir", "gelmiştir", "gönderen:", "gonderen:",
        "postupil", "postupleni", "popolnen", "vam pereveli", "acreditado", "acreditada", "acreditación", "se acreditó", "se acredito", "crédito de",
        "收到", "转入", "入账", "到账", "存入", "입금", "入金", "รับเงิน", "เงินเข้า", "إيداع", "nhan tien", "nhận tiền",
        "recebimento", "đã nhận", "nakatanggap", "pripísan", "pripisan", "prejeli ste", "keni marrë", "keni marre",
        "olet saanut", "mədaxil", "medaxil", "daxil oldu", "kirim", "orlogo",
        // Received or credited, in more of the languages banks write in.
        "dikreditkan", "încasare", "надійшло", "надійшов", "надійшла", "in entrata", "přišla platba", "λάβατε", "du har fått",
        "har fått", "modtaget", "modtog", "maksoi sinulle", "uplata od", "primili ste", "primljena uplata",
        "получихте", "получен превод", "შემოსავალი", "ienākošais", "ienākošs", "gauta įmoka", "gautas pervedimas",
        "se acreditará", "te acreditamos",
        // Sent to the writer ("mamá me mandó 100", "Oma hat mir 50 € überwiesen").
        "me mandó", "me envió", "me mandaron", "me enviaron", "me transfirió", "me hizo un bizum",
        "m'a envoyé", "m'a viré", "m'a fait un virement", "mi ha mandato", "mi ha inviato", "mi ha fatto un bonifico",
        "me mandou", "me enviou", "me transferiu", "me fez um pix", "zugesteckt",
        "振り込まれ", "振込まれ", "から振込", "支給", "on savings", "on my savings",
        "bonus this", "got my bonus", "year-end bonus", "annual bonus", "quarterly bonus",
        // Received, as Spanish, Estonian, Lithuanian and Georgian (in Latin letters) banks write it.
        "recepción de transferencia", "transferencia recibida", "laekumine", "gauta ",
        "charicxva", "chairicxa", "shemosavali",
        // Paid into the writer's account, as Balkan, Nordic and Romanian banks write it.
        "uplata na račun", "uplata na racun", "uplata na vaš", "til din konto", "till ditt konto", "auf ihr konto",
        "a fost creditat", "creditată", "creditata", "creditat în", "creditat in",
        // Deposits in, as Dutch, Polish and others write them; a payment waiting for the writer to accept.
        "storting van", "storting op", "wpłata", "wplata", "otrzymano", "przelew przychodzący", "przelew od",
        "waiting for you", "accept it", "claim it", "claim your",
        "te depositaron", "depositaron", "vy poluchili", "вы получили", "ви отримали", "отримано", "uznan", "收入",
        "hesabınıza", "hesabiniza", "kartınıza", "kartiniza", "ჩაირიცხა", "ჩარიცხვა", "tushdi", "kartangizga",
        "орлого", "příchozí", "připsána", "постъпление", "priliv", "прилив", "πίστωση", "κατάθεση", "זיכוי",
        "suplinire", "alimentare cont", "kreditna transakcia", "kreditná transakcia",
        "indbetaling", "innbetaling", "ind på din konto", "er indsat", "indsat på", "satt inn på", "insatt på", "mottatt", "tilillesi", "saapunut", "laekus", "ieskaitīt",
        "įskaityta", "واریز", "حوالة واردة", "استرداد", "รับโอน", "คืนเงิน", "เข้าบัญชี", "환불", "退款", "返金",
        "maaş", "vrácení", "zwrot", "vrácen",
        // Money in, as Norwegian, Finnish, Croatian and Malay banks write it.
        "innskudd", "tilillepano", "priljev", "pindahan masuk", "duit masuk",
        "входящий перевод", "vhodyashchiy", "vkhodyashchiy", "vhodyaschiy", "приход", "prihod", "начислен", "nachislen",
        "выплата", "vyplata", "вхідний", "кіріс", "түсім", "tushum", "тушум", "кирим", "to'ldirish", "toldirish",
        "толуктоо", "tolyktoo", "toluktoo", "залічэнне", "вяртанне", "inward remittance", "credit alert", "credit transaction",
        "has been credited", "was credited", "were credited", "been credited", "кэшбэк", "keshbek",
        "incoming transfer", "incoming payment", "eingang:", "zahlungseingang", "ontvangen", "menerima", "telah masuk",
        "masuk ke rekening", "otrzymałeś", "otrzymano", "wpłynęło", "připsáno", "přijatá platba", "ai primit",
        "jóváírás", "insättning", "natanggap", "ได้รับเงิน", "has been loaded with", "was loaded with", "wallet loaded with",
        "interest on savings", "interest on my savings", "savings interest", "on your savings",
        "disbursed", "reward points", "points worth", "you earned", "interest credited", "paid to your", "into your",
        "from your checking",
        // Things the writer sold on, and payouts from a platform ("the Resello sale went through, 18").
        "sale went through", "payout from", "payout of", "revendu", "revendí", "revendi ", "weiterverkauft",
        // Came in, in Polish.
        "wpłynęła", "wpłynął", "wplynela", "wplynal",
        // A cheque paid in, and money moved into the writer's own wallet.
        "cheque deposited", "check deposited", "deposited on", "has been cleared", "balance top-up", "balance top up",
        "wallet top-up", "wallet top up", "topped up your wallet", "cashed the", "cashed a ", "cashed my",
    ]
    /// Reminders, to-dos and lists.
    /// Money held or disputed, not paid: a card hold ("a hold of $150 was placed"), a
    /// pre-authorisation, a dispute or chargeback raised.
    static let heldOrDisputed = [
        "hold of", "a hold", "placed a hold", "is holding", "are holding", "was holding", "hold has been", "hold was placed", "hold placed", "pre-authori", "preauthori",
        "authorization hold", "authorisation hold", "pré-autoris", "preautoriz", "pre-autoriz", "vorautorisier", "vormerkung",
        "is on hold", "on hold on", "put on hold", "placed on hold",
        "dispute raised", "dispute has been", "disputed", "chargeback", "réclamation", "reclamación", "reklamation",
    ]
    /// A sales message: an offer, not a payment ("Recharge now with Rs 299 and get …").
    static let promotions = [
        "recharge now", "buy now", "shop now", "apply now", "order now", "book now", "offer ends", "offer valid",
        "use code", "promo code", "limited time offer", "hurry", "last chance", "don't miss", "ne manquez pas",
        "no te lo pierdas", "jetzt kaufen", "compra ya", "achetez maintenant", "oferta válida", "offre valable",
        "tnc apply", "cashback up to", "limited period",
    ]

    static let notes = [
        // Points earned, a limit changed: news about the account, nothing paid (a purchase it names was told before).
        "points worth", "you have earned", "you've earned", "limit has been increased", "limit has been enhanced",
        "limit has been changed", "limit has been updated", "has been increased to", "has been enhanced to", "new credit limit",
        "reminder", "remind me", "don't forget", "recordar", "no olvidar", "acordarme", "ne pas oublier", "nicht vergessen",
        "daran denken", "lembrar de", "não esquecer", "ricordarsi", "ricordare di", "non dimenticare", "non scordare", "niet vergeten", "忘れずに", "to do:", "todo:", "todo list", "to-do", "list:", "lijst", "liste:", "lista:", "need:",
        "shopping list", "grocery list", "liste de courses", "einkaufsliste", "lista de la compra", "lista de compras",
        "lista della spesa", "boodschappenlijst", "買い物リスト",
        "remember to", "recordatorio", "lembrete", "rappel", "erinnerung", "promemoria", "herinnering", "påminnelse",
        "påmindelse", "przypomnienie", "need to pay", "have to pay",
        "must pay", "need to buy", "tengo que pagar", "hay que pagar", "il faut payer",
        "tenho que pagar", "preciso pagar", "devo pagare", "bisogna pagare",
        "to buy:", "to get:", "courses:", "compras:", "einkaufen:", "no idea how much", "otp is", "otp for", "is your otp", "one time password", "is your",
        "your otp", "otp to", "verification code", "mandate for", "mandate has been", "mandate registered",
        "mandate created", "first debit", "currently have", "avez actuellement", "tiene actualmente", "haben derzeit",
        // A purchase's return still open: a reminder about it, no payment.
        "return window", "return it by", "returns close",
        // A present to the writer ("got a 25 gift card for my birthday"; one bought for someone else is spent).
        "gift card for my birthday", "voucher for my birthday", "for my birthday from", "gift card for my bday",
    ]
    /// Totals over a period ("my October expenses total 1,243", "so far this month"): a summary, not a payment.
    static let periodTotals = [
        "so far this month", "so far this week", "this month so far", "this week so far", "expenses total",
        "total expenses", "total spending", "spending total", "weekly total", "monthly total", "monthly spend", "monthly spending",
        "spending summary", "gastos del mes", "gastos do mês", "dépenses du mois", "total du mois", "monatsausgaben", "ausgaben im monat",
        "spese del mese", "mini statement", "mini-statement", "spent this week", "spent this month", "week's spending", "month's spending",
    ]
    /// Someone else paid ("Dad got the check"); with "I" or "we" before the verb the writer did.
    static let someoneElsePaid = ["got the check", "got the bill", "picked up the check", "picked up the tab",
                                  "picked up the bill", "paid for me", "paid for us", "treated me", "treated us",
                                  "me invitó", "m'a invité", "paid directly", "covered the", "covered it", "covered lunch",
                                  "covered dinner", "on the house", "covered my", "invited me", "bought me", "paid for my",
                                  "bought it for me", "bought them for me", "got it for me", "got them for me",
                                  "paid it for me", "bought it for us", "got it for us", "paid it for us"]
    /// Someone else paid only part of it ("insurance covered the rest").
    static let partCovered = ["paid half", "paid her half", "paid his half", "paid her share", "paid his share",
                              "paid their share", "covered the rest", "covered the remainder", "covered the balance", "covered the difference",
                              "covered most", "covered part", "covered half"]
    /// Who else pays for the writer, before "paid" ("my parents paid for the flight", "the client paid").
    static let otherPayers: Set<String> = [
        "mom", "mum", "dad", "parents", "mother", "father", "boss", "client", "company", "employer", "work", "sister",
        "brother", "partner", "wife", "husband", "office", "department", "roommate", "flatmate", "housemate", "colleague", "coworker", "cousin", "grandma", "grandpa", "granny", "nana", "oma", "opa", "abuela", "abuelo", "nonna",
        "nonno", "avó", "avô", "mamie", "papy", "friend", "friends", "host", "uncle", "aunt",
        "jefe", "jefa", "padre", "madre", "papá", "mamá", "padres", "empresa", "père", "mère", "papa", "maman",
        "patron", "patronne", "vater", "mutter", "mama", "eltern", "chef", "chefin", "firma", "pai", "mãe", "chefe",
        "papà", "mamma", "capo", "azienda", "vader", "moeder", "baas",
        // Siblings, friends and colleagues in the notes' other languages.
        "bruder", "schwester", "freund", "freundin", "kollege", "kollegin", "hermano", "hermana", "amigo", "amiga",
        "compañero", "compañera", "frère", "sœur", "soeur", "ami", "amie", "collègue", "fratello", "sorella", "amico",
        "amica", "collega", "irmão", "irmã", "colega", "broer", "zus", "vriend", "vriendin",
        // Employers, as the notes' other languages name them.
        "entreprise", "boîte", "société", "employeur", "arbeitgeber", "bedrijf", "werkgever",
    ]
    /// "paid" in the notes' languages, after whoever paid ("mi jefe la pagó", "Papa hat das Essen bezahlt").
    static let paidVerbs: Set<String> = ["pagó", "pago", "invitó", "payé", "offert", "bezahlt", "spendiert", "pagou",
                                         "pagato", "offerto", "betaald", "trakteerde", "ofereceu", "eingeladen", "zapłacił", "zapłaciła"]
    /// Words before whom the money was for ("für Papa", "pour ma mère", "for dad").
    private static let beneficiaryMarks: Set<String> = ["for", "für", "pour", "para", "per", "voor", "de", "di"]
    /// The writer, before the verb ("ich habe bezahlt" is the writer's).
    private static let writerWords: Set<String> = ["i", "we", "yo", "je", "j", "ich", "eu", "io", "ik", "wir", "nous"]
    /// The writer does not know what it cost.
    static let unknownAmount = [
        "forgot what", "forgot how much", "forgot the price", "can't remember how much", "cannot remember how much",
        "don't know how much", "didn't check the price", "amount unknown", "price unknown", "no sé cuánto",
        "je ne sais plus combien", "weiß nicht mehr wie viel", "não sei quanto",
    ]
    /// Notes that start by telling the writer what to do ("pick up …", "pay back Marco 30", "ask Sam …").
    /// (And the infinitives Spanish, Portuguese, French and Italian to-dos open with: "pagar alquiler 850 € el lunes".)
    static let imperatives = ["pick up", "pay back", "ask ", "buy ", "call ", "book ", "order ", "cancel ", "renew ",
                              "pagar ", "payer ", "pagare ", "comprar ", "acheter ", "comprare ", "reservar ", "réserver "]
    /// German and Dutch to-dos end with the infinitive ("Miete 900 € am 1. überweisen").
    static let closingInfinitives: Set<String> = ["überweisen", "ueberweisen", "bezahlen", "zahlen", "kaufen", "besorgen",
                                                  "buchen", "betalen", "kopen", "overmaken", "boeken"]
    /// Money moving out.
    /// How a balance alert opens.
    static let balanceOpenings = ["available balance", "avl bal", "avbl bal", "your balance", "your available balance",
                                  "balance in your", "the balance", "current balance", "saldo disponible", "saldo disponível",
                                  "tu saldo", "seu saldo", "votre solde", "solde disponible", "ihr kontostand", "kontostand",
                                  "saldo de su", "saldo de tu", "saldo da sua", "saldo do seu", "saldo della", "saldo van",
                                  "balance enquiry", "balance inquiry", "low balance", "balance alert", "minimum balance", "bal in", "a/c bal", "acct bal", "account balance",
                                  "dostupno", "ostatok", "bakiyeniz", "saldo anda"]

    static let spending = ["debited", "spent", "paid", "sent", "purchase", "withdrawn", "withdrawal", "charge", "used for",
                           "oplata", "pokupka", "spisanie", "compra", "achat", "zahlung", "покупка", "оплата", "списание",
                           "списано", "zakup", "harcama", "transaksi", "umelipa", "retiro"]

    /// Phrases that say money left the account, even in a message that also mentions money coming in.
    static let moneyWentOut = ["debited", "spent", "purchase", "withdrawn", "paid to", "sent to", "transferred to",
                               "oplata", "pokupka", "spisan", "bill payment", "payment of", "покупка", "оплата", "списан",
                               "harcama"]

    /// The cue words of the tables above as banks send them over SMS, without accents ("wpływ" →
    /// "wplyw", "échoué" → "echoue"), where that differs; five letters or more, matched as whole words.
    private enum Folded {
        // (Not the words that also give change back: "me devolvio 5" after paying.)
        static let refundsAndFailures = folded(refunds.filter { !changePhrases.contains($0) } + failed)
        static let notYet = folded(ExpenseSignals.notYet)
        static let incoming = folded(ExpenseSignals.incoming)

        private static func folded(_ cues: [String]) -> [String] {
            let written = Set(cues)
            return cues.map(withoutAccents).filter { cue in
                !written.contains(cue) && cue.count >= 5 && cue.unicodeScalars.allSatisfy(\.isASCII)
            }.uniqued()
        }

        /// Latin letters without their marks; the letters that are not a base letter and a mark too.
        static func withoutAccents(_ text: String) -> String {
            let letters: [Character: String] = ["ł": "l", "ı": "i", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"]
            let plain = text.map { letters[$0] ?? String($0) }.joined()
            return String(String.UnicodeScalarView(plain.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                !(0x300...0x36F).contains($0.value)
            }))
        }
    }

    /// - Parameter candidates: the note's amount candidates, when already found.
    static func isExpense(_ note: String, candidates: [AmountCandidate]? = nil) -> Bool {
        let candidates = candidates ?? AmountFinder.candidates(in: note)
        // The candidates' ranges are offsets in the whole message.
        let whole = note
        // "Get a loan today", "offer": a bank's advice says nothing about this transaction.
        let note = BankMessage.transactionPart(of: note)
        let lowered = note.lowercased()
        let text = SearchableText(lowered)
        guard RuleFamilies.active.contains(.nonExpenseCues) else {
            return !candidates.isEmpty || spending.contains { text.contains($0) }
        }
        // "pagué 50, me devolvieron 7,50": change handed back after the writer paid is no refund.
        let paidAndChange = Self.writerPaidWords.contains { text.contains($0) }
        // "returned home by taxi, 22" travels; no goods went back.
        let isJourney = lowered.firstMatch(of: Self.journeyReturn) != nil
        // "paid back Tom 25", "I paid back the loan": the writer repaid ("Tom paid back 25" is money in).
        let writerRepaid = lowered.firstMatch(of: Self.writerPaidBack) != nil
        // "Dinner 80, Ana paid me back 40": paid back for a bill the note prices first, the writer paid the bill.
        let repaidAfterPrice = !BankMessage.reads(whole) && repaidAfterAPrice(lowered, candidates: candidates)
        let refundPhrases = refunds.filter {
            !(paidAndChange && Self.changePhrases.contains($0)) && !(isJourney && $0 == "returned") && !(writerRepaid && $0 == "paid back")
                && !(repaidAfterPrice && Self.repaymentCues.contains($0))
        }
        // The terms of a sale name a refund not received; a plan cancelled and another bought is a purchase.
        let termsOut = lowered.firstMatch(of: Self.refundTerms) == nil ? text : SearchableText(lowered.replacing(Self.refundTerms, with: " "))
        let failures = lowered.firstMatch(of: Self.cancelledThenBought) == nil ? failed : failed.filter { !$0.hasPrefix("cancel") }
        // "card declined at first, then paid cash 12", "Erinnerung: Friseur 30 € bezahlt": the writer paying
        // after a failure, a reminder's word or a hold settles it (a refund or a period's total does not).
        let isBank = BankMessage.reads(whole)
        let writerPaid = isBank ? nil : writerPaidRange(in: lowered)
        for (table, searched, settledByPaying) in [(refundPhrases, termsOut, false), (failures, termsOut, true), (notes, text, true),
                                                   (heldOrDisputed, text, true), (periodTotals, text, false)] {
            guard let cue = table.first(where: { searched.contains($0) }) else { continue }
            if settledByPaying, let paid = writerPaid, let at = lowered.range(of: cue), at.upperBound <= paid.lowerBound { continue }
            return false
        }
        // Messages sent without accents ("Wplyw", "Tranzactie respinsa"): the cue words folded, as whole words.
        if Folded.refundsAndFailures.contains(where: { termsOut.contains($0, wholeWord: true) }) { return false }
        // "paid the plumber 180 (quote was 200)", "hotel 240 (budget 300)": a figure in brackets set
        // beside the one paid compares it; its quote or budget is not this note's.
        // "a budget hotel", "budget-friendly": cheap, not a budget set.
        var withoutAsides = lowered.replacing(Self.bracketedFigure, with: " ")
        // "budget blown", "over budget": a budget spent, no budget set.
        if withoutAsides.contains("budget") {
            withoutAsides = withoutAsides.replacing(Self.budgetAsCheap, with: "cheap").replacing(Self.budgetSpent, with: " ")
        }
        // "Auto-debit of $14.99 processed. Next payment due 01/01/27": a sentence about the next payment,
        // with no money of its own, says nothing of this one.
        let thisPayment = withoutNextPayment(lowered)
        if thisPayment != lowered { withoutAsides = withoutNextPayment(withoutAsides) }
        let notYetText = withoutAsides != lowered && withoutAsides.contains(where: \.isNumber) ? SearchableText(withoutAsides) : text
        // "Plumber came, quote was fair, paid 220": a clause of the writer paying settles it.
        let writerPaysInClause = writerPaid != nil
        // "estimated 35 but the taxi was 41 in the end": the figure paid follows the estimate.
        if notYet.contains(where: { notYetText.contains($0) })
            || Folded.notYet.contains(where: { notYetText.contains($0, wholeWord: true) })
            || thisPayment.firstMatch(of: Self.figureNotYetPaid) != nil || lowered.firstMatch(of: Self.moneyRequested) != nil,
           lowered.firstMatch(of: Self.outcomeAfterEstimate) == nil, !writerPaysInClause { return false }
        if lowered.firstMatch(of: Self.cardBillPaid) != nil { return false }
        // "transferred to your account" is money in.
        // "on your next bill payment", "on your last purchase": another transaction than this one.
        // (The pattern is only tried where one of its words is: Regex matching is slow.)
        let notToTheWriter = lowered.replacing(Self.toTheWriter, with: "")
        let mentionsAnother = ["next", "last", "previous"].contains { text.contains($0) }
        let outgoing = SearchableText(mentionsAnother ? notToTheWriter.replacing(Self.otherTransaction, with: "") : notToTheWriter)
        let spends = moneyWentOut.contains { outgoing.contains($0) }
        if !spends && promotions.contains(where: { text.contains($0) }) { return false }
        // Money found or lost, put into a jar, cashback got, a need or an expectation written first.
        if !spends && !paidAndChange && (lowered.firstMatch(of: Self.foundOrLost) != nil || lowered.firstMatch(of: Self.putIntoSavings) != nil
            || lowered.hasPrefix("need ") || lowered.hasPrefix("expected ") && lowered.firstMatch(of: Self.outcomeAfterEstimate) == nil
            || text.contains("cashback on the")
            || text.contains("cashback on my")) {
            return false
        }
        // A plan for a day to come priced roughly ("lunch at Varro tomorrow, around 30 each"): not spent yet.
        if !spends, !paidAndChange, writerPaid == nil, lowered.firstMatch(of: Self.comingDay) != nil,
           lowered.firstMatch(of: Self.roughly) != nil, lowered.firstMatch(of: Self.doneAlready) == nil {
            return false
        }
        // The note's only figures saved or given back ("coupon saves 5", "tax return: 412 back").
        // ("I sent 30 back to the shop" gave it.)
        if !spends, !paidAndChange, let match = lowered.firstMatch(of: Self.savedOrBack),
           lowered.firstMatch(of: Self.gaveFigureBack) == nil,
           !candidates.isEmpty, candidates.allSatisfy({ $0.isComputed || Self.lies($0.range, within: match.range, of: lowered) }) {
            return false
        }
        // Money lent, or given back to the writer as the note's only figure (after paying, it is change).
        if !spends && !paidAndChange && lowered.firstMatch(of: Self.lentOut) != nil { return false }
        if !paidAndChange, let back = lowered.firstMatch(of: Self.gaveMeBack), back.output.contains("back"),
           candidates.allSatisfy({ $0.isComputed || Self.lies($0.range, within: back.range, of: lowered) }) {
            return false
        }
        // "owe Sam 20 for the tickets", "I owe the landlord 50": a debt, not paid yet.
        if !spends && !paidAndChange && (lowered.hasPrefix("owe ") || text.contains("i owe ") || text.contains("we owe ")) { return false }
        let incomingCues = repaidAfterPrice ? incoming.filter { !Self.repaymentCues.contains($0) } : incoming
        if (incomingCues.contains(where: { text.contains($0) }) || Folded.incoming.contains(where: { text.contains($0, wholeWord: true) }))
            && !spends && !writerPaysInClause { return false }
        // "got 30 from Sam": money handed to the writer.
        if (lowered.firstMatch(of: Self.gotFrom).map { !Self.isChangeFromANote($0.range, in: lowered) } == true
            || lowered.firstMatch(of: Self.wonOrPaidIn) != nil
            || lowered.firstMatch(of: Self.sentToWriter) != nil
            // ("Groceries 56 and got 4 cashback": the credit came with a purchase the note prices first.)
            || lowered.firstMatch(of: Self.gotCredit).map({ !figure(in: candidates, before: $0.range.lowerBound, of: lowered) }) == true
            || lowered.firstMatch(of: Self.cameIn) != nil
            || text.contains("credited") && lowered.firstMatch(of: Self.incomeCredited) != nil
            || lowered.firstMatch(of: Self.payArrived) != nil
            || lowered.firstMatch(of: Self.transferFrom).map({ !lowered[$0.range.upperBound...].contains(Self.transferredOnTo) }) == true
            || lowered.firstMatch(of: Self.sentBack) != nil) && !spends { return false }
        // "got my deposit back": money returned (change handed back is part of a payment).
        // "handed over 20 …, got the rest back" is change too.
        if lowered.firstMatch(of: Self.gotBack) != nil && !text.contains("change") && !spends && !paidAndChange { return false }
        // "sold the old bike for 180", "invoiced the client 1,800": money the writer earns (a bank's
        // Romanian "sold" is a balance, so only in written notes).
        if !spends, lowered.firstMatch(of: Self.soldOrInvoiced) != nil, !isBank { return false }
        if lowered.firstMatch(of: Self.invoiceSent) != nil, !isBank, writerPaid == nil { return false }
        // "payment of 900 from Acme Studio for the mockups": paid to the writer ("payment of 50 from my
        // card", "from checking" is the writer's own). Not left to `appTransferFrom` below: "payment of"
        // is a word of money out, so that check, made only while none is written, never sees it.
        if lowered.firstMatch(of: Self.paymentFrom) != nil, !isBank { return false }
        // "Deposit ZAR 2,000.00 to acc …", "Money in R500.00 from …": a bank's word for money in, before
        // its figure ("Deposit of 50 for the class" in a written note is paid; a deposit charged is too).
        if isBank, lowered.firstMatch(of: Self.bankMoneyIn) != nil || lowered.firstMatch(of: Self.creditField) != nil
            || lowered.firstMatch(of: Self.signedCredit) != nil || writesCreditBeforeFigure(lowered),
           !spending.contains(where: { text.contains($0) }) {
            return false
        }
        // "Marta sent over 60", "Zelle from Mike 45", "invoice paid by Northwind": money someone sent
        // the writer, in a written note (a bank's "payment from your card" is the writer's).
        if !spends, !paidAndChange, !isBank, writesMoneyToTheWriter(note, lowered) { return false }
        // "sent 1,000 to your savings account", "Cash In Tk 2,000", "payment of 500 to your credit card":
        // money moved between the writer's own accounts, or paid into a wallet.
        if lowered.firstMatch(of: Self.ownAccounts) != nil || lowered.firstMatch(of: Self.toOwnSavings) != nil
            || lowered.firstMatch(of: Self.billIssued) != nil
            || lowered.firstMatch(of: Self.movedBetweenOwn) != nil { return false }
        // "transferred to your account by …", "added $50 to your wallet": money in, not charged.
        if !spends, let to = lowered.firstMatch(of: Self.toWritersAccount),
           !["charged", "billed", "debited", "posted"].contains(where: { lowered[..<to.range.lowerBound].hasSuffix("\($0) ") }) {
            return false
        }
        // "should run around 600", "Netflix will take 15.99": a figure still to come ("will take the
        // train next time, taxi 14" is not one).
        if lowered.firstMatch(of: Self.stillToCome) != nil || lowered.firstMatch(of: Self.saidFigure) != nil { return false }
        // "due Friday", "due 3 Dec": a bill not paid yet.
        if isDue(thisPayment) { return false }
        if isCreditLine(lowered) && !spends { return false }
        // "insurance covered the rest": someone else paid only a part; the writer paid theirs.
        let coveredOnlyPart = partCovered.contains { text.contains($0) }
        if let phrase = someoneElsePaid.first(where: { text.contains($0) }), !writerDid(phrase, in: lowered), !coveredOnlyPart {
            return false
        }
        if lowered.firstMatch(of: Self.pronounPaid) != nil, !coveredOnlyPart, !paidAndChange { return false }
        // "gift from grandma: 50": money given to the writer by someone who pays for them.
        if !spends, let gift = lowered.firstMatch(of: Self.giftFrom), otherPayers.contains(String(gift.output.1)) { return false }
        // "mum gave me 100": money handed to the writer (not change handed back).
        if lowered.firstMatch(of: Self.handedToWriter) != nil || lowered.firstMatch(of: Self.sentToWriterGerman) != nil, !spends,
           !text.contains("change"), !text.contains("back"), !paidAndChange {
            return false
        }
        if someoneElsePaidInWords(note), !writerPaidFirstPerson.contains(where: { text.contains($0) }) { return false }
        let words = lowered.split(whereSeparator: { !$0.isLetter })
        // "la cena la pagó mi jefe", "c'est mon père qui a payé", "Papa hat das Essen bezahlt".
        // Not when the writer paid ("ich habe das Essen für Papa bezahlt": Papa is whom it was for).
        for index in words.indices where paidVerbs.contains(String(words[index])) {
            let near = max(0, index - 4)..<min(words.count, index + 3)
            let payer = near.contains { position in
                otherPayers.contains(String(words[position]))
                    && (position == 0 || !Self.beneficiaryMarks.contains(String(words[position - 1])))
            }
            let writer = words[max(0, index - 7)..<index].contains { writerWords.contains(String($0)) }
            if payer && !writer { return false }
        }
        // "my boss paid", "the client is buying lunch", "Dad will cover it".
        for index in words.indices.dropLast() where otherPayers.contains(String(words[index])) {
            // Whom it was for, not who paid: "electricity for the office 143.27 paid", "flowers for mum, paid 30".
            let before = words[max(0, index - 2)..<index].map(String.init)
            if before.last.map(beneficiaryMarks.contains) == true
                || before.count == 2 && beneficiaryMarks.contains(before[0]) && ["the", "my", "our"].contains(before[1]) {
                continue
            }
            let next = String(words[index + 1])
            let then = index + 2 < words.count ? String(words[index + 2]) : ""
            // "friends will pay me back": the writer paid.
            let repays = index + 3 < words.count && ["me", "back"].contains(String(words[index + 3]))
            if ["paid", "covered", "treated", "pays", "buys", "bought", "sent", "transferred", "wired", "lent", "gave"].contains(next)
                || ["is", "will", "s"].contains(next) && ["buying", "paying", "pay", "cover", "covering", "treating"].contains(then)
                && !repays {
                return false
            }
        }
        // "Mia paid for the cinema, 24, my treat next time": someone named opening the note paid for it
        // (not when the writer paid too: "Mia paid for the tickets, I got the drinks 18").
        if !isBank {
            if let opener = note.firstMatch(of: Self.namedPayerOpens), isPersonsName(opener.output.1),
               !words.contains(where: { writerWords.contains(String($0)) }) {
                return false
            }
            // The same in French, German, Spanish, Portuguese, Italian and Dutch ("Pierre a payé le resto",
            // "Lena hat das Essen bezahlt", "O João pagou o jantar"), unless the writer paid in a clause of their own.
            if let opener = note.firstMatch(of: Self.namedPayerOpensElsewhere), isPersonsName(opener.output.1),
               writerPaidRange(in: note[opener.range.upperBound...].lowercased()) == nil {
                return false
            }
            // "Il conto l'ha pagato Giulia", "la cena la pagó Carlos": the one who paid named after the verb.
            // (Tried only where one of its verbs is: Regex matching is slow.)
            if ["pag", "payé", "offert", "invitó"].contains(where: lowered.contains),
               let payer = note.firstMatch(of: Self.namedPayerAfterVerb), isPersonsName(payer.output.1) {
                return false
            }
        }
        // "Tax return: 340 coming back", "Bonus 500 this month!": money on its way to the writer, pay.
        if !isBank, !spends, lowered.firstMatch(of: Self.figureComingBack) != nil || lowered.hasPrefix("bonus ") || lowered.hasPrefix("bonus:") {
            return false
        }
        if isToDo(lowered, original: note) { return false }
        // "Ksh3,500 transferred from M-Shwari account": from the writer's other account, to no one.
        if let from = lowered.range(of: "transferred from"),
           !lowered[from.upperBound...].split(whereSeparator: { !$0.isLetter }).contains("to") { return false }
        // "took the 42 bus, forgot what it cost": the writer says the amount is not there; a
        // figure written as money still counts.
        if unknownAmount.contains(where: { text.contains($0) }),
           !candidates.contains(where: { $0.currency != nil || $0.text.contains(".") || $0.text.contains(",") }) {
            return false
        }
        if text.contains("balance") && !spending.contains(where: { text.contains($0) })
            && candidates.isEmpty { return false }
        // A message that opens with the balance and says nothing was spent ("Available balance in
        // your a/c … is INR 12,340.55", "Saldo disponible …"): a balance alert.
        if balanceOpenings.contains(where: { lowered.hasPrefix($0) }), !spending.contains(where: { text.contains($0) }),
           !moneyWentOut.contains(where: { text.contains($0) }) { return false }
        // "+5,000,000VND": a bank writes money in with its sign; every figure left is such a credit.
        if !candidates.isEmpty, !spends, isBank {
            let characters = Array(whole)
            let credits = candidates.filter { isWrittenAsCredit($0, in: characters) }
            if !credits.isEmpty, credits.count == candidates.count { return false }
            // Beside a credit with its currency, a bare whole number is part of the transfer's
            // description ("+5,000,000VND … ND: LUONG THANG 11"), no payment.
            if credits.contains(where: { $0.currency != nil }), candidates.allSatisfy({ candidate in
                credits.contains(candidate) || candidate.currency == nil && !candidate.isComputed && !candidate.text.contains(".")
            }) { return false }
        }
        return !candidates.isEmpty || spending.contains { text.contains($0) }
    }

    /// True when `candidate`'s figure is written with a plus sign before it (" +5,000,000VND").
    private static func isWrittenAsCredit(_ candidate: AmountCandidate, in characters: [Character]) -> Bool {
        let start = candidate.range.lowerBound
        guard start >= 1, start <= characters.count else { return false }
        // The sign may stand before a currency written first ("+VND 5,000,000", "+$40").
        var index = start - 1
        while index > 0, characters[index].isLetter || "$€£¥₫ ".contains(characters[index]), start - index <= 5 { index -= 1 }
        return characters[index] == "+" && (index == 0 || characters[index - 1].isWhitespace)
    }

    // Regex is not Sendable; this one is never mutated, only matched.
    nonisolated(unsafe) private static let gotFrom = /\b(?:got|received|receive)\s+\S{0,3}\d[\d.,]*\s*\S{0,6}\s*(?:\w+\s+)?from\b/
    /// "got a 15 compensation", "received a 20 credit", "credited a 100 voucher": money or credit handed to the writer.
    nonisolated(unsafe) private static let gotCredit =
        /\b(?:got|received|get|credited(?:\s+me|\s+us)?)\s+(?:an?\s+|my\s+)?\S{0,3}\d[\d.,]*\s*\S{0,4}\s*(?:compensation|refund|credit|voucher|reimbursement|rebate|payout|bonus|cashback)\b/
    /// "Lohn 2.400 € ist da", "Gehalt ist gekommen": the writer's pay arrived.
    nonisolated(unsafe) private static let payArrived = /\b(?:lohn|gehalt|salär)\b(?:[^.;\n]|\.\d){0,24}\b(?:ist da|ist gekommen|ist eingegangen|kam)\b/
    /// "per diem came in", "the deposit came in": money that arrived ("came in at 45" is a price).
    nonisolated(unsafe) private static let cameIn = /\bcame\s+in\b(?!\s+(?:at|under|over|around|about|to)\b)/
    /// "Interest 4.20 credited", "bonus 300 credited today": money the writer got, named before its figure.
    nonisolated(unsafe) private static let incomeCredited =
        /\b(?:interest|dividends?|bonus|salary|cashback|refund|rebate|reimbursement|payout|pension|rewards?)\s*:?\s*\S{0,3}\d[\d.,]*\s*\S{0,4}\s*(?:was\s+|got\s+)?credited\b/
    /// "she paid mine", "they paid", "put it on his card": someone else paid.
    nonisolated(unsafe) private static let pronounPaid = /\b(?:she|he|they)\s+paid\b|\bpaid\s+mine\b|\bon\s+(?:her|his|their)\s+(?:company\s+)?card\b/
    /// "they said ~80", "he said about 200": a figure someone expects, not paid.
    nonisolated(unsafe) private static let saidFigure = /\b(?:they|he|she|mechanic|garage)\s+said\s+(?:about\s+|around\s+|~\s*|approx\.?\s+|maybe\s+)?[$€£]?\d/

    /// True when what was got came from a figure the writer handed over: "got 5 back from the 60",
    /// change, not money sent to them ("got 20 back from Sam" is).
    private static func isChangeFromANote(_ match: Range<String.Index>, in lowered: String) -> Bool {
        guard lowered[match].contains("back") else { return false }
        let rest = lowered[match.upperBound...].drop { $0 == " " }
        let afterArticle = ["the ", "my ", "a ", "our "].first { rest.hasPrefix($0) }.map { rest.dropFirst($0.count) } ?? rest
        return afterArticle.drop { !$0.isNumber && !$0.isLetter }.first?.isNumber == true
    }

    /// True when character offsets `range` fall inside `match`, a range of `lowered`.
    private static func lies(_ range: Range<Int>, within match: Range<String.Index>, of lowered: String) -> Bool {
        let start = lowered.distance(from: lowered.startIndex, to: match.lowerBound)
        let end = lowered.distance(from: lowered.startIndex, to: match.upperBound)
        return range.lowerBound >= start && range.upperBound <= end
    }

    /// A bracketed aside holding a figure: "(quote was 200)", "(budget 300)".
    nonisolated(unsafe) private static let bracketedFigure = /\([^()]*\d[^()]*\)/

    /// "budget" meaning cheap: before a hyphen ("budget-friendly") or a kind of thing sold cheap.
    nonisolated(unsafe) private static let budgetAsCheap =
        /\bbudget(?:-|\s+(?=(?:hotel|motel|hostel|inn|airline|airlines|flight|flights|carrier|rental|rent|car|cars|truck|van|brand|store|shop|supermarket|meal|menu|room|option|version)\b))/

    /// After an estimate, quote or budget, what it came to ("estimated 35 but the taxi was 41 in
    /// the end", "quoted 250, ended up paying 230", "budget 300 - final bill 280").
    /// Also an estimate or quote the writer then paid ("paid the 45 quote", "took the estimate and paid 340").
    nonisolated(unsafe) private static let outcomeAfterEstimate =
        /\b(?:estimat|quot|budget)\w*\b.*\b(?:ended up(?: paying| costing| at| being)?|came to|in the end|final bill|final price|final cost|actually paid|actual cost|but (?:it|the \w+) (?:was|cost))\s+(?:\w+\s+){0,3}?[$€£]?\d|^(?:i\s+|we\s+)?paid\s+(?:the\s+)?[$€£]?\d[\d.,]*\s+(?:quote|estimate)\b|^(?:i\s+|we\s+)?(?:just\s+|finally\s+)?paid\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:quote|estimate)\b|\b(?:quote|estimate)\b[^.;]{0,30}\b(?:and|then)\s+(?:i\s+|we\s+)?paid\s+[$€£]?\d/

    /// "Marlow Fenn requests $25.00", "… requests Rs 450": money asked of the writer, with its currency
    /// (not "room with special requests 120").
    nonisolated(unsafe) private static let moneyRequested = /\brequests\s+(?:[$€£₹¥]|[a-z]{1,3}[$.]?\s?)\d/

    /// A price that will rise to a figure ("going up to 17.99 next month"; "going up to the lake"
    /// travels) and a figure someone asks for ("the hotel wants 200 deposit"; "Mia wants pizza" is no figure).
    nonisolated(unsafe) private static let figureNotYetPaid =
        /\b(?:(?:going|goes|will go)\s+up\s+(?:to\s+)?|wants\s+|asking\s+for\s+|asks\s+for\s+)[$€£]?\d/

    /// The terms of a sale ("refundable deposit", "no refunds", "refund policy") and what would
    /// happen if ("no refund if rejected", "60 for the concert, refund if cancelled"): no refund
    /// received, nothing failed.
    nonisolated(unsafe) static let refundTerms =
        /\b(?:refund|return|returns|restocking|cancellation)\s+(?:fee|charge|shipping|postage|label)s?\b|\b(?:non-?)?refund-?able\b|\bno refunds?\b|\brefunds?\s+policy\b|\brefunds?\s+(?:take|takes|may take|can take|are processed|are issued)\b[^.;!?]*|\b(?:refunds?\s+)?(?:if|unless|in case|within)\b[^.,;!?]*/

    /// A plan or order called off, then another bought ("cancelled the old plan and bought the new one").
    nonisolated(unsafe) static let cancelledThenBought =
        /\bcancel+ed\b[^.;]{0,40}\b(?:(?:and|then)\s+(?:i\s+|we\s+)?(?:bought|paid|ordered|booked|got)|rebooked|re-booked|reordered)\b/

    /// "Tamsin transferred 40 back": someone other than the writer sent money back.
    nonisolated(unsafe) private static let sentBack = /^(?!i\b|we\b)[a-z]+\s+(?:sent|transferred|paid|gave|venmoed|returned|wired)\b.*\bback\b/

    /// "J D sent you $60.00": a bank telling the writer someone paid them.
    nonisolated(unsafe) private static let sentToWriter = /\b(?:sent|paid|transferred|wired)\s+you\s+[^\s\d]{0,4}\s?\d/

    /// Whom a transfer went to, after whom it came from ("… od Jana na racun Ane").
    nonisolated(unsafe) private static let transferredOnTo = /\s(?:для|dlya|komu|кому|получател|poluchatel|primalac|primatelj|příjemce|odbiorca)/
    /// "Перевод 15 000 ₸ от Айгерим Б.", "Uplata 15.000,00 RSD na racun … od PETROVIC": a transfer
    /// with its figure, then whom it came from (Russian, Serbo-Croatian, Czech, Polish), and no one it went to.
    nonisolated(unsafe) private static let transferFrom =
        /\b(?:перевод|perevod|uplata|prevod|převod|przelew)\b[^.;\n]{0,24}\d[^;\n]{0,40}?\s(?:от|ot|od)\s+(?!(?:вас|vas|moj|мой|моей|vaš|vase|vaše|twoj|twojego)\b)[^\s\d]/

    /// "will take 15.99", "should run around 600", "it'll run us 80", "the trip will be 45": a figure still to be paid.
    nonisolated(unsafe) private static let stillToCome =
        /\b(?:will|should|'ll|would|(?:is|are|'s|'re)\s+going\s+to|gonna)\s+(?:(?:probably|likely|prob|maybe|easily|definitely)\s+)?(?:take|run|be|cost|come\s+to)(?:\s+(?:me|us))?\s+(?:(?:about|around|roughly|approx\.?|maybe|~)\s*)?[^\s\d]{0,3}\s?\d/

    /// A capitalised name opening the note, then paying for something ("Mia paid for the cinema",
    /// "Leo covered dinner"); not paying the writer back ("Ana paid me back").
    nonisolated(unsafe) private static let namedPayerOpens =
        /^(\p{Lu}\p{Ll}+)\s+(?:paid|covered|treated\s+(?:me|us)|bought|got)\s+(?:for\s+|the\s+|(?:dinner|lunch|drinks|breakfast|brunch|it|everything|everyone)\b)/

    /// A capitalised word the named-payer patterns caught that is a person's name, not a common or joining word.
    private static func isPersonsName(_ word: Substring) -> Bool {
        let lowered = word.lowercased()
        return !MerchantLexicon.isCommonWord(lowered) && !MerchantLexicon.functionWords.contains(lowered)
    }

    /// `namedPayerOpens` in the notes' other languages, the writer as object between ("Daan mi ha
    /// offerto il pranzo"); the German and Dutch participle may end the clause.
    nonisolated(unsafe) private static let namedPayerOpensElsewhere =
        /^(?:(?i:o|a|el|la|le|il|der|die)\s+)?(\p{Lu}\p{Ll}+)\s+(?:(?:mi|ci|me|nos|m['’])\s*)?(?:a\s+(?:payé|réglé|offert|invité)|ha\s+(?:pagato|offerto|pagado|invitado)|pagó|invitó|pagou|convidou|ofereceu|betaalde|trakteerde|zapłacił|zapłaciła|postawił|postawiła|(?:hat|heeft)\s+(?:[^\s,.;]+\s+){0,5}?(?:bezahlt|spendiert|übernommen|eingeladen|betaald|getrakteerd))\b/

    /// Italian, Spanish, French and Portuguese put the payer after "paid it" ("l'ha pagato Giulia",
    /// "la pagó Carlos", "l'a payé Paul"); "l'ho pagato io" is the writer's.
    nonisolated(unsafe) private static let namedPayerAfterVerb =
        /\b(?i:l['’]|lo\s+|la\s+|le\s+|o\s+|a\s+)(?i:(?:ha|hanno|han|a|ont)\s+)?(?i:pagato|pagata|pagó|pagado|payé|payée|pagou|offerto|offerta|offert|invitó)\s+(\p{Lu}\p{Ll}+)/

    /// A figure on its way back to the writer ("340 coming back", "45 is coming back to me").
    nonisolated(unsafe) private static let figureComingBack = /\d[\d.,]*\s*\S{0,4}\s+(?:is\s+)?coming\s+back\b/

    /// "gift from grandma", "Geschenk von Oma": who gave it, in the notes' languages.
    nonisolated(unsafe) private static let giftFrom =
        /\b(?:gift|present|cadeau|geschenk|regalo|presente|cadeau|gift\s*card|voucher|gutschein)\s+(?:(?:for|of|worth|über|im\s+wert\s+von|de|di|da)\s+[^\s\d]{0,3}\d[\d.,]*\s*\S{0,4}\s+)?(?:from|von|de|da|van)\s+(?:my\s+|mi\s+|ma\s+|mon\s+|meine[rm]?\s+)?([\p{L}]+)/

    /// "won 50 at the quiz", "paid in: 1,000": money coming to the writer.
    nonisolated(unsafe) private static let wonOrPaidIn = /\b(?:won\s+(?:an?\s+)?\S{0,3}\d|paid\s+in\s*:)/

    /// "found 10 in my old coat", "lost a 20 note": money found or lost, not paid.
    nonisolated(unsafe) private static let foundOrLost = /\b(?:found|lost)\s+(?:a\s+)?[$€£]?\d/
    /// A day still to come, as an adverb ("tomorrow's ferry" was bought for it).
    nonisolated(unsafe) private static let comingDay = /\b(?:tomorrow|next\s+(?:week|weekend|month))\b(?!'s|’s)|\b(?:mañana|demain|amanhã|domani)\b/
    /// A figure given roughly.
    nonisolated(unsafe) private static let roughly = /\b(?:around|about|approx\w*|roughly|probably|maybe|circa|ca\.|environ|unos|unas|cerca de|etwa)\s*[$€£]?\d|~\s?[$€£]?\d/
    /// What was done already: booked, bought, paid.
    nonisolated(unsafe) private static let doneAlready = /\b(?:booked|bought|paid|ordered|reserved|prepaid|spent|pagué|payé|bezahlt|gebucht|réservé|reservé)\b/
    /// The writer giving a figure back: "sent 30 back", "paid 20 back".
    nonisolated(unsafe) private static let gaveFigureBack =
        /\b(?:sent|send|sending|gave|give|giving|paid|pay|paying|handed|hand|returned|transferred)\s+[$€£]?\d[\d.,]*\s*\S{0,4}\s*back\b/
    /// A figure saved or given back: "saves 5", "saved me 12", "412 back".
    nonisolated(unsafe) private static let savedOrBack =
        /\b(?:saves?|saved|saving)\s+(?:me\s+|us\s+|you\s+)?[$€£]?\d[\d.,]*|(?:^|[\s:(])[$€£]?\d[\d.,]*\s*(?:€|eur|usd|gbp|£|\$)?\s+back\b/
    /// "put 100 into the holiday jar": money put aside.
    /// "holiday fund: put 50 in this week": the same with the savings named first.
    nonisolated(unsafe) private static let putIntoSavings = /\bput\s+[^.;\n]{0,20}\b(?:in|into)\s+(?:the|my|our)\s+(?:[\w-]+\s+){0,2}(?:jar|piggy bank|pot|savings|kitty)\b|\b(?:fund|savings|jar|piggy bank|kitty)\s*:?\s*(?:put|added|saved)\s+(?:in\s+|away\s+)?\S{0,3}\d/
    /// "lent Marco 40", "loaned my brother 200": money that comes back, not spent ("lent me" is money in).
    /// "préstamo a mi hermano 200", "loan to Sam": the same, named as a loan to someone (not "loan
    /// payment", "préstamo a 12 meses", "préstamo a plazo").
    nonisolated(unsafe) private static let lentOut = /(?:^|[^\w])(?:(?:lent|loaned|prêté|presté|emprestei|prestato)\s+(?!me\b)|(?:loan|préstamo|prestamo|prêt|darlehen|prestito|empréstimo|emprestimo)\s+(?:to|a|à|an|ao|para)\s+(?!porter\b|plazos?\b|prazo\b|tasa\b|taxa\b|term\b)(?=\p{L}))/
    /// "the shop gave me 20 back": money handed to the writer, not change when it is the note's only figure.
    nonisolated(unsafe) private static let gaveMeBack = /\b(?:gave|give|gives|paid|sent|handed|refunded)\s+(?:me|us)\s+(?:back\s+)?\S{0,3}\d[\d.,]*\s*\S{0,4}\s*(?:back\b)?/
    /// The writer paid someone back: "paid back" opening the note or after "I"/"we".
    nonisolated(unsafe) private static let writerPaidBack = /^(?:i\s+|we\s+)?paid\s+back\b(?!\s+by\b)|\b(?:i|we)\s+paid\s+back\b/
    /// A name opening the note, then how it sent money, before a figure ("Jen venmo'd 22", "Marta
    /// sent over 60"; "Sent Marta 60" is the writer's).
    nonisolated(unsafe) private static let nameSentFigure =
        /^\s*\p{Lu}[\p{L}'’-]+\s+(?i:sent(?:\s+over|\s+me|\s+back)?|paid|venmo'?d|venmoed|zelled|zelle'?d|paypal'?d|paypaled|e-?transferred|transferred|wired)\s+(?:me\s+)?(?:with\s+)?[^\s\d]{0,4}\s?\d(?![^\n]*\bto\s)/
    /// "Anna got dinner", "Leo got the check": someone named paid for the meal.
    nonisolated(unsafe) private static let nameGotTheMeal =
        /^\s*\p{Lu}[\p{L}'’-]+\s+(?i:got|grabbed|picked\s+up|covered|paid\s+for)\s+(?i:the\s+|our\s+)?(?i:dinner|lunch|breakfast|brunch|drinks|coffees?|the\s+bill|bill|check|tab|round)\b/
    /// "Concert ticket 30, Ana paid", "taxi 18 - Leo covered it": someone named paid, in a clause
    /// closing the note.
    nonisolated(unsafe) private static let nameClosingPaid =
        /[,;:—–-]\s*(\p{Lu}[\p{L}'’-]+)\s+(?i:paid|covered(?:\s+it)?|got\s+it|treated(?:\s+me|\s+us)?)\s*[.!)]?\s*$/
    /// "dinner was on Ana", "lunch is on Leo today", "Ana's treat": someone named paid for it (not a
    /// place: "the café is on Market Street", "is on Kestrel Road").
    nonisolated(unsafe) private static let onSomeone =
        /\b(?i:was|is|it's|it was)\s+(?i:on)\s+(\p{Lu}[\p{L}-]+)\b(?!['’])(?!\s+(?:\p{Lu}|(?i:street|st|road|rd|avenue|ave|lane|square|sq|way|drive)\b))|\b(\p{Lu}[\p{L}-]+)['’]s\s+(?i:treat|shout)\b/
    /// "pay Jo 30 tomorrow", "transfer rent 950 on the 1st": money the writer is to send later.
    nonisolated(unsafe) private static let sendLater =
        /^(?:pay|send|transfer|wire|venmo|zelle)\s+[^.;\n]*\b(?:tomorrow|tonight|later|next\s+\w+|this\s+weekend|on\s+the\s+\d+(?:st|nd|rd|th)?|by\s+\w+day|on\s+\w+day)\b/
    /// "Zelle from Mike 45", "Venmo from Liz: 30": a payment app's transfer from someone, not from the
    /// writer's own account or card.
    nonisolated(unsafe) private static let appTransferFrom =
        /\b(?:venmo|zelle|paypal|cash\s?app|e-?transfer|interac|bizum|pix|transfer|wire|payment|deposit)\s+(?:of\s+\S{0,3}\d[\d.,]*\s*\S{0,4}\s+)?from\s+(?!my\b|your\b|our\b|the\b|savings\b|checking\b|card\b|account\b)\p{L}/
    /// "paid by Northwind", the name written with its capital: someone else paid (not "paid by card",
    /// "paid by Visa", "paid by PayPal": how the writer paid).
    nonisolated(unsafe) private static let paidByName =
        /\bpaid\s+by\s+(?!(?i:card|cash|cheque|check|bank|direct|debit|credit|visa|mastercard|amex|apple|google|samsung|paypal|klarna|revolut|monzo|venmo|zelle|phone|me|my|i|transfer|wire|contactless|gpay|upi)\b)\p{Lu}/

    /// True when a written note says someone sent money to the writer or paid for them, or that
    /// the writer is to send money later.
    private static func writesMoneyToTheWriter(_ note: String, _ lowered: String) -> Bool {
        if lowered.firstMatch(of: appTransferFrom) != nil || note.firstMatch(of: paidByName) != nil
            || lowered.firstMatch(of: sendLater) != nil {
            return true
        }
        if let closing = note.firstMatch(of: nameClosingPaid), isSomeone(String(closing.1)) { return true }
        if let on = note.firstMatch(of: onSomeone), let name = on.1 ?? on.2, isSomeone(String(name)) { return true }
        guard note.firstMatch(of: nameSentFigure) != nil || note.firstMatch(of: nameGotTheMeal) != nil else { return false }
        let opening = lowered.split(whereSeparator: { !$0.isLetter && $0 != "'" }).first.map(String.init) ?? ""
        return isSomeone(opening)
    }

    /// True when `word` names someone: no common or category word ("Parking paid 4.50") and no
    /// well-known brand (a streaming service's name before "paid 15.99"): the note's first word has
    /// its capital anyway.
    private static func isSomeone(_ word: String) -> Bool {
        let word = word.lowercased()
        return !["i", "we"].contains(word) && !MerchantLexicon.isCommonWord(word) && BrandLexicon.named(in: SearchableText(word)).isEmpty
            && !DateResolver.calendarWords.contains(word) && !paymentMeans.contains(word)
    }

    /// The writer saying they paid, in the first person.
    private static let writerPaidFirstPerson = ["i paid", "we paid", "pagué", "pagamos", "j'ai payé", "nous avons payé", "ich habe",
                                                "ich hab ", "wir haben", "paguei", "ho pagato", "abbiamo pagato", "ik heb", "wij hebben"]

    /// How the writer pays, never who: "pagado por Bizum", "payé par Visa".
    private static let paymentMeans: Set<String> = [
        "card", "cash", "visa", "mastercard", "amex", "paypal", "revolut", "bizum", "pix", "twint", "lydia", "satispay",
        "tarjeta", "carte", "karte", "cartão", "cartao", "carta", "kaart", "pin", "transferencia", "virement", "überweisung",
        "bonifico", "transferência", "efectivo", "espèces", "bar", "contanti", "dinheiro", "contant",
    ]

    /// Someone else paid, as the notes' other languages say it: by whom it was paid ("pagada por la
    /// empresa", "payé par Paul", "bezahlt von der Firma", "pago pela Ana", "pagato da Marco",
    /// "betaald door de baas"), or who it was that paid ("c'est Paul qui a payé", "la pagó Marta",
    /// "hat Lena bezahlt", "Ana pagou", "ha pagato Marco", "heeft Daan betaald"). The payer is one
    /// who pays for the writer (`otherPayers`) or a name; in German, whose nouns all have capitals,
    /// only the former.
    static func someoneElsePaidInWords(_ note: String) -> Bool {
        func isPayer(_ word: Substring, nameAllowed: Bool = true) -> Bool {
            otherPayers.contains(word.lowercased()) || nameAllowed && word.first?.isUppercase == true && isSomeone(String(word))
        }
        for match in note.matches(of: paidByWhom) where isPayer(match.output.1) { return true }
        for match in note.matches(of: paidByWhomGerman) where isPayer(match.output.1 ?? match.output.2 ?? "", nameAllowed: false) {
            return true
        }
        for match in note.matches(of: whoPaid) {
            if let name = match.output.1 ?? match.output.2 ?? match.output.3, isPayer(name) { return true }
        }
        return false
    }

    nonisolated(unsafe) private static let paidByWhom = try! Regex(
        #"(?i:\b(?:paid\s+by|pagad[oa]s?\s+por|pay[ée]e?s?\s+par|pag[oa]s?\s+(?:pel[oa]s?|por)|betaald\s+door)\s+"#
            + #"|\bpagat[oaie]\s+(?:da\s+|dal\s+|dalla\s+|dallo\s+|dai\s+|dagli\s+|dalle\s+|dall['’]))"#
            + #"(?i:(?:the|my|our|his|her|el|la|los|las|mi|mis|nuestr[oa]|le|les|mon|ma|mes|notre|meu|minha|mio|mia|nostr[oa]|de|het|mijn|onze)\s+|l['’])?"#
            + #"(\p{L}+)"#,
        as: (Substring, Substring).self)
    nonisolated(unsafe) private static let paidByWhomGerman = try! Regex(
        #"(?i:\b(?:bezahlt|übernommen)\s+(?:von|vom)\s+(?:(?:der|dem|den|meinem|meiner|unserem|unserer)\s+)?(\p{L}+))"#
            + #"|(?i:\b(?:von|vom)\s+(?:(?:der|dem|den|meinem|meiner|unserem|unserer)\s+)?(\p{L}+)\s+(?:bezahlt|übernommen)\b)"#,
        as: (Substring, Substring?, Substring?).self)
    nonisolated(unsafe) private static let whoPaid = try! Regex(
        #"(?i:\bc['’]est\s+)(\p{Lu}\p{L}+)(?i:\s+qui\s+(?:a|m['’]a|nous\s+a)\s+(?:payé|invité|offert))"#
            + #"|(?i:\b(?:pagó|invitó|pagou|ha\s+pagato|hat|heeft)\s+)(\p{Lu}\p{L}+)(?:(?i:\s+(?:bezahlt|betaald))|(?=\s*[,.;!]|\s*$))"#
            + #"|(\p{Lu}\p{L}+)(?i:\s+(?:pagó|pagou|ha\s+pagato|hat\s+bezahlt|heeft\s+betaald|a\s+payé)\b)"#,
        as: (Substring, Substring?, Substring?, Substring?).self)

    /// Things the writer sold ("sold concert tickets to Mia for 70"; not "sold out", "sold me") and
    /// work invoiced ("invoiced Brightline 1,800", "sent the invoice to …", "invoice 113 to Brightline").
    nonisolated(unsafe) private static let soldOrInvoiced =
        /(?:^|\b(?:i|we|just|finally|have|has)\s+)sold\s+(?!out\b|me\b|us\b)|\binvoiced\b|\b(?:sent|issued|raised|wrote)\s+(?:an?\s+|the\s+|my\s+)?invoice\b|^invoice\s+(?:#?[\w-]*\d[\w-]*\s+)?to\s/
    /// An invoice the writer sent ("invoice 224 sent to the client for 1,200"): its "sent to" is no payment.
    nonisolated(unsafe) private static let invoiceSent = /\binvoice\s+(?:#?[\w-]*\d[\w-]*\s+)?(?:sent|issued)\b(?!\s+by\b)/
    /// A payment from someone to the writer: "payment of 900 from Acme Studio", "payment 1,250 from Harbor Design".
    nonisolated(unsafe) private static let paymentFrom =
        /\bpayment\s+(?:of\s+)?[^\s\d]{0,3}\d[\d.,]*\s*[^\s\d]{0,4}\s+from\s+(?!(?:my|your|our|card|account|acct|a\/c|checking|savings|current|cash|wallet)\b|the\s+(?:card|account|joint|checking|savings|current)\b)/
    /// A bank's word for money in, right before its figure: "Deposit ZAR 2,000.00", "Money in R500.00".
    /// Also a wallet or card topped up from elsewhere ("Top-up of €50.00 from your card"; a phone's
    /// top-up bought is spent), and the Baltic words for a credit to the account ("Kredīts 45,00 EUR").
    nonisolated(unsafe) private static let bankMoneyIn =
        /\b(?:deposit|money in|eingang|kredīts|kredits|įskaitymas|iskaitymas|laekumi|laekumine)\s*:?\s*(?:of\s+)?[^\s\d]{0,4}\s?\d|\btop-?up\s+of\s+[^\s\d]{0,4}\s?\d[\d.,]*\s*\S{0,4}\s+(?:from|via)\b|\b(?:has been|was|successfully)\s+topped\s+up\b/
    /// A figure a bank signs with "+" right after the account's digits ("TK 0011004411 +5,000,000VND"):
    /// money in. (Also after a field's colon, "Karta 4411: +500,00", took an expense of sms_val for
    /// money in: left out.)
    nonisolated(unsafe) private static let signedCredit = /\d{7,}\s+\+(?:[a-z]{3}\s?|[$€£₹])?\d/

    /// "CREDIT 50,000.00 AMD", "Credit Alert: GHS 500.00": a bank's word for a credit right before
    /// its figure (not an available or remaining credit, which is a limit).
    private static let limitQualifiers: Set<String> = ["available", "avl", "avail", "avbl", "remaining", "your", "of", "unused"]

    private static func writesCreditBeforeFigure(_ lowered: String) -> Bool {
        lowered.matches(of: /\bcredit\s*:?\s+(?:[a-z]{3}\s?)?\d/).contains { match in
            let before = lowered[..<match.range.lowerBound].split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
            return !limitQualifiers.contains(before)
        }
    }

    /// A bank's field saying the transaction is a credit: "Txn Type: CR", "Trx: Credit.", "Amt Cr:",
    /// "has a credit of" (not "Credit Card").
    nonisolated(unsafe) private static let creditField =
        /\b(?:trx|txn|tran|trans|transaction)(?:\s*type)?\s*:\s*(?:credit|cr)\b(?!\s*card)|\bamt\.?\s*cr\b|\bcr\.?\s*amt\b|\b(?:has|have)\s+(?:a|received\s+a)\s+credit\s+of\b/
    /// Money moved between the writer's own accounts: "moved 200 from checking to the holiday fund"
    /// (not "transferred 500 from checking to the landlord").
    nonisolated(unsafe) private static let movedBetweenOwn =
        /\b(?:moved|transferred|shifted|put)\s+[^.;\n]{0,20}\bfrom\s+(?:my\s+|the\s+)?(?:checking|current|savings|main)(?:\s+account)?\s+(?:to|into)\s+(?:my\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}(?:savings|fund|pot|account|jar|vault|checking|current)\b/
    /// "returned home", "returned from Lisbon", "returned by train", "returned the rental car": a journey, not goods taken back.
    nonisolated(unsafe) private static let journeyReturn = /\breturned\s+(?:home|from|back home|by\s+(?:train|bus|taxi|cab|coach|ferry|plane|air|boat|metro|tram|car)\b|to\s+the\s+(?:bakery|café|cafe|bar|pub|restaurant|market|office|hotel|station|airport)\b|the\s+(?:rental|hire|hired|rented)\b)/
    /// The writer paying, in a clause of its own: "…, paid 220", "and paid the courier 12", "I spent 40"
    /// (not "paid me", "paid by Sam", "paid back", "Leo paid 60": someone else; nor "haven't paid").
    nonisolated(unsafe) private static let writerPaidClause =
        /(?:^|[,;:!?—–]\s*|\.\s+|\b(?:i|we|and|then|but|so|just|finally|already|still)\s+)(?:paid|spent|bought)\b(?!\s+(?:me|us|back|by|mine|nothing|zero|nada|for\s+(?:me|us|mine)|in\s+(?:full\s+)?by)\b)/
    /// `lowered` without its sentences about the next payment that hold no money ("Next EMI due on
    /// 05-01-2027", "Your next payment will be taken on 01/01").
    private static func withoutNextPayment(_ lowered: String) -> String {
        guard lowered.contains("next") else { return lowered }
        var kept: [Substring] = []
        var start = lowered.startIndex
        var index = lowered.startIndex
        func close(at end: String.Index) {
            let sentence = lowered[start..<end]
            let aboutNext = sentence.firstMatch(of: nextPayment) != nil
            let holdsMoney = !Currency.mentions(in: String(sentence)).isEmpty || sentence.firstMatch(of: /\d[.,]\d{2}\b/) != nil
            if !aboutNext || holdsMoney { kept.append(sentence) }
        }
        while index < lowered.endIndex {
            let character = lowered[index]
            let next = lowered.index(after: index)
            // A full stop ends a sentence before a space or a line's end, not inside "01.01.27" or "Rs.500".
            if character == "\n" || "!?".contains(character) || character == "." && (next == lowered.endIndex || lowered[next] == " ") {
                close(at: next)
                start = next
            }
            index = next
        }
        close(at: lowered.endIndex)
        return kept.joined()
    }

    nonisolated(unsafe) private static let nextPayment =
        /\bnext\s+(?:payment|emi|instal+ment|debit|bill|charge|renewal|due\s+date)\b/

    /// "declined, the other card worked": paid with another card after all.
    nonisolated(unsafe) private static let otherCardWorked =
        /\b(?:other|second|another|2nd|backup|new)\s+(?:card|one)\s+(?:worked|went through|was fine|was accepted)\b/
    /// Paid, as the past participle Romance, German and Dutch notes write ("pagué en efectivo 12 €", "30 € bezahlt").
    nonisolated(unsafe) private static let paidParticiple =
        /\b(?:pagué|payé|payée|bezahlt|gezahlt|pagato|pagata|paguei|betaald|pagado|pagada)\b/
    /// Words that deny a payment right before its participle ("noch nicht bezahlt", "pas encore payé").
    private static let deniers: Set<String> = ["not", "nicht", "no", "pas", "non", "não", "nao", "niet", "noch", "nog",
                                               "yet", "never", "jamais", "nunca", "mai", "encore", "ancora", "todavía"]

    /// Where the writer says they paid, in a written note: a clause of its own in English, or a
    /// participle no denial precedes.
    static func writerPaidRange(in lowered: String) -> Range<String.Index>? {
        if let clause = lowered.firstMatch(of: writerPaidClause) ?? lowered.firstMatch(of: otherCardWorked) { return clause.range }
        for participle in lowered.matches(of: paidParticiple) {
            let before = lowered[..<participle.range.lowerBound].split(whereSeparator: { !$0.isLetter }).suffix(2)
            if !before.contains(where: { deniers.contains(String($0)) }) { return participle.range }
        }
        return nil
    }

    /// A budget used up or kept to: "budget blown", "over budget", "blew the budget".
    nonisolated(unsafe) private static let budgetSpent =
        /\b(?:budget\s+(?:blown|busted|gone)|(?:over|under|within|on)\s+(?:the\s+)?budget|(?:blew|blown|busted|broke)\s+(?:the\s+|my\s+)?budget)\b/
    /// Money moved to the writer's own savings, pot or card account, between their own accounts
    /// ("aufs Tagesgeld", "entre mis cuentas"), or cash paid into a wallet.
    nonisolated(unsafe) private static let ownAccounts =
        /\btop(?:ped)?[- ]?up\b(?:[^.;\n]|\.\d){0,40}\b(?:to|into|on)\s+(?:your|my)\s+(?:[\w-]+\s+){0,2}(?:card|wallet|account|balance)\b|\b(?:to|into|towards)\s+(?:your|my|own)\s+(?:[\w-]+\s+){0,2}(?:savings|pot|vault|isa|jar|kitty|piggy bank)\b|\bbetween\s+(?:my|your|our)\s+(?:own\s+)?accounts\b|\btransfer\b(?:[^.;\n]|\.\d){0,30}\bto\s+your\s+bank\b|\b(?:aufs|auf das|auf mein|auf meinen)\s+(?:sparkonto|tagesgeld|tagesgeldkonto|sparbuch)\b|\b(?:zwischen meinen konten|entre mis cuentas|entre mes comptes|tra i miei conti)\b|\bpayment\b(?:[^.;\n]|\.\d){0,40}\b(?:to|towards)\s+your\s+(?:\w+\s+){0,2}card\b|\bcash[- ]in\s*(?::|of\b|from\b|[^\s\w]{0,2}\s*[a-z]{0,3}\s?\d)/

    /// Money moved to the writer's own savings account, as French, Spanish, Portuguese, Italian and
    /// Dutch banks write it ("vers le compte Livret A", "a tu cuenta de ahorros", "naar je spaarrekening").
    nonisolated(unsafe) private static let toOwnSavings =
        /\b(?:vers|sur)\s+(?:le|votre|mon)\s+(?:compte\s+)?(?:livret|épargne|epargne)\b|\b(?:a|en)\s+(?:mi|tu|su)\s+cuenta\s+de\s+ahorros?\b|\b(?:minha|sua)\s+(?:conta\s+)?poupança\b|\b(?:sul|nel)\s+(?:mio|tuo|suo)\s+conto\s+risparmio\b|\bnaar\s+(?:mijn|uw|je)\s+spaarrekening\b/

    /// "We have received your payment of $250.00 for your card ending 4411": the card's bill paid.
    nonisolated(unsafe) static let cardBillPaid = /received your payment\b(?:[^.;\n]|\.\d){0,40}?\b(?:for|towards|to)\s+your\s+(?:credit\s+)?card\b/

    /// Money put into an account or wallet of the writer's ("to your account", "to your Cash App balance").
    nonisolated(unsafe) private static let toWritersAccount =
        /\b(?:to|into)\s+your\s+(?:[\w-]+\s+){0,2}(?:account|a\/c|acct|balance|wallet)\b/

    /// A transaction other than the message's own: "your next bill payment", "your last purchase".
    nonisolated(unsafe) private static let otherTransaction =
        /\b(?:your|the|my)\s+(?:next|last|previous)\s+(?:[\w-]+\s+){0,2}?(?:payment|purchase|transaction|order|recharge|booking)s?\b/

    /// "transferred to your", "sent to your", "paid to your": money coming to the writer.
    nonisolated(unsafe) private static let toTheWriter = /\b(?:transferred|sent|paid|credited)\s+to\s+your\b/

    /// A bill or statement issued, not paid ("your electricity bill of 3,410 … is now available").
    nonisolated(unsafe) private static let billIssued =
        /\b(?:bill|statement|invoice)\b(?:[^.;\n]|\.\d){0,70}\b(?:is now available|is ready|has been generated|is generated|has been issued)\b/

    /// "gave me 100", "handed me £20": money to the writer ("gave me a free cookie" is not).
    nonisolated(unsafe) private static let handedToWriter = /\b(?:gave|handed|give|gives)\s+(?:me|us)\s+[^\s\d]{0,3}\s?\d/
    /// "Oma hat mir 50 € überwiesen": money sent to the writer, in German word order.
    nonisolated(unsafe) private static let sentToWriterGerman = /\bmir\s+(?:\S+\s+){0,3}(?:überwiesen|geschickt|geschenkt|gegeben|zurückgegeben)\b/

    /// "got my deposit back", "got the 20 back": money the writer got back ("got the old chain back"
    /// after a repair is a thing).
    nonisolated(unsafe) private static let gotBack =
        /\b(?:got|get|getting)\s+(?:my|our|the)\s+(?:\w+\s+)?(?:deposit|money|cash|refund|bond|fee|fees|fare|fares|payment|tax|overpayment|euros?|dollars?|pounds?|quid|bucks|[$€£]?\d[\d.,]*)\s+back\b/

    /// True for a note that starts by telling the writer what to do ("pick up the parcel", "book
    /// the dentist", "order pizza for Friday"); not one that names a thing ("book 12.99", "order
    /// of fries 4.50", "Order total 45.00", "book for Ana 15") or says it was paid.
    private static func isToDo(_ lowered: String, original: String) -> Bool {
        let words = lowered.split(whereSeparator: { !$0.isLetter }).map(String.init)
        if let last = words.last, closingInfinitives.contains(last), words.count >= 2 { return true }
        guard let verb = imperatives.first(where: { lowered.hasPrefix($0) }) else { return false }
        let rest = lowered.dropFirst(verb.count).drop(while: { $0 == " " })
        let next = rest.prefix(while: { $0.isLetter || $0 == "'" })
        guard !next.isEmpty, !nounFollowers.contains(String(next)) else { return false }
        // "Ask Italia 18", "Book Nook 12": a name in capitals.
        let written = (lowered.count == original.count ? original : lowered).split(separator: " ")
        let head = written.prefix(2)
        // ("Ask Sam for the 30 he owes me" asks a person for something.)
        let asksFor = verb == "ask " && ["for", "about", "to", "if"].contains(written.dropFirst(2).first.map { $0.lowercased() } ?? "")
        if head.count == 2, head.allSatisfy({ $0.first?.isUppercase == true }), !asksFor { return false }
        return Set(words).isDisjoint(with: ["paid", "bought", "spent", "charged", "cost", "pagué", "pagado", "payé", "pagato", "paguei"])
    }

    /// Words after "book", "order", "call" … that make it a noun ("order of fries", "book for Ana",
    /// "book club wine 12").
    private static let nounFollowers: Set<String> = ["of", "for", "total", "number", "no", "confirmation", "confirmed", "credit",
                                                     "placed", "arrived", "came", "was", "is", "charges", "fee",
                                                     "club", "shop", "store", "fair", "centre", "center"]

    /// True when "due" is followed by a day ("due Friday", "due Dec 3", "due tomorrow").
    private static func isDue(_ lowered: String) -> Bool {
        let words = lowered.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        func isDay(_ word: String) -> Bool {
            // "15", "15th", "3rd".
            let digits = word.prefix(while: \.isNumber)
            let suffix = word.dropFirst(digits.count)
            return Int(digits).map { (1...31).contains($0) } == true && ["", "st", "nd", "rd", "th"].contains(suffix)
        }
        return words.indices.dropLast().contains { index in
            // "due Friday", and a day to pay by ("pay by the 20th", "pay before Monday"; not "pay by card").
            let payBy = ["by", "before"].contains(words[index]) && index > 0 && words[index - 1] == "pay"
            guard words[index] == "due" || payBy else { return false }
            // "due the 15th".
            let next = words[index + 1] == "the" && index + 2 < words.count ? words[index + 2] : words[index + 1]
            return DateResolver.calendarWords.contains(next) || isDay(next)
        }
    }

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
        // A note opening with the verb is the writer's ("Covered the taxi for everyone, 28").
        return ["i", "we", "yo", "je", "ich", "eu", "io", ""].contains(before)
    }
}
