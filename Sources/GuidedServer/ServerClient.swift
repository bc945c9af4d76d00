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

/// Sends requests to an inference server: JSON in, the answer's body out, trying again after
/// transient failures (no connection, 429/502/503/504), as `ServerEndpoint` says.
final class ServerClient: Sendable {
    let endpoint: ServerEndpoint
    private let transport: CurlTransport

    init(_ endpoint: ServerEndpoint) {
        self.endpoint = endpoint
        self.transport = CurlTransport(tls: endpoint.tls, timeout: endpoint.requestTimeout)
    }

    /// Sends a request (POST with `body`, GET without), trying again after transient failures.
    /// - Parameter onData: hands a successful answer's body over piece by piece as it arrives
    ///   (a stream); the returned data is then empty. Once a piece was handed over, a failure is
    ///   not tried again (the receiver has acted on the pieces): it is thrown. It returns false
    ///   when it wants no more of the answer (the rest is not read).
    func send(path: String, body: [String: Any]?, onData: (@Sendable (Data) -> Bool)? = nil) async throws -> Data {
        let delivered = Atomic<Bool>(false)
        var receive: (@Sendable (Data) -> Bool)?
        if let onData {
            receive = { @Sendable data in
                delivered.store(true, ordering: .relaxed)
                return onData(data)
            }
        }
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
                let answer = try await transport.send(url, headers: headers + [("X-NoteLedger-Attempt", String(attempt))], body: data,
                                                      onData: receive)
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
            guard failure.isTemporary, attempt < endpoint.attempts, !delivered.load(ordering: .relaxed) else { throw failure }
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

    /// The pieces `work` emits, as a model's stream: cancelling the consumer cancels the work.
    static func stream(_ work: @escaping @Sendable (_ emit: @escaping @Sendable (GeneratedPiece) -> Void) async throws -> Void)
        -> AsyncThrowingStream<GeneratedPiece, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await work { continuation.yield($0) }
                    try Task.checkCancellation()
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
}
