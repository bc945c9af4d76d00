import CLlama
import Guided

/// Whether a GBNF grammar admits a text, as llama.cpp's grammar sampler reads it during
/// constrained generation with a model's vocabulary: the text is fed byte by byte (each byte as
/// the vocabulary's token for that one byte), every byte must be allowed where it comes, and the
/// grammar must then allow the end of generation. No model is run; only its vocabulary is used.
///
/// Used to check that a grammar admits what it must (values generated from a schema), and to
/// find the first byte where it does not.
public final class GrammarAcceptor: Sendable {
    /// What the grammar says of a text.
    public enum Verdict: Equatable, Sendable {
        /// The whole text, then the end.
        case accepted
        /// The byte at this offset (UTF-8) is not allowed where it comes.
        case rejected(atByte: Int)
        /// Every byte is allowed, but the grammar wants more before it can end.
        case incomplete
    }

    private let model: LlamaModel
    /// The token whose piece is exactly each byte (byte-fallback tokens, or any one-byte piece).
    private let byteTokens: [llama_token?]
    private let endToken: llama_token

    /// - Throws: `LlamaError.modelUnavailable` when the vocabulary has no end-of-sequence token.
    public init(model: LlamaModel) throws {
        self.model = model
        var tokens = [llama_token?](repeating: nil, count: 256)
        var found = 0
        for token in 0..<llama_token(model.vocabularySize) where found < 256 {
            let piece = model.piece(token)
            if piece.count == 1, tokens[Int(piece[0])] == nil, !model.isEndOfGeneration(token) {
                tokens[Int(piece[0])] = token
                found += 1
            }
        }
        byteTokens = tokens
        let end = llama_vocab_eos(model.vocab)
        guard end >= 0 else {
            throw LlamaError.modelUnavailable(path: model.url.path, reason: "the vocabulary has no end-of-generation token")
        }
        endToken = end
    }

    /// Reads `text` through `grammar`.
    /// - Throws: `LlamaError.grammarRejected` when llama.cpp cannot parse the grammar, and
    ///   `LlamaError.tokenizationFailed` when the vocabulary has no one-byte token for a byte of `text`.
    public func verdict(of text: String, under grammar: Grammar) throws -> Verdict {
        let sampler = try LlamaGrammarSampler(model: model, grammar: grammar.text)
        for (offset, byte) in text.utf8.enumerated() {
            guard let token = byteTokens[Int(byte)] else { throw LlamaError.tokenizationFailed(length: text.utf8.count) }
            guard allows(token, sampler) else { return .rejected(atByte: offset) }
            sampler.accept(token)
        }
        return allows(endToken, sampler) ? .accepted : .incomplete
    }

    private func allows(_ token: llama_token, _ sampler: LlamaGrammarSampler) -> Bool {
        var single = llama_token_data(id: token, logit: 0, p: 0)
        return withUnsafeMutablePointer(to: &single) { pointer in
            var array = llama_token_data_array(data: pointer, size: 1, selected: -1, sorted: false)
            sampler.constrain(&array)
            return pointer.pointee.logit.isFinite
        }
    }
}
