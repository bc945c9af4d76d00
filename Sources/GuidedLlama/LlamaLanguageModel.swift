import Foundation
import Guided
import Synchronization

/// A `LanguageModel` running a GGUF model with llama.cpp in-process: grammar-constrained
/// decoding, the shared prompt prefix kept in the KV cache, log-probabilities over the full
/// vocabulary.
///
/// `@unchecked Sendable`: the decoder (context and KV cache) is only touched on `queue`, a serial
/// queue, so requests run one after another.
public final class LlamaLanguageModel: LanguageModel, @unchecked Sendable {
    public let identity: ModelIdentity
    public let model: LlamaModel
    private let decoder: LlamaDecoder
    private let queue = DispatchQueue(label: "noteledger.llama.decode")

    /// Loads the model at `url`.
    /// - Parameters:
    ///   - contextLength: tokens of prompt plus output per request.
    ///   - threads: CPU threads (default: all cores).
    ///   - digestCache: where the model's sha256 is remembered between runs.
    /// - Throws: `GenerationError.modelUnavailable` with the reason.
    public init(url: URL, contextLength: Int = 2048, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                digestCache: URL? = nil) throws {
        do {
            model = try LlamaModel(url: url)
            decoder = try LlamaDecoder(model: model, contextLength: contextLength, threads: threads)
            identity = ModelIdentity(name: url.lastPathComponent,
                                     sha256: try ModelFingerprint.sha256(of: url, cacheDirectory: digestCache))
        } catch let error as LlamaError {
            throw GenerationError(error)
        } catch {
            throw GenerationError.modelUnavailable(reason: "\(url.path): \(error)")
        }
    }

    /// The tokens the context holds per request.
    public var contextLength: Int { decoder.context.contextLength }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GeneratedPiece, any Error> {
        AsyncThrowingStream { continuation in
            let stop = StopFlag()
            continuation.onTermination = { _ in stop.set() }
            queue.async { [self] in
                do {
                    try decoder.generate(prompt: request.prompt, grammar: request.grammar.text, options: request.options,
                                         forcedText: request.forcedText) { token in
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
