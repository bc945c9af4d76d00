import Foundation
import Guided

/// Grammar-constrained text generation with one model and one context.
/// A thin public face over the decode loop; one request at a time.
public final class LlamaGenerator {
    public let model: LlamaModel
    private let decoder: LlamaDecoder

    /// - Parameters:
    ///   - contextLength: tokens of prompt plus output the context holds.
    ///   - threads: CPU threads (default: all cores).
    /// - Throws: `LlamaError.contextCreationFailed`.
    public init(model: LlamaModel, contextLength: Int = 2048,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.model = model
        self.decoder = try LlamaDecoder(model: model, contextLength: contextLength, threads: threads)
    }

    /// Generates greedily from `prompt`, every token allowed by the GBNF `grammar`.
    /// - Parameter onToken: each token as it is chosen; return false to stop early.
    /// - Throws: `LlamaError`.
    public func generate(prompt: String, grammar: String, maxTokens: Int,
                         onToken: (GeneratedToken) throws -> Bool) throws {
        try decoder.generate(prompt: prompt, grammar: grammar, options: GenerationOptions(maximumTokens: maxTokens),
                             onToken: onToken)
    }

    /// Generates greedily and returns the whole text.
    public func generate(prompt: String, grammar: String, maxTokens: Int) throws -> String {
        var bytes: [UInt8] = []
        try generate(prompt: prompt, grammar: grammar, maxTokens: maxTokens) { token in
            bytes += token.bytes
            return true
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
