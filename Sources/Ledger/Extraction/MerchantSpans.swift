import Foundation
import Guided

/// The spans of a note the model may copy as the merchant: runs of whole words, without the
/// amount, money, card or account digits, and without the bank that sent a message.
enum MerchantSpans {
    /// - Parameter amounts: the note's amount candidates, as `AmountFinder` found them.
    static func candidates(in note: String, amounts candidates: [AmountCandidate]) -> [String] {
        // The numbers that could be the amount, as written: a span holding one is not a name.
        let characters = Array(note)
        let amounts = Set(candidates.filter { !$0.isComputed }.map { String(characters[$0.range]) })
        // The bank that sent a message names itself before "Bank" ("Axis Bank Card…").
        let words = note.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimming(",.;:!?()") }
        let banks = Set(zip(words, words.dropFirst()).filter { $0.1 == "bank" }.map(\.0))
        return StringGuide.spans(of: note, maxLength: 48).filter { span in
            isPlausible(span) && !span.split(separator: " ").contains { word in
                let bare = word.trimming(",.;:!?()")
                return amounts.contains(bare) || banks.contains(bare.lowercased())
            }
        }
    }

    private static let notMerchantWords = BankMessage.accountWords.union([
        "upi", "ref", "otp", "debit", "credit", "debited", "credited", "spent", "paid", "sent", "dear", "customer", "your",
        "vpa", "neft", "imps", "rtgs",
    ])

    private static func isPlausible(_ span: String) -> Bool {
        let words = span.split(separator: " ")
        guard words.count <= 6 else { return false }
        for word in words {
            let lowered = word.lowercased().trimming(where: \.isPunctuation)
            if notMerchantWords.contains(lowered) { return false }
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
