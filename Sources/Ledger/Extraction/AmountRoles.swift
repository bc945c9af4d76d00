import Foundation

/// What a number in a note does, read from the words around it, and the arithmetic that follows.
///
/// Each number that could be money gets a role from tables of cue words in several languages:
/// - **add-on**: a tip, tax, fee, shipping or delivery paid on top ("left 3 tip", "+ 2 tip",
///   "postage was another 3.20", "8 € más", "1,50 di coperto", "they added a 12 cleaning fee");
///   in a written note it is added to the price it goes with. Bank messages state the amount
///   debited; a fee there is not added (and is not the amount).
/// - **unit price**: "2.25 each", "0,80 apiece", "60 pp x 3", "3 x 9.90", "3 thés à 2,60",
///   "4 lessons × $35"; multiplied by its quantity when the note gives one.
/// - **change**: "50 € bezahlt, 8,20 zurück", "5千円出してお釣り1,200円": subtracted from what was handed over.
/// - **total**: "total", "came to", "all in", "insgesamt": a stated total wins over its parts.
/// - **not the writer's**: a conversion in brackets ("(~$9)", "（約$9）", "(about €11)"), what
///   others owe ("Ana owes me 15", "the others will pay me 20 each"), a part already inside the
///   figure ("that includes 10 for the seat").
enum AmountRoles {
    // MARK: - Cue words (lowercased)

    /// Nouns of what is paid on top. Beside a number (before it within two words, after it within three).
    static let addOnNouns: Set<String> = [
        "tip", "tips", "tipped", "gratuity", "fee", "fees", "tax", "taxes", "vat", "gst", "hst", "pst", "shipping", "postage", "delivery",
        "surcharge", "charge", "charges", "service", "coperto", "servizio", "serviço", "servicio", "bedienung", "mancia", "gorjeta", "taxa", "frete",
        "propina", "envío", "envio", "impuesto", "iva", "pourboire", "livraison", "frais", "taxe", "tva",
        "trinkgeld", "versand", "gebühr", "mwst", "steuer", "fooi", "bezorging", "btw", "チップ", "送料", "税",
        "cost", "commission", "komissija", "komissiya", "kommission", "comisión", "comision", "comissão", "commissione",
        "levy", "excise", "cout", "coût", "frais", "corkage", "couvert", "cubierto", "pfand",
        // Road tolls paid on a fare or a drive ("taxi 32, tolls 4").
        "toll", "tolls", "peaje", "peajes", "péage", "péages", "maut", "pedágio", "pedágios", "pedaggio", "tol",
    ]
    /// Words of tipping that may stand three words before the figure, whom the tip went to between
    /// ("tipped the driver 2", "propina al camarero 5").
    static let tipVerbs: Set<String> = ["tipped", "tipping", "gratuity", "propina", "pourboire", "trinkgeld", "mancia", "gorjeta"]
    /// Words before a number that mean "in addition".
    static let addOnBefore: Set<String> = [
        "+", "plus", "another", "extra", "added", "tacked", "left", "threw", "más", "mas", "più", "mais", "luego",
        "dazu", "zusätzlich", "noch", "supplément", "additional", "also",
    ]
    /// Words after a number that mean "in addition" ("8 on top", "6 € más").
    static let addOnAfter: Set<String> = ["extra", "more", "más", "mas", "più", "mais", "dazu", "additional"]
    /// Words that put a tip or fee inside the figure, or before it ("80 before tax").
    static let inside: Set<String> = [
        "incl", "including", "includes", "included", "inc", "inkl", "inklusive", "incluido", "incluida", "incluye",
        "incluso", "inclus", "compris", "before", "pre", "excl", "excluding", "without", "sin", "ohne", "hors", "w/o",
    ]
    /// Words after a unit price.
    static let unitAfter: Set<String> = [
        "each", "ea", "apiece", "pp", "per", "cada", "chacun", "chacune", "pièce", "cadauno", "ciascuno", "stück",
        // Per head ("38 a testa", "20 por persona", "15 pro Kopf").
        "head", "person", "testa", "cabeza", "persona", "pessoa", "personne", "kopf",
        // "9,50 l'uno", "3 € l'unité", "4,50 la unidad".
        "l'uno", "l'una", "l'unité", "unidad", "unità",
    ]
    /// Words right before a unit price ("@ 9.99", "à 2,60").
    static let unitBefore: Set<String> = ["@", "à", "je", "jeweils"]
    /// Words before change given back ("got 4 back", "お釣り1,200").
    static let changeBefore: Set<String> = ["change", "troco", "cambio", "vuelto", "resto", "rendu", "rückgeld", "wechselgeld",
                                            "devolvieron", "devolvió", "devolveu", "devolveram", "ridato", "restituito"]
    static let changeAfter: Set<String> = ["back", "change", "zurück", "retour", "troco", "cambio", "vuelto", "resto"]
    static let changePhrases = ["お釣り", "おつり", "釣り"]
    /// Words before or after a stated total.
    static let totalWords: Set<String> = [
        "total", "totaling", "totalling", "altogether", "insgesamt", "gesamt", "totale", "totaal", "合計", "came",
    ]
    /// Words after which a number is what others owe the writer.
    static let othersOwe: [[String]] = [
        ["owe", "me"], ["owes", "me"], ["venmo", "me"], ["pay", "me"], ["pays", "me"], ["paying", "me"],
        ["me", "deben"], ["me", "debe"], ["me", "doit"], ["me", "doivent"], ["schuldet", "mir"], ["schulden", "mir"], ["devono"], ["me", "devem"],
        // "each person owes 25": what someone else owes.
        ["owes"], ["owe", "us"],
        // What someone paid or sent the writer back ("Ana paid me back 40", "Tom will send me 15").
        ["paid", "me"], ["sent", "me"], ["send", "me"], ["venmoed", "me"], ["transferred", "me"], ["me", "devolvió"],
        ["me", "pagó"],
    ]
    /// Words before a figure the writer saved, not paid ("saved maybe 20", "ahorré 15").
    static let savedWords: Set<String> = ["saved", "saving", "ahorré", "ahorramos", "économisé", "gespart", "economizei",
                                          "risparmiato"]
    /// First words inside brackets that make the figure an approximate conversion.
    /// Words naming a figure planned or offered before paying ("quote", "budget", "devis").
    static let plannedFigureWords: Set<String> = [
        "quote", "quoted", "estimate", "estimated", "budget", "budgeted", "devis", "presupuesto", "orçamento",
        "kostenvoranschlag", "preventivo", "asking", "offerte", "angebot",
    ]
    static let approximately: Set<String> = [
        "~", "≈", "about", "approx", "approximately", "around", "roughly", "ca", "circa", "environ", "aprox",
        "aproximadamente", "etwa", "ungefähr", "約", "约", "cerca", "quase",
    ]

    // MARK: - Words around a number

    /// The note as tokens (words, numbers and single symbols) with character offsets; clause marks
    /// (, ; | — ( ) : and a sentence's full stop) are tokens too, so windows can stop at them.
    struct Tokens {
        let items: [(text: String, range: Range<Int>)]
        /// Where the note writes a currency (`Currency.mentions`): lowered and alone, a code or short
        /// word may read as none ("php", "rs"), and the words before it must still be seen past it,
        /// its full stop too ("fee of Rs.12.00").
        private let currencies: [Range<Int>]

        init(_ lowered: [Character], currencies: [Range<Int>] = []) {
            self.currencies = currencies
            var items: [(String, Range<Int>)] = []
            var index = 0
            while index < lowered.count {
                let character = lowered[index]
                if character.isWhitespace {
                    index += 1
                    continue
                }
                var end = index + 1
                if character.isLetter && !character.isCJK {
                    while end < lowered.count, lowered[end].isLetter && !lowered[end].isCJK || lowered[end] == "'" { end += 1 }
                    // The full stop of an abbreviation ("incl.", "approx.") ends no clause.
                    if end < lowered.count, lowered[end] == ".", Tokens.abbreviations.contains(String(lowered[index..<end])) {
                        items.append((String(lowered[index..<end]), index..<end))
                        index = end + 1
                        continue
                    }
                } else if character.isASCIIDigit {
                    while end < lowered.count, lowered[end].isASCIIDigit
                            || (".,".contains(lowered[end]) && end + 1 < lowered.count && lowered[end + 1].isASCIIDigit) {
                        end += 1
                    }
                }
                items.append((String(lowered[index..<end]), index..<end))
                index = end
            }
            self.items = items
        }

        /// True when a "+" written onto the figure signs it rather than adding it to one before: it
        /// opens the message, a bracket or a field ("Karta 4411: +500,00", "(+20)"), or follows an
        /// account's long digits ("TK 0011004411 +5,000,000VND"): how banks write money in.
        func isSigned(_ range: Range<Int>) -> Bool {
            guard let index = items.lastIndex(where: { $0.range.upperBound <= range.lowerBound }),
                  items[index].text == "+", items[index].range.upperBound == range.lowerBound else { return false }
            guard index > 0 else { return true }
            let previous = items[index - 1].text
            return [":", "(", "（"].contains(previous)
                || previous.count >= 7 && previous.allSatisfy(\.isASCIIDigit)
        }

        /// Abbreviations written with a full stop around amounts.
        static let abbreviations: Set<String> = ["incl", "inc", "excl", "inkl", "exkl", "approx", "aprox", "ca", "ea",
                                                 "pp", "env", "zzgl", "ggf", "tax", "svc"]

        static let clauseMarks: Set<String> = [",", ";", "|", "—", "–", "(", ")", "（", "）", ":", ".", "!", "?", "、", "。", "\n"]

        /// Up to `count` words before `range` in its clause, nearest last; currency marks skipped.
        func before(_ range: Range<Int>, _ count: Int, crossing: Bool = false) -> [String] {
            var words: [String] = []
            for item in items.reversed() where item.range.upperBound <= range.lowerBound {
                if isCurrency(item) { continue }
                if !crossing && Tokens.clauseMarks.contains(item.text) && item.text != ":" { break }
                if Tokens.clauseMarks.contains(item.text) { continue }
                words.insert(item.text, at: 0)
                if words.count == count { break }
            }
            return words
        }

        /// Up to `count` words after `range` in its clause; currency marks skipped.
        func after(_ range: Range<Int>, _ count: Int) -> [String] {
            var words: [String] = []
            for item in items where item.range.lowerBound >= range.upperBound {
                if isCurrency(item) { continue }
                if Tokens.clauseMarks.contains(item.text) && item.text != ":" { break }
                words.append(item.text)
                if words.count == count { break }
            }
            return words
        }

        /// The words and numbers within `count` tokens before `range`, across clauses, without
        /// numbers that are money (a currency mark beside them).
        func counts(before range: Range<Int>, within count: Int) -> [String] {
            let before = items.indices.filter { items[$0].range.upperBound <= range.lowerBound }.suffix(count)
            return before.compactMap { index -> String? in
                let text = items[index].text
                guard text.first?.isASCIIDigit == true else { return text }
                return [index - 1, index + 1].filter(items.indices.contains).contains { isCurrency(items[$0]) } ? nil : text
            }
        }

        /// The bracket the range sits in, from its opening mark to the number.
        func bracketOpening(_ range: Range<Int>) -> [String]? {
            var words: [String] = []
            for item in items.reversed() where item.range.upperBound <= range.lowerBound {
                if item.text == "(" || item.text == "（" { return words }
                if item.text == ")" || item.text == "）" { return nil }
                words.insert(item.text, at: 0)
                if words.count > 4 { return nil }
            }
            return nil
        }

        func isCurrency(_ text: String) -> Bool {
            let mentions = Currency.mentions(in: text)
            return mentions.count == 1 && mentions[0].range.count == text.count
        }

        /// True for a currency mark, or a part of one the note writes.
        func isCurrency(_ item: (text: String, range: Range<Int>)) -> Bool {
            currencies.contains { $0.lowerBound <= item.range.lowerBound && item.range.upperBound <= $0.upperBound } || isCurrency(item.text)
        }
    }

    // MARK: - Roles

    /// True for a figure that is not the writer's outlay: a conversion in brackets, what others
    /// owe, a part inside the figure, a bound ("less than 20").
    static func isNotTheWritersOutlay(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        // "(~$13)"; "(quote was 200)", "(budget 300)": a conversion, or a figure set beside the one paid.
        if let opening = tokens.bracketOpening(range),
           opening.contains(where: { approximately.contains($0) || plannedFigureWords.contains($0) }) {
            return true
        }
        let before = tokens.before(range, 4)
        if before.suffix(3).contains(where: savedWords.contains) || isRepaidLater(range, tokens) { return true }
        // "the 12 joining fee was waived": a charge let go, never paid.
        if tokens.after(range, 4).contains(where: waivedWords.contains) { return true }
        for phrase in othersOwe where before.count >= phrase.count {
            for start in 0...(before.count - phrase.count) where Array(before[start..<start + phrase.count]) == phrase {
                return true
            }
        }
        // "insurance paid the other 120", "my employer covered 300": someone else's part.
        for (index, word) in before.enumerated() where index > 0 && othersPaidVerbs.contains(word) {
            if otherPayers.contains(before[index - 1]) { return true }
        }
        if isMultiBuyOffer(range, tokens) { return true }
        let near = tokens.before(range, 2)
        // "less than 20", "more than 15": a bound, not a price.
        if near.last == "than" { return true }
        // French "dont", German "davon": "of which" — a part already inside the figure before it;
        // in English after it ("60, 10 of which was the tip").
        let next = tokens.after(range, 2)
        return near.contains("includes") || near.contains("including") || near.contains("incl")
            || near.contains("dont") || near.contains("davon") || near.contains("inkl")
            || next.count == 2 && next[0] == "of" && next[1] == "which"
    }

    /// A charge let go ("was waived", "erlassen", "offert" is someone paying: not here).
    private static let waivedWords: Set<String> = ["waived", "waive", "comped", "exonerado", "exonéré", "exonérés", "erlassen",
                                                   "condonado", "condonada", "abbuonato", "kwijtgescholden"]

    /// True for cashback earned or taken with a purchase in a written note ("groceries 56 and got 4
    /// cashback"): not what the purchase cost. (Bank messages name theirs with the balance words.)
    static func isCashback(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        let next = tokens.after(range, 2)
        return next.first == "cashback" || next == ["cash", "back"]
    }

    /// True for either figure of a multi-buy offer ("2 for 1", "3 for 2 on books", "2 por 1", "3 per 2"):
    /// small whole numbers, the second smaller, naming a deal rather than a price ("2 for 5" is a price).
    static func isMultiBuyOffer(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        guard let index = tokens.items.firstIndex(where: { $0.range == range }) else { return false }
        func count(_ at: Int) -> Int? {
            guard tokens.items.indices.contains(at), let value = Int(tokens.items[at].text), (1...10).contains(value) else { return nil }
            return value
        }
        let joiners: Set<String> = ["for", "por", "pour", "für", "per", "voor"]
        for first in [index, index - 2] {
            guard let bought = count(first), let paid = count(first + 2), tokens.items.indices.contains(first + 1),
                  joiners.contains(tokens.items[first + 1].text) else { continue }
            // "parking 4 for 2 hrs": the second figure counts hours, nights or people; the first is a price.
            if tokens.items.indices.contains(first + 3),
               AmountFinder.quantityFollowers.contains(tokens.items[first + 3].text) { continue }
            if paid < bought { return true }
        }
        return false
    }

    /// Who else pays a part: the payers a written note names, and insurers.
    private static let otherPayers = ExpenseSignals.otherPayers.union(["insurance", "insurer", "seguro", "assurance",
                                                                        "versicherung", "mutuelle", "kasse"])
    private static let othersPaidVerbs: Set<String> = ["paid", "covered", "pays", "covers", "pagó", "payé", "zahlte", "übernahm"]

    /// True for a figure a "+" joins to the figure before it, whatever it paid for ("taxi 18 + tip 2 + toll 3.40",
    /// "120 + 12 tax + parking 15").
    static func isChained(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        let words = tokens.before(range, 5)
        guard let plus = words.lastIndex(of: "+"), plus > 0, words[(plus + 1)...].allSatisfy({ $0.first?.isLetter == true }),
              !tokens.isSigned(range) else { return false }
        return words[max(0, plus - 2)..<plus].contains { $0.first?.isASCIIDigit == true }
    }

    static func isAddOn(_ candidate: AmountCandidate, _ tokens: Tokens) -> Bool {
        let range = candidate.range
        // Cue words belong to the nearest figure: the windows end at another number.
        let isNumber: (String) -> Bool = { $0.first?.isASCIIDigit == true }
        let before = Array(tokens.before(range, 3).reversed().prefix { !isNumber($0) }.reversed())
        let fullAfter = tokens.after(range, 3)
        let after = Array(fullAfter.prefix { !isNumber($0) })
        let numberFollows = after.count < fullAfter.count
        if before.suffix(2).contains(where: inside.contains) || after.prefix(2).contains(where: inside.contains) {
            return false
        }
        // "+ 2 wines" counts wine, not money ("plus 3.30 sales tax" is money).
        if countsThings(candidate, tokens) { return false }
        // A note that is only such a thing's name and a list of figures is about those things
        // themselves: the figures are what was paid, not extras on a price ("Tolls: 2.20, 3.10 and
        // 1.70", "Shipping: 4.99 and 3.99"; not "Tip 10 on top of the 60 dinner").
        if let opening = tokens.items.first?.text, addOnNouns.contains(opening),
           tokens.items.dropFirst().allSatisfy({ isNumber($0.text) || tokens.isCurrency($0) || listMarks.contains($0.text) }) {
            return false
        }
        // "+" joins only what stands right beside it ("2 Semmeln + Tee 3,10" lists items).
        if before.last == "+" && !tokens.isSigned(range) || before.suffix(3).contains(where: { $0 != "+" && addOnBefore.contains($0) }) {
            return true
        }
        // "6 € más" adds 6; "20 euro più 1,50" adds what follows.
        if !numberFollows && after.prefix(2).contains(where: addOnAfter.contains) { return true }
        if after.count >= 2 && after[0] == "on" && after[1] == "top" { return true }
        // "Transaction cost, Ksh30": a fee's label before a comma or colon.
        if let label = tokens.before(range, 1, crossing: true).last, addOnNouns.contains(label) { return true }
        // "3 tip", "4.50 delivery charge"; not "900.00 & fee of 12.00", where the fee is the next figure.
        // Nor "80 with a tip of 15%": what comes with the figure is not the figure.
        let joiners: Set<String> = ["&", "and", "+", "y", "e", "et", "und", "with", "con", "avec", "mit", "com"]
        // "tipped the driver 2": whom the tip went to stands between the verb and the figure.
        return before.suffix(2).contains(where: addOnNouns.contains) || before.suffix(3).first.map(tipVerbs.contains) == true
            || after.prefix(3).prefix { !joiners.contains($0) }.contains(where: addOnNouns.contains)
    }

    /// What may stand between the figures of a bare list.
    private static let listMarks: Set<String> = [":", ",", ".", ";", "+", "&", "and", "y", "et", "und", "e", "en", "i"]

    /// True for the writer's own part when the note says they paid only that ("I only paid my 40.10",
    /// "I paid my third, 120"). "my share is 20" beside a bill the writer paid is not this.
    /// True for a measured quantity ("45 kWh", "9.8 L").
    static func isMeasure(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        tokens.after(range, 1).first.map(AmountFinder.measureUnits.contains) == true
    }

    /// True when two figures price things bought together: only a joining word and the words of
    /// the next thing stand between them ("89 and 35 for a checked bag", "coffee 3.20 and a
    /// croissant 2.80", "2 croissants 1.90 each + tea 2.40"). Prices after commas alone are not summed
    /// ("sandwich 6.50, drink 2": summing them changed nothing on the check set, one right, one wrong).
    ///
    /// - Parameter inList: the pair stands before the last one of a list whose last two are joined
    ///   by a word ("beers 6.50, 6.50 and 7", "lunch 14.50, coffee 3.20 and a cookie 2"): there a
    ///   comma joins too.
    /// - Parameter listed: the figures stand one to a line, or between semicolons or bars: the mark
    ///   (and a bullet after it) joins as a list's comma does.
    static func areItemsBoughtTogether(_ first: Range<Int>, _ second: Range<Int>, _ tokens: Tokens, inList: Bool = false,
                                       listed: Bool = false) -> Bool {
        // Currency marks are no words between ("café 2,80 € et croissant 1,60 €", "ランチ 1,200円 + コーヒー 400円").
        var between = Array(tokens.items.filter { $0.range.lowerBound >= first.upperBound && $0.range.upperBound <= second.lowerBound }
            .filter { !tokens.isCurrency($0) }.map(\.text).drop { unitAfter.contains($0) })
        // A short currency word after the first price is its currency too ("kaffe 35 kr + bulle 25 kr").
        if let word = between.first, word.first?.isLetter == true,
           Currency.mentions(in: "1 " + word).contains(where: { $0.range.upperBound == word.count + 2 }) {
            between.removeFirst()
        }
        // "3 days @ 42/day + insurance 18": the unit written after the price ("/day") is no word between things.
        if between.count >= 2, between[0] == "/", between[1].first?.isLetter == true { between.removeFirst(2) }
        if listed { between = [","] + between.drop { [";", "|", ",", "-", "*", "•", "·"].contains($0) } }
        // "dinner 80, and 12 for the wine": a comma before the joining word joins as the word does;
        // so does the way out before it ("14.60 there and 17.20 back").
        if between.count >= 2, between[0] == "," || wayOut.contains(between[0]), itemJoiners.contains(between[1]) { between.removeFirst() }
        // "4 beers @ 5.50 + 2 bags of crisps @ 1.20": the "@" of the next price belongs to it.
        let beforeUnitPrice = Array(between.reversed().drop { unitBefore.contains($0) }.reversed())
        guard let joiner = beforeUnitPrice.first, beforeUnitPrice.count <= 5 else { return false }
        // "45 on drinks and 30 on food", "12 for parking and 8 for tolls": each figure with what it paid for.
        // ("5.20 for me, 3.10 for Leo": a comma joins two such, the same word after each.)
        if purposeWords.contains(joiner), let last = between.last, itemJoiners.contains(last) || last == ",", between.count >= 3,
           tokens.after(second, 1).first == joiner,
           !between.dropFirst().dropLast().contains(where: { Tokens.clauseMarks.contains($0) || listBreakers.contains($0) }) {
            return true
        }
        let words = Array(between.dropFirst())
        // A figure among the next thing's words only counts it ("+ 1 child 8", "and 2 teas 6").
        let countsNext = { (index: Int) in
            index + 1 < words.count && Decimal(string: words[index]).map { AmountFinder.countsThings(words[index + 1], value: $0) } == true
        }
        guard !words.indices.contains(where: { Tokens.clauseMarks.contains(words[$0]) || words[$0].first?.isASCIIDigit == true && !countsNext($0) }),
              !words.contains(where: listBreakers.contains),
              !tokens.after(second, 1).contains(where: { discountNouns.contains($0) || addOnNouns.contains($0) }) else { return false }
        return itemJoiners.contains(joiner) || joiner == "+" || inList && joiner == ","
    }

    /// The way out of a trip there and back ("14.60 there and 17.20 back").
    private static let wayOut: Set<String> = ["there", "out", "outbound", "ida", "aller", "hin", "andata", "heen"]

    /// Words between a figure and what it paid for ("45 on drinks").
    private static let purposeWords: Set<String> = ["on", "for", "en", "pour", "für", "para", "voor"]

    /// ("also" and its kin join a next thing bought further on: "coffee 3.40, also grabbed a muffin for 2.90".)
    private static let itemJoiners: Set<String> = ["and", "&", "y", "et", "und", "e", "en", "i", "also", "además", "aussi",
                                                   "auch", "também", "anche", "ook"]
    /// Words that make the next figure something other than another thing bought.
    /// ("dinner 85, my half 42.50", "shoes 60, usually 90", "groceries 54, budget 60", "table 4, bill 85").
    private static let listBreakers: Set<String> = Set([
        "was", "were", "now", "then", "later", "back", "refund", "refunded", "returned", "owes", "owe", "paid", "pay",
        "tip", "total", "bill", "price", "cost", "came", "my", "your", "our", "share", "half", "part", "each", "per",
        "usually", "normally", "regular", "regularly", "instead", "would", "could", "should", "budget", "left",
        "remaining", "saved", "save", "deposit", "worth", "rrp", "original", "limit", "balance", "change", "or", "vs",
        "versus", "with", "without", "yesterday", "today", "tomorrow", "ago", "last", "next", "mi", "mon", "ma", "mein",
        "meine", "meu", "minha", "mio", "mia",
    ]).union(DateResolver.calendarWords)

    /// True for a small whole number right before what it counts ("2 croissants", "3 nights").
    static func countsThings(_ candidate: AmountCandidate, _ tokens: Tokens) -> Bool {
        guard candidate.currency == nil, !candidate.text.contains("."), let next = tokens.after(candidate.range, 1).first else {
            return false
        }
        return AmountFinder.countsThings(next, value: candidate.value)
    }

    // MARK: - Discounts and percentages

    /// What is taken off a price.
    static let discountNouns: Set<String> = [
        "discount", "coupon", "voucher", "off", "promo", "rabatt", "gutschein", "descuento", "cupón", "cupon", "sconto",
        "buono", "remise", "réduction", "reduction", "bon", "desconto", "cupom", "korting",
    ]
    /// Words before a figure taken away.
    static let minusWords: Set<String> = spelledMinus.union(["-", "−"])
    static let spelledMinus: Set<String> = ["minus", "less", "menos", "moins", "meno", "abzüglich"]

    /// True for a sum taken off the price: "minus a 10 voucher", "less 5 discount", "10 off",
    /// "- 5 coupon"; not one already taken ("132.56 after the 10 coupon").
    static func isDiscount(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        let isNumber: (String) -> Bool = { $0.first?.isASCIIDigit == true }
        let before = Array(tokens.before(range, 3).reversed().prefix { !isNumber($0) }.reversed())
        let after = Array(tokens.after(range, 3).prefix { !isNumber($0) })
        // "after the 10 coupon" was already taken off.
        if before.contains("after") || before.contains("with") { return false }
        if after.first == "off" { return true }
        let named = before.contains(where: discountNouns.contains) || after.prefix(2).contains(where: discountNouns.contains)
        // "14.90 – 2.00 voucher": a dash between two figures, a discount named after the second.
        if named, before.isEmpty, let previous = tokens.items.last(where: { $0.range.upperBound <= range.lowerBound }),
           ["–", "—"].contains(previous.text),
           tokens.items.last(where: { $0.range.upperBound <= previous.range.lowerBound })?.text.first?.isASCIIDigit == true {
            return true
        }
        return before.contains(where: spelledMinus.contains) || (named && before.contains(where: minusWords.contains))
    }

    /// A figure written as a percentage, and what it does to the price.
    struct Percent {
        let value: Decimal
        let range: Range<Int>

        enum Role { case addOn, discount }

        /// What is paid on top in percent: the add-on nouns but a cost or charge ("20% charge" is a fee's rate).
        private static let addOnNouns = AmountRoles.addOnNouns.subtracting(["cost", "charge", "charges"])

        /// `.addOn` for a tip, tax or service in percent ("15% tip", "+ IVA 21%", "10% de
        /// serviço"), `.discount` for a reduction taken off with "minus" or "less" ("minus 10%
        /// staff discount"), nil for any other: a rate already included, interest, a battery level,
        /// and "25% off", which most often tells how the figure beside it came about.
        func role(_ tokens: Tokens) -> Role? {
            guard value > 0, value < 100 else { return nil }
            let before = tokens.before(range, 3)
            let after = Array(tokens.after(range, 4).drop { $0 == "%" })
            if before.suffix(2).contains(where: AmountRoles.inside.contains) || after.prefix(3).contains(where: AmountRoles.inside.contains) {
                return nil
            }
            if after.prefix(2).contains(where: AmountRoles.discountNouns.contains)
                || before.suffix(2).contains(where: AmountRoles.discountNouns.contains) {
                return before.suffix(2).contains(where: AmountRoles.spelledMinus.contains) ? .discount : nil
            }
            // "+ 15%", "left 15%", "plus 10%".
            if let last = before.last, AmountRoles.addOnBefore.contains(last), last != "also" { return .addOn }
            if after.prefix(3).contains(where: Self.addOnNouns.contains) || before.suffix(2).contains(where: Self.addOnNouns.contains) {
                return .addOn
            }
            return nil
        }
    }

    /// The writer paid all of a shared bill ("I paid the lot", "covered the whole thing").
    static let paidWholePhrases = ["paid the lot", "paid it all", "paid the whole", "paid everything", "covered the lot",
                                   "covered the whole", "paid for everyone", "paid for everybody", "paid for all of us",
                                   "pagué todo", "j'ai tout payé", "alles bezahlt", "paguei tudo", "ho pagato tutto"]

    static func isWritersPart(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        let before = tokens.before(range, 5, crossing: true)
        for (index, word) in before.enumerated() where index + 1 < before.count && ["paid", "pagué", "payé", "bezahlt"].contains(word) {
            if ["my", "mi", "ma", "mon", "meinen", "meine"].contains(before[index + 1]) { return true }
        }
        // "my part 19.60", "my share of the cabin was 140", "ma part : 12", "my third 160".
        let clause = tokens.before(range, 6)
        return zip(clause, clause.dropFirst()).contains { owner, part in
            writerOwns.contains(owner) && (shareWords.contains(part) || fractions[part] != nil)
        }
    }

    /// How many ways `whole` was shared when the writer paid their fraction of it and wrote no
    /// figure for it: "dinner 120 for four, I paid my quarter", "paid my half of the 80 taxi"
    /// (2, 3 or 4). Nil when the figure is the fraction itself ("that's my third", "my half of
    /// the cabin: 275.50") or no paying verb comes before the fraction.
    static func writersFraction(of whole: Range<Int>, _ tokens: Tokens) -> Int? {
        let items = tokens.items
        for index in items.indices.dropFirst().dropLast() where writerOwns.contains(items[index].text) {
            guard let divisor = fractions[items[index + 1].text], fractionPayers.contains(items[index - 1].text) else { continue }
            // The figure comes before the fraction, or right after it in "of the …".
            if whole.upperBound <= items[index].range.lowerBound { return divisor }
            let between = items[(index + 2)...].prefix { $0.range.upperBound <= whole.lowerBound }.map(\.text)
            if !between.isEmpty, between.count <= 2, ["of", "de", "von", "di", "van"].contains(between[0]) { return divisor }
        }
        // "bill 84, split 4 ways, I paid my share": the share of a split in N, no figure of its own after it.
        let texts = items.map(\.text)
        let paysShare = texts.indices.dropFirst().dropLast().contains { index in
            fractionPayers.contains(texts[index - 1]) && writerOwns.contains(texts[index]) && shareWords.contains(texts[index + 1])
                && items[index].range.lowerBound >= whole.upperBound
                && !items[(index + 2)...].prefix(3).contains { $0.text.first?.isASCIIDigit == true }
        }
        guard paysShare else { return nil }
        for index in texts.indices.dropLast() where items[index].range.lowerBound >= whole.upperBound {
            // "split 4 ways", "4-way split", "split between 3".
            if texts[index + 1] == "ways" || texts[index + 1] == "way", let ways = count(texts[index]) { return ways }
            if index + 1 < texts.count, ["split", "shared", "divided"].contains(texts[index]), ["between", "among", "by", "in"].contains(texts[index + 1]),
               index + 2 < texts.count, let ways = count(texts[index + 2]) {
                return ways
            }
        }
        return nil
    }

    /// Verbs before "my half" that pay it ("paid my quarter", "covered my half").
    private static let fractionPayers: Set<String> = ["paid", "pay", "covered", "sent", "transferred", "gave", "venmoed",
                                                      "pagué", "payé", "bezahlt", "pagou", "paguei", "betaald", "pagato"]

    private static let fractions: [String: Int] = [
        "half": 2, "mitad": 2, "moitié": 2, "hälfte": 2, "metà": 2, "metade": 2, "helft": 2,
        "third": 3, "tercio": 3, "tiers": 3, "drittel": 3, "terzo": 3, "terço": 3, "derde": 3,
        "quarter": 4, "cuarto": 4, "quart": 4, "viertel": 4, "quarto": 4, "kwart": 4,
    ]

    /// "Paid 60 for …": a figure the writer says they paid, right after the verb.
    static func isPaidOutright(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        tokens.before(range, 2).last.map(outrightPaid.contains) == true
    }

    private static let outrightPaid: Set<String> = ["paid", "pagué", "payé", "bezahlt", "pagou", "betaald"]

    private static let writerOwns: Set<String> = ["my", "mi", "ma", "mon", "mein", "meinen", "meine", "meiner", "minha", "meu",
                                                  "mia", "mio", "mijn"]
    private static let shareWords: Set<String> = ["part", "share", "portion", "cut", "half", "parte", "anteil",
                                                  "teil", "hälfte", "mitad", "moitié", "metà", "metade", "deel", "aandeel"]
    /// A writer's part of a bill, named ("share") or as a fraction ("third").
    static let shareOrFractionWords = shareWords.union(fractions.keys)

    /// True when "+" or "plus" stands in the two words before the figure ("+ 6 tip", "plus car 45").
    static func saysPlus(before range: Range<Int>, _ tokens: Tokens) -> Bool {
        tokens.before(range, 2).contains { $0 == "+" || $0 == "plus" }
    }

    /// - Parameter equalsSign: "= 31" ends a sum (a written note); bank messages write "Bal=52.50".
    static func isTotal(_ range: Range<Int>, _ tokens: Tokens, equalsSign: Bool = true) -> Bool {
        let before = tokens.before(range, 2)
        let after = tokens.after(range, 2)
        // The word of a stated sum before the figure or after it; not across a "+" or "plus" (the
        // figure after one is paid on top of the sum before it).
        if let word = before.lastIndex(where: totalWords.contains),
           !before[(word + 1)...].contains(where: { addOnBefore.contains($0) }) { return true }
        if after.first.map(totalWords.contains) == true { return true }
        if after.count >= 2 && after[0] == "all" && after[1] == "in" { return true }
        // "3 beers + 2 wines = 31".
        if equalsSign && before.last == "=" { return true }
        if before.last == "to" && before.dropLast().last == "came" { return true }
        // "19.50, rounded up to 22", "arrondi à 17": the figure it was rounded to is what was paid.
        let longer = tokens.before(range, 4)
        return longer.last.map(["to", "à", "a", "auf", "para", "op"].contains) == true
            && longer.dropLast().contains(where: roundedWords.contains)
    }

    private static let roundedWords: Set<String> = ["rounded", "round", "rounding", "arrondi", "arrondie", "redondeado",
                                                    "redondeé", "redondeamos", "aufgerundet", "gerundet", "arrotondato",
                                                    "arredondado", "arredondei", "afgerond"]

    /// The writer let the change go as a tip ("kept the change", "stimmt so", "quédese con el cambio").
    static func keepsTheChange(_ lowered: String) -> Bool {
        keepTheChange.contains { lowered.contains($0) }
    }

    private static let keepTheChange = [
        "keep the change", "kept the change", "keep change", "kept change", "keep the rest", "kept the rest",
        "stimmt so", "rest ist trinkgeld", "rest trinkgeld", "rest als trinkgeld", "rest tip", "rest as tip",
        "the rest as a tip", "le reste en pourboire", "el resto de propina", "o resto de gorjeta", "il resto di mancia",
        "quédese con el cambio", "quedate con el cambio", "quédate con el cambio",
        "garde la monnaie", "gardez la monnaie", "fica com o troco", "tenga el cambio", "tenga la vuelta",
        "tieni il resto", "tenga il resto", "keep it", "behalten sie", "garde-le", "quédatelo", "quedatelo",
    ]

    /// A figure the writer handed over ("gave him 25", "handed over 50", "paid with a 20").
    static func isHandedOver(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        // "gave the delivery guy 30"; German and Dutch put the verb after it ("20 gegeben", "50 gegeven").
        tokens.before(range, 4).contains(where: handedWords.contains) || tokens.after(range, 1).first.map(handedAfter.contains) == true
    }

    private static let handedAfter: Set<String> = ["gegeben", "gegeven", "hingegeben", "überreicht"]

    private static let handedWords: Set<String> = ["gave", "handed", "tendered", "dei", "di", "donné", "gab", "diedi"]

    static func isChange(_ range: Range<Int>, _ tokens: Tokens, _ lowered: [Character]) -> Bool {
        let before = tokens.before(range, 2)
        let after = tokens.after(range, 2)
        if isRepaidLater(range, tokens) { return false }
        // "3.40 bus + 3.40 back": a figure added on is the way back, not change.
        if before.contains("+") || before.contains("plus") { return false }
        if before.contains(where: changeBefore.contains) || after.first.map(changeAfter.contains) == true { return true }
        if before.last == "got" && after.first == "back" { return true }
        // "got back 12.75", "he gave back 7.35", "4 in change".
        if before.last == "back", before.dropLast().last.map(givenBackVerbs.contains) == true { return true }
        if after.count == 2 && after[0] == "in" && changeAfter.contains(after[1]) { return true }
        let head = String(lowered[max(0, range.lowerBound - 4)..<range.lowerBound])
        return changePhrases.contains { head.contains($0) }
    }

    private static let givenBackVerbs: Set<String> = ["got", "get", "gets", "gave", "give", "gives", "handed", "received"]

    /// "will get 10 back from Jo", "I'll get 20 back": money the writer is to be paid back later,
    /// not change handed over with the purchase (change is told once it was given).
    static func isRepaidLater(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        guard tokens.after(range, 1).first == "back" else { return false }
        return tokens.before(range, 3).contains { futureMarkers.contains($0) || $0.hasSuffix("'ll") || $0.hasSuffix("’ll") }
    }

    private static let futureMarkers: Set<String> = ["will", "shall", "gonna", "going", "should", "expect", "expecting"]

    /// The quantity a unit price is multiplied by, when the note gives one.
    /// - Parameter hasDecimalsOrCurrency: the price is written like money ("19.90", "$20").
    static func quantity(ofUnitPrice range: Range<Int>, hasDecimalsOrCurrency: Bool, _ tokens: Tokens) -> Int? {
        let after = tokens.after(range, 4)
        // "train 34.50 each way": a fare for each of the two legs of a trip there and back.
        if after.count >= 2, ["each", "per", "cada"].contains(after[0]), ["way", "direction", "trayecto", "sentido"].contains(after[1]) {
            return 2
        }
        // "1.90 x3", "60 pp x 3", "55.00 per night x 4": a multiplier right after the price or its
        // unit ("3 meals x 2 servings" multiplies meals, not a price).
        let perUnit = after.count >= 2 && (after[0] == "/" && after[1].first?.isLetter == true
            || ["a", "an", "per"].contains(after[0]) && rateUnits.contains(after[1]))
        let lead = after.first == "per" || perUnit ? 2 : (after.first.map { ["pp", "each", "ea"].contains($0) } == true ? 1 : 0)
        if after.count > lead {
            let word = after[lead]
            // "x7721" after an amount is a masked card, not a multiplier of thousands.
            if (2...4).contains(word.count), word.hasPrefix("x"), let factor = Int(word.dropFirst()) { return factor }
            if ["x", "×", "*"].contains(word), after.count > lead + 1, (1...3).contains(after[lead + 1].count),
               let factor = Int(after[lead + 1]) {
                return factor
            }
        }
        let before = tokens.before(range, 4)
        // "3 x 9.90", "4 lessons × $35", "2 large @ 11.50" (a price: "3 meals x 2 servings" is not one).
        // A whole number is a price after "x" too when nothing counted follows it ("5 seats x 18 for the show").
        let endsHere = after.first.map { !$0.hasSuffix("s") || ["for", "at", "on", "in", "to", "plus"].contains($0) } ?? true
        // The mark stands right before the price: "2x Coffee 7" counts coffees, the 7 is their price.
        if hasDecimalsOrCurrency || endsHere,
           let mark = before.lastIndex(where: { ["x", "×", "*", "@", "à"].contains($0) }), mark == before.count - 1 {
            for word in before[..<mark].reversed().prefix(2) {
                if let factor = count(word) { return factor }
            }
        }
        // "95 a night, 3 nights", "2.50/hr for 4 hours": the count of the unit the price is per.
        if perUnit, let unit = after.dropFirst().first {
            let counted = tokens.items.map(\.text)
            let names = Set([unit, unit + "s"] + (unitAliases[unit] ?? []))
            for (index, word) in counted.enumerated().dropLast() where names.contains(counted[index + 1]) {
                if let factor = count(word) { return factor }
            }
        }
        // "three pints at 6.20", "3 cafés a 1,20", "2 entradas a 9 €": a count, what it counts,
        // "at" (Spanish, Portuguese, Italian "a") and a price written as money.
        // A whole number too when what is counted is a unit prices are given per ("3 nights at 89").
        let counted = before.count >= 3 ? before[before.count - 2] : ""
        // "2 entradas de cine a 9 €", "3 pints of lager at 6.20": a count, what it counts in up to three
        // words, then "at" and a price written as money.
        if hasDecimalsOrCurrency, let mark = before.last, ["at", "a", "à", "@"].contains(mark) {
            let wide = tokens.before(range, 6)
            var index = wide.count - 2
            var words = 0
            // ("2 coffees and a 3.50 muffin": a second thing, with its article, is not what was counted.)
            // ("two cinema tickets at 12.50": a count written as a word ends what is counted.)
            while index >= 0, words < 3, wide[index].first?.isLetter == true, count(wide[index]) == nil,
                  !AmountFinder.labelNouns.contains(wide[index]),
                  !numberedPlaces.contains(wide[index]), !itemJoiners.contains(wide[index]), !addOnBefore.contains(wide[index]) {
                index -= 1
                words += 1
            }
            if words >= 2, index >= 0, let factor = count(wide[index]) { return factor }
        }
        // "tickets 4 at 12.50": what is counted named first ("gate 4 at 12.50", "room 12 at 89" label one thing).
        if hasDecimalsOrCurrency, before.count >= 3, ["at", "a", "@"].contains(before[before.count - 1]),
           before[before.count - 3].first?.isLetter == true, !AmountFinder.labelNouns.contains(before[before.count - 3]),
           !numberedPlaces.contains(before[before.count - 3]), let factor = count(before[before.count - 2]) {
            return factor
        }
        if hasDecimalsOrCurrency || rateUnits.contains(counted) || counted.hasSuffix("s") && rateUnits.contains(String(counted.dropLast())),
           before.count >= 3, ["at", "a"].contains(before[before.count - 1]),
           before[before.count - 2].first?.isLetter == true, let factor = count(before[before.count - 3]) {
            return factor
        }
        // "3 rounds of 22", "2 bottles of 14.50 for the party": rounds or bottles at a price each,
        // the price ending its phrase ("of 12 eggs" counts eggs).
        if before.count >= 3, before[before.count - 1] == "of", servings.contains(before[before.count - 2]),
           after.first.map({ [",", ".", "at", "in", "for", "on", "with", "each", "tonight", "today", "yesterday"].contains($0) }) ?? true,
           let factor = count(before[before.count - 3]) {
            return factor
        }
        let isUnit = perUnit || after.prefix(2).contains(where: unitAfter.contains) || before.last.map(unitBefore.contains) == true
        guard isUnit else { return nil }
        // A whole number is a price only with its unit ("60 pp", "95/night"), not after "@" alone.
        guard hasDecimalsOrCurrency || perUnit || after.prefix(2).contains(where: unitAfter.contains) else { return nil }
        // "4 muffins at 2.10 each", "soil, 2 bags, 6.50 each", "three of them, 0.80 apiece"; a sum
        // of money ("60 €") is not a count.
        // ("Room No. 12, 89 a night": a number that labels a room or a table counts nothing.)
        let near = tokens.counts(before: range, within: 6)
        if let last = near.indices.reversed().first(where: { count(near[$0]) != nil }) {
            let label = near[..<last].last { $0.first?.isLetter == true }
            if !(label.map { numberedPlaces.contains($0) || AmountFinder.labelNouns.contains($0) } ?? false) { return count(near[last]) }
        }
        // A price per head with the heads after it ("15 pp, two of us", "20 each for 3 people").
        guard perUnit || after.prefix(2).contains(where: unitAfter.contains) else { return nil }
        // Past a comma ("15 pp, two of us"), not past the sentence.
        let later = tokens.items.filter { $0.range.lowerBound >= range.upperBound }.map(\.text)
            .prefix { ![".", ";", "!", "?"].contains($0) }.filter { $0 != "," }.prefix(8).map { $0 }
        for (index, word) in later.enumerated() {
            guard let heads = count(word), index + 1 < later.count else { continue }
            let next = later[index + 1]
            if namesHeads(next, then: index + 2 < later.count ? later[index + 2] : nil) { return heads }
        }
        // "paid for 4", "ho pagato per 4": the heads the writer paid for, ending the phrase.
        if later.count >= 2, let heads = later.last.flatMap(count), CapitalRuns.forWords.contains(later[later.count - 2]) {
            return heads
        }
        return nil
    }

    /// True for a number of people ("4 of us", "3 people", "two of them").
    static func countsHeads(_ range: Range<Int>, _ tokens: Tokens) -> Bool {
        let after = tokens.after(range, 2)
        guard let next = after.first else { return false }
        return namesHeads(next, then: after.count == 2 ? after[1] : nil)
    }

    /// True when the words after a number say it counts people ("people", "of us").
    private static func namesHeads(_ next: String, then: String?) -> Bool {
        headWords.contains(next) || next == "of" && then.map(["us", "them", "you"].contains) == true
    }

    /// Who a price per head is counted by ("3 people", "4 adults").
    private static let headWords: Set<String> = ["people", "persons", "guests", "adults", "pax", "heads", "friends",
                                                 "personas", "personnes", "personen", "pessoas", "persone",
                                                 "kids", "children", "students", "pupils", "players", "participants",
                                                 "niños", "enfants", "kinder", "bambini", "crianças"]

    /// What is bought a number of times at one price ("3 rounds of 22").
    private static let servings: Set<String> = ["rounds", "bottles", "pints", "drinks", "beers", "coffees", "tickets",
                                                "nights", "lessons", "classes", "sessions", "rides", "games", "boxes",
                                                "bags", "packs", "pizzas", "plates", "portions", "jugs", "pitchers"]

    /// Places known by their number ("room 12 at 89", "table 4 at 60"): the number is no count.
    /// Beside `AmountFinder.labelNouns`, which leaves out "seat" because a price often follows it.
    private static let numberedPlaces: Set<String> = ["room", "table", "seat", "desk", "no"]

    /// What "a" rates a price by ("95 a night", "5.50 a pop", "12 a head"); periods and sessions
    /// too ("17.50 a week" for "2 weeks", "8 per lesson, 6 lessons"), multiplied only when the
    /// note counts them.
    private static let rateUnits: Set<String> = ["night", "day", "hour", "head", "person", "pop", "piece", "ticket",
                                                 "seat", "go", "round", "ride", "bag", "box", "bottle", "kilo", "kg", "lb",
                                                 "week", "month", "year", "lesson", "class", "session", "visit"]

    /// Other ways to write what a price is per; a session counted in "times" ("12/class, went 4 times"),
    /// a litre of fuel in litres ("1.79/l, 40 litres").
    private static let unitAliases: [String: [String]] = [
        "hr": ["hour", "hours", "hrs"], "h": ["hour", "hours"], "hour": ["hrs"], "nt": ["night", "nights"], "day": ["days"],
        "wk": ["week", "weeks"], "mo": ["month", "months"],
        "class": ["classes", "times"], "lesson": ["times"], "session": ["times"], "visit": ["times"], "go": ["goes", "times"],
        "ride": ["times"], "round": ["times"],
        "l": ["litre", "litres", "liter", "liters", "ltr"], "ltr": ["l", "litre", "litres", "liter", "liters"],
        "litre": ["l", "ltr"], "liter": ["l", "ltr"],
    ]

    private static let countWords: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "twelve": 12, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "deux": 2, "trois": 3, "quatre": 4,
        "cinq": 5, "due": 2, "tre": 3, "quattro": 4, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "dois": 2,
        "duas": 2, "três": 3, "pair": 2, "couple": 2, "dozen": 12, "douzaine": 12, "docena": 12, "dutzend": 12, "dúzia": 12,
        "dozzina": 12, "eleven": 11, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "quatro": 4, "sete": 7, "oito": 8,
        "nove": 9, "dez": 10, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
        "dieci": 10, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "twee": 2, "drie": 3, "vijf": 5,
        "zes": 6, "tien": 10,
    ]

    /// A small whole number of items: digits 2-99 or a number word.
    static func count(_ word: String) -> Int? {
        if let value = Int(word), (2...99).contains(value) { return value }
        return countWords[word]
    }
}
