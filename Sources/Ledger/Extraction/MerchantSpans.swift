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
        let amounts = Set(candidates.filter { !$0.isComputed && ($0.text.contains(".") || $0.currency != nil || $0.value >= 100) }
            .map { String(characters[$0.range]) })
        // The bank that sent a message names itself before "Bank" ("Axis Bank Card…").
        let words = note.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(",.;:!?()") }
        let banks = Set(zip(words, words.dropFirst()).filter { $0.1 == "bank" }.map(\.0))
        let spans = StringGuide.spans(of: note, maxLength: 48) + cjkNames(in: note)
        return spans.uniqued().filter { span in
            isPlausible(span) && isNameShaped(span) && !span.split(separator: " ").contains { word in
                let bare = word.trimming(",.;:!?()")
                return amounts.contains(bare) || banks.contains(bare.lowercased())
            }
        }
    }

    /// A name that starts with a capital goes on in capitals, numbers or joining words ("Osteria Bruno",
    /// "Smith & Sons", "Studio 54"): "Lindt chocolate box", "Ryanway to Porto" end at the name. One that
    /// starts in lower case is written as the writer wrote it ("the noodle bar by the station", "zipcab").
    private static func isNameShaped(_ span: String) -> Bool {
        let words = span.split(separator: " ")
        guard let first = words.first?.first, first.isUppercase else { return true }
        return words.dropFirst().allSatisfy { word in
            guard let head = word.first else { return false }
            return head.isUppercase || head.isNumber || nameJoiners.contains(word.lowercased()) || word.first == "'"
        }
    }

    private static let nameJoiners: Set<String> = ["&", "and", "de", "del", "la", "le", "les", "di", "da", "do", "dos",
                                                   "of", "the", "'s", "y", "et", "und", "von", "van", "der"]

    /// In scripts written without spaces, the names before a particle or inside brackets
    /// ("ビックカメラで電池" → "ビックカメラ", "夕食（鳥貴族）" → "鳥貴族").
    private static func cjkNames(in note: String) -> [String] {
        let breaks: Set<Character> = ["で", "に", "を", "は", "が", "へ", "と", "（", "）", "(", ")", "「", "」", "、", "。", " "]
        guard note.contains(where: \.isCJK) else { return [] }
        return note.split(whereSeparator: { breaks.contains($0) || $0.isWhitespace })
            .map(String.init)
            .filter { piece in piece.contains(where: \.isCJK) && piece.count >= 2 && !piece.contains(where: \.isASCIIDigit) }
    }

    private static let notMerchantWords = BankMessage.accountWords.union(BankMessage.vocabulary).union([
        "upi", "ref", "otp", "debit", "credit", "debited", "credited", "spent", "paid", "sent", "dear", "customer", "your",
        "vpa", "neft", "imps", "rtgs", "fwd", "fw", "order", "confirmation", "receipt", "invoice", "subtotal", "total",
        "items",
    ]).union(DateResolver.calendarWords)

    private static func isPlausible(_ span: String) -> Bool {
        let words = span.split(separator: " ")
        guard words.count <= 6 else { return false }
        for word in words {
            let lowered = word.lowercased().trimming(where: \.isPunctuation)
            if notMerchantWords.contains(lowered) { return false }
            // A route is not part of a name ("Milano→Firenze", "London->Paris", "BCN-FCO").
            if word.contains("→") || word.contains("->") || word.contains("⇒") { return false }
            let halves = word.split(separator: "-")
            if halves.count == 2, halves.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isUppercase) }) { return false }
            let digits = word.filter(\.isNumber).count
            // Amounts, dates and masked numbers ("48.50", "XX7441", "4232***0581") are not names.
            if digits >= 3 || (digits > 0 && word.contains(where: { ".,:/*".contains($0) })) { return false }
            let searchable = SearchableText(word.lowercased())
            if searchable.contains("xx") || searchable.contains("**") { return false }
            if !Currency.mentions(in: String(word)).filter({ $0.range.count == word.count }).isEmpty { return false }
        }
        return span.contains(where: \.isLetter)
    }
}
