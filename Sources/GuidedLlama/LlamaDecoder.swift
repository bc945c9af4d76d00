import CLlama
import Foundation

/// One generated token: its bytes and its log-probability under the model's full distribution
/// (before the grammar removed anything), so a forced or constrained token still shows how sure
/// the model was.
public struct GeneratedToken: Sendable, Equatable {
    public let bytes: [UInt8]
    public let logProbability: Double
}

/// The grammar-constrained decode loop over one context. Keeps the previous prompt's tokens so
/// that the next prompt re-uses the shared prefix from the KV cache. Used from one thread at a time.
final class LlamaDecoder {
    let model: LlamaModel
    let context: LlamaContext
    private var cachedTokens: [llama_token] = []
    private var candidates: [llama_token_data]

    init(model: LlamaModel, contextLength: Int, threads: Int) throws {
        self.model = model
        self.context = try LlamaContext(model: model, contextLength: contextLength, threads: threads)
        self.candidates = []
        candidates.reserveCapacity(model.vocabularySize)
    }

    /// Generates greedily under `grammar` until the grammar is complete, an end-of-generation
    /// token, `maxTokens`, or `shouldStop` returns true.
    /// - Parameters:
    ///   - onToken: receives each token as it is chosen; return false to stop.
    /// - Throws: `LlamaError` (context window, decoding, grammar).
    func generate(
        prompt: String, grammar: String, maxTokens: Int,
        onToken: (GeneratedToken) throws -> Bool
    ) throws {
        let sampler = try LlamaGrammarSampler(model: model, grammar: grammar)
        let promptTokens = try model.tokenize(prompt, addSpecial: true)
        guard promptTokens.count + maxTokens <= context.contextLength else {
            throw LlamaError.contextWindowExceeded(tokens: promptTokens.count + maxTokens, limit: context.contextLength)
        }
        try feedPrompt(promptTokens)

        for _ in 0..<maxTokens {
            let logits = context.lastLogits()
            guard let token = constrainedArgmax(logits, sampler: sampler) else {
                throw LlamaError.grammarDeadEnd(grammar: grammar)
            }
            if model.isEndOfGeneration(token) { return }
            sampler.accept(token)
            let piece = GeneratedToken(bytes: model.piece(token), logProbability: logProbability(of: token, in: logits))
            guard try onToken(piece) else { return }
            try context.decode([token])
            cachedTokens.append(token)
        }
    }

    // MARK: - Prompt and prefix reuse

    private func feedPrompt(_ tokens: [llama_token]) throws {
        var shared = zip(cachedTokens, tokens).prefix { $0 == $1 }.count
        // At least one token must be decoded to get fresh logits.
        if shared == tokens.count { shared -= 1 }
        context.truncate(from: shared)
        cachedTokens = Array(tokens[..<shared])
        do {
            try context.decode(Array(tokens[shared...]))
        } catch {
            context.truncate(from: 0)
            cachedTokens = []
            throw error
        }
        cachedTokens = tokens
    }

    // MARK: - Sampling

    /// The most likely token the grammar allows. Tries the unconstrained best token first: when
    /// the grammar accepts it, the full-vocabulary grammar pass is skipped.
    private func constrainedArgmax(_ logits: UnsafeMutableBufferPointer<Float>, sampler: LlamaGrammarSampler) -> llama_token? {
        var best = 0
        for index in 1..<logits.count where logits[index] > logits[best] {
            best = index
        }
        var single = llama_token_data(id: llama_token(best), logit: logits[best], p: 0)
        let accepted = withUnsafeMutablePointer(to: &single) { pointer in
            var array = llama_token_data_array(data: pointer, size: 1, selected: -1, sorted: false)
            sampler.constrain(&array)
            return pointer.pointee.logit.isFinite
        }
        if accepted { return llama_token(best) }

        candidates.removeAll(keepingCapacity: true)
        for index in 0..<logits.count {
            candidates.append(llama_token_data(id: llama_token(index), logit: logits[index], p: 0))
        }
        return candidates.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            sampler.constrain(&array)
            var choice = 0
            for index in 1..<buffer.count where buffer[index].logit > buffer[choice].logit {
                choice = index
            }
            return buffer[choice].logit.isFinite ? buffer[choice].id : nil
        }
    }

    /// log softmax over the full vocabulary.
    private func logProbability(of token: llama_token, in logits: UnsafeMutableBufferPointer<Float>) -> Double {
        var maximum = -Float.infinity
        for logit in logits where logit > maximum { maximum = logit }
        var sum = 0.0
        for logit in logits { sum += Double(expf(logit - maximum)) }
        return Double(logits[Int(token)] - maximum) - log(sum)
    }
}
