import Foundation

/// How to pick tokens.
public struct GenerationOptions: Sendable, Equatable {
    public enum Sampling: Sendable, Equatable {
        /// Always the most likely allowed token.
        case greedy
        /// Random among the `topK` most likely tokens within `topP` mass, at `temperature`.
        case random(temperature: Double, topK: Int, topP: Double, seed: UInt32)
    }

    public var sampling: Sampling
    /// The most tokens to generate; the value must be complete within them.
    public var maximumTokens: Int

    public init(sampling: Sampling = .greedy, maximumTokens: Int = 256) {
        self.sampling = sampling
        self.maximumTokens = maximumTokens
    }
}

/// Who generated something: the model file's name and its sha256.
public struct ModelIdentity: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let sha256: String

    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }

    public var description: String { "\(name) (sha256 \(sha256.prefix(12))…)" }
}

/// One piece of generated text and how likely the model found it (natural log, full vocabulary).
public struct GeneratedPiece: Sendable, Equatable {
    public let bytes: [UInt8]
    public let logProbability: Double

    public init(bytes: [UInt8], logProbability: Double) {
        self.bytes = bytes
        self.logProbability = logProbability
    }
}

/// Text the grammar forces next, which a model may feed without sampling it.
public struct ForcedText: Sendable, Equatable {
    public let bytes: [UInt8]
    /// True when the forced text ends the output.
    public let endsOutput: Bool

    public init(bytes: [UInt8], endsOutput: Bool) {
        self.bytes = bytes
        self.endsOutput = endsOutput
    }
}

/// A closed choice the output has reached: the next value is exactly one of `options`.
/// A model that supports it scores every option as a whole and writes the one `decide` picks,
/// instead of letting the first token's argmax decide (which favours whatever option the model
/// prefers for any input; see `ChoiceCalibration`).
public struct ChoicePoint: Sendable, Equatable {
    /// The schema path of the value ("Expense.category").
    public let path: String
    /// The text each option writes next, separator included (` "food"`).
    public let options: [[UInt8]]

    public init(path: String, options: [[UInt8]]) {
        self.path = path
        self.options = options
    }
}

extension ChoicePoint {
    /// The line `NOTELEDGER_TRACE` prints for a decided choice: each option with its score, and
    /// the one chosen ("trace: choice category food -1.502 travel -3.071 … -> 0").
    public func traceLine(scores: [Double], chosen: Int) -> String {
        "trace: choice \(path) "
            + zip(options, scores).map { "\(String(decoding: $0, as: UTF8.self).filter { $0 != "\"" && $0 != " " }) \(String(format: "%.3f", $1))" }
                .joined(separator: " ") + " -> \(chosen)\n"
    }
}

/// What to generate: a prompt, the grammar the output must follow, and how.
public struct GenerationRequest: Sendable {
    public let prompt: String
    /// How many characters at the start of `prompt` every request of the session shares
    /// (instructions and examples): a model may keep their state and start there next time.
    public let sharedPrefixLength: Int
    public let grammar: Grammar
    public let options: GenerationOptions
    /// Given the output so far, the text the grammar forces next (structure between values), if
    /// known. A model may feed it in one batch instead of sampling it token by token.
    public let forcedText: @Sendable ([UInt8]) -> ForcedText?
    /// Given the output so far, the closed choice it has reached, if any. Models that cannot
    /// score options ignore it and sample under the grammar as usual.
    public let choicePoint: @Sendable ([UInt8]) -> ChoicePoint?
    /// Which option of a choice point to write, given each option's log-probability after the
    /// output so far (natural log; see `LanguageModel.generate`).
    public let decide: @Sendable (ChoicePoint, [Double]) -> Int
    /// The grammar of what follows the value of the choice point at `path` (the later properties
    /// and the closing brace), for a model that can only decide a choice after generating past it
    /// (an inference server): when its decision differs from what it wrote, it writes the decided
    /// option and generates the rest under this grammar. Nil when unknown.
    public let grammarAfterChoice: @Sendable (String) -> Grammar?
    /// Given output that ends with the forced text before a value, the grammar of the rest of that
    /// value and the character after it (`,` or the closing `}`), for a model that feeds forced
    /// text itself and generates one value at a time (an inference server). Nil when unknown.
    public let valueGrammar: @Sendable ([UInt8]) -> Grammar?
    /// Given output inside a string value that already holds text, whether the grammar lets the
    /// string end there (its text fits the value's pattern or listed strings); nil when unknown or
    /// not inside such a value. For a model that cannot ask the grammar itself (an inference
    /// server) and closes a string where the model wanted a digit or a sign (see `LlamaDecoder`).
    public let stringMayEnd: @Sendable ([UInt8]) -> Bool?

    /// True when `piece` starts (after spaces) with an ASCII digit or sign other than a quote: what
    /// a model wanting it inside a string the grammar forbids it in means to write after the string.
    public static func startsWithSymbol(_ piece: [UInt8]) -> Bool {
        guard let first = piece.first(where: { $0 != UInt8(ascii: " ") }), first < 0x80 else { return false }
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20)
        return !isLetter && first != UInt8(ascii: "\"")
    }
    /// The schema the grammar was compiled from, for a model that takes a JSON schema instead of
    /// a grammar (a server that accepts no grammar): it sends `schema.jsonSchema` and checks the
    /// answer with `schema.violations(in:)`. Nil when unknown.
    public let schema: GenerationSchema?

    public init(prompt: String, sharedPrefixLength: Int = 0, grammar: Grammar, options: GenerationOptions = GenerationOptions(),
                forcedText: @escaping @Sendable ([UInt8]) -> ForcedText? = { _ in nil },
                choicePoint: @escaping @Sendable ([UInt8]) -> ChoicePoint? = { _ in nil },
                decide: @escaping @Sendable (ChoicePoint, [Double]) -> Int = { _, scores in ChoiceCalibration.argmax(scores) },
                grammarAfterChoice: @escaping @Sendable (String) -> Grammar? = { _ in nil },
                valueGrammar: @escaping @Sendable ([UInt8]) -> Grammar? = { _ in nil },
                stringMayEnd: @escaping @Sendable ([UInt8]) -> Bool? = { _ in nil },
                schema: GenerationSchema? = nil) {
        self.prompt = prompt
        self.sharedPrefixLength = min(max(0, sharedPrefixLength), prompt.count)
        self.grammar = grammar
        self.options = options
        self.forcedText = forcedText
        self.choicePoint = choicePoint
        self.decide = decide
        self.grammarAfterChoice = grammarAfterChoice
        self.valueGrammar = valueGrammar
        self.stringMayEnd = stringMayEnd
        self.schema = schema
    }
}

/// A language model that generates text under a grammar. Implementations run the model
/// (`GuidedLlama` runs llama.cpp in-process); sessions turn schemas into grammars and text into
/// typed values.
public protocol LanguageModel: Sendable {
    /// The model's file name and sha256.
    var identity: ModelIdentity { get }
    /// How many requests it runs at once; more wait their turn.
    var parallelRequests: Int { get }
    /// Settings besides the weights that change the model's numbers in their last digits, and so
    /// can tip a near-tie (a CPU run's thread count); empty when none are known.
    var numericSettings: String { get }

    /// Generates a continuation of the request's prompt that its grammar admits, piece by piece.
    /// At a choice point (`request.choicePoint`), a model that supports it scores each option by
    /// the log-probability of its tokens up to where it differs from every other option (the rest
    /// is forced by the grammar) and writes the option `request.decide` picks.
    /// The stream ends when the grammar is complete or `options.maximumTokens` is reached;
    /// cancelling the consumer stops the model. Failures are `GenerationError`s.
    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GeneratedPiece, any Error>
}

extension LanguageModel {
    public var parallelRequests: Int { 1 }
    public var numericSettings: String { "" }
}
