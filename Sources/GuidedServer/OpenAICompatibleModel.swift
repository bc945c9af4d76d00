import Foundation
import Guided

/// A `LanguageModel` on a server that speaks the OpenAI API. vLLM and SGLang take the request's
/// GBNF grammar on `/v1/completions` (vLLM as `structured_outputs.grammar`, SGLang as `ebnf`);
/// any other OpenAI-compatible server gets the request's JSON schema (`GenerationSchema.jsonSchema`)
/// as `response_format` on `/v1/chat/completions`, the prompt as the user's message.
///
/// One request per output, greedy, with the 20 most likely tokens at each position. The answer
/// is never trusted as it comes (servers have failed open, and a JSON schema cannot say
/// "copied from this note" exactly): it is read as JSON and written again in the layout the
/// grammar makes (`settle`). Each property is checked against its schema: a value that breaks it
/// is written as `null` with a near-zero log-probability, so it is never taken as read and its
/// confidence sends it to review. A closed choice is decided here (`request.decide`, calibration
/// included) from the log-probabilities the server listed where the value starts; unlike
/// in-process or on llama-server, the later values were written after the server's own choice.
public final class OpenAICompatibleModel: LanguageModel {
    public let endpoint: ServerEndpoint
    public let dialect: ServerDialect
    public let identity: ModelIdentity
    public var parallelRequests: Int { endpoint.concurrency }
    private let modelName: String
    private let client: ServerClient

    /// How many of the most likely tokens to ask for at each position (vLLM's default cap).
    static let listedAlternatives = 20
    /// The log-probability given to a value the server wrote against the schema and that is
    /// written as `null` instead: confidence 0.01, below any review threshold.
    static let rejectedLogProbability = log(0.01)
    /// The log-probability of a value when the server lists none: confidence 0.5, neither trusted
    /// nor doubted.
    static let unknownLogProbability = log(0.5)

    public init(endpoint: ServerEndpoint, dialect: ServerDialect, modelName: String) {
        self.endpoint = endpoint
        self.dialect = dialect
        self.modelName = modelName
        self.identity = ModelIdentity(name: "\(modelName) at \(endpoint.displayURL)", sha256: "unreported")
        self.client = ServerClient(endpoint)
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GeneratedPiece, any Error> {
        ServerClient.stream { emit in
            for piece in try await self.complete(request) { emit(piece) }
        }
    }

    func complete(_ request: GenerationRequest) async throws -> [GeneratedPiece] {
        let chat = dialect == .openAI
        let data = try await client.send(path: chat ? "v1/chat/completions" : "v1/completions", body: try body(for: request))
        let answer = try Self.answer(from: data, chat: chat)
        return try Self.settle(answer, request)
    }

    /// The request body in this dialect.
    func body(for request: GenerationRequest) throws -> [String: Any] {
        var body: [String: Any] = [
            "model": modelName,
            "max_tokens": request.options.maximumTokens,
            // Greedy, and said so: servers otherwise apply the model's own sampling defaults.
            "temperature": 0,
            "top_p": 1,
            "n": 1,
            "stream": false,
        ]
        switch dialect {
        case .llamaServer, .vllm, .sglang:
            body["prompt"] = request.prompt
            body["logprobs"] = Self.listedAlternatives
            if dialect == .sglang { body["ebnf"] = request.grammar.text } else { body["structured_outputs"] = ["grammar": request.grammar.text] }
        case .openAI:
            guard let schema = request.schema else {
                throw GenerationError.decodingFailure("a server that takes only a JSON schema needs the request's schema")
            }
            let schemaJSON = try JSONSerialization.jsonObject(with: Data(schema.jsonSchema.jsonString.utf8))
            body["messages"] = [["role": "user", "content": request.prompt]]
            body["logprobs"] = true
            body["top_logprobs"] = Self.listedAlternatives
            body["response_format"] = ["type": "json_schema",
                                       "json_schema": ["name": Self.schemaName(schema), "strict": true, "schema": schemaJSON]]
        }
        return body
    }

    /// The object's name as OpenAI allows it (letters, digits, `_`, `-`).
    static func schemaName(_ schema: GenerationSchema) -> String {
        guard case .object(let name, _) = schema.kind else { return "output" }
        let allowed = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" }
        return allowed.isEmpty ? "output" : String(String.UnicodeScalarView(allowed))
    }

    // MARK: - Reading the answer

    /// One token of an answer: its text, its log-probability and the most likely tokens at its
    /// position (text → log-probability), where the server gave them.
    struct ListedToken: Equatable {
        let bytes: [UInt8]
        let logProbability: Double
        let alternatives: [[UInt8]: Double]
    }

    /// What the server wrote, and its tokens when it listed ones that spell it.
    struct Answer: Equatable {
        let text: [UInt8]
        let tokens: [ListedToken]
    }

    /// Reads `choices[0]` of a completions or chat answer; log-probabilities in either the
    /// chat form (`content: [{token, bytes, logprob, top_logprobs}]`, also llama-server's) or the
    /// completions form (`tokens`, `token_logprobs`, `top_logprobs: [{text: logprob}]`, vLLM's).
    static func answer(from data: Data, chat: Bool) throws -> Answer {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let choice = (object["choices"] as? [[String: Any]])?.first else {
            throw ServerError.malformedResponse("no \"choices\" in the answer")
        }
        let content = chat ? (choice["message"] as? [String: Any])?["content"] as? String : choice["text"] as? String
        guard let content else {
            throw ServerError.malformedResponse(chat ? "no \"message.content\" in the answer" : "no \"text\" in the answer")
        }
        func bytes(_ entry: [String: Any], _ key: String = "token") -> [UInt8]? {
            if let list = entry["bytes"] as? [Int] { return list.map { UInt8(truncatingIfNeeded: $0) } }
            return (entry[key] as? String).map { Array($0.utf8) }
        }
        var tokens: [ListedToken] = []
        let logprobs = choice["logprobs"] as? [String: Any]
        if let entries = logprobs?["content"] as? [[String: Any]] {
            for entry in entries {
                guard let text = bytes(entry), let logProbability = entry["logprob"] as? Double else { break }
                var alternatives: [[UInt8]: Double] = [text: logProbability]
                for top in entry["top_logprobs"] as? [[String: Any]] ?? [] {
                    if let alternative = bytes(top), let value = top["logprob"] as? Double { alternatives[alternative] = max(value, alternatives[alternative] ?? -.infinity) }
                }
                tokens.append(ListedToken(bytes: text, logProbability: logProbability, alternatives: alternatives))
            }
        } else if let texts = logprobs?["tokens"] as? [String], let values = logprobs?["token_logprobs"] as? [Any] {
            let tops = logprobs?["top_logprobs"] as? [Any] ?? []
            for (index, text) in texts.enumerated() {
                guard index < values.count, let logProbability = values[index] as? Double else { break }
                var alternatives: [[UInt8]: Double] = [Array(text.utf8): logProbability]
                if index < tops.count, let top = tops[index] as? [String: Double] {
                    for (alternative, value) in top { alternatives[Array(alternative.utf8)] = value }
                }
                tokens.append(ListedToken(bytes: Array(text.utf8), logProbability: logProbability, alternatives: alternatives))
            }
        }
        let text = Array(content.utf8)
        // Log-probabilities that do not spell the text cannot be placed on it; space after it
        // (llama-server lists tokens past the end of a chat answer it trims) is no matter.
        let spelled = tokens.flatMap(\.bytes)
        let spells = spelled.starts(with: text) && spelled.dropFirst(text.count).allSatisfy { [9, 10, 13, 32].contains($0) }
        return Answer(text: text, tokens: spells ? tokens : [])
    }

    // MARK: - Settling the answer

    /// The output `request` asked for, from the server's `answer`: the JSON object it wrote,
    /// written again in the grammar's layout (` {"key": value, …}`), each top-level property
    /// checked against `request.schema`, each closed choice decided here.
    /// - Throws: `ServerError.malformedResponse` when the answer holds no complete JSON object;
    ///   `GenerationError.decodingFailure` when a choice cannot be decided (an answer outside the
    ///   options and no log-probabilities to choose by).
    static func settle(_ answer: Answer, _ request: GenerationRequest) throws -> [GeneratedPiece] {
        // A chat answer may come fenced (```json … ```) or with space around it.
        var start = answer.text.startIndex
        var end = answer.text.endIndex
        if let open = answer.text.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) { start = open }
        if let close = answer.text.lastIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }), close >= start { end = close + 1 }
        let body = Array(answer.text[start..<end])
        let parsed = PartialJSONParser.parse(body)
        guard parsed.isComplete, let content = parsed.content else {
            throw ServerError.malformedResponse("the answer is not a complete JSON value: \(String(decoding: answer.text.prefix(200), as: UTF8.self))")
        }
        let positions = tokenRanges(answer.tokens)
        /// Mean log-probability of the tokens over `span` of `body` (as the session reads confidence).
        func logProbability(over span: Range<Int>?) -> Double {
            guard let span, !positions.isEmpty else { return unknownLogProbability }
            let shifted = (span.lowerBound + start)..<(span.upperBound + start)
            let overlapping = zip(positions, answer.tokens).filter { $0.0.overlaps(shifted) }.map(\.1.logProbability)
            return overlapping.isEmpty ? unknownLogProbability : overlapping.reduce(0, +) / Double(overlapping.count)
        }
        guard let schema = request.schema, case .object(_, let properties) = schema.kind else {
            if let schema = request.schema, let problem = schema.violations(in: content).first {
                throw GenerationError.decodingFailure("the server's answer does not fit the schema: \(problem)")
            }
            return [GeneratedPiece(bytes: Array((" " + content.jsonString).utf8), logProbability: logProbability(over: 0..<body.count))]
        }
        var pieces = [GeneratedPiece(bytes: Array(" {".utf8), logProbability: 0)]
        for (index, property) in properties.enumerated() {
            let key = (index == 0 ? "" : ", ") + GeneratedContent.quote(property.name) + ": "
            pieces.append(GeneratedPiece(bytes: Array(key.utf8), logProbability: 0))
            let written = content[property.name] ?? .null
            let span = parsed.spans[property.name]
            let value: GeneratedContent
            var score: Double
            switch property.schema.kind {
            case .string(let guides) where guides.contains(where: { if case .constant = $0 { true } else { false } }):
                // Fixed by the caller: written as fixed, whatever the server wrote.
                value = guides.lazy.compactMap { guide -> GeneratedContent? in
                    if case .constant(let text) = guide { return .string(text) }
                    return nil
                }.first!
                score = 0
            case .enumeration(let cases) where cases.count > 1:
                let point = ChoicePoint(path: property.name, options: cases.map { Array((" " + GeneratedContent.quote($0)).utf8) })
                if let scores = choiceScores(point, written: span.map { (start + $0.lowerBound) }, answer: answer, positions: positions) {
                    let chosen = request.decide(point, scores)
                    value = .string(cases[chosen])
                    score = scores[chosen]
                } else if let text = written.stringValue, let chosen = cases.firstIndex(of: text) {
                    value = .string(cases[chosen])
                    score = unknownLogProbability
                } else {
                    throw GenerationError.decodingFailure("the server wrote \(property.name) \(written.jsonString), not one of "
                        + cases.joined(separator: ", ") + ", and listed no log-probabilities to choose by")
                }
            default:
                if property.schema.violations(in: written, at: property.name).isEmpty {
                    value = written
                    score = logProbability(over: span)
                } else {
                    value = .null
                    score = rejectedLogProbability
                }
            }
            pieces.append(GeneratedPiece(bytes: Array(value.jsonString.utf8), logProbability: score))
        }
        pieces.append(GeneratedPiece(bytes: Array("}".utf8), logProbability: 0))
        return pieces
    }

    /// Each token's byte range in the text the tokens spell.
    static func tokenRanges(_ tokens: [ListedToken]) -> [Range<Int>] {
        var offset = 0
        return tokens.map { token in
            defer { offset += token.bytes.count }
            return offset..<(offset + token.bytes.count)
        }
    }

    /// Each option's log-probability at the position where the server's value starts (`written`,
    /// the offset of its opening quote in the answer): the listed alternative there that is the
    /// longest start of the option (the text from the token's start, then the option's value and
    /// closing quote), else the least likely one listed (an upper bound). Nil without listed
    /// tokens there.
    static func choiceScores(_ point: ChoicePoint, written: Int?, answer: Answer, positions: [Range<Int>]) -> [Double]? {
        guard let written, let quote = answer.text[written...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let valueStart = quote + 1
        guard let index = positions.firstIndex(where: { $0.contains(valueStart) }) else { return nil }
        let listed = answer.tokens[index].alternatives
        let lead = Array(answer.text[positions[index].lowerBound..<valueStart])
        let floor = listed.values.min() ?? -Double.infinity
        return point.options.map { option in
            // ` "food"` → `food"`, after what the token holds before the value (` "` or nothing).
            let rest = option.drop { $0 == UInt8(ascii: " ") }.dropFirst()
            let candidate = lead + rest
            let matching = listed.filter { $0.key.count > lead.count && candidate.starts(with: $0.key) }
            return matching.max { $0.key.count < $1.key.count }?.value ?? floor
        }
    }
}
