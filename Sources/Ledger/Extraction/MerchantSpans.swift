import Foundation
import Guided

/// The spans of a note the model may copy as the merchant: runs of whole words, without the
/// amount, money, card or account digits, and without the bank that sent a message.
enum MerchantSpans {
    /// - Parameter amounts: the note's amount candidates, as `AmountFinder` found them.
    static func candidates(in note: String, amounts candidates: [AmountCandidate]) -> [String] {
        // The numbers that could be the amount, as written: a span holding one is not a name.
        let characters = Array(note)
        // Small whole numbers stay: they are often part of a name ("Route 66 Diner", "Studio 54").
        // A number added to another is money too ("Lume 84 + 15% tip").
        // The only figure is what was paid ("lunch at varro 12", "dinner at Ostra 85, I paid"), not a
        // name's number: a note naming "Kestrel 9" writes its price too.
        let figures = candidates.filter { !$0.isComputed }
        let onlyFigure = figures.count == 1
        let amounts = Set(figures.filter { $0.text.contains(".") || $0.currency != nil || $0.value >= 100 || onlyFigure }
            .map { String(characters[$0.range]) }).union(addends(in: note))
        // A price written in words ("corvo six forty") ends a name too.
        let spelled = figures.map(\.range).filter { range in
            characters[range].contains(where: \.isLetter) && characters[range].allSatisfy { $0.isLetter || $0 == " " || $0 == "-" }
        }
        // The bank that sent a message names itself before "Bank" ("Axis Bank Card…"), the
        // writer's card or wallet before "card", "A/c", "balance" (`BankMessage.payerSideWords`).
        let banks = BankMessage.payerSideWords(in: note)
        let shaped = RuleFamilies.active.contains(.merchantShape)
        // In a note written in title case ("Team Lunch At Osteria Vento") capitals tell no name
        // from the words around it: the words themselves do.
        let titled = shaped && isTitleCased(note)
        // The brands the note names, found once: they tell places, companions and where a name ends.
        let named = shaped ? knownBrands(in: note) : []
        let runs = shaped && !titled ? CapitalRuns(note) : nil
        let places = shaped
            ? placeWords(in: note, brands: named).union(writersOwnWords(in: note)).union(runs?.beneficiaryWords() ?? [])
                .union(debtorWords(in: note)).union(companionsAndRoads(in: note, brands: named))
                .union(germanNounsAfterAdjectives(in: note)) : []
        // A bank message's advice ("Not you? Call …", "Download the app") names no payee.
        let bank = BankMessage.reads(note)
        let part = bank ? BankMessage.withoutBoilerplate(note) : note
        let written = StringGuide.spans(of: part, maxLength: 48)
        // A written note may part its fields with slashes ("groceries/halden market/42.10").
        let slashed = bank || part.contains(/\p{L}{3,}\/\p{L}{3,}/)
        let spans = written + cjkNames(in: part) + withoutCaseEndings(written) + (slashed ? slashFields(of: part) : [])
        let labels = bank ? fieldLabelWords(in: part) : []
        let multipliers = multipliers(in: note)
        let brands = named.map(\.1)
        // A delivery app named beside the restaurant is who charged: only spans holding the app remain.
        let app = brands.first(where: BrandLexicon.deliveryApps.contains)
        let trades = shaped ? tradeOpeners(in: note, brands: Set(brands)) : []
        let phrases = shaped && !bank ? PhraseCuts(note) : nil
        return spans.uniqued().filter { span in
            // A name lies on one line and has no space at its ends ("GARAGE MARLOW\nMontant", "Lieu ").
            !span.contains("\n") && span.first?.isWhitespace != true && span.last?.isWhitespace != true &&
            app.map { span.lowercased().hasPrefix($0) } ?? true && !trades.contains(span) && !isOnlyAPeriod(span) &&
            // A known brand, then what was bought there ("<brand> Laufschuhe").
            !brands.contains { isBrand($0, followedByWhatWasBought: span) || isBrand($0, precededByCommonWords: span) } && !(shaped && endsInWhatWasBought(span)) &&
            // A name does not end in a sentence's comma or colon ("Yahoo!" may end in its mark).
            !(span.last.map { ",;:".contains($0) } ?? true)
                && !(titled && opensWithCommonWord(span)) && !(shaped && opensWithWhatWasHadAtName(span))
                && isPlausible(span, moneyWordsInNames: shaped && !bank) && !isOnlyMessageWords(span) && !isOnlyFieldLabels(span)
                && !isOnlyAddOnOrShare(span)
                && !labelsAFigure(span, in: note) && !modifiesTotal(span, in: note) && !(shaped && countsThings(span, in: note))
                && span.wholeMatch(of: caseEnding) == nil
                && !(bank && !labels.isEmpty && span.split(whereSeparator: \.isWhitespace).allSatisfy { labels.contains(String($0)) })
                && !(bank && (isPlainLowercase(span) || isOnlyBanksWords(span)))
                && isNameShaped(span) && !(shaped && hasLooseEnds(span))
                && !(shaped && endsInMultiplier(span, multipliers))
                && !(shaped && spacesBetweenCJK(span))
                && !(shaped && !bank && endsInModelOrTier(span))
                && runs?.cutsIntoName(span) != true
                && phrases?.cut(span) != true
                && !(shaped && !bank && (isSeatOrGate(span, in: note) || isUsedAsVerb(span, in: note)))
                && !(!spelled.isEmpty && overlapsEverywhere(span, spelled, in: characters))
                && !span.split(separator: " ").contains { word in
                    let bare = word.trimming(",.;:!?()")
                    // A figure keeps its currency sign as written ("£23").
                    return amounts.contains(bare) || amounts.contains(bare.trimmingCharacters(in: .symbols))
                        || banks.contains(bare.lowercased()) || places.contains(bare)
                }
        }
    }

    /// True when every place `span` stands in the note overlaps one of `ranges`.
    private static func overlapsEverywhere(_ span: String, _ ranges: [Range<Int>], in characters: [Character]) -> Bool {
        let wanted = Array(span)
        guard !wanted.isEmpty, wanted.count <= characters.count else { return false }
        var found = false
        for start in 0...(characters.count - wanted.count) where characters[start..<(start + wanted.count)].elementsEqual(wanted) {
            let place = start..<(start + wanted.count)
            guard ranges.contains(where: { $0.overlaps(place) }) else { return false }
            found = true
        }
        return found
    }

    /// Where a note holds a phrase of the category words ("ice cream", "dry cleaning"), read once
    /// per note: a span that takes some of its words and not the others ("Ice" of "Ice cream",
    /// "cleaning fennick" of "dry cleaning fennick") is what was bought, cut, and no name.
    private struct PhraseCuts {
        /// The note's words, lower-cased and without punctuation.
        private let words: [String]
        /// Where the phrases stand among them.
        private let phrases: [Range<Int>]

        /// Nil when the note holds no such phrase.
        init?(_ note: String) {
            let words = Self.words(note)
            var found: [Range<Int>] = []
            for parts in Self.keywordPhrases where parts.count <= words.count {
                for start in 0...(words.count - parts.count) where words[start..<start + parts.count].elementsEqual(parts) {
                    found.append(start..<start + parts.count)
                }
            }
            guard !found.isEmpty else { return nil }
            self.words = words
            self.phrases = found
        }

        /// True when every place the span stands cuts a phrase.
        func cut(_ span: String) -> Bool {
            let spanWords = Self.words(span)
            guard !spanWords.isEmpty, spanWords.count <= words.count else { return false }
            var cut = false
            for start in 0...(words.count - spanWords.count) where words[start..<start + spanWords.count].elementsEqual(spanWords) {
                let range = start..<start + spanWords.count
                // Any place where the span stands whole keeps it.
                guard phrases.contains(where: { $0.overlaps(range) && !(range.contains($0.lowerBound) && range.contains($0.upperBound - 1)) })
                else { return false }
                cut = true
            }
            return cut
        }

        private static func words(_ text: String) -> [String] {
            text.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(",.;:!?()\"") }
        }

        /// The category words of more than one word, split once.
        private static let keywordPhrases: [[String]] = CategoryRules.keywords.flatMap(\.1)
            .filter { $0.contains(" ") && $0.split(separator: " ").allSatisfy { $0.allSatisfy(\.isLetter) } }.uniqued()
            .map { $0.split(separator: " ").map(String.init) }
    }

    /// The runs of words between a bank's slashes ("POS/KESTREL MART/LAGOS" → "KESTREL MART"):
    /// a card descriptor's fields, each a whole name or place.
    private static func slashFields(of text: String) -> [String] {
        guard text.contains("/") else { return [] }
        let parted = String(text.map { $0 == "/" ? " " : $0 })
        // ("A/C" parts into letters, not names.)
        return StringGuide.spans(of: parted, maxLength: 48).filter { text.contains($0) && $0.filter(\.isLetter).count >= 3 }
    }

    /// True for a stretch of time and its articles ("the week", "this month", "la semaine"): when, not who.
    private static func isOnlyAPeriod(_ span: String) -> Bool {
        let words = span.lowercased().split(whereSeparator: \.isWhitespace).map { $0.trimming(where: \.isPunctuation) }
            .filter { !$0.isEmpty && !MerchantLexicon.fillers.contains($0) && !$0.allSatisfy(\.isNumber) }
        return !words.isEmpty && words.allSatisfy(periods.contains)
    }

    private static let periods: Set<String> = [
        "day", "days", "week", "weeks", "weekend", "fortnight", "month", "months", "year", "years", "morning", "evening",
        "afternoon", "semana", "semaine", "woche", "settimana", "mes", "mês", "mois", "monat", "mese", "año", "ano",
        "année", "jahr", "anno", "día", "dia", "jour", "tag", "giorno", "wochenende", "q1", "q2", "q3", "q4",
    ]

    /// A single word written right before a trade ("Dog walker", "Pizza guy"): what the trade
    /// works on, not a name. A known brand stays one ("<brand> delivery", "<brand> seller").
    private static func tradeOpeners(in note: String, brands: Set<String>) -> Set<String> {
        let words = note.split(whereSeparator: \.isWhitespace).map { String($0) }
        return Set(zip(words, words.dropFirst()).compactMap { word, next in
            MerchantLexicon.roles.contains(next.lowercased().trimming(",.;:!?()")) && word.allSatisfy(\.isLetter)
                && !brands.contains(word.lowercased()) ? word : nil
        })
    }

    /// True when `span` is `brand` followed only by words of things or services bought ("<brand>
    /// Zahnpasta", "<brand> Laufschuhe") or by capitalised words, which after a well-known brand are
    /// the branch's place or the product ("<brand> Soho", "<brand> Comfort+"). A kind of shop or
    /// outlet after it belongs to the name ("<brand> Store", "<brand> Factory Store", "<brand> Express").
    private static func isBrand(_ brand: String, followedByWhatWasBought span: String) -> Bool {
        let lowered = span.lowercased()
        guard lowered.hasPrefix(brand + " ") else { return false }
        let written = span.dropFirst(brand.count + 1).split(separator: " ").map { String($0).trimming(",.;:!?()") }
        let tail = written.map { $0.lowercased() }
        // The brand's errand too ("<brand> Einkauf", "<brand> weekly shop").
        return !tail.isEmpty && zip(tail, written).allSatisfy { word, asWritten in
            let outlet = MerchantLexicon.places.contains(word) || MerchantLexicon.businessKinds.contains(word)
                || MerchantLexicon.outletKinds.contains(word)
            return !outlet && (CategoryRules.isKeyword(word) || MerchantLexicon.isCommonWord(word)
                || (RuleFamilies.active.contains(.merchantShape) && asWritten.first?.isUppercase == true))
        }
    }

    /// True for a name followed by what was bought there: a kind of business and its name, then a
    /// thing or service ("Bäckerei Lindner Brötchen", "Pizzeria Napoli Abendessen"), or any name,
    /// then a compound noun ending in one ("Fennloft Monatsbeitrag"; "Kestrel Coffee" ends
    /// in the plain word, which names can); and such a compound alone.
    private static func endsInWhatWasBought(_ span: String) -> Bool {
        let words = span.lowercased().split(separator: " ").map { String($0).trimming(",.;:!?()") }
        // A compound alone is the thing bought ("Laufschuhe bei Kestrel").
        if words.count == 1, words[0].allSatisfy(\.isLetter) { return CategoryRules.isCompoundOfKeyword(words[0]) }
        guard words.count >= 2, let last = words.last, last.allSatisfy(\.isLetter),
              !MerchantLexicon.places.contains(last), !MerchantLexicon.businessKinds.contains(last),
              !MerchantLexicon.outletKinds.contains(last) else { return false }
        // Written all in lower case, a name then a thing is what was bought there ("primrose socks",
        // "fennick lipstick"); a description of one place keeps its noun ("the corner deli").
        if !span.contains(where: \.isUppercase), !articles.contains(words[0]), !MerchantLexicon.isCommonWord(words[0]),
           CategoryRules.isKeyword(last) {
            return true
        }
        // After a kind of business and its name, a common word is what was had there ("… Zuzahlung").
        if words.count >= 3, MerchantLexicon.businessKinds.contains(words[0]) {
            return CategoryRules.isKeyword(last) || MerchantLexicon.isCommonWord(last)
        }
        return CategoryRules.isKeyword(last) && CategoryRules.isCompoundOfKeyword(last)
    }

    /// True for a name followed by the model, size or tier of what was bought there ("Kestrel A4
    /// notebooks", "Primrose XL hoodie", "Marlowe Plus subscription", "Halvard Family plan"): a
    /// product's code (letters and digits, up to four), a size, or a tier word after the name's
    /// first word. Only in written notes: a bank's payee keeps its store code ("MARKET 2A").
    private static func endsInModelOrTier(_ span: String) -> Bool {
        let words = span.split(separator: " ").map { $0.lowercased().trimming(",.;:!?()") }
        guard words.count >= 2, let last = words.last else { return false }
        if words.dropFirst().contains(where: productTiers.contains) || sizeCodes.contains(last) { return true }
        return last.count <= 4 && last.contains(where: \.isNumber) && last.contains(where: \.isLetter)
            && last.allSatisfy { $0.isLetter || $0.isNumber }
    }

    /// Words of money that shops put in their names.
    private static let namesMoneyWords: Set<String> = ["card", "cash", "credit"]

    /// Tiers and editions of a product or a plan (the words, not a name's: "Capital One" is left alone).
    private static let productTiers: Set<String> = [
        "plus", "premium", "pro", "family", "gold", "platinum", "silver", "basic", "unlimited", "ultra", "lite",
        "standard", "deluxe", "essentials", "starter", "student", "duo", "individual", "max", "mini", "super",
    ]

    /// Sizes of clothes written as letters.
    private static let sizeCodes: Set<String> = ["xs", "xl", "xxl", "xxxl", "2xl", "3xl"]

    /// The whole numbers that multiply in the note ("2 x 9.50", "3× 8", "4 * 12") or count what
    /// follows them ("4 nights", "2 tickets"): a name does not end in one ("<brand> Lisbon 4 nights").
    private static func multipliers(in note: String) -> Set<String> {
        let words = note.split(whereSeparator: \.isWhitespace).map(String.init)
        var found = Set<String>()
        for (index, word) in words.enumerated() {
            let digits = word.prefix(while: \.isNumber)
            guard !digits.isEmpty else { continue }
            let rest = word.dropFirst(digits.count)
            let next = index + 1 < words.count ? words[index + 1] : ""
            if ["x", "×", "*"].contains(String(rest).lowercased())
                || (rest.isEmpty && (["x", "×", "*"].contains(next.lowercased()) || next.hasPrefix("×")
                    || AmountFinder.quantityFollowers.contains(next.lowercased().trimming(",.;:!?()")))) {
                found.insert(String(digits))
            }
        }
        return found
    }

    /// The whole numbers written beside a "+" or "plus" ("84 + 15% tip", "plus 6"): sums of money.
    private static func addends(in note: String) -> Set<String> {
        let words = note.split(whereSeparator: \.isWhitespace).map { $0.trimming(",.;:!?()") }
        var found = Set<String>()
        for (index, word) in words.enumerated() where !word.isEmpty && word.allSatisfy(\.isNumber) {
            let neighbours = [index > 0 ? words[index - 1] : "", index + 1 < words.count ? words[index + 1] : ""]
            if neighbours.contains(where: { ["+", "plus"].contains($0.lowercased()) }) { found.insert(String(word)) }
        }
        return found
    }

    /// True for a span with a space between two CJK characters: in Japanese and Chinese a space
    /// separates the shop from what was bought ("松竹 カレー並").
    private static func spacesBetweenCJK(_ span: String) -> Bool {
        let characters = Array(span)
        return characters.indices.dropFirst().dropLast().contains { index in
            characters[index] == " " && characters[index - 1].isCJK && characters[index + 1].isCJK
        }
    }

    /// True for a span whose last word is a number that multiplies ("Vue 2" in "Vue 2 x 9.50").
    private static func endsInMultiplier(_ span: String, _ multipliers: Set<String>) -> Bool {
        guard let last = span.split(separator: " ").last, span.contains(" ") else { return false }
        return multipliers.contains(String(last))
    }

    /// A span that starts or ends in a joining word ("from", "drive to", "el") is a piece of a
    /// sentence, not a name; "the" may open one ("the corner deli").
    /// So does one that ends in the errand written after a name ("lumber yard run", "burger barn drive
    /// thru"), or goes on past a colon, comma or spaced dash.
    private static func hasLooseEnds(_ span: String) -> Bool {
        let raw = span.split(separator: " ")
        // A name does not go on past a colon, comma or semicolon ("lumber yard run: planks").
        if raw.dropLast().contains(where: { $0.last.map { ",;:".contains($0) } == true }) { return true }
        // Nor past a dash set between spaces ("the corner deli - 2 bagels").
        if raw.contains(where: { ["-", "–", "—"].contains($0) }) { return true }
        let written = raw.map { $0.trimming(",.;:!?()") }
        let words = written.map { $0.lowercased() }
        guard let first = words.first, let last = words.last else { return true }
        // Written all in lower case, a name does not go on past a preposition of the sentence
        // ("cyclo to work", "ostra brunch w/ sam"); its own joiners ("de", "of", "&") stay.
        // (A description of one place may: "the kiosk by the harbour".)
        // Nor past a word of the journey it paid for ("lumo ride home", "kestrel taxi").
        if !span.contains(where: \.isUppercase), !articles.contains(first),
           words.dropFirst().dropLast().contains(where: sentencePrepositions.contains)
            || words.dropFirst().contains(where: MerchantLexicon.motionWords.contains) {
            return true
        }
        // The errand may come before the figure paid ("blue door brunch 38").
        let figure = last.trimmingCharacters(in: .symbols)
        let named = !figure.isEmpty && figure.allSatisfy(\.isNumber) && words.count > 2 ? Array(words.dropLast()) : words
        let errand = named.count > 1 && MerchantLexicon.errands.contains(named[named.count - 1])
            && written[named.count - 1] == named[named.count - 1]
        return errand || joiningWords.contains(last)
            || (joiningWords.contains(first) && !articles.contains(first) && !isInnNameOpening(written))
    }

    /// True for a capitalised "Zum", "Zur", "Da", "Au" or "Al" before another capitalised word: how
    /// inns and eateries are named ("Zum Goldenen Hirsch", "Da Gino", "Au Bon Pain"), not the
    /// preposition of a sentence ("zum Bahnhof").
    private static func isInnNameOpening(_ written: [String]) -> Bool {
        guard written.count >= 2, ["Zum", "Zur", "Da", "Au", "Al"].contains(written[0]) else { return false }
        return written[1].first?.isUppercase == true
    }

    /// True for a span opening with what was had, then "da", "chez", "bei" and a capitalised name
    /// ("Cena da Gino", "Dîner chez Lola"): the name is the part after the joiner. A kind of
    /// business keeps it ("Osteria da Gino").
    private static func opensWithWhatWasHadAtName(_ span: String) -> Bool {
        let words = span.split(separator: " ").map { String($0).trimming(",.;:!?()") }
        guard words.count >= 3, let head = words.first?.lowercased(), words[2].first?.isUppercase == true,
              ["da", "de", "do", "chez", "bei", "beim", "at"].contains(words[1].lowercased()) else { return false }
        return MerchantLexicon.isCommonWord(head) && !MerchantLexicon.businessKinds.contains(head)
    }

    /// Prepositions that carry a sentence on past a name written in lower case.
    private static let sentencePrepositions: Set<String> = ["to", "with", "w/", "for", "from", "at", "on", "in", "into",
                                                            "via", "by"]

    /// Words that join a name to what follows; a name neither ends in one nor (but for an article) opens with one.
    private static let joiningWords = MerchantLexicon.fillers.union(MerchantLexicon.placePrepositions)
        .union(["for", "with", "w/", "got", "do", "dos", "del", "della", "di", "dal", "pra", "pro", "em", "en", "im", "beim",
                "y", "e", "et", "und", "con", "com", "mit", "avec", "bei", "bij", "presso"])
    private static let articles: Set<String> = ["the", "el", "la", "le", "les", "los", "las", "il", "lo", "der", "die",
                                                "das", "de", "o", "a"]

    /// The words of places a journey goes to or comes from ("ferry to Port Ellis", "cab from
    /// Central", "Zug nach Linz") and those either side of a route arrow ("Leeds → York"): a
    /// place, not the payee.
    /// - Parameter brands: the brands the note names (`knownBrands(in:)`), when already found.
    static func placeWords(in note: String, brands: [(Category, String)]? = nil) -> Set<String> {
        let written = note.split(whereSeparator: \.isWhitespace)
        let tokens = written.map { $0.trimming(",.;:!?()") }
        var places = Set<String>()
        // A note about travel: a word of a journey or its ticket, or a carrier the brand lexicon knows.
        // The brands it names are never places ("<carrier> Arlen to Dovik").
        let brands = brands ?? knownBrands(in: note)
        let brandWords = words(of: brands)
        let carriers = words(of: brands.filter { $0.0 == .travel })
        let journeys = tokens.contains { MerchantLexicon.motionWords.contains($0.lowercased()) } || brands.contains { $0.0 == .travel }
        let travels = journeys || tokens.contains { MerchantLexicon.travelDocuments.contains($0.lowercased()) }
        for (index, token) in tokens.enumerated() {
            let word = token.lowercased()
            if ["→", "->", "⇒", "=>", "–", "—", "-"].contains(word) {
                // An arrow always joins two places; a dash between two capitalised words only in a
                // note about travel, after the carrier ("Kestrel Lines Arlen - Dovik"; "Kestrel - desk
                // lamp" and "<ride app> - Airport" separate).
                let isArrow = !"–—-".contains(word)
                if isArrow || travels && index > 1 && index + 1 < tokens.count
                    && tokens[index - 1].first?.isUppercase == true && tokens[index + 1].first?.isUppercase == true {
                    if index > 0 { places.insert(tokens[index - 1]) }
                    if index + 1 < tokens.count { places.insert(tokens[index + 1]) }
                }
                continue
            }
            // A route glued to its arrow or dash ("Wien→Salzburg", "Madrid–Sevilla", "DUB-STN"), or
            // written with a hyphen in a note about travel ("Leeds-York").
            if isRoute(token, travels: travels) {
                places.insert(token)
                continue
            }
            // A flight number after its airline ("LH 1234", "FR8341") in a note about travel.
            if travels, isFlightNumber(token, next: index + 1 < tokens.count ? tokens[index + 1] : "") {
                places.insert(token)
                continue
            }
            // "King's Cross to Camden" in a note about travel: the names either side of "to" are places.
            if travels, word == "to", index > 0, index + 1 < tokens.count,
               tokens[index - 1].first?.isUppercase == true, tokens[index + 1].first?.isUppercase == true,
               written[index - 1].last?.isLetter == true {
                let isPlaceWord: (Int) -> Bool = { tokens[$0].first?.isUppercase == true
                    && !MerchantLexicon.functionWords.contains(tokens[$0].lowercased()) }
                var back = index - 1
                var origin: [String] = []
                while back >= 0, isPlaceWord(back) {
                    origin.append(tokens[back])
                    if back == 0 || written[back - 1].last?.isLetter != true { break }
                    back -= 1
                }
                // "Northpeak Air to Oslo": a name with a carrier's word goes there, it is no place.
                if !origin.contains(where: { carrierAndTradeWords.contains($0.lowercased()) }) { places.formUnion(origin) }
                var next = index + 1
                while next < tokens.count, isPlaceWord(next) {
                    places.insert(tokens[next])
                    if written[next].last?.isLetter != true { break }
                    next += 1
                }
                continue
            }
            // "dinner in Lisbon", "a hotel in Graz": one capitalised word after English "in" is a
            // town or a region; a business is "at" it ("im Kino Lux", "en La Tienda Roja" are not English).
            if word == "in", index + 1 < tokens.count, tokens[index + 1].first?.isUppercase == true,
               !tokens[index + 1].contains("'"), !tokens[index + 1].contains("’"),
               index + 2 == tokens.count || written[index + 1].last?.isLetter != true
                || tokens[index + 2].first?.isUppercase != true {
                places.insert(tokens[index + 1])
            }
            // "near Union Station", "on Brighton pier", "by Lake Como": after a preposition of where, a
            // name made by a word of geography is a place, not a business ("on <shop site>" stays).
            if locatives.contains(word), let run = capitalisedRun(in: tokens, written, from: index + 1) {
                let after = run.upperBound < tokens.count && written[run.upperBound - 1].last?.isLetter == true
                    ? tokens[run.upperBound].lowercased() : ""
                let words = tokens[run].map { $0.lowercased() }
                if geographicNouns.contains(words[words.count - 1]) || words.count > 1 && geographicNouns.contains(words[0])
                    || geographicNouns.contains(after) {
                    places.formUnion(tokens[run])
                }
            }
            // "at Marlow's place", "Sam's flat": someone's home, not a business. "Anna's leaving do at
            // The Ostra": whose occasion it was, when the note says where it was held (money put
            // "towards Mia's leaving gift" goes to Mia: `ownerOfOccasion`).
            if index + 1 < tokens.count, token.first?.isUppercase == true, token.hasSuffix("'s") || token.hasSuffix("’s") {
                let next = tokens[index + 1].lowercased()
                let held = MerchantLexicon.occasions.contains(next)
                    && (index == 0 || !["in", "into", "towards", "toward", "to", "for"].contains(tokens[index - 1].lowercased()))
                    && tokens.indices.dropLast().contains { placeIntroducers.contains(tokens[$0].lowercased()) && tokens[$0 + 1].first?.isUppercase == true }
                if homeWords.contains(next) || held { places.insert(token) }
            }
            // Family after "for" is whom the money was for ("Flowers for Mum").
            if CapitalRuns.forWords.contains(word), index + 1 < tokens.count {
                var next = index + 1
                if next < tokens.count, possessives.contains(tokens[next].lowercased()) { next += 1 }
                if next < tokens.count, MerchantLexicon.family.contains(tokens[next].lowercased()) { places.insert(tokens[next]) }
            }
            // "ferry to X", "ticket to Leeds": after a travel word or a ticket, the place the journey goes
            // to or comes from; in a note naming its carrier, after any such word ("<ride app> from
            // Kestrel Hotel", "<coach line> to Porto from Lisbon").
            guard MerchantLexicon.placePrepositions.contains(word), index > 0 else { continue }
            // A ticket "from" someone is bought from them ("cinema tickets from Reelhouse") unless the
            // note travels or goes on "to" a place ("tickets from Leeds to York").
            let afterTicket = MerchantLexicon.travelDocuments.contains(tokens[index - 1].lowercased())
                && (word != "from" || journeys || tokens[(index + 1)...].contains { $0.lowercased() == "to" })
            // "took a <ride app> to Old Town": what the writer took goes somewhere ("grabbed a sandwich
            // from Marlow Deli" was bought there).
            // Not someone taken along: "took the kids to Reelhouse", "took a friend to Sora".
            let taken = tokens[index - 1].lowercased()
            let ridden = word == "to" && index >= 3 && ["a", "an"].contains(tokens[index - 2].lowercased())
                && ["took", "take", "caught", "called", "booked", "hailed"].contains(tokens[index - 3].lowercased())
                && !MerchantLexicon.family.contains(taken) && !ExpenseSignals.otherPayers.contains(taken) && taken != "guest"
            guard MerchantLexicon.motionWords.contains(tokens[index - 1].lowercased()) || afterTicket || ridden
                    || !carriers.isEmpty else { continue }
            var next = index + 1
            if next < tokens.count, articles.contains(tokens[next].lowercased()) { next += 1 }
            guard next < tokens.count else { continue }
            // The place: a run of capitalised words up to a punctuation mark, or the one word that follows.
            places.insert(tokens[next])
            next += 1
            while next < tokens.count, tokens[next].first?.isUppercase == true, written[next - 1].last?.isLetter == true,
                  !MerchantLexicon.functionWords.contains(tokens[next].lowercased()) {
                places.insert(tokens[next])
                next += 1
            }
        }
        return places.subtracting([""]).filter { !brandWords.contains($0.lowercased()) }
    }

    /// The capitalised words from `start` on, up to a punctuation mark, a joining word or a lower-case word.
    private static func capitalisedRun(in tokens: [String], _ written: [Substring], from start: Int) -> Range<Int>? {
        var end = start
        while end < tokens.count, tokens[end].first?.isUppercase == true,
              !MerchantLexicon.functionWords.contains(tokens[end].lowercased()) {
            end += 1
            if written[end - 1].last?.isLetter != true { break }
        }
        return end > start ? start..<end : nil
    }

    /// Prepositions of where something is, in English (other languages use theirs for businesses too).
    private static let locatives: Set<String> = ["in", "near", "on", "by", "outside", "around", "opposite", "beside",
                                                 "behind", "along", "off", "across"]

    /// Words of geography that make a name a place ("Union Station", "Lake Como", "Brighton pier").
    private static let geographicNouns: Set<String> = [
        "station", "airport", "terminal", "pier", "beach", "lake", "river", "bridge", "island", "isle", "mount",
        "mountain", "hill", "valley", "bay", "harbour", "harbor", "square", "street", "road", "avenue", "boulevard",
        "promenade", "seafront", "waterfront", "coast", "park", "cathedral", "castle", "palace", "falls", "canal",
        "quay", "wharf", "lago", "monte", "playa", "plaza", "piazza", "platz", "strand", "see", "berg", "lac", "plage",
        "praia", "praça", "spiaggia",
    ]

    /// Where someone lives ("Marlow's place").
    private static let homeWords: Set<String> = ["place", "house", "flat", "home", "apartment", "apt", "parents", "folks"]

    /// The people who owe the writer or will pay them back ("Oskar owes me 22", "Ines and Kai will
    /// chip in", "Lea will venmo me"): whom the writer paid for, not whom they paid.
    static func debtorWords(in note: String) -> Set<String> {
        let tokens = note.split(whereSeparator: \.isWhitespace).map { $0.trimming(",.;:!?()\"") }
        let lowered = tokens.map { $0.lowercased() }
        var debtors = Set<String>()
        for index in tokens.indices.dropLast() where tokens[index].first?.isUppercase == true {
            // The verb as written in lower case ("Kestrel Pay" is a name), right after the name or
            // after "will"; paying, sending or covering only towards the writer ("pay me back").
            let verbAt = debtorVerbs.contains(tokens[index + 1]) ? index + 1
                : index + 2 < tokens.count && (["will", "is", "are"].contains(tokens[index + 1]) || lowered[index + 1].hasSuffix("'ll"))
                    && debtorVerbs.contains(tokens[index + 2]) ? index + 2 : nil
            guard let verb = verbAt else { continue }
            let towardsWriter = tokens[(verb + 1)...].prefix(2).contains { ["me", "us", "back"].contains($0.lowercased()) }
            guard towardsWriter || ["owes", "owe", "chip", "reimburse", "reimburses"].contains(tokens[verb]) else { continue }
            debtors.insert(tokens[index])
            // "Ines and Kai will chip in": the names joined before.
            var back = index - 1
            while back >= 1, ["and", "&", "+"].contains(lowered[back]), tokens[back - 1].first?.isUppercase == true {
                debtors.insert(tokens[back - 1])
                back -= 2
            }
        }
        return debtors
    }

    /// Whom the writer ate, drank or went out with ("lunch with Ilse", "coffee with Tomasz and
    /// Mira", "drinks with the Berlin team") and the road a toll or fuel was paid on ("on the A7",
    /// "on I-80", "M5"): neither is whom the money went to.
    static func companionsAndRoads(in note: String, brands: [(Category, String)]? = nil) -> Set<String> {
        let written = note.split(whereSeparator: \.isWhitespace)
        let tokens = written.map { $0.trimming(",.;:!?()\"") }
        let lowered = tokens.map { $0.lowercased() }
        var found = Set<String>()
        // The note opens with its business ("Hotel Ardent …", "Kestrel Books …"), not a common word or a
        // verb ("Flew Lisbon to Porto with <airline>": the airline is no companion).
        let opener = lowered.first ?? ""
        let opensWithName = tokens.first?.first?.isUppercase == true
            && (!MerchantLexicon.isCommonWord(opener) && !MerchantLexicon.functionWords.contains(opener)
                && !MerchantLexicon.motionWords.contains(opener)
                || MerchantLexicon.businessKinds.contains(opener) && tokens.count > 1 && tokens[1].first?.isUppercase == true)
        for (index, word) in lowered.enumerated() {
            // A road: one or two capitals and up to three digits, joined by a hyphen or not ("A7", "I-80").
            if tokens[index].wholeMatch(of: /[A-Z]{1,2}-?[0-9]{1,3}/) != nil, index > 0, ["on", "the", "via", "auf", "der", "sur", "la"].contains(lowered[index - 1]) {
                found.insert(tokens[index])
            }
            // After a meal or an outing; or after anything once the note has named its business first
            // ("Hotel Ardent 2 nights with Paul") or introduced it ("dinner at Ardent with the Lees");
            // a brand the lexicon knows is never a companion.
            // Also when the note opens with the meal or outing ("Lunch in Soho with Dana"), or introduces
            // its business after the company ("tickets with Leo at Reelhouse").
            // ("drinks w Daan and Lena": a lower-case "w" is "with"; "W Hotel" is a name.)
            // ("split the cab with Lena": one shares a cost with a person, never with the business paid.)
            guard ["with", "w/", "mit", "avec", "con", "com", "met"].contains(word) || tokens[index] == "w", index > 0,
                  outingWords.contains(lowered[index - 1]) || opensWithName && index > 1 || outingWords.contains(opener)
                    || lowered[..<index].suffix(5).contains(where: MerchantLexicon.sharingVerbs.contains)
                    || tokens.indices.dropLast().contains(where: { $0 != index - 1 && placeIntroducers.contains(lowered[$0])
                        && tokens[$0 + 1].first?.isUppercase == true })
            else { continue }
            // The names after it, past "the", joined by "and" or "&"; a business's name is no company
            // ("London to Leeds with Varro Rail": the carrier).
            var next = index + 1
            var names: [String] = []
            while next < tokens.count {
                if ["the", "my", "our", "and", "&", "+", "und", "et", "y", "e"].contains(lowered[next]) { next += 1; continue }
                guard tokens[next].first?.isUppercase == true else { break }
                names.append(tokens[next])
                next += 1
                // A comma or full stop ends the company ("drinks w Daan and Lena, Blue Anchor, 46").
                if let mark = written[next - 1].last, ",;.".contains(mark) { break }
            }
            if !names.contains(where: { carrierAndTradeWords.contains($0.lowercased()) }) { found.formUnion(names) }
        }
        found.formUnion(guestsTreated(tokens: tokens, lowered: lowered))
        let brandWords = words(of: brands ?? knownBrands(in: note))
        return found.filter { !brandWords.contains($0.lowercased()) }
    }

    /// Whom the writer treated: the capitalised name after a verb of treating someone ("treated Lena
    /// to dinner", "j'ai invité Daan", "invité a Ilse", "convidei a Lena", "ho offerto a Daan"), or
    /// in German and Dutch, where the verb comes last, after the writer's "habe"/"heb" ("Ich habe
    /// Daan ins Ostra eingeladen"). A guest, not who was paid.
    private static func guestsTreated(tokens: [String], lowered: [String]) -> [String] {
        let verbLast = lowered.contains { ["eingeladen", "getrakteerd"].contains($0) }
        var guests: [String] = []
        for (index, word) in lowered.enumerated() {
            let opens = treatingVerbs.contains(word) || verbLast && ["habe", "hab", "heb", "hebben", "haben"].contains(word)
            guard opens else { continue }
            var next = index + 1
            if next < tokens.count, ["a", "à", "to", "die", "den", "de"].contains(lowered[next]) { next += 1 }
            while next < tokens.count, tokens[next].first?.isUppercase == true,
                  !MerchantLexicon.functionWords.contains(lowered[next]) {
                guests.append(String(tokens[next]))
                next += 1
                if next < tokens.count, ["and", "&", "und", "en", "et", "e", "y"].contains(lowered[next]) { next += 1 }
            }
        }
        return guests
    }

    /// Verbs of the writer treating someone, the guest after them.
    private static let treatingVerbs: Set<String> = ["treated", "shouted", "invité", "invitée", "invite", "convidei", "offerto",
                                                     "trakteerde", "spendierte"]

    /// Words a business puts in its name that no person has: kinds of shops and carriers.
    private static let carrierAndTradeWords: Set<String> = MerchantLexicon.businessKinds.union([
        "rail", "railway", "railways", "air", "airways", "airlines", "airline", "bus", "buses", "coach", "coaches", "ferries",
        "ferry", "cabs", "taxis", "lines", "express", "travel", "tours", "hire", "rentals", "motors", "ltd", "inc", "co",
        "gmbh", "sa", "group", "shop", "store", "studio", "studios", "services",
    ])

    /// The brands of `BrandLexicon` the note names (none while the `brand-lexicon` family is off).
    private static func knownBrands(in note: String) -> [(Category, String)] {
        RuleFamilies.active.contains(.brandLexicon) ? BrandLexicon.named(in: SearchableText(note.lowercased())) : []
    }

    /// "seat 7A", "gate B12", "platform 9B": where one sat or boarded, not a name.
    private static func isSeatOrGate(_ span: String, in note: String) -> Bool {
        guard span.wholeMatch(of: /\d{1,3}[A-Z]{1,2}|[A-Z]{1,2}\d{1,3}/) != nil else { return false }
        let lowered = note.lowercased()
        return seatWords.contains { lowered.contains("\($0) \(span.lowercased())") }
    }

    private static let seatWords = ["seat", "gate", "row", "platform", "terminal", "room", "table", "track", "coach",
                                    "carriage", "pier", "stand", "asiento", "siège", "sitz", "sitzplatz", "posto", "lugar"]

    /// "the rest will Venmo me 30": a word followed by "me" or "us" is a verb of paying, no one's name.
    private static func isUsedAsVerb(_ span: String, in note: String) -> Bool {
        !span.contains(" ") && (note.contains(span + " me ") || note.contains(span + " us ") || note.hasSuffix(span + " me"))
    }

    /// "Gigbox - Arctic Lanterns x2 £170", "Kestrel Books: Winter Atlas 24", "Halden charged my card
    /// 90 for …": a name that opens a written note before a dash, a colon or a verb of charging is
    /// who charged (LABELLING: the company, not its product); what follows is what was bought.
    /// Returns the name and where the part after the mark starts. Not a common word ("Lunch - Joe's
    /// Shanghai - 42"), a date or a bank's sender.
    static func openingName(in note: String, among spans: [String]) -> (name: String, rest: String.Index)? {
        guard let mark = note.firstMatch(of: /\s[-–—]\s|:\s|\s(?:charged|billed|debited)\s/), !BankMessage.reads(note) else { return nil }
        let head = note[..<mark.range.lowerBound].trimmingCharacters(in: .whitespaces)
        let words = head.split(separator: " ")
        guard (1...3).contains(words.count), spans.contains(head), !head.contains(where: \.isNumber),
              words.allSatisfy({ $0.first?.isUppercase == true || nameJoiners.contains($0.lowercased()) }),
              !opensWithCommonWord(head), !MerchantLexicon.isOnlyCommonWords(head.lowercased()), !MerchantLexicon.isGeneric(head),
              !isOnlyAPeriod(head) else { return nil }
        return (head, mark.range.upperBound)
    }

    /// The offered span that is a well-known brand's name as the note writes it ("esso" in "petrol 55.30 esso").
    static func namedBrand(in note: String, among spans: [String]) -> String? {
        let brands = Set(knownBrands(in: note).map(\.1))
        return spans.first { brands.contains($0.lowercased()) }
    }

    /// The offered span that names a business by its own word and its kind ("primrose florist",
    /// "halden deli"): two to four words, the last a kind of business that opens or ends names,
    /// the ones before it no common word or place ("the corner deli", "beach bar" name none). The
    /// longest such span; nil when there is none.
    static func tradeNamed(among spans: [String]) -> String? {
        spans.filter { span in
            let words = span.lowercased().split(separator: " ").map { String($0).trimming(",.;:!?()") }
            guard (2...4).contains(words.count), let last = words.last, MerchantLexicon.businessKinds.contains(last)
            else { return false }
            return words.dropLast().allSatisfy { word in
                word.contains(where: \.isLetter) && !MerchantLexicon.isCommonWord(word) && !MerchantLexicon.functionWords.contains(word)
                    && !geographicNouns.contains(word) && !townWords.contains(word)
            }
        }.max { $0.count < $1.count }
    }

    /// Where a shop stands, said in common words ("village bakery", "campus bookstore").
    private static let townWords: Set<String> = ["village", "town", "city", "neighbourhood", "neighborhood", "campus",
                                                 "hospital", "airport", "hotel", "beach", "ski", "garden", "holiday", "resort"]

    /// True for common words written before a known brand ("Big <brand> shop", "weekly <brand> run"):
    /// the brand alone is the name. A kind of business or an article is part of it ("Hotel <brand>").
    private static func isBrand(_ brand: String, precededByCommonWords span: String) -> Bool {
        let lowered = span.lowercased()
        guard let found = lowered.range(of: " " + brand),
              found.upperBound == lowered.endIndex || lowered[found.upperBound] == " " else { return false }
        let head = lowered[..<found.lowerBound].split(separator: " ").map { String($0).trimming(",.;:!?()") }
        return head.allSatisfy { word in
            MerchantLexicon.isCommonWord(word) && !MerchantLexicon.businessKinds.contains(word)
                && !MerchantLexicon.functionWords.contains(word)
        }
    }

    /// The lowercased words of `brands` ("deutsche", "bahn").
    private static func words(of brands: [(Category, String)]) -> Set<String> {
        Set(brands.flatMap { $0.1.split(separator: " ").map(String.init) })
    }

    /// Words that put a business's name after them ("at", "chez", "bei", "@").
    private static let placeIntroducers: Set<String> = ["at", "@", "chez", "bei", "presso"]

    /// Meals, drinks and outings one has with somebody.
    private static let outingWords: Set<String> = [
        "lunch", "dinner", "breakfast", "brunch", "coffee", "coffees", "drinks", "drink", "beers", "beer", "pints",
        "cocktails", "tea", "meal", "supper", "work", "out", "night", "essen", "abendessen", "mittagessen", "kaffee",
        "dîner", "déjeuner", "café", "verre", "cena", "almuerzo", "comida", "pranzo", "jantar", "almoço", "borrel",
    ]

    private static let debtorVerbs: Set<String> = ["owes", "owe", "chip", "pay", "pays", "venmo", "venmos", "send",
                                                   "sends", "transfer", "transfers", "reimburse", "reimburses",
                                                   "settle", "settles", "cover", "covers", "split", "splits"]

    /// What the writer paid with ("charged on my Visa", "with our Railcard", "mit meiner Kreditkarte"):
    /// their card or account, not whom they paid. ("paid my Nordhaus bill" names the payee.)
    static func writersOwnWords(in note: String) -> Set<String> {
        let written = note.split(whereSeparator: \.isWhitespace)
        let tokens = written.map { $0.trimming(",.;:!?()\"") }
        var own = Set<String>()
        for (index, token) in tokens.enumerated() where index > 0 && possessives.contains(token.lowercased())
            && instrumentWords.contains(tokens[index - 1].lowercased()) && written[index].last?.isLetter == true {
            var next = index + 1
            while next < tokens.count, tokens[next].first?.isUppercase == true {
                own.insert(tokens[next])
                if written[next].last?.isLetter != true { break }
                next += 1
            }
        }
        return own.subtracting([""])
    }

    /// Prepositions before what one pays with ("on my", "with my", "using our", "mit meiner", "con mi").
    private static let instrumentWords: Set<String> = ["on", "with", "using", "via", "by", "mit", "con", "avec", "sur",
                                                       "com", "no", "na", "auf", "per", "met", "op"]

    static let possessives: Set<String> = ["my", "our", "mein", "meine", "meinem", "meiner", "meinen", "mon", "ma",
                                           "mes", "notre", "mi", "mis", "nuestro", "nuestra", "meu", "minha",
                                           "mio", "mia", "miei", "mijn", "onze"]

    /// Two capitalised place names joined by an arrow or dash ("Wien→Salzburg", "Wien–Linz", "DUB-STN"),
    /// or by a hyphen in a note about travel ("Leeds-York"; elsewhere a hyphen joins a name: "Fenn-Lindqvist").
    private static func isRoute(_ token: String, travels: Bool) -> Bool {
        let marks: [Character] = ["→", "–", "—", "-"]
        guard let mark = token.first(where: marks.contains) else { return false }
        let halves = token.split(omittingEmptySubsequences: false, whereSeparator: marks.contains)
        guard halves.count == 2, halves.allSatisfy({ half in
            half.count >= 2 && half.allSatisfy { $0.isLetter } && half.first?.isUppercase == true
        }) else { return false }
        // Airport codes ("DUB-STN") are a route whatever the note says.
        let codes = halves.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isUppercase) }
        return mark != "-" || codes || travels
    }

    /// An airline's two-character code and a flight's digits, glued or apart ("FR8341", "LH 1234").
    private static func isFlightNumber(_ token: String, next: String) -> Bool {
        let isCode = { (code: Substring) in
            code.count == 2 && code.allSatisfy { $0.isUppercase || $0.isASCIIDigit } && code.contains(where: \.isLetter)
        }
        if isCode(Substring(token)) { return (1...4).contains(next.count) && next.allSatisfy(\.isASCIIDigit) }
        return token.count >= 3 && token.count <= 6 && isCode(token.prefix(2)) && token.dropFirst(2).allSatisfy(\.isASCIIDigit)
    }

    /// True when `picked` is whom the thing was bought for, not who was paid: a name right after
    /// "for" (or its kin) that follows what was bought or the occasion ("birthday cake for Mia",
    /// "vet for Biscuit", "drinks for Jake's birthday"). Not when the money itself went to them (a
    /// cash gift: "150 cash for Ines & Tom"), when a figure or a word of paying stands before "for"
    /// ("12.99 for Gigbox", "paid for Lumo"), nor for a well-known brand.
    static func isBeneficiary(_ picked: String, in note: String) -> Bool {
        // (A note written without capitals names people in lower case: "birthday cake for mia".)
        guard let initial = picked.first, initial.isUppercase || !note.contains(where: \.isUppercase),
              picked.split(separator: " ").count <= 2,
              !knownBrands(in: picked).contains(where: { $0.1.count == picked.count }) else { return false }
        // A name closing with a kind of place or business is no person's ("tickets for Halden Museum").
        if picked.contains(" "), let last = picked.split(separator: " ").last?.lowercased(),
           MerchantLexicon.closesABusinessName(last) || MerchantLexicon.institutionOpeners.contains(last)
            || MerchantLexicon.places.contains(last) {
            return false
        }
        let written = note.split(whereSeparator: \.isWhitespace).map { $0.trimming(",.;:!?()\"") }
        let lowered = written.map { $0.lowercased() }
        let first = picked.split(separator: " ")[0]
        let bare = { (word: String) -> String in
            word.hasSuffix("'s") || word.hasSuffix("’s") ? String(word.dropLast(2)) : word
        }
        guard let index = written.firstIndex(where: { bare($0) == first || $0 == first }) else { return false }
        let givesMoney = lowered.contains(where: cashWords.contains)
        // "Mia's birthday cake", "Biscuit's vet bill", "Mum's flowers": whose occasion, whose
        // appointment, a relative's (a shop named after its owner goes on otherwise: "Gina's party supplies").
        let word = written[index]
        if picked.count == first.count, word.hasSuffix("'s") || word.hasSuffix("’s"), index + 1 < lowered.count,
           personalOccasions.contains(lowered[index + 1]) || MerchantLexicon.roles.contains(lowered[index + 1])
            || ExpenseSignals.otherPayers.contains(bare(lowered[index])) {
            return !givesMoney
        }
        guard index >= 2, beneficiaryMarks.contains(lowered[index - 1]) else { return false }
        let before = lowered[index - 2]
        guard before.first?.isLetter == true, !payingWords.contains(before), !givesMoney else { return false }
        // Not someone the note pays by name elsewhere ("paid Mia 20 for Mia's lessons").
        return !zip(lowered, written.dropFirst()).contains { payingWords.contains($0) && bare($1) == first }
    }

    private static let beneficiaryMarks: Set<String> = ["for", "para", "pour", "für", "per", "voor", "pra"]
    /// A person's own occasions (not "party" or "gift": "Gina's party supplies" may be a shop).
    private static let personalOccasions: Set<String> = ["birthday", "bday", "b-day", "graduation", "wedding", "leaving",
                                                         "farewell", "retirement", "anniversary", "christening", "funeral",
                                                         "engagement", "housewarming"]
    /// Words of paying before "for": then what follows is what the money bought ("paid for Lumo").
    private static let payingWords: Set<String> = ["paid", "pay", "paying", "spent", "charged", "billed", "renewed",
                                                   "pagué", "pagado", "payé", "bezahlt", "pagato", "paguei", "betaald",
                                                   "to", "subscription", "membership", "plan"]
    /// The money itself given ("cash in a card for Ines & Tom", "a gift card for Leo").
    private static let cashWords: Set<String> = ["cash", "money", "envelope", "venmo", "venmoed", "bizum", "transfer",
                                                 "transferred", "sent", "efectivo", "espèces", "bargeld", "dinheiro",
                                                 "contanti", "contant"]

    /// The possessor of an occasion is whom the money went to: "100 cash in Leo's birthday card",
    /// "Put 50 in Mia's leaving collection" → "Leo", "Mia". Nil when `picked` is no such possessive.
    static func ownerOfOccasion(_ picked: String, in note: String) -> String? {
        guard !picked.contains(" ") else { return nil }
        let owner: Substring
        if picked.hasSuffix("'s") || picked.hasSuffix("’s") { owner = picked.dropLast(2) } else { return nil }
        guard owner.first?.isUppercase == true, owner.allSatisfy(\.isLetter) else { return nil }
        let written = note.split(whereSeparator: \.isWhitespace).map { $0.trimming(",.;:!?()\"") }
        let words = written.map { $0.lowercased() }
        // Money put in or towards it ("in Leo's birthday card", "towards Mia's leaving gift"); a shop
        // named after its owner opens a note ("Gina's party supplies 40").
        guard let index = written.firstIndex(of: picked), index > 0, index + 1 < words.count,
              ["in", "into", "towards", "toward", "to", "for"].contains(words[index - 1]),
              MerchantLexicon.occasions.contains(words[index + 1]) else { return nil }
        return String(owner)
    }

    /// A name that starts with a capital goes on in capitals, numbers or joining words ("Osteria Bruno",
    /// "Smith & Sons", "Studio 54"): "Lindt chocolate box", "Ryanway to Porto" end at the name. One that
    /// starts in lower case is written as the writer wrote it ("the noodle bar by the station", "zipcab").
    private static func isNameShaped(_ span: String) -> Bool {
        let words = span.split(separator: " ")
        let bare = words.map { $0.lowercased().trimming(",.;:!?()") }
        // A number before a unit is a quantity ("31 kWh", "9.8 L"), not part of a name; nor is the unit.
        if zip(bare, bare.dropFirst()).contains(where: { $0.first?.isNumber == true && AmountFinder.measureUnits.contains($1) })
            || bare.first.map(AmountFinder.measureUnits.contains) == true {
            return false
        }
        // A name may start with a number only when capitals follow ("24 Hour Gym", not "20 for a").
        if let head = words.first, head.allSatisfy(\.isNumber) {
            return words.count > 1 && words.dropFirst().allSatisfy { word in
                word.first?.isUppercase == true || word.first?.isNumber == true || nameJoiners.contains(word.lowercased())
            }
        }
        // "Dinner At Tavolo Verde", "Books From Harwell": a capitalised preposition ends a name (in
        // lower case one may stand in a description: "the noodle bar by the station").
        if words.dropFirst().contains(where: { $0.first?.isUppercase == true && titleCasePrepositions.contains($0.lowercased()) }) {
            return false
        }
        guard let first = words.first?.first, first.isUppercase else { return true }
        return words.dropFirst().allSatisfy { word in
            guard let head = word.first else { return false }
            return head.isUppercase || head.isNumber || nameJoiners.contains(word.lowercased()) || word.first == "'"
        }
    }

    /// German capitalises every noun: in a note written in German, a capitalised word right after a
    /// lower-case word that is no article, preposition or verb before a name — an adjective ("volles
    /// Auto", "neue Schuhe") — is a noun, not a payee.
    static func germanNounsAfterAdjectives(in note: String) -> Set<String> {
        let written = note.split(whereSeparator: \.isWhitespace)
        let words = written.map { $0.trimming(",.;:!?()") }
        let lowered = words.map { $0.lowercased() }
        guard words.count >= 3, lowered.filter(germanMarkers.contains).count >= 2 else { return [] }
        var nouns = Set<String>()
        for index in 1..<words.count where words[index].first?.isUppercase == true
            && words[index].dropFirst().contains(where: \.isLowercase) {
            let previous = written[index - 1]
            guard previous.last?.isLetter == true, previous.first?.isLowercase == true,
                  !germanBeforeNames.contains(lowered[index - 1]) else { continue }
            nouns.insert(words[index])
        }
        return nouns
    }

    /// Words that mark a note as German.
    private static let germanMarkers: Set<String> = ["und", "für", "die", "der", "das", "mit", "nach", "ein", "eine", "einen",
                                                     "den", "dem", "vom", "zum", "zur", "beim", "im", "ist", "war", "heute",
                                                     "gestern", "auf", "aus", "noch", "auch", "bei", "fürs", "ins"]
    /// Lower-case words a German name may follow: articles, prepositions, verbs of paying.
    private static let germanBeforeNames: Set<String> = ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen",
                                                         "einem", "einer", "bei", "beim", "im", "in", "zum", "zur", "von",
                                                         "vom", "an", "am", "aus", "über", "via", "durch", "mit", "für",
                                                         "fürs", "nach", "ins", "auf", "bezahlt", "gezahlt", "überwiesen",
                                                         "und", "oder", "bis", "ab", "gegenüber", "neben", "hinter"]

    /// Prepositions that introduce a name or a person; inside a span they join two phrases.
    private static let titleCasePrepositions: Set<String> = ["at", "from", "with", "w/", "for", "to", "via", "on",
                                                             "by", "@", "bei", "mit", "für", "chez", "avec", "pour",
                                                             "con", "com", "para"]

    /// True for a note with at least three words after its first, most of them capitalised, common
    /// words among them ("Taxi Home With Cablink"): a name of several words ("chez Le Petit Zinc") is not that.
    static func isTitleCased(_ note: String) -> Bool {
        let words = note.split(whereSeparator: \.isWhitespace).dropFirst().filter { $0.contains(where: \.isLetter) }
        guard words.count >= 3 else { return false }
        let capitalised = words.filter { word in
            guard let first = word.first(where: \.isLetter) else { return false }
            return first.isUppercase && !word.dropFirst().allSatisfy { !$0.isLetter || $0.isUppercase }
        }
        // Two of them, or one in a longer note: German capitalises every noun ("Hotel Lindwurm 2 Nächte").
        let common = capitalised.filter { word in
            let bare = word.lowercased().trimming(",.;:!?()\"")
            return !articles.contains(bare) && (MerchantLexicon.isCommonWord(bare) || MerchantLexicon.functionWords.contains(bare))
        }.count
        return common >= (words.count >= 4 ? 1 : 2) && capitalised.count * 4 >= words.count * 3
    }

    /// True for a span whose first word is a common word ("Shop Fennick", "Vet Visit"), unless it is
    /// the kind of business that opens a name ("Hotel Miramar").
    private static func opensWithCommonWord(_ span: String) -> Bool {
        guard let first = span.split(whereSeparator: \.isWhitespace).first?.lowercased().trimming(",.;:!?()\"") else { return false }
        return (MerchantLexicon.isCommonWord(first) || MerchantLexicon.functionWords.contains(first))
            && !MerchantLexicon.businessKinds.contains(first) && first != "the"
    }

    static let nameJoiners: Set<String> = ["&", "and", "de", "del", "la", "le", "les", "di", "da", "do", "dos",
                                                   "of", "the", "'s", "y", "et", "und", "von", "van", "der",
                                                   "du", "des", "della", "delle", "dei", "das", "el", "los", "las", "al",
                                                   // "Splash n Go", "Rock 'n' Roll".
                                                   "n", "'n'", "'n", "n'"]

    /// Turkish writes a name's case ending after an apostrophe ("Kahve Durağı'nda", "Kestrel'den"):
    /// the name is the part before it, offered in place of the span with the ending (`caseEnding`).
    private static func withoutCaseEndings(_ spans: [String]) -> [String] {
        spans.compactMap { $0.wholeMatch(of: caseEnding).map { String($0.output.1) } }
    }

    /// A span that ends in a case ending after a capitalised word, and the span without it.
    nonisolated(unsafe) private static let caseEnding = /(.*\p{Lu}[\p{L}&.-]*)['’](?:n?[dt][ae]n?|[yn][ae]|n?[ıiuü]n)/

    /// In scripts written without spaces, the names before a particle or inside brackets
    /// ("ビックカメラで電池" → "ビックカメラ", "夕食（鳥貴族）" → "鳥貴族").
    private static func cjkNames(in note: String) -> [String] {
        let breaks: Set<Character> = ["で", "に", "を", "は", "が", "へ", "と", "（", "）", "(", ")", "「", "」", "、", "。", " "]
        // Chinese puts the shop between "在" (at) and the verb ("在星光咖啡买了拿铁" → "星光咖啡"); Thai
        // after "ที่" (at), up to the space before the next word.
        let between = note.matches(of: /在(\p{Han}{2,10}?)(?:买|吃|喝|点|花|付|消费|购|訂|订)/).map { String($0.output.1) }
            + note.matches(of: /ที่([\p{Thai}]{2,24})(?:\s|$)/).map { String($0.output.1) }
        guard note.contains(where: \.isCJK) else { return between }
        return between + note.split(whereSeparator: { breaks.contains($0) || $0.isWhitespace })
            .map(String.init)
            .filter { piece in piece.contains(where: \.isCJK) && piece.count >= 2 && !piece.contains(where: \.isASCIIDigit) }
    }

    private static let notMerchantWords = BankMessage.accountWords.union(BankMessage.vocabulary).union([
        "upi", "ref", "otp", "debit", "credit", "debited", "credited", "spent", "paid", "sent", "dear", "customer", "your",
        "vpa", "neft", "imps", "rtgs", "fwd", "fw", "order", "confirmation", "receipt", "invoice", "subtotal", "total",
        "items",
    ]).union(DateResolver.calendarWords).union(RulesExtractor.paymentVerbs).union(holidays)

    /// Feasts and seasons a purchase is for ("Christmas market", "Diwali sweets"): when, never who.
    private static let holidays: Set<String> = [
        "christmas", "xmas", "easter", "halloween", "thanksgiving", "diwali", "eid", "hanukkah", "chanukah", "ramadan",
        "passover", "valentine's", "valentines", "navidad", "nochebuena", "pascua", "noël", "noel", "pâques", "paques",
        "weihnachten", "ostern", "silvester", "natale", "pasqua", "capodanno", "natal", "páscoa", "carnaval", "carnival",
        "karneval", "fasching", "kerst", "pasen", "sinterklaas",
    ]

    /// True for a date word or a word banks and mails write ("Fwd", "Subtotal"): never part of a name.
    static func isCalendarOrBankWord(_ word: String) -> Bool {
        notMerchantWords.contains(word.lowercased())
    }

    /// True for a span of words that open, close or label a message and nothing else ("Hi",
    /// "Awesome!", "Not you?", "ID", "Thank you"): never a name, though each may be part of one
    /// ("Great Wall", "Welcome Break").
    static func isOnlyMessageWords(_ span: String) -> Bool {
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(where: \.isPunctuation) }.filter { !$0.isEmpty }
        return !words.isEmpty && words.allSatisfy { messageWords.contains($0) || MerchantLexicon.functionWords.contains($0) }
    }

    /// True for a span whose words are only what is added to a price or a writer's share of it,
    /// with or without their figures ("VAT", "7 GST", "quarter 30", "my half"): no one was paid by that name.
    static func isOnlyAddOnOrShare(_ span: String) -> Bool {
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(where: \.isPunctuation) }
            .filter { !$0.isEmpty && !$0.allSatisfy(\.isNumber) }
        return !words.isEmpty && words.allSatisfy { word in
            AmountRoles.addOnNouns.contains(word) || AmountRoles.shareOrFractionWords.contains(word)
                || MerchantLexicon.functionWords.contains(word)
        }
    }

    /// True for a span that is only the label of a form's field ("Beneficiary", "Empfänger", "Info",
    /// "Payee"): what follows the label may be a name, the label never is.
    static func isOnlyFieldLabels(_ span: String) -> Bool {
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(where: \.isPunctuation) }.filter { !$0.isEmpty }
        return !words.isEmpty && words.allSatisfy(fieldLabels.contains)
    }

    /// True for a span holding a count of things bought: a small whole number, then a word in the
    /// plural ("halden books 2 novels"); a name's own number stands before no such word ("Route 66 Diner").
    static func countsThings(_ span: String, in note: String) -> Bool {
        // With the word after the span where it ends in the number ("halden books 2" of "… 2 novels").
        let next = note.range(of: span).map { note[$0.upperBound...].split(separator: " ").first ?? "" } ?? ""
        let words = (span + " " + next).lowercased().split(separator: " ").map { $0.trimming(where: \.isPunctuation) }
        return zip(words, words.dropFirst()).contains { number, thing in
            // A plural, not a word ending in "ss" ("Studio 54 Fitness") nor the word a shop's name
            // closes with ("99 Bikes").
            !number.isEmpty && number.allSatisfy(\.isASCIIDigit) && number.count <= 2 && thing.count >= 4 && thing.hasSuffix("s")
                && !thing.hasSuffix("ss") && thing.allSatisfy(\.isLetter) && !MerchantLexicon.nameClosers.contains(String(thing))
        }
    }

    /// True for a word that only says which sum follows it (Grand, Sub or Net before the word for a
    /// total, `AmountRoles.totalWords`), wherever the span stands.
    static func modifiesTotal(_ span: String, in note: String) -> Bool {
        guard totalModifiers.contains(span.lowercased()) else { return false }
        var searchStart = note.startIndex
        var found = false
        while let place = note.range(of: span, range: searchStart..<note.endIndex) {
            let after = note[place.upperBound...].drop { $0 == " " || $0 == "-" }
            let word = after.prefix { $0.isLetter }.lowercased()
            guard AmountRoles.totalWords.contains(word) else { return false }
            found = true
            searchStart = place.upperBound
        }
        return found
    }

    private static let totalModifiers: Set<String> = ["grand", "sub", "net", "gross", "final", "order", "bill"]

    /// True for a span of balance, limit or available-amount words written right before a figure
    /// ("Atlikums 450,00 EUR", "Saldo: 1.200"): the figure's label, in any message, never a name.
    static func labelsAFigure(_ span: String, in note: String) -> Bool {
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(where: \.isPunctuation) }
        guard !words.isEmpty, words.allSatisfy({ AmountFinder.balanceWords.contains($0) || AmountFinder.bankBalanceWords.contains($0) })
        else { return false }
        var searchStart = note.startIndex
        while let found = note.range(of: span, range: searchStart..<note.endIndex) {
            let after = note[found.upperBound...].drop { $0.isWhitespace || $0 == ":" }
            let figure = after.drop { !$0.isNumber && !$0.isLetter && !$0.isWhitespace }
            if figure.first?.isNumber == true || Currency.mentions(in: String(after.prefix(6))).contains(where: { $0.range.lowerBound == 0 }) {
                return true
            }
            searchStart = found.upperBound
        }
        return false
    }

    /// The words of a bank message's field labels: up to three words, not all in capitals, that open
    /// the message, a line or a clause and end in a colon ("Retailer: SILVER BIRCH", "Auftraggeber/Empfänger:
    /// …", "Payment description: …"). Banks write payees in capitals; their labels in words.
    static func fieldLabelWords(in message: String) -> Set<String> {
        var found = Set<String>()
        for match in message.matches(of: /(?:^|[\n.,;|]\s*|\s-\s)((?:[\p{L}\/.]+\s){0,2}[\p{L}\/.]+)\s?:\s*\S/) {
            let label = String(match.output.1)
            guard label.contains(where: \.isLowercase) else { continue }
            found.formUnion(label.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        return found
    }

    /// The labels of a form's fields in banks' messages, besides those that introduce the payee.
    private static let fieldLabels: Set<String> = Set(RulesExtractor.payeeLabels.map { String($0.dropLast()) }).union([
        "name", "info", "details", "description", "desc", "narration", "remarks", "status", "location", "place",
        "amount", "date", "time", "reference", "beschreibung", "verwendungszweck", "betrag", "datum", "montant",
        "libellé", "monto", "importe", "valor", "descrição", "descripción", "concepto", "kwota", "tutar", "açıklama",
        "retailer", "vendor", "supplier", "counterparty", "naam", "opis", "detalle", "auftraggeber",
    ])

    /// True for a span of a bank's own words and dates ("Txn", "Avl Bal", "14Sep"): in a bank's message they name no payee.
    static func isOnlyBanksWords(_ span: String) -> Bool {
        let words = span.split(whereSeparator: \.isWhitespace).map { $0.trimming(where: \.isPunctuation) }.filter { !$0.isEmpty }
        return !words.isEmpty && words.allSatisfy { word in
            BankMessage.notNames.contains(word.lowercased()) || DateResolver.isDayRunIntoMonth(Substring(word))
                || DateResolver.calendarWords.contains(word.lowercased())
        }
    }

    /// True for a span of lower-case words in a cased script, without a digit, "@" or "." ("deducted",
    /// "disponible"): banks write payees in capitals, or as handles and domains; a lower-case word
    /// in their message is theirs.
    static func isPlainLowercase(_ span: String) -> Bool {
        span.contains(where: \.isLetter) && span.allSatisfy { character in
            character.isLetter ? character.isCased && character.isLowercase : !(character.isNumber || "@.".contains(character))
        }
    }

    /// Greetings, thanks, exclamations and labels, in the languages banks and people write.
    private static let messageWords: Set<String> = [
        "hi", "hello", "hey", "dear", "greetings", "hola", "bonjour", "salut", "hallo", "ciao", "olá", "oi", "namaste",
        "salaam", "merhaba", "habari", "jambo", "hej", "moi", "ahoj", "cześć", "привет", "здравствуйте",
        "thanks", "thank", "merci", "gracias", "danke", "grazie", "obrigado", "obrigada", "asante", "shukran", "спасибо", "dziękujemy",
        "awesome", "great", "congratulations", "congrats", "yay", "hooray", "oops", "sorry", "attention", "important",
        "notice", "reminder", "success", "successful", "successfully", "welcome", "done", "ok", "okay", "yes", "no", "not",
        "id", "nr", "number", "current", "please", "kindly", "note", "ac", "dr", "cr", "call",
    ]

    /// - Parameter moneyWordsInNames: in a written note, a capitalised currency's word or one of
    ///   `namesMoneyWords` may be part of a name beside a capitalised word that is none ("Dollar
    ///   Tree", "Card Factory"; "Dollar" and "Card" alone stay out, and so does "Pay" in "<app> Pay").
    private static func isPlausible(_ span: String, moneyWordsInNames: Bool = false) -> Bool {
        let words = span.split(separator: " ")
        guard words.count <= 6 else { return false }
        // An indefinite article is never part of a name ("took a lumo": the name is "lumo").
        if words.count >= 2, ["a", "an"].contains(words[0]) { return false }
        func isCapitalised(_ word: Substring) -> Bool {
            word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
        }
        // A word that is wholly a currency's ("Dollar", "EUR").
        func isCurrencyWord(_ word: Substring) -> Bool {
            Currency.mentions(in: String(word)).contains { $0.range.count == word.count }
        }
        func isMoneyWord(_ word: Substring) -> Bool {
            namesMoneyWords.contains(word.lowercased().trimming(where: \.isPunctuation)) || isCurrencyWord(word)
        }
        let named = moneyWordsInNames && words.count >= 2
            && words.allSatisfy { isCapitalised($0) || MerchantLexicon.functionWords.contains($0.lowercased()) }
            && words.contains { isCapitalised($0) && !isMoneyWord($0) && !MerchantLexicon.isCommonWord($0.lowercased()) }
        for word in words {
            let lowered = word.lowercased().trimming(where: \.isPunctuation)
            if named && isCapitalised(word) && isMoneyWord(word) { continue }
            if notMerchantWords.contains(lowered) { return false }
            // Run together by a missing space ("Confirmed.on"): each part counts.
            if lowered.split(separator: ".").count > 1, lowered.split(separator: ".").contains(where: { notMerchantWords.contains(String($0)) }) {
                return false
            }
            // How money moved is not whom it went to ("via Instapay").
            if RulesExtractor.paymentChannels.contains(lowered.uppercased()) { return false }
            // A route is not part of a name ("Milano→Firenze", "London->Paris", "BCN-FCO").
            if word.contains("→") || word.contains("->") || word.contains("⇒") { return false }
            let halves = word.split(separator: "-")
            if halves.count == 2, halves.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isUppercase) }) { return false }
            let digits = word.filter(\.isNumber).count
            // Amounts, dates and masked numbers ("48.50", "XX7441", "5120***4471") are not names.
            if digits >= 3 || (digits > 0 && word.contains(where: { ".,:/*".contains($0) })) { return false }
            let searchable = SearchableText(word.lowercased())
            // Masked digits ("XX7441", "4xxx1121", "XXXX"); "Maxx" is a name.
            let masked = searchable.contains("xx") && (digits > 0 || word.lowercased().allSatisfy { $0 == "x" })
            if masked || searchable.contains("**") { return false }
            if isCurrencyWord(word) { return false }
            // A currency's word in another script ("บาท", "грн") or a figure written with its currency
            // ("32元", "£23") names no one. (Latin ones may be part of a name: "Dollar", "Lira".)
            if Currency.markers.contains(where: { marker in
                marker.text == lowered && marker.text.count >= 2 && marker.text.allSatisfy { $0.isLetter && !$0.isASCII }
            }) { return false }
            if digits > 0, !Currency.mentions(in: String(word)).isEmpty { return false }
        }
        return span.contains(where: \.isLetter)
    }
}

/// The runs of capitalised words in a note ("Marlow Fenn", "La Brasa Vieja", "Smith & Sons"),
/// broken by punctuation. A span that starts inside a run drops the start of a name ("Fenn"), so a
/// span may start only where a run starts; a common word that opens a sentence may be left out
/// ("Lunch Nordhaus" → "Nordhaus"). Where a name ends is left to the model: a product often follows
/// it in capitals ("Nordhaus Pro 2").
struct CapitalRuns {
    private let words: [String]
    /// Per word: it starts with a capital and is no date or bank word.
    private let capital: [Bool]
    /// Per word: as written, it ends in a letter (no punctuation after it).
    private let endsInLetter: [Bool]
    /// Per word: the first word of its run, or nil outside runs.
    private let runStart: [Int?]
    private let opensSentence: [Bool]

    init(_ note: String) {
        let written = note.split(whereSeparator: \.isWhitespace)
        words = written.map { $0.trimming(",.;:!?()\"") }
        endsInLetter = written.map { $0.last?.isLetter == true }
        let breaksAfter = written.map { word -> Bool in
            guard let last = word.last else { return true }
            if last == "." { return word.dropLast().contains(".") == false }
            return ",;:!?)\"—–".contains(last)
        }
        let capital = words.map { word in word.first?.isUppercase == true && !MerchantSpans.isCalendarOrBankWord(word) }
        self.capital = capital
        var starts = [Int?](repeating: nil, count: words.count)
        var index = 0
        while index < words.count {
            guard capital[index] else { index += 1; continue }
            var end = index
            // A run goes on in capitals and in joining words between capitals ("Smith & Sons").
            while end + 1 < words.count, !breaksAfter[end] {
                if capital[end + 1] {
                    end += 1
                } else if MerchantSpans.nameJoiners.contains(words[end + 1].lowercased()), end + 2 < words.count,
                          !breaksAfter[end + 1], capital[end + 2] {
                    end += 2
                } else {
                    break
                }
            }
            for member in index...end { starts[member] = index }
            index = end + 1
        }
        runStart = starts
        opensSentence = words.indices.map { $0 == 0 || breaksAfter[$0 - 1] || written[$0 - 1].allSatisfy { "—–-".contains($0) } }
    }

    func cutsIntoName(_ span: String) -> Bool {
        let spanWords = span.split(whereSeparator: \.isWhitespace).map { $0.trimming(",.;:!?()\"") }
        guard !spanWords.isEmpty, spanWords.count <= words.count else { return false }
        var found = false
        for start in 0...(words.count - spanWords.count) where words[start..<start + spanWords.count].elementsEqual(spanWords) {
            found = true
            if startsWell(start) { return false }
        }
        // A span not made of the note's words (a name in a script without spaces) is not judged here.
        return found
    }

    /// Whom or what the money was for, when the note also names someone else in capitals: "dog bed
    /// for Pip" at a pet shop, "dinner for Ines at Le Prieuré", "the Nordlys for the 8:15".
    /// The name after "for" (and its kin, past "the", "my", …) is the payee only when it is the
    /// note's only name ("15.99 for Streamora").
    func beneficiaryWords() -> Set<String> {
        var named = Set<String>()
        for (index, word) in words.enumerated() where Self.forWords.contains(word.lowercased()) {
            var next = index + 1
            // "for me and Aiko": past the writer too.
            while next < words.count, Self.determiners.contains(words[next].lowercased())
                    || ["me", "us", "myself", "and", "&"].contains(words[next].lowercased()) { next += 1 }
            while next < words.count, capital[next] {
                named.insert(words[next])
                if !endsInLetter[next] { break }
                // A name goes on over its joining word ("for the Museum of Lumo", "for Smith & Sons").
                let joined = next + 2 < words.count && !capital[next + 1] && runStart[next + 2] != nil
                    && runStart[next + 2] == runStart[next]
                next += joined ? 2 : 1
            }
        }
        guard !named.isEmpty else { return [] }
        // Another name: a capitalised word that is neither one of these nor a common word opening the note.
        let others = words.indices.contains { index in
            capital[index] && !named.contains(words[index])
                && !(index == 0 && MerchantLexicon.isCommonWord(words[index].lowercased()))
        }
        return others ? named : []
    }

    static let forWords: Set<String> = ["for", "für", "pour", "para", "per", "voor"]
    private static let determiners: Set<String> = ["the", "my", "our", "his", "her", "their", "a", "an", "mein", "meine",
                                                   "meinen", "mon", "ma", "mes", "mi", "mis", "il", "la", "le", "el",
                                                   "den", "die", "der", "das", "de", "het"]

    private func startsWell(_ start: Int) -> Bool {
        guard let opener = runStart[start], opener != start else { return true }
        // Leaving out a common word or a preposition that opens the sentence is fine ("Lunch Nordhaus",
        // "From Northwind Books:"), and a common word with the "da"/"de" joining it to the name
        // ("Cena da Gino": dinner at Gino's). The kind of business before a name is part of it
        // ("Hotel Miramar", "Café Lumière").
        let word = words[opener].lowercased()
        guard opensSentence[opener], !MerchantLexicon.businessKinds.contains(word),
              MerchantLexicon.isCommonWord(word) || MerchantLexicon.functionWords.contains(word) else { return false }
        return start == opener + 1
            || (start == opener + 2 && MerchantSpans.nameJoiners.contains(words[opener + 1].lowercased())
                && MerchantLexicon.isCommonWord(word))
    }
}
