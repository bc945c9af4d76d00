import Foundation
import Synchronization
import Guided

/// Where an inference server is and how to talk to it.
public struct ServerEndpoint: Sendable, Equatable {
    /// The server's base URL (`http://127.0.0.1:8080`).
    public let baseURL: URL
    /// Sent as `Authorization: Bearer …`; never logged, never stored.
    public let apiKey: String?
    /// How long one request may take, connecting included.
    public let requestTimeout: TimeInterval
    /// Tries per request: connection errors and 429/502/503/504 are tried again, waiting what
    /// `Retry-After` says or an exponential back-off with jitter.
    public let attempts: Int
    /// How many requests to keep in flight (the server's slots).
    public let concurrency: Int
    /// How to trust an https:// server: a CA file of one's own, or (warned about) no check.
    public let tls: TLSOptions

    public init(baseURL: URL, apiKey: String? = nil, requestTimeout: TimeInterval = 120, attempts: Int = 4, concurrency: Int = 1,
                tls: TLSOptions = TLSOptions()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.requestTimeout = requestTimeout
        self.attempts = max(1, attempts)
        self.concurrency = max(1, concurrency)
        self.tls = tls
    }

    /// The URL without user or password, as provenance may show it.
    public var displayURL: String {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? baseURL.absoluteString
    }
}

/// Why a server request failed, with what to do about it.
public enum ServerError: TemporaryModelFailure, CustomStringConvertible, Sendable, Equatable {
    /// No connection, or none in time, after every try.
    case unreachable(url: String, reason: String)
    /// The server answered with an error status after every try (or at once, for a 4xx).
    case status(code: Int, message: String)
    /// The server's answer is not what its dialect sends.
    case malformedResponse(String)
    /// An https:// server whose certificate is not trusted (no other try cures that).
    case certificate(url: String, reason: String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "the inference server at \(url) is unreachable (\(reason)); start it, or check --server"
        case .status(let code, let message):
            code == 400 ? "the inference server rejected the request (HTTP 400): \(message)"
                : "the inference server answered HTTP \(code): \(message)"
        case .malformedResponse(let detail): "the inference server's answer could not be read: \(detail)"
        case .certificate(let url, let reason):
            "the inference server at \(url) is not trusted (\(reason)); pass --server-ca-file with the certificate "
                + "authority that signed its certificate, or --server-insecure to skip the check"
        }
    }

    /// True for failures another try may cure: no connection, or 429/502/503/504.
    public var isTemporary: Bool {
        switch self {
        case .unreachable: true
        case .status(let code, _): [429, 502, 503, 504].contains(code)
        case .malformedResponse, .certificate: false
        }
    }
}

/// A `LanguageModel` served by llama.cpp's `llama-server`, through its native `/completion`:
/// greedy decoding, prompt and output so far cached in the server's slot (`cache_prompt`), and
/// per-token log-probabilities (`n_probs`, taken before the grammar, as the in-process model
/// reports them).
///
/// An object is generated value by value, as in-process (`completeValueByValue`): forced text is
/// fed as tokens, choice points are scored and decided here, each other value is generated under
/// its own grammar. Anything else goes in one request under the whole grammar
/// (`completeWhole`); a choice the request then decides otherwise than the server wrote is
/// written, and the rest generated after it (`GenerationRequest.grammarAfterChoice`).
/// An option the server does not list among its `listedAlternatives` most likely tokens is
/// scored as the least likely one it lists (an upper bound). Each value arrives when complete,
/// not token by token.
public final class LlamaServerModel: LanguageModel {
    public let endpoint: ServerEndpoint
    public let identity: ModelIdentity
    public var parallelRequests: Int { endpoint.concurrency }
    private let transport: CurlTransport
    /// The server's tokens of each option text met so far.
    private let optionTokens = Mutex<[[UInt8]: [Int]]>([:])

    /// How many of the most likely tokens the server lists at each position of the output.
    static let listedAlternatives = 20

    /// - Parameter modelName: the model the server runs, as provenance records it.
    public init(endpoint: ServerEndpoint, modelName: String) {
        self.endpoint = endpoint
        self.identity = ModelIdentity(name: "\(modelName) at \(endpoint.displayURL)", sha256: "unreported")
        self.transport = CurlTransport(tls: endpoint.tls, timeout: endpoint.requestTimeout)
    }

    /// Asks the server what it runs (`/props`): the model file's name and the number of slots.
    public static func probe(_ endpoint: ServerEndpoint) async throws -> (modelName: String, slots: Int) {
        let probe = LlamaServerModel(endpoint: endpoint, modelName: "unknown")
        let data = try await probe.send(path: "props", body: nil)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ServerError.malformedResponse("/props is not a JSON object")
        }
        let path = object["model_path"] as? String ?? "unknown"
        return ((path as NSString).lastPathComponent, object["total_slots"] as? Int ?? 1)
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GeneratedPiece, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for piece in try await self.complete(request) {
                        try Task.checkCancellation()
                        continuation.yield(piece)
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish(throwing: GenerationError.cancelled)
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The output for `request`: value by value when the request writes structure (`forcedText`)
    /// and knows each value's grammar (`valueGrammar`), else in one `/completion`.
    func complete(_ request: GenerationRequest) async throws -> [GeneratedPiece] {
        if request.forcedText([]) != nil, let pieces = try await completeValueByValue(request) {
            return pieces
        }
        return try await completeWhole(request)
    }

    /// As the in-process model does it: forced text (keys, structure) written here in the tokens
    /// the model is fed in-process, closed choices scored and decided here, and each other value
    /// generated by the server under the grammar of that value alone. The server then sees the
    /// text the in-process model sees (left alone, it spells structure in odd pieces — `k` `ind`
    /// for `kind` — which changes what the model writes next), and spends no sampling on keys.
    /// Nil when a value has no grammar of its own (a shape `GrammarCompiler.compileValue` refuses).
    private func completeValueByValue(_ request: GenerationRequest) async throws -> [GeneratedPiece]? {
        var ids: [Int] = []
        var output: [UInt8] = []
        var pieces: [GeneratedPiece] = []
        while ids.count < request.options.maximumTokens {
            if let forced = request.forcedText(output) {
                ids += try await tokenize([forced.bytes])[0]
                output += forced.bytes
                pieces.append(GeneratedPiece(bytes: forced.bytes, logProbability: 0))
                if forced.endsOutput { return pieces }
            } else if let point = request.choicePoint(output) {
                let options = try await tokenize(point.options)
                guard let scores = try await scores(of: options, after: ids, prompt: request.prompt) else {
                    throw ServerError.malformedResponse("the options at \(point.path) have no tokens")
                }
                let chosen = request.decide(point, scores)
                guard options.indices.contains(chosen) else { throw ServerError.malformedResponse("no option \(chosen) at \(point.path)") }
                ids += options[chosen]
                output += point.options[chosen]
                pieces.append(GeneratedPiece(bytes: point.options[chosen], logProbability: scores[chosen]))
            } else if let grammar = request.valueGrammar(output) {
                let tokens = try await completion(prompt: .mixed(request.prompt, ids), grammar: grammar,
                                                  maximumTokens: request.options.maximumTokens - ids.count)
                guard !tokens.isEmpty else { throw GenerationError.decodingFailure("the server wrote no value after \(String(decoding: output.suffix(40), as: UTF8.self))") }
                ids += tokens.flatMap(\.ids)
                output += tokens.flatMap(\.bytes)
                pieces += tokens.map { GeneratedPiece(bytes: $0.bytes, logProbability: $0.logProbability) }
            } else {
                // Complete when the last value's grammar wrote the closing brace.
                return output.last == UInt8(ascii: "}") ? pieces : nil
            }
        }
        return pieces
    }

    /// The output for `request` in one `/completion`, and for each choice decided otherwise than
    /// the server wrote it, one more that starts after the decided option (the output before it
    /// is kept, and stays in the server's cache) and generates the rest.
    private func completeWhole(_ request: GenerationRequest) async throws -> [GeneratedPiece] {
        var tokens = try await completion(prompt: .text(request.prompt), grammar: request.grammar,
                                          maximumTokens: request.options.maximumTokens)
        var decided = Set<String>()
        var output: [UInt8] = []
        var index = 0
        while index < tokens.count {
            guard let point = request.choicePoint(output), !decided.contains(point.path) else {
                output += tokens[index].bytes
                index += 1
                continue
            }
            decided.insert(point.path)
            let rest = tokens[index...].flatMap(\.bytes)
            let written = point.options.firstIndex { rest.starts(with: $0) }
            let options = try await tokenize(point.options)
            guard let scores = try await scores(of: options, after: tokens[..<index].flatMap(\.ids), prompt: request.prompt,
                                                listed: tokens[index...]) else { continue }
            let chosen = request.decide(point, scores)
            guard options.indices.contains(chosen) else { throw ServerError.malformedResponse("no option \(chosen) at \(point.path)") }
            if chosen == written { continue }
            guard let grammar = request.grammarAfterChoice(point.path) else { continue }
            // The decided option, then the rest generated after it.
            let kept = Array(tokens[..<index])
            let option = ServerToken(ids: options[chosen], bytes: point.options[chosen], logProbability: scores[chosen], alternatives: [:])
            let budget = request.options.maximumTokens - kept.count - options[chosen].count
            guard budget > 0 else { throw GenerationError.decodingFailure("no tokens left after the choice at \(point.path)") }
            let after = try await completion(prompt: .mixed(request.prompt, (kept + [option]).flatMap(\.ids)),
                                             grammar: grammar, maximumTokens: budget)
            tokens = kept + [option] + after
        }
        return tokens.map { GeneratedPiece(bytes: $0.bytes, logProbability: $0.logProbability) }
    }

    /// Each option's log-probability up to and including its first token no other option shares,
    /// after the output `context`: from the alternatives the server listed along the output it
    /// wrote from there (`listed`; empty when it wrote none), or — where an option leaves that
    /// path — from one one-token request per shared run of tokens.
    private func scores(of options: [[Int]], after context: [Int], prompt: String,
                        listed written: ArraySlice<ServerToken> = []) async throws -> [Double]? {
        guard options.count > 1, options.allSatisfy({ !$0.isEmpty }) else { return nil }
        var scores = Array(repeating: 0.0, count: options.count)
        let written = Array(written)
        func walk(_ group: [Int], path: [Int]) async throws {
            let listed: [Int: Double]
            if path.count < written.count, written[..<path.count].map(\.ids) == path.map({ [$0] }) {
                listed = written[path.count].alternatives
            } else {
                let next = try await completion(prompt: .mixed(prompt, context + path), grammar: nil, maximumTokens: 1)
                guard let first = next.first else { throw ServerError.malformedResponse("no token after a choice point") }
                listed = first.alternatives
            }
            let floor = listed.values.min() ?? -Double.infinity
            var byToken: [Int: [Int]] = [:]
            for member in group where path.count < options[member].count {
                byToken[options[member][path.count], default: []].append(member)
            }
            for (token, members) in byToken.sorted(by: { $0.key < $1.key }) {
                for member in members { scores[member] += listed[token] ?? floor }
                if members.count > 1 { try await walk(members, path: path + [token]) }
            }
        }
        try await walk(Array(options.indices), path: [])
        return scores
    }

    /// The server's tokens of each text (`/tokenize`, remembered).
    private func tokenize(_ texts: [[UInt8]]) async throws -> [[Int]] {
        var result: [[Int]] = []
        for text in texts {
            if let known = optionTokens.withLock({ $0[text] }) {
                result.append(known)
                continue
            }
            let body: [String: Any] = ["content": String(decoding: text, as: UTF8.self), "add_special": false, "parse_special": false]
            let data = try await send(path: "tokenize", body: body)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let ids = object["tokens"] as? [Int] else {
                throw ServerError.malformedResponse("no \"tokens\" in the /tokenize answer")
            }
            optionTokens.withLock { $0[text] = ids }
            result.append(ids)
        }
        return result
    }

    /// What a `/completion` request starts from.
    enum Prompt {
        case text(String)
        /// A text followed by tokens (the output so far).
        case mixed(String, [Int])

        var json: Any {
            switch self {
            case .text(let text): text
            case .mixed(let text, let tokens): [text] + tokens
            }
        }
    }

    /// One `/completion` request, greedy, under `grammar` if given: the tokens of the output.
    func completion(prompt: Prompt, grammar: Grammar?, maximumTokens: Int) async throws -> [ServerToken] {
        var body: [String: Any] = [
            "prompt": prompt.json,
            "n_predict": maximumTokens,
            "temperature": 0,
            "top_k": 1,
            "samplers": ["top_k", "temperature"],
            "n_probs": Self.listedAlternatives,
            "cache_prompt": true,
            "stream": false,
        ]
        if let grammar { body["grammar"] = grammar.text }
        return try Self.tokens(from: try await send(path: "completion", body: body))
    }

    /// One token of a `/completion` answer (or a decided option, which may be several).
    struct ServerToken: Equatable {
        let ids: [Int]
        let bytes: [UInt8]
        let logProbability: Double
        /// The most likely tokens at this position before the grammar (id → log-probability),
        /// this one included.
        let alternatives: [Int: Double]
    }

    /// The output of a `/completion` answer, token by token; a server that lists no tokens that
    /// spell the content gives it as one token without alternatives.
    static func tokens(from data: Data) throws -> [ServerToken] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let content = object["content"] as? String else {
            throw ServerError.malformedResponse("no \"content\" in the /completion answer")
        }
        let probabilities = object["completion_probabilities"] as? [[String: Any]] ?? []
        var tokens: [ServerToken] = []
        for entry in probabilities {
            guard let bytes = entry["bytes"] as? [Int] else { break }
            let id = entry["id"] as? Int ?? -1
            let logProbability = (entry["logprob"] as? Double) ?? 0
            var alternatives: [Int: Double] = [id: logProbability]
            for top in entry["top_logprobs"] as? [[String: Any]] ?? [] {
                if let topID = top["id"] as? Int, let topLog = top["logprob"] as? Double { alternatives[topID] = topLog }
            }
            tokens.append(ServerToken(ids: [id], bytes: bytes.map { UInt8(truncatingIfNeeded: $0) },
                                      logProbability: logProbability, alternatives: alternatives))
        }
        if tokens.flatMap(\.bytes) != Array(content.utf8) {
            return content.isEmpty ? [] : [ServerToken(ids: [], bytes: Array(content.utf8), logProbability: 0, alternatives: [:])]
        }
        return tokens
    }

    /// Sends a request (POST with `body`, GET without), trying again after transient failures.
    func send(path: String, body: [String: Any]?) async throws -> Data {
        let url = endpoint.baseURL.appendingPathComponent(path)
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        var headers: [(String, String)] = data == nil ? [] : [("Content-Type", "application/json")]
        if let apiKey = endpoint.apiKey { headers.append(("Authorization", "Bearer \(apiKey)")) }
        var attempt = 0
        while true {
            attempt += 1
            let failure: ServerError
            var retryAfter: TimeInterval?
            do {
                // Which try this is: in a server's log (and to the scripted test server) a retry shows as one.
                let answer = try await transport.send(url, headers: headers + [("X-NoteLedger-Attempt", String(attempt))], body: data)
                if (200..<300).contains(answer.status) { return answer.body }
                failure = .status(code: answer.status, message: Self.message(in: answer.body))
                retryAfter = answer.retryAfter.flatMap(TimeInterval.init)
            } catch is CancellationError {
                throw CancellationError()
            } catch TransportFailure.timedOut {
                failure = .unreachable(url: endpoint.displayURL, reason: "no answer within \(Self.seconds(endpoint.requestTimeout)); "
                                       + "a server that needs longer takes a longer --server-timeout")
            } catch TransportFailure.certificate(let reason) {
                throw ServerError.certificate(url: endpoint.displayURL, reason: reason)
            } catch TransportFailure.failed(let reason) {
                if Task.isCancelled { throw CancellationError() }
                failure = .unreachable(url: endpoint.displayURL, reason: reason)
            }
            guard failure.isTemporary, attempt < endpoint.attempts else { throw failure }
            try await Task.sleep(nanoseconds: UInt64(Self.delay(attempt: attempt, retryAfter: retryAfter) * 1e9))
        }
    }

    /// "2 s", "0.5 s".
    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() && interval < 1e9 ? "\(Int(interval)) s" : "\(interval) s"
    }

    /// How long to wait before try `attempt + 1`: what the server asked (at most a minute), else
    /// 0.25 s doubled per try, with up to half of it again at random.
    static func delay(attempt: Int, retryAfter: TimeInterval?) -> TimeInterval {
        if let retryAfter { return min(max(0, retryAfter), 60) }
        let base = 0.25 * pow(2, Double(attempt - 1))
        return min(base + Double.random(in: 0...(base / 2)), 10)
    }

    /// The error message of a server's answer: `{"error": {"message": …}}`, or the text.
    static func message(in data: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            if let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
            if let message = object["error"] as? String { return message }
        }
        let text = String(decoding: data.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(no message)" : text
    }
}
