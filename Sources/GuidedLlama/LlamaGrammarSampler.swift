import CLlama

/// A llama.cpp grammar sampler for one GBNF grammar. Owns the `llama_sampler*`.
final class LlamaGrammarSampler {
    let pointer: UnsafeMutablePointer<llama_sampler>

    /// - Throws: `LlamaError.grammarRejected` carrying the grammar when llama.cpp cannot parse it.
    init(model: LlamaModel, grammar: String, root: String = "root") throws {
        guard let pointer = llama_sampler_init_grammar(model.vocab, grammar, root) else {
            throw LlamaError.grammarRejected(grammar: grammar)
        }
        self.pointer = pointer
    }

    deinit {
        llama_sampler_free(pointer)
    }

    /// Sets the logit of every token the grammar forbids next to -infinity.
    func constrain(_ candidates: inout llama_token_data_array) {
        llama_sampler_apply(pointer, &candidates)
    }

    /// Advances the grammar past `token`.
    func accept(_ token: llama_token) {
        llama_sampler_accept(pointer, token)
    }
}
