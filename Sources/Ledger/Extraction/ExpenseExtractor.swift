import Foundation
import Guided

/// How an extraction was made.
public enum ExtractionOrigin: Sendable, Equatable {
    /// The language model filled the fields it reads; rules gave currency and date.
    case model(ModelIdentity)
    /// The rules extractor alone (no model, or the model failed).
    case rules
}

/// An expense read from a note, with what a reviewer needs to trust it.
public struct Extraction: Sendable {
    public var expense: Expense
    /// Per field, 0...1. Fields read by rules from the text itself count as 1 when found.
    public var confidence: [String: Double]
    public var origin: ExtractionOrigin
    /// Why the draft needs a person's look (empty when it does not).
    public var reviewReasons: [String]
}

/// The extraction policy: the model fills merchant (copied from the note), amount (one of the
/// amounts the note contains or spells out), category and purpose under a grammar; rules read
/// currency and date; a note the rules see as no expense gets no amount. When the model is
/// missing or fails, the rules extractor fills everything and the draft goes to review.
public final class ExpenseExtractor: Sendable {
    /// Below this model confidence a field sends the draft to review.
    public static let reviewThreshold = 0.35

    private let session: LanguageModelSession?

    /// - Parameter model: the language model; nil for rules only.
    public init(model: (any LanguageModel)?) {
        session = model.map {
            LanguageModelSession(model: $0, instructions: ExpensePrompt.instructions, examples: ExpensePrompt.examples,
                                 labels: ("Note", "Expense"))
        }
    }

    /// True when a model is in use.
    public var usesModel: Bool { session != nil }

    /// Extracts the expense from `note`. Never fails: a model failure falls back to the rules,
    /// with the reason among the review reasons.
    /// - Parameter onSnapshot: called with each partial expense while the model writes.
    public func extract(_ note: String, received: Date?,
                        onSnapshot: (@Sendable (Expense) -> Void)? = nil) async -> Extraction {
        guard let session else { return rulesExtraction(note, received: received, reason: "extracted by rules (no model)") }
        let candidates = ExpenseSignals.isExpense(note) ? AmountFinder.candidates(in: note) : []
        let amountTexts = candidates.map(\.text).uniqued()
        let schema = ModelExpense.schema(for: note, amounts: amountTexts)
        let options = GenerationOptions(maximumTokens: 96)
        do {
            let response = try await session.respond(
                to: note, generating: ModelExpense.self, schema: schema, options: options
            ) { snapshot in
                guard let onSnapshot, let partial = try? ModelExpense(snapshot.rawContent) else { return }
                onSnapshot(combine(partial, note: note, received: received, candidates: candidates))
            }
            return finish(response, note: note, received: received, candidates: candidates)
        } catch {
            return rulesExtraction(note, received: received, reason: "extracted by rules: the model failed (\(error))")
        }
    }

    // MARK: - Combining model and rules

    private func combine(_ generated: ModelExpense, note: String, received: Date?, candidates: [AmountCandidate]) -> Expense {
        let chosen = generated.amount.flatMap { text in candidates.first { $0.text == text } }
        return Expense(
            merchant: generated.merchant,
            amount: chosen?.amount,
            currency: RulesExtractor.currency(in: note, chosen: chosen),
            category: generated.category,
            purpose: generated.purpose,
            date: DateResolver.resolve(note, received: received))
    }

    private func finish(_ response: Response<ModelExpense>, note: String, received: Date?,
                        candidates: [AmountCandidate]) -> Extraction {
        let expense = combine(response.content, note: note, received: received, candidates: candidates)
        var confidence: [String: Double] = [:]
        for field in ["merchant", "amount", "category", "purpose"] {
            confidence[field] = response.confidence[field] ?? (field == "amount" ? 1 : 0)
        }
        confidence["currency"] = 1
        confidence["date"] = 1
        var reasons: [String] = []
        if expense.amount == nil { reasons.append("no amount") }
        for field in ["merchant", "amount", "category"] {
            if let value = confidence[field], value < Self.reviewThreshold {
                reasons.append(String(format: "low confidence in %@ (%.2f)", field, value))
            }
        }
        let identity = session!.model.identity
        return Extraction(expense: expense, confidence: confidence, origin: .model(identity), reviewReasons: reasons)
    }

    private func rulesExtraction(_ note: String, received: Date?, reason: String) -> Extraction {
        let expense = RulesExtractor.extract(note, received: received)
        var reasons = [reason]
        if expense.amount == nil { reasons.append("no amount") }
        let confidence = Dictionary(uniqueKeysWithValues: Expense.fieldNames.map { ($0, 0.5) })
        return Extraction(expense: expense, confidence: confidence, origin: .rules, reviewReasons: reasons)
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
