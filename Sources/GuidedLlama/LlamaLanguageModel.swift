import Foundation
import Guided
import Synchronization

/// A `LanguageModel` running a GGUF model with llama.cpp in-process: grammar-constrained
/// decoding, the shared prompt prefix kept in the KV cache, log-probabilities over the full
/// vocabulary.
///
/// Requests run on `parallelRequests` contexts (default one), each with its own KV cache and
/// its share of the threads; more requests than contexts wait for one to be free.
///
/// `@unchecked Sendable`: a decoder (context and KV cache) is taken from the pool by one request
/// at a time and only touched by it.
public final class LlamaLanguageModel: LanguageModel, @unchecked Sendable {
    public let identity: ModelIdentity
    public let model: LlamaModel
    /// How many requests decode at once.
    public let parallelRequests: Int
    public let numericSettings: String
    /// Decoders not in use; taken and returned under `poolLock`.
    private var pool: [LlamaDecoder]
    private let poolLock = NSLock()
    private let free: DispatchSemaphore
    private let contextTokens: Int

    /// Loads the model at `url`.
    /// - Parameters:
    ///   - contextLength: tokens of prompt plus output per request.
    ///   - threads: CPU threads (default: all cores), shared out among the parallel requests.
    ///   - parallelRequests: contexts decoding at once (on 2 cores, two contexts of one thread
    ///     each do ~15-25% more requests per second than one of two threads; memory grows by a context).
    ///   - digestCache: where the model's sha256 is remembered between runs.
    ///   - promptCache: a directory where the KV cache of a long prompt (a few-shot prefix) is kept
    ///     between runs, one file per model and context size; nil decodes it afresh in every run.
    /// - Throws: `GenerationError.modelUnavailable` with the reason.
    public init(url: URL, contextLength: Int = 2048, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                parallelRequests: Int = 1, digestCache: URL? = nil, promptCache: URL? = nil) throws {
        do {
            let loaded = try LlamaModel(url: url)
            let count = max(1, parallelRequests)
            let threadsEach = max(1, threads / count)
            let decoders = try (0..<count).map { _ in
                try LlamaDecoder(model: loaded, contextLength: contextLength, threads: threadsEach)
            }
            model = loaded
            self.parallelRequests = count
            numericSettings = "threads \(threadsEach)"
            contextTokens = decoders[0].context.contextLength
            pool = decoders
            free = DispatchSemaphore(value: count)
            identity = ModelIdentity(name: url.lastPathComponent,
                                     sha256: try ModelFingerprint.sha256(of: url, cacheDirectory: digestCache))
            if let promptCache {
                let file = promptCache.appendingPathComponent("\(identity.sha256.prefix(16))-\(contextTokens).kv").path
                for decoder in decoders { decoder.promptCachePath = file }
            }
        } catch let error as LlamaError {
            throw GenerationError(error)
        } catch {
            throw GenerationError.modelUnavailable(reason: "\(url.path): \(error)")
        }
    }

    /// The tokens the context holds per request.
    public var contextLength: Int { contextTokens }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GeneratedPiece, any Error> {
        AsyncThrowingStream { continuation in
            let stop = StopFlag()
            continuation.onTermination = { _ in stop.set() }
            DispatchQueue.global().async { [self] in
                free.wait()
                let decoder = poolLock.withLock { pool.removeLast() }
                defer {
                    poolLock.withLock { pool.append(decoder) }
                    free.signal()
                }
                do {
                    try decoder.generate(prompt: request.prompt, sharedPrefixLength: request.sharedPrefixLength,
                                         grammar: request.grammar.text, options: request.options,
                                         forcedText: request.forcedText, choicePoint: request.choicePoint,
                                         decide: request.decide) { token in
                        guard !stop.isSet else { return false }
                        continuation.yield(GeneratedPiece(bytes: token.bytes, logProbability: token.logProbability))
                        return true
                    }
                    continuation.finish(throwing: stop.isSet ? GenerationError.cancelled : nil)
                } catch let error as LlamaError {
                    continuation.finish(throwing: GenerationError(error))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}

/// Set once by the consumer going away; read by the decode loop.
private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .releasing) }
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

extension GenerationError {
    /// The `Guided` error for a llama.cpp failure.
    init(_ error: LlamaError) {
        switch error {
        case .modelUnavailable(let path, let reason): self = .modelUnavailable(reason: "\(path): \(reason)")
        case .contextCreationFailed: self = .modelUnavailable(reason: error.description)
        case .grammarRejected(let grammar): self = .grammarRejected(grammar: grammar)
        case .grammarDeadEnd: self = .decodingFailure(error.description)
        case .contextWindowExceeded(let tokens, let limit): self = .contextWindowExceeded(tokens: tokens, limit: limit)
        case .decodeFailed, .tokenizationFailed: self = .decodingFailure(error.description)
        }
    }
}
