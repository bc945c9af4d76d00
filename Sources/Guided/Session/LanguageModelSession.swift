import Foundation
import Synchronization

/// A conversation-free generation session over one model: instructions and few-shot examples make
/// a prompt; a schema becomes a grammar; the model's text becomes typed values, streamed as
/// cumulative snapshots. One request at a time.
public final class LanguageModelSession: Sendable {
    /// A worked example shown to the model before the input.
    public struct Example: Sendable {
        public let input: String
        public let output: GeneratedContent

        public init(input: String, output: GeneratedContent) {
            self.input = input
            self.output = output
        }
    }

    public let model: any LanguageModel
    public let instructions: String?
    public let examples: [Example]
    /// The labels before each input and output in the prompt.
    public let labels: (input: String, output: String)
    private let compiler: GrammarCompiler
    private let busy = Atomic<Bool>(false)

    public init(model: any LanguageModel, instructions: String? = nil, examples: [Example] = [],
                labels: (input: String, output: String) = ("Input", "Output"),
                compiler: GrammarCompiler = GrammarCompiler()) {
        self.model = model
        self.instructions = instructions
        self.examples = examples
        self.labels = labels
        self.compiler = compiler
    }

    // MARK: - Prompt

    /// The prompt for `input`: instructions, examples, then the input and an open output label.
    /// Everything before the input is the same for every request, so models can cache it.
    public func prompt(for input: String) -> String {
        sharedPrompt + "\(labels.input): \(input)\n\(labels.output):"
    }

    /// The start of every prompt: instructions and examples.
    var sharedPrompt: String {
        var text = instructions.map { $0 + "\n\n" } ?? ""
        for example in examples {
            text += "\(labels.input): \(example.input)\n\(labels.output): \(example.output.jsonString)\n\n"
        }
        return text
    }

    /// The grammar a request for `schema` runs under (the value after one space).
    public func grammar(for schema: GenerationSchema) throws -> Grammar {
        do {
            return try compiler.compile(schema, prefix: Self.outputPrefix)
        } catch let error as GrammarCompilationError {
            throw GenerationError.unsupportedSchema(error)
        }
    }

    // MARK: - Requests

    /// Generates a `Content` for `input` and returns it when complete.
    /// - Parameters:
    ///   - schema: a run-time schema to use instead of `Content.generationSchema`
    ///     (for guides filled per request, such as `substring(of:)` the input).
    ///   - calibration: how closed choices (enumeration properties) are decided; `.none` takes
    ///     the most likely option.
    ///   - onSnapshot: called with each cumulative snapshot as the value grows.
    /// - Throws: `GenerationError`; `GeneratedContentError` when the value does not fit `Content`.
    public func respond<Content: Generable>(
        to input: String, generating type: Content.Type = Content.self,
        schema: GenerationSchema? = nil, options: GenerationOptions = GenerationOptions(),
        calibration: ChoiceCalibration = .none,
        onSnapshot: (ResponseSnapshot<Content>) -> Void = { _ in }
    ) async throws -> Response<Content> {
        try claim()
        defer { release() }
        return try await run(input: input, schema: schema ?? Content.generationSchema, options: options,
                             calibration: calibration, onSnapshot: onSnapshot)
    }

    /// The inputs `calibrate` measures by default.
    public static let contentFreeInputs = ["N/A", "", "[blank]"]

    /// Everything `calibrate` with these arguments depends on, as text: the model's name and
    /// sha256 and numeric settings (a near-tie in a content-free output falls another way with
    /// another thread count), and per content-free input the prompt and the grammar. Equal texts give equal
    /// priors, so a client may keep the priors under (a digest of) it. Nil when the model does not
    /// say which weights it runs (an inference server reports no sha256): then nothing can be kept.
    public func calibrationFingerprint<Content: Generable>(
        generating type: Content.Type = Content.self, schema: ((String) -> GenerationSchema)? = nil,
        contentFree: [String] = contentFreeInputs, options: GenerationOptions = GenerationOptions()
    ) -> String? {
        let identity = model.identity
        guard identity.sha256.count == 64, identity.sha256.allSatisfy(\.isHexDigit) else { return nil }
        var text = "calibration 1\nmodel \(identity.name) \(identity.sha256) \(model.numericSettings)\noptions \(options)\n"
        for input in contentFree {
            guard let grammar = try? grammar(for: schema?(input) ?? Content.generationSchema) else { return nil }
            let prompt = prompt(for: input)
            text += "prompt \(prompt.utf8.count)\n\(prompt)\ngrammar \(grammar.text.utf8.count)\n\(grammar.text)\n"
        }
        return text
    }

    /// Measures the model's preference among the options of every closed choice in `schema` for
    /// inputs that say nothing (`contentFree`), to be divided out (`ChoiceCalibration`).
    /// - Parameter schema: the run-time schema for an input, when requests use one.
    /// - Throws: `GenerationError`.
    public func calibrate<Content: Generable>(
        generating type: Content.Type = Content.self, schema: ((String) -> GenerationSchema)? = nil,
        contentFree: [String] = contentFreeInputs, options: GenerationOptions = GenerationOptions()
    ) async throws -> ChoiceCalibration {
        try claim()
        defer { release() }
        var samples: [[(ChoicePoint, [Double])]] = []
        for input in contentFree {
            let recorder = ChoiceRecorder()
            let _: Response<Content> = try await run(
                input: input, schema: schema?(input) ?? Content.generationSchema, options: options, calibration: .none,
                recorder: recorder, onSnapshot: { _ in })
            samples.append(recorder.points)
        }
        return ChoiceCalibration.averaging(samples)
    }

    /// Generates a `Content` for `input`, yielding a snapshot each time the value grows.
    /// Cancelling the consumer's task, or dropping the stream, stops the model.
    public func streamResponse<Content: Generable>(
        to input: String, generating type: Content.Type = Content.self,
        schema: GenerationSchema? = nil, options: GenerationOptions = GenerationOptions(),
        calibration: ChoiceCalibration = .none
    ) -> AsyncThrowingStream<ResponseSnapshot<Content>, any Error> {
        AsyncThrowingStream { continuation in
            do {
                try claim()
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let task = Task {
                defer { release() }
                do {
                    let _: Response<Content> = try await run(
                        input: input, schema: schema ?? Content.generationSchema, options: options,
                        calibration: calibration
                    ) { snapshot in
                        continuation.yield(snapshot)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: - The loop

    private func claim() throws {
        guard !busy.exchange(true, ordering: .acquiringAndReleasing) else { throw GenerationError.concurrentRequests }
    }

    private func release() {
        busy.store(false, ordering: .releasing)
    }

    private func run<Content: Generable>(
        input: String, schema: GenerationSchema, options: GenerationOptions, calibration: ChoiceCalibration,
        recorder: ChoiceRecorder = ChoiceRecorder(), onSnapshot: (ResponseSnapshot<Content>) -> Void
    ) async throws -> Response<Content> {
        let grammar = try grammar(for: schema)
        var bytes: [UInt8] = []
        var tokens: [(end: Int, logProbability: Double)] = []
        var last: (content: GeneratedContent, isComplete: Bool)?
        var parsed = PartialJSONParser.parse(bytes)
        let request = GenerationRequest(
            prompt: prompt(for: input), sharedPrefixLength: sharedPrompt.count, grammar: grammar, options: options,
            forcedText: Self.forcedText(for: schema, prefix: Self.outputPrefix),
            choicePoint: Self.choicePoint(for: schema, prefix: Self.outputPrefix),
            decide: { point, scores in
                recorder.record(point, scores)
                return calibration.decide(point, scores)
            },
            grammarAfterChoice: { [compiler] path in
                try? compiler.compileRest(of: schema, after: path)
            },
            valueGrammar: Self.valueGrammar(for: schema, prefix: Self.outputPrefix, compiler: compiler),
            stringMayEnd: Self.stringMayEnd(for: schema, prefix: Self.outputPrefix),
            schema: schema)
        for try await piece in model.generate(request) {
            try Task.checkCancellation()
            bytes += piece.bytes
            tokens.append((bytes.count, piece.logProbability))
            parsed = PartialJSONParser.parse(bytes)
            if let content = parsed.content, last?.content != content || last?.isComplete != parsed.isComplete {
                last = (content, parsed.isComplete)
                if let partial = try? Content.PartiallyGenerated(content) {
                    onSnapshot(ResponseSnapshot(content: partial, rawContent: content, isComplete: parsed.isComplete))
                }
            }
        }
        if Task.isCancelled { throw GenerationError.cancelled }
        guard parsed.isComplete, let content = parsed.content else {
            throw GenerationError.decodingFailure(
                "the output ended before the value was complete (\(tokens.count) tokens; limit \(options.maximumTokens))")
        }
        var confidence = Self.confidence(spans: parsed.spans, tokens: tokens)
        var choices: [String: [Double]] = [:]
        for (point, scores) in recorder.points {
            // `decide` picks the option with the highest calibrated probability.
            let probabilities = calibration.probabilities(point, scores)
            choices[point.path] = probabilities
            confidence[point.path] = probabilities.max()
        }
        var response = Response(
            content: try Content(content), rawContent: content,
            text: String(decoding: bytes, as: UTF8.self).trimmingLeadingSpace,
            confidence: confidence, tokenCount: tokens.count)
        response.choices = choices
        return response
    }

    /// For an object schema, the enumeration properties are closed choices: once the output has
    /// written such a property's key, the next value is one of its cases.
    static func choicePoint(for schema: GenerationSchema, prefix: String) -> @Sendable ([UInt8]) -> ChoicePoint? {
        guard case .object(_, let properties) = schema.kind else { return { _ in nil } }
        let points: [(index: Int, key: [UInt8], name: String, cases: [String])] = properties.enumerated().compactMap {
            index, property in
            guard case .enumeration(let cases) = property.schema.kind, cases.count > 1 else { return nil }
            return (index, Array(((index == 0 ? "{" : ", ") + GeneratedContent.quote(property.name) + ":").utf8),
                    property.name, cases)
        }
        guard !points.isEmpty else { return { _ in nil } }
        let prefixCount = prefix.utf8.count
        return { bytes in
            guard bytes.count > prefixCount else { return nil }
            let body = Array(bytes.dropFirst(prefixCount))
            for point in points {
                // After the key: nothing yet, the space, or the space and the opening quote.
                for written in [" \"", " ", ""] {
                    let tail = point.key + Array(written.utf8)
                    guard body.count >= tail.count, Array(body.suffix(tail.count)) == tail else { continue }
                    // The key must be the one the structure is at, not text inside an earlier value.
                    let before = PartialJSONParser.parse(Array(body.dropLast(tail.count)))
                    let count: Int
                    switch before.content {
                    case .object(let members)?: count = members.count
                    default: count = 0
                    }
                    guard count == point.index else { break }
                    return ChoicePoint(path: point.name, options: point.cases.map { value in
                        let quoted = Array(GeneratedContent.quote(value).utf8)
                        switch written {
                        case " \"": return Array(quoted.dropFirst())
                        case " ": return quoted
                        default: return Array(" ".utf8) + quoted
                        }
                    })
                }
            }
            return nil
        }
    }

    /// The output begins after the prompt's "Output:" label with one space.
    static let outputPrefix = " "

    /// For an object schema, the text between property values is fixed by the grammar
    /// (`{"key": `, `, "key": `, `}`), and so is a constant value, and the rest of a value of
    /// listed strings once one option alone fits what is written: it is offered to the model as
    /// forced text (counted as certain in the field's confidence).
    static func forcedText(for schema: GenerationSchema, prefix: String) -> @Sendable ([UInt8]) -> ForcedText? {
        guard case .object(_, let properties) = schema.kind, !properties.isEmpty else { return { _ in nil } }
        let keys = forcedKeys(properties)
        let closed = closedStrings(properties)
        let prefixBytes = Array(prefix.utf8)
        return { bytes in
            guard bytes.count >= prefixBytes.count else {
                return ForcedText(bytes: Array(prefixBytes.dropFirst(bytes.count)) + Array(("{" + keys[0]).utf8), endsOutput: false)
                    .trimmingTrailingSpace
            }
            let body = Array(bytes.dropFirst(prefixBytes.count))
            if body.isEmpty { return ForcedText(bytes: Array(("{" + keys[0]).utf8), endsOutput: false).trimmingTrailingSpace }
            let parsed = PartialJSONParser.parse(body)
            guard case .object(let written)? = parsed.content, let last = written.last, !parsed.isComplete,
                  let span = parsed.spans[last.key] else { return nil }
            let next = written.count < keys.count ? ", " + keys[written.count] : "}"
            guard parsed.completePaths.contains(last.key) else {
                // A value of listed strings that only one of them still fits: its rest, and the
                // structure after it.
                guard let options = closed[last.key] else { return nil }
                let begun = Array(body[span.lowerBound...])
                let fitting = Set(options.filter { $0.count > begun.count && $0.starts(with: begun) })
                guard fitting.count == 1, let option = fitting.first else { return nil }
                return ForcedText(bytes: Array(option.dropFirst(begun.count)) + Array(next.utf8), endsOutput: next == "}")
                    .trimmingTrailingSpace
            }
            let end = span.upperBound
            let after = Array(body[end...])
            let literal = Array(next.utf8)
            guard after.count < literal.count, Array(literal.prefix(after.count)) == after else { return nil }
            return ForcedText(bytes: Array(literal.dropFirst(after.count)), endsOutput: next == "}").trimmingTrailingSpace
        }
    }

    /// For an object schema, given output inside a string property's value that holds text,
    /// whether the value may end there: its text matches the value's pattern, is one of its listed
    /// strings or its constant, and is no longer than its limit (a substring guide is met by any
    /// text written under it). Nil outside such a value, or for a pattern Swift cannot read.
    static func stringMayEnd(for schema: GenerationSchema, prefix: String) -> @Sendable ([UInt8]) -> Bool? {
        guard case .object(_, let properties) = schema.kind else { return { _ in nil } }
        var guides: [String: [StringGuide]] = [:]
        for property in properties {
            var value = property.schema
            if case .optional(let wrapped) = value.kind { value = wrapped }
            if case .string(let list) = value.kind { guides[property.name] = list }
        }
        let prefixCount = prefix.utf8.count
        return { [guides] bytes in
            guard bytes.count > prefixCount else { return nil }
            let parsed = PartialJSONParser.parse(Array(bytes.dropFirst(prefixCount)))
            guard case .object(let written)? = parsed.content, let last = written.last, !parsed.completePaths.contains(last.key),
                  case .string(let text) = last.value, !text.isEmpty, let list = guides[last.key] else { return nil }
            for guide in list {
                switch guide {
                case .pattern(let pattern):
                    guard let regex = try? Regex(pattern) else { return nil }
                    if (try? regex.wholeMatch(in: text)) == nil { return false }
                case .anyOf(let options) where !options.contains(text): return false
                case .constant(let constant) where text != constant: return false
                case .maxLength(let limit) where text.count > limit: return false
                default: continue
                }
            }
            return true
        }
    }

    /// The properties whose value is one of listed strings (`anyOf`, optional or not), each
    /// option as the output writes it (quoted).
    static func closedStrings(_ properties: [GenerationSchema.Property]) -> [String: [[UInt8]]] {
        var closed: [String: [[UInt8]]] = [:]
        for property in properties {
            var schema = property.schema
            if case .optional(let wrapped) = schema.kind { schema = wrapped }
            guard case .string(let guides) = schema.kind, guides.count == 1, case .anyOf(let options) = guides[0] else { continue }
            closed[property.name] = options.map { Array(GeneratedContent.quote($0).utf8) }
        }
        return closed
    }

    /// For an object schema, once the output ends with the forced text before a value (a key, and
    /// the opening quote of a value that is always a string), the grammar of the rest of that value
    /// and the character after it (`GrammarCompiler.compileValue`).
    static func valueGrammar(for schema: GenerationSchema, prefix: String, compiler: GrammarCompiler)
        -> @Sendable ([UInt8]) -> Grammar? {
        guard case .object(_, let properties) = schema.kind, !properties.isEmpty else { return { _ in nil } }
        // As forced: without a trailing space (the model writes it with the value).
        let literals = forcedKeys(properties).enumerated().map { index, key in
            Array(((index == 0 ? "{" : ", ") + key).utf8).reversed().drop { $0 == UInt8(ascii: " ") }.reversed() as [UInt8]
        }
        let prefixCount = prefix.utf8.count
        return { bytes in
            guard bytes.count > prefixCount else { return nil }
            let body = Array(bytes.dropFirst(prefixCount))
            for (index, literal) in literals.enumerated() where body.count >= literal.count && Array(body.suffix(literal.count)) == literal {
                // The key must be the one the structure is at, not text inside an earlier value.
                guard case .object(let members)? = PartialJSONParser.parse(Array(body.dropLast(literal.count))).content
                        ?? (index == 0 ? .object([]) : nil), members.count == index else { continue }
                return try? compiler.compileValue(of: schema, at: index, quoteWritten: literal.last == UInt8(ascii: "\""))
            }
            return nil
        }
    }

    /// What the output writes before each property's value: the key, and a constant value whole
    /// ("merchant" fixed by the caller costs no decoding) or the opening quote of a value that is
    /// always a string (one decode fewer).
    static func forcedKeys(_ properties: [GenerationSchema.Property]) -> [String] {
        properties.map { property -> String in
            var key = GeneratedContent.quote(property.name) + ": "
            switch property.schema.kind {
            case .string(let guides):
                let constant = guides.lazy.compactMap { guide -> String? in
                    if case .constant(let value) = guide { return value }
                    return nil
                }.first
                key += constant.map(GeneratedContent.quote) ?? "\""
            case .enumeration:
                key += "\""
            default:
                break
            }
            return key
        }
    }

    /// For each value span, exp(mean log-probability) of the tokens overlapping it.
    static func confidence(spans: [String: Range<Int>], tokens: [(end: Int, logProbability: Double)]) -> [String: Double] {
        var result: [String: Double] = [:]
        for (path, span) in spans {
            var sum = 0.0
            var count = 0
            var start = 0
            for token in tokens {
                if token.end > span.lowerBound && start < span.upperBound {
                    sum += token.logProbability
                    count += 1
                }
                start = token.end
            }
            result[path] = count == 0 ? 1 : exp(sum / Double(count))
        }
        return result
    }
}

/// The choice points a generation reached and their scores, as the model reported them.
/// A lock guards the list: the model calls `decide` on its own thread.
final class ChoiceRecorder: Sendable {
    private let list = Mutex<[(ChoicePoint, [Double])]>([])

    func record(_ point: ChoicePoint, _ scores: [Double]) {
        list.withLock { $0.append((point, scores)) }
    }

    var points: [(ChoicePoint, [Double])] { list.withLock { $0 } }
}

extension String {
    fileprivate var trimmingLeadingSpace: String { hasPrefix(" ") ? String(dropFirst()) : self }
}

extension ForcedText {
    /// Leaves a trailing space to the model: tokenizers join a space to the word after it
    /// (`": "Casa` is `":` + ` "Casa`), so forcing the space alone would split tokens unnaturally.
    fileprivate var trimmingTrailingSpace: ForcedText? {
        var trimmed = bytes
        while trimmed.last == UInt8(ascii: " ") { trimmed.removeLast() }
        return trimmed.isEmpty ? nil : ForcedText(bytes: trimmed, endsOutput: endsOutput)
    }
}
