import Foundation
import Digest
import Guided
import Synchronization

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
    /// Who set each field: the model, rules reading the text, or what was learned from edits.
    public var sources: [String: FieldSource]
    /// For each field set by what was learned, the evidence ("learned from 4 of your edits of Tier, …").
    public var learned: [String: String]
    /// Why the model could not be reached (an inference server that is down), when that is why
    /// the rules made this extraction: a caller that can wait puts the note back and tries later.
    public var modelUnreachable: String?

    public init(expense: Expense, confidence: [String: Double], origin: ExtractionOrigin, reviewReasons: [String],
                sources: [String: FieldSource] = [:], learned: [String: String] = [:]) {
        self.expense = expense
        self.confidence = confidence
        self.origin = origin
        self.reviewReasons = reviewReasons
        self.sources = sources
        self.learned = learned
    }
}

/// The extraction policy. Rules read what is written in the text itself: the amount (one the
/// note contains or spells out, never invented; none for a refund, a reminder or a note without
/// one), the currency and the date, and in a bank message the payee where banks put it. The
/// model writes the purpose, then the category, then the merchant of a written note (copied from
/// the note under a grammar). The category: each of the four scored as a whole and divided by
/// what the model gives it for an empty note (`ChoiceCalibration`), so its liking for `other`
/// does not decide; the note's category words add their weight (`CategoryRules.evidence`).
/// When the model is missing or fails, the rules fill everything and the draft goes to review.
/// What the ledger learned from the user's edits (`LearnedHints`) goes into the grammar: a
/// known merchant is written as a constant, a learned category forced or its choices narrowed.
public final class ExpenseExtractor: Sendable {
    /// Below this model confidence a field sends the draft to review.
    public static let reviewThreshold = 0.35

    private let model: (any LanguageModel)?
    private var rules: RuleFamilies { .active }
    /// The category priors for empty notes, measured once per extractor (`warmUp`); concurrent
    /// first extractions wait for the same measurement.
    private let calibration = Mutex<Task<ChoiceCalibration, Never>?>(nil)

    /// Where the measured priors are kept between runs, one file per model and prompt (nil: each
    /// extractor measures them).
    private let calibrationCache: URL?

    /// - Parameters:
    ///   - model: the language model; nil for rules only. Concurrent `extract` calls run as many at
    ///     once as the model takes.
    ///   - calibrationCache: a directory where the category priors are kept, so a run whose model
    ///     and prompt were measured before starts without measuring (~1 s on 2 cores).
    public init(model: (any LanguageModel)?, calibrationCache: URL? = nil) {
        self.model = model
        self.calibrationCache = calibrationCache
    }

    /// True when a model is in use.
    public var usesModel: Bool { model != nil }

    /// How many extractions make sense at once: what the model runs in parallel (rules: one per core).
    public var parallelRequests: Int {
        model?.parallelRequests ?? ProcessInfo.processInfo.activeProcessorCount
    }

    private func session(_ model: any LanguageModel) -> LanguageModelSession {
        LanguageModelSession(model: model, instructions: ExpensePrompt.instructions,
                             examples: ExpensePrompt.examples(order: ModelExpense.fieldOrder), labels: ("Note", "Expense"))
    }

    /// Measures the category priors and puts the shared prompt into the model's cache, so the first
    /// note is as quick as the next. Called by long-running commands at start; `extract` does it
    /// on first use otherwise. A failure leaves the model's choice uncalibrated.
    public func warmUp() async {
        _ = await currentCalibration()
    }

    private func currentCalibration() async -> ChoiceCalibration {
        guard let model, rules.contains(.categoryCalibration) else { return .none }
        let session = session(model)
        let task = calibration.withLock { task in
            if let task { return task }
            let cache = calibrationCache
            let measuring = Task {
                let schema = { (input: String) in ModelExpense.schema(for: input, amounts: [], merchant: .model) }
                let options = GenerationOptions(maximumTokens: 64)
                let file = cache.flatMap { directory in
                    session.calibrationFingerprint(generating: ModelExpense.self, schema: schema, options: options).map {
                        directory.appendingPathComponent("\(SHA256.hex(of: $0).prefix(32)).json")
                    }
                }
                if let file, let data = try? Data(contentsOf: file), let kept = ChoiceCalibration(json: data) {
                    return kept
                }
                guard let measured = try? await session.calibrate(generating: ModelExpense.self, schema: schema, options: options)
                else { return ChoiceCalibration.none }
                // Foundation writes beside the file and renames it into place: a reader never sees half
                // a file, and a failure only costs the next run the measurement.
                if let file {
                    try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try? measured.json.write(to: file, options: .atomic)
                }
                return measured
            }
            task = measuring
            return measuring
        }
        return await task.value
    }

    /// Extracts the expense from `note`. Never fails: a model failure falls back to the rules,
    /// with the reason among the review reasons.
    /// - Parameters:
    ///   - learned: what the ledger learned that applies to this note (`DraftStore.learnedHints`).
    ///   - onSnapshot: called with each partial expense while the model writes.
    public func extract(_ note: String, received: Date?, learned: LearnedHints = .none,
                        onSnapshot: (Expense) -> Void = { _ in }) async -> Extraction {
        // A note written all in capitals ("LUNCH AT HALDEN DELI 14.20") tells no name by its capitals:
        // it is read in lower case, and the merchant copied back from the note as written.
        guard rules.contains(.capitalsFolding), let folded = Self.foldedShouting(note) else {
            return await extractAsWritten(note, received: received, learned: learned, onSnapshot: onSnapshot)
        }
        // Currency codes are read as written ("38 USD"; "usd" is no code).
        let currency = RulesExtractor.currency(in: note, chosen: AmountFinder.best(in: AmountFinder.candidates(in: note)))
        func restored(_ expense: Expense) -> Expense {
            var expense = expense
            expense.merchant = expense.merchant.map { Self.restoringCase($0, folded: folded, original: note) }
            if expense.amount != nil, expense.currency == nil { expense.currency = currency }
            return expense
        }
        var extraction = await extractAsWritten(folded, received: received, learned: learned) { onSnapshot(restored($0)) }
        extraction.expense = restored(extraction.expense)
        return extraction
    }

    /// `note` in lower case when it is a written note in capitals (six letters or more, none in
    /// lower case; a bank's message is read as banks write it) and lower-casing keeps each
    /// character one character; else nil.
    static func foldedShouting(_ note: String) -> String? {
        let letters = note.filter(\.isLetter)
        guard letters.count >= 6, letters.allSatisfy(\.isUppercase), !BankMessage.reads(note) else { return nil }
        let folded = note.lowercased()
        guard folded.count == note.count,
              zip(note, folded).allSatisfy({ $0.lowercased() == String($1) }) else { return nil }
        return folded
    }

    /// The text of `note` where `span` stands in its lower-cased `folded` form (the same characters
    /// one for one); `span` itself when it does not stand there (a name the user set before).
    static func restoringCase(_ span: String, folded: String, original note: String) -> String {
        guard let range = folded.range(of: span) else { return span }
        let start = folded.distance(from: folded.startIndex, to: range.lowerBound)
        let length = folded.distance(from: range.lowerBound, to: range.upperBound)
        let from = note.index(note.startIndex, offsetBy: start)
        return String(note[from..<note.index(from, offsetBy: length)])
    }

    private func extractAsWritten(_ note: String, received: Date?, learned: LearnedHints,
                                  onSnapshot: (Expense) -> Void) async -> Extraction {
        guard let model else {
            return rulesExtraction(note, received: received, learned: learned, reason: "extracted by rules (no model)")
        }
        let calibration = await currentCalibration()
        // A session serves one request at a time; each extraction has its own (they are cheap).
        let session = session(model)
        let found = AmountFinder.candidates(in: note)
        let isExpense = ExpenseSignals.isExpense(note, candidates: found)
        let candidates = isExpense ? found : []
        let amount = AmountFinder.best(in: candidates)
        // In a bank message the payee stands where banks put it ("at ACME LTD", "paid to …", a
        // name-only part) and the rules take it as written; a cash withdrawal has none. In a
        // written note the model chooses (forcing "at X" there did not raise the check set: val
        // merchant 0.717 with it, 0.724 without).
        // A merchant the user named before comes first.
        let payee: Payee = if let known = learned.merchant {
            .known(known.name)
        } else if rules.contains(.introducedMerchant) && BankMessage.reads(note) {
            RulesExtractor.payee(inBankMessage: note)
        } else {
            .model
        }
        // The spans the model may copy as the merchant, found once for the grammar and the fallback below.
        let spans = payee == .model ? MerchantSpans.candidates(in: note, amounts: found) : []
        // Beside a span written as a name ("Lunch Nordhaus", "점심 김밥천국"), spans that would name
        // no one if copied (a trade, a generic place, common words alone) are not offered.
        let offered = rules.contains(.genericMerchants) && spans.contains(where: { Self.isWrittenAsName($0, in: note) })
            ? spans.filter { !Self.namesNoOne($0, in: note) } : spans
        let schema = ModelExpense.schema(for: note, amounts: found, merchant: payee, categories: learned.allowedCategories,
                                         spans: offered)
        let options = GenerationOptions(maximumTokens: 64)
        // What the rules read is fixed for the note; each snapshot only adds the model's fields.
        let currency = RulesExtractor.currency(in: note, chosen: amount)
        let date = DateResolver.resolve(note, received: received)
        // A description of one place ("the fish van by the harbour") is the name, whole.
        let described = rules.contains(.descriptiveNames) && payee == .model ? DescriptiveNames.phrase(in: note) : nil
        let opening = rules.contains(.merchantShape) && payee == .model ? MerchantSpans.openingName(in: note, among: spans) : nil
        let introduced = rules.contains(.introducedMerchant) && !spans.isEmpty
            ? RulesExtractor.introducedMerchant(in: note).flatMap { spans.contains($0) ? $0 : nil } : nil
        func combine(_ generated: ModelExpense, final: Bool = false) -> Expense {
            // The model copied a piece of a place's description: "crêpe cart", the street "Quay Street".
            let copied = generated.merchant.map { picked in
                described.flatMap { $0.contains(picked) ? $0 : nil }
                    ?? (rules.contains(.merchantShape) ? MerchantSpans.ownerOfOccasion(picked, in: note) : nil) ?? picked
            }
            // A trade, role or generic place the model copied names no one ("the plumber", "parking"),
            // nor do common words alone ("late fee", "y luego").
            // A note's first word is capitalised whatever it is ("Snacks from the vending machine").
            let named = copied.flatMap { picked in
                guard rules.contains(.genericMerchants), MerchantLexicon.isOnlyCommonWords(Self.asWritten(picked, in: note)) else {
                    return rules.contains(.genericMerchants) && MerchantLexicon.isGeneric(picked) ? nil : picked
                }
                // What was done ("Almocei", "Dinner") is no one; a name the note puts after "at",
                // "no", "chez", … is, when it is one of the spans offered.
                return introduced
            }.map { picked in
                // The model stopped inside the name the note introduces ("to Marta Ruiz" → "Marta"): the
                // name goes on while its words are capitalised.
                guard let whole = introduced, whole.hasPrefix(picked + " "),
                      whole.dropFirst(picked.count + 1).split(separator: " ").allSatisfy({ $0.first?.isUppercase == true })
                else { return picked }
                return whole
            }.map { picked in
                // The model stopped before the word the shop's name closes with ("Gigbox" of "Gigbox
                // Electronics", "Halden" of "Halden Market"): the name takes it.
                // Capitalised words between go too ("Kestrel" of "Kestrel Oyster Bar").
                guard rules.contains(.merchantShape), let range = note.range(of: picked + " ") else { return picked }
                let following = note[range.upperBound...].split(separator: " ").prefix(3).map { $0.trimming(where: \.isPunctuation) }
                let capitalised = following.prefix { $0.first?.isUppercase == true }
                guard let closing = capitalised.lastIndex(where: { MerchantLexicon.closesABusinessName(String($0)) })
                else { return picked }
                let whole = ([picked] + capitalised[...closing]).joined(separator: " ")
                return spans.contains(whole) ? whole : picked
            }.map { picked in
                // The model copied the name after "of" and left out the institution it names ("Lumo" of
                // "Museum of Lumo", "Prado" of "Museo del Prado"): the name takes it.
                guard rules.contains(.merchantShape),
                      let whole = spans.first(where: { span in
                          let words = span.split(separator: " ")
                          return words.count >= 3 && span.hasSuffix(" " + picked)
                              && MerchantLexicon.institutionOpeners.contains(words[0].lowercased())
                              && words[0].first?.isUppercase == true
                              && words.dropFirst().dropLast(picked.split(separator: " ").count)
                                  .allSatisfy { MerchantLexicon.institutionJoiners.contains($0.lowercased()) }
                      }) else { return picked }
                return whole
            }.flatMap { picked in
                // Whom it was bought for is not who was paid ("birthday cake for Mia", "vet for Biscuit").
                rules.contains(.merchantShape) && MerchantSpans.isBeneficiary(picked, in: note) ? nil : picked
            }
            // A name opening the note before a dash or colon is who charged, not what the model copied
            // after the mark ("Gigbox - Arctic Lanterns x2"), unless the note introduces that one as
            // the payee ("Kestrelpay: £6.45 at Ardent Deli": a sender the rules do not know as a bank).
            let charged = opening.flatMap { opening in
                guard let picked = named else { return introduced == nil ? opening.name : nil }
                guard picked != introduced else { return nil }
                return note.range(of: picked).map { $0.lowerBound >= opening.rest } == true ? opening.name : nil
            } ?? named
            // When the model copies no one, or only a generic word, a name the note introduces ("Paid
            // Carla 40", "at Casa Verde"), a well-known brand it names ("petrol 55.30 esso") or a business
            // named with its trade ("flowers for mum primrose florist 35") is still who was paid; its low
            // confidence still sends the draft to review. Looked up once, at the end.
            let standIn = final && payee.known == nil && charged == nil
                ? introduced ?? MerchantSpans.namedBrand(in: note, among: spans)
                    ?? (rules.contains(.merchantShape) ? MerchantSpans.tradeNamed(among: spans) : nil) : nil
            return Expense(
                merchant: payee.known ?? charged ?? standIn, amount: amount?.amount, currency: currency,
                category: generated.category, purpose: generated.purpose, date: date)
        }
        do {
            // The note's category words weigh in beside the model's calibrated choice, keyed by the
            // words the model writes for the categories.
            var weighed = calibration
            if rules.contains(.categoryKeywords) {
                let evidence = CategoryRules.evidence(in: note).reduce(into: [String: Double]()) { words, hit in
                    words[Category(rawValue: hit.key)?.modelWord ?? hit.key] = hit.value
                }
                weighed = calibration.adding(evidence: evidence, at: "category")
            }
            if case .leaning(let category, let edits)? = learned.category {
                weighed = weighed.adding(evidence: [category.modelWord: Double(edits) * CategoryMemory.leaningWeight], at: "category")
            }
            let response = try await session.respond(
                to: note, generating: ModelExpense.self, schema: schema, options: options, calibration: weighed
            ) { snapshot in
                guard let partial = try? ModelExpense(snapshot.rawContent) else { return }
                onSnapshot(combine(partial))
            }
            return finish(response, expense: combine(response.content, final: true), amount: amount, candidates: candidates,
                          ruledMerchant: payee != .model).applying(learned)
        } catch let failure as any TemporaryModelFailure where failure.isTemporary {
            var extraction = rulesExtraction(note, received: received, learned: learned,
                                             reason: "extracted by rules: the model could not be reached (\(failure))")
            extraction.modelUnreachable = "\(failure)"
            return extraction
        } catch {
            return rulesExtraction(note, received: received, learned: learned,
                                   reason: "extracted by rules: the model failed (\(error))")
        }
    }

    /// `span` as the note writes it: the note's first word has its capital whatever it is
    /// ("Snacks from the vending machine").
    static func asWritten(_ span: String, in note: String) -> String {
        note.hasPrefix(span) ? span.prefix(1).lowercased() + span.dropFirst() : span
    }

    /// True when `span`, copied as the merchant, would name no one: a trade, role or generic place
    /// ("the plumber", "parking"), or common words alone ("late fee", "Dinner").
    static func namesNoOne(_ span: String, in note: String) -> Bool {
        (MerchantLexicon.isOnlyCommonWords(asWritten(span, in: note)) || MerchantLexicon.isGeneric(span))
            && BrandLexicon.named(in: SearchableText(span.lowercased())).isEmpty
    }

    /// True for a span written as a name and not made of common words: capitalised where the note
    /// does not open ("Lunch Nordhaus"), or in a script without capitals ("김밥천국"), where it does
    /// not run past the Japanese particle of the place something was done ("美容院でカット": a cut at
    /// the hairdresser's).
    static func isWrittenAsName(_ span: String, in note: String) -> Bool {
        guard let first = span.first, !namesNoOne(span, in: note) else { return false }
        return first.isUppercase && !note.hasPrefix(span)
            || first.isLetter && !first.isUppercase && !first.isLowercase && !span.contains("で")
    }

    // MARK: - Confidence and review

    private func finish(_ response: Response<ModelExpense>, expense: Expense, amount: AmountCandidate?,
                        candidates: [AmountCandidate], ruledMerchant: Bool) -> Extraction {
        var confidence: [String: Double] = [
            "merchant": ruledMerchant ? 0.9 : response.confidence["merchant"] ?? 0,
            "purpose": response.confidence["purpose"] ?? 0,
            "category": response.confidence["category"] ?? 0,
            "amount": AmountFinder.confidence(of: amount, among: candidates),
            "currency": 1,
            "date": 1,
        ]
        if expense.merchant == nil { confidence["merchant"] = confidence["merchant"].map { min($0, 0.9) } }
        var reasons: [String] = []
        if expense.amount == nil { reasons.append("no amount") }
        for field in ["merchant", "amount", "category"] {
            if let value = confidence[field], value < Self.reviewThreshold {
                reasons.append(String(format: "low confidence in %@ (%.2f)", field, value))
            }
        }
        let identity = model!.identity
        var sources = Dictionary(uniqueKeysWithValues: Expense.fieldNames.map { ($0, FieldSource.rules) })
        sources["purpose"] = .model
        if !ruledMerchant { sources["merchant"] = .model }
        sources["category"] = .model
        return Extraction(expense: expense, confidence: confidence, origin: .model(identity), reviewReasons: reasons,
                          sources: sources)
    }

    private func rulesExtraction(_ note: String, received: Date?, learned: LearnedHints, reason: String) -> Extraction {
        var expense = RulesExtractor.extract(note, received: received)
        // The rules' category is a keyword guess: it stays only where the user allowed it.
        if let allowed = learned.allowedCategories, let category = expense.category, !allowed.contains(category) {
            expense.category = nil
        }
        var reasons = [reason]
        if expense.amount == nil { reasons.append("no amount") }
        let confidence = Dictionary(uniqueKeysWithValues: Expense.fieldNames.map { ($0, 0.5) })
        return Extraction(expense: expense, confidence: confidence, origin: .rules, reviewReasons: reasons,
                          sources: Dictionary(uniqueKeysWithValues: Expense.fieldNames.map { ($0, FieldSource.rules) }))
            .applying(learned)
    }
}

extension Extraction {
    /// Marks what was learned: a known merchant and a forced category take their learned values
    /// (already written so by the grammar), with `learned` as their source and the evidence.
    func applying(_ hints: LearnedHints) -> Extraction {
        var extraction = self
        if let merchant = hints.merchant {
            extraction.expense.merchant = merchant.name
            extraction.sources["merchant"] = .learned
            extraction.confidence["merchant"] = 1
            extraction.learned["merchant"] = merchant.evidence
        }
        if case .forced(let category, let evidence)? = hints.category {
            extraction.expense.category = category
            extraction.sources["category"] = .learned
            extraction.confidence["category"] = 1
            extraction.learned["category"] = evidence
        }
        // A review reason about a field that learning settled no longer holds.
        let settled = Set(extraction.learned.keys)
        extraction.reviewReasons.removeAll { reason in settled.contains { reason.hasPrefix("low confidence in \($0) ") } }
        return extraction
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
