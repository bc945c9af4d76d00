import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

    public init(baseURL: URL, apiKey: String? = nil, requestTimeout: TimeInterval = 120, attempts: Int = 4, concurrency: Int = 1) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.requestTimeout = requestTimeout
        self.attempts = max(1, attempts)
        self.concurrency = max(1, concurrency)
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
public enum ServerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// No connection, or none in time, after every try.
    case unreachable(url: String, reason: String)
    /// The server answered with an error status after every try (or at once, for a 4xx).
    case status(code: Int, message: String)
    /// The server's answer is not what its dialect sends.
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "the inference server at \(url) is unreachable (\(reason)); start it, or check --server"
        case .status(let code, let message):
            code == 400 ? "the inference server rejected the request (HTTP 400): \(message)"
                : "the inference server answered HTTP \(code): \(message)"
        case .malformedResponse(let detail): "the inference server's answer could not be read: \(detail)"
        }
    }

    /// True for failures another try may cure: no connection, or 429/502/503/504.
    var isTransient: Bool {
        switch self {
        case .unreachable: true
        case .status(let code, _): [429, 502, 503, 504].contains(code)
        case .malformedResponse: false
        }
    }
}

/// A `LanguageModel` served by llama.cpp's `llama-server`, through its native `/completion`:
/// the request's GBNF grammar per note, greedy decoding, the prompt prefix cached in the server's
/// slot (`cache_prompt`), and per-token log-probabilities (`n_probs`, taken before the grammar,
/// as the in-process model reports them).
///
/// What the in-process model does and this one does not (yet): choice points are sampled under
/// the grammar token by token instead of scored option by option, so a choice is not calibrated;
/// the output arrives when complete, not token by token.
public final class LlamaServerModel: LanguageModel {
    public let endpoint: ServerEndpoint
    public let identity: ModelIdentity
    public var parallelRequests: Int { endpoint.concurrency }
    private let session: URLSession

    /// - Parameter modelName: the model the server runs, as provenance records it.
    public init(endpoint: ServerEndpoint, modelName: String) {
        self.endpoint = endpoint
        self.identity = ModelIdentity(name: "\(modelName) at \(endpoint.displayURL)", sha256: "unreported")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = endpoint.requestTimeout
        configuration.timeoutIntervalForResource = endpoint.requestTimeout
        self.session = URLSession(configuration: configuration)
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

    /// One `/completion` request: the pieces of the output with their log-probabilities.
    func complete(_ request: GenerationRequest) async throws -> [GeneratedPiece] {
        let body: [String: Any] = [
            "prompt": request.prompt,
            "grammar": request.grammar.text,
            "n_predict": request.options.maximumTokens,
            "temperature": 0,
            "top_k": 1,
            "samplers": ["top_k", "temperature"],
            "n_probs": 1,
            "cache_prompt": true,
            "stream": false,
        ]
        let data = try await send(path: "completion", body: body)
        return try Self.pieces(from: data)
    }

    /// The output of a `/completion` answer, token by token when the server lists them.
    static func pieces(from data: Data) throws -> [GeneratedPiece] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let content = object["content"] as? String else {
            throw ServerError.malformedResponse("no \"content\" in the /completion answer")
        }
        let probabilities = object["completion_probabilities"] as? [[String: Any]] ?? []
        var pieces: [GeneratedPiece] = []
        for entry in probabilities {
            guard let bytes = entry["bytes"] as? [Int] else { break }
            let logProbability = (entry["logprob"] as? Double) ?? 0
            pieces.append(GeneratedPiece(bytes: bytes.map { UInt8(truncatingIfNeeded: $0) }, logProbability: logProbability))
        }
        // Tokens that do not spell the content (a server that lists none): the content as one piece.
        if pieces.flatMap(\.bytes) != Array(content.utf8) {
            return content.isEmpty ? [] : [GeneratedPiece(bytes: Array(content.utf8), logProbability: 0)]
        }
        return pieces
    }

    /// Sends a request (POST with `body`, GET without), trying again after transient failures.
    func send(path: String, body: [String: Any]?) async throws -> Data {
        var urlRequest = URLRequest(url: endpoint.baseURL.appendingPathComponent(path))
        urlRequest.timeoutInterval = endpoint.requestTimeout
        if let body {
            urlRequest.httpMethod = "POST"
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        if let apiKey = endpoint.apiKey { urlRequest.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        var attempt = 0
        while true {
            attempt += 1
            let failure: ServerError
            var retryAfter: TimeInterval?
            do {
                let (data, response) = try await session.data(for: urlRequest)
                guard let http = response as? HTTPURLResponse else { throw ServerError.malformedResponse("no HTTP response") }
                if (200..<300).contains(http.statusCode) { return data }
                failure = .status(code: http.statusCode, message: Self.message(in: data))
                retryAfter = (http.value(forHTTPHeaderField: "Retry-After")).flatMap(TimeInterval.init)
            } catch let error as ServerError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if Task.isCancelled { throw CancellationError() }
                failure = .unreachable(url: endpoint.displayURL, reason: error.localizedDescription)
            }
            guard failure.isTransient, attempt < endpoint.attempts else { throw failure }
            try await Task.sleep(nanoseconds: UInt64(Self.delay(attempt: attempt, retryAfter: retryAfter) * 1e9))
        }
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
