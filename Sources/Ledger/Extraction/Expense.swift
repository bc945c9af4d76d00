import Foundation
import Guided

/// One expense as the ledger holds it. Every field may be missing: nothing is invented.
public struct Expense: Sendable, Equatable {
    public var merchant: String?
    public var amount: Amount?
    /// ISO 4217 code, nil when the note gives no hint.
    public var currency: String?
    public var category: Category?
    /// At most six words.
    public var purpose: String?
    /// `YYYY-MM-DD`, nil when the note names no date.
    public var date: String?

    public init(merchant: String? = nil, amount: Amount? = nil, currency: String? = nil,
                category: Category? = nil, purpose: String? = nil, date: String? = nil) {
        self.merchant = merchant
        self.amount = amount
        self.currency = currency
        self.category = category
        self.purpose = purpose
        self.date = date
    }

    /// The field names, in ledger order.
    public static let fieldNames = ["merchant", "amount", "currency", "category", "purpose", "date"]

    /// The expense as ordered JSON content; the amount is a decimal string ("48.50").
    public var content: GeneratedContent {
        func text(_ value: String?) -> GeneratedContent { value.map(GeneratedContent.string) ?? .null }
        return .object([
            ("merchant", text(merchant)),
            ("amount", text(amount?.description)),
            ("currency", text(currency)),
            ("category", text(category?.rawValue)),
            ("purpose", text(purpose)),
            ("date", text(date)),
        ])
    }
}

/// What the model is asked to fill: the fields that need reading the note. Amount, currency
/// and date are read by rules from the text itself; those are not generated.
/// Who was paid, as the extractor settles it before the model writes.
enum Payee: Equatable {
    /// The rules read it from the note; nil when the note pays no one (a cash withdrawal).
    case known(String?)
    /// The model copies it from the note.
    case model

    /// The name the rules read, if any.
    var known: String? {
        if case .known(let name) = self { return name }
        return nil
    }
}

struct ModelExpense: Generable {
    var merchant: String?
    var category: Category?
    var purpose: String?

    /// The order the model writes the fields in. The purpose first: the category is then chosen
    /// knowing what the model read the money was for ("Paint and roller" → shopping). Measured
    /// on the training notes with calibration (dev + train, 249 categories): purpose, category,
    /// merchant 0.74/0.86; category first 0.66/0.73; merchant, purpose, category 0.68/0.75.
    static let fieldOrder = ["purpose", "category", "merchant"]

    /// Nothing grounded without a note; extraction always uses `schema(for:amounts:merchant:categories:)`.
    static var generationSchema: GenerationSchema { schema(for: "", amounts: [], merchant: .model) }

    /// The schema for one note: the purpose in up to six words, the category one of four, the
    /// merchant copied from it (or null).
    /// - Parameters:
    ///   - amounts: the note's amount candidates (a span holding one is not a name).
    ///   - merchant: `.known` when the rules read it or the user named it before: written as a
    ///     constant, or not at all when the note pays no one.
    ///   - categories: the categories allowed (nil: all four); one is written as a constant.
    ///   - spans: the merchant spans offered, when the caller has them (`MerchantSpans.candidates`).
    static func schema(for note: String, amounts: [AmountCandidate], merchant: Payee,
                       categories: [Category]? = nil, spans offered: [String]? = nil) -> GenerationSchema {
        var properties: [String: GenerationSchema] = [:]
        switch merchant {
        case .known(let name?):
            properties["merchant"] = .string(.constant(name))
        case .known(nil):
            break
        case .model:
            let spans = offered ?? MerchantSpans.candidates(in: note, amounts: amounts)
            if !spans.isEmpty { properties["merchant"] = .string(.anyOf(spans)).orNull }
        }
        switch categories {
        case let only? where only.count == 1: properties["category"] = .string(.constant(only[0].modelWord))
        case let some? where !some.isEmpty: properties["category"] = .enumeration(some.map(\.modelWord))
        default: properties["category"] = .enumeration(Category.allCases.map(\.modelWord))
        }
        // Up to six words of letters (Latin scripts): a capital first; inside a word a hyphen,
        // apostrophe or slash only between letters ("e-bike", "Joe's"), "w/" and a lone "&" as
        // written. Runs of punctuation ("----") cannot be written.
        let letter = "[A-Za-zÀ-ÖØ-öø-ž]"
        // Unbounded repetition, not {0,15}: llama.cpp expands counted repeats into many rules, which
        // cost ~65 MB and 4% of the time here; the token limit bounds the length anyway.
        let rest = "([-'/]?\(letter))*/?"
        // A trailing space may close it: the model often writes the space before the number it
        // wanted next ("Hotel 2 nights"), and the string then ends there, trimmed.
        properties["purpose"] = .string(.pattern("[A-ZÀ-Þ]\(rest)( (&|\(letter)\(rest))){0,5} ?"))
        return .object("Expense", fieldOrder.compactMap { name in properties[name].map { .init(name, $0) } })
    }

    init(_ content: GeneratedContent) throws {
        merchant = content["merchant"]?.stringValue
        // (A server that ignores the schema may still write the ledger's own word: "other".)
        category = content["category"]?.stringValue.flatMap { Category(modelWord: $0) ?? Category(rawValue: $0) }
        purpose = content["purpose"]?.stringValue.map { $0.trimming(" ") }
    }
}

extension ExpenseExtractor {
    /// The schema the model fills for `note` when no rule, learned name or learned category fixes
    /// a field (the widest one): what the `expense-grammar` fuzz target compiles for arbitrary notes.
    public static func widestModelSchema(for note: String) -> GenerationSchema {
        ModelExpense.schema(for: note, amounts: AmountFinder.candidates(in: note), merchant: .model)
    }
}
