import CLlama
import Foundation

/// A GGUF model loaded by llama.cpp. Owns the `llama_model*` and frees it in `deinit`.
///
/// `@unchecked Sendable`: the weights and vocabulary are read-only after loading, and llama.cpp
/// allows one model to serve contexts on several threads; all mutation happens in contexts.
public final class LlamaModel: @unchecked Sendable {
    public let url: URL
    let pointer: OpaquePointer
    let vocab: OpaquePointer

    /// Loads the model at `url` on the CPU.
    /// - Throws: `LlamaError.modelUnavailable` when the file is missing, not a GGUF, or fails to load.
    public init(url: URL) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw LlamaError.modelUnavailable(path: path, reason: "no such file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LlamaError.modelUnavailable(path: path, reason: "the file cannot be read")
        }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        try? handle.close()
        guard magic == Data("GGUF".utf8) else {
            throw LlamaError.modelUnavailable(path: path, reason: "not a GGUF file (wrong magic bytes)")
        }
        LlamaRuntime.initialize()
        var params = llama_model_default_params()
        params.n_gpu_layers = 0
        guard let pointer = llama_model_load_from_file(path, params) else {
            throw LlamaError.modelUnavailable(
                path: path, reason: "llama.cpp could not load it (corrupt or unsupported GGUF)")
        }
        guard let vocab = llama_model_get_vocab(pointer) else {
            llama_model_free(pointer)
            throw LlamaError.modelUnavailable(path: path, reason: "the model has no vocabulary")
        }
        self.url = url
        self.pointer = pointer
        self.vocab = vocab
    }

    deinit {
        llama_model_free(pointer)
    }

    // MARK: - Facts

    /// The number of tokens in the vocabulary.
    public var vocabularySize: Int { Int(llama_vocab_n_tokens(vocab)) }

    /// The context length the model was trained with.
    public var trainingContextLength: Int { Int(llama_model_n_ctx_train(pointer)) }

    /// llama.cpp's one-line description (architecture, size, quantisation).
    public var summary: String {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = llama_model_desc(pointer, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
    }

    // MARK: - Tokens

    /// The tokens of `text`.
    /// - Parameters:
    ///   - addSpecial: add the model's BOS token when it wants one.
    ///   - parseSpecial: read control tokens written in the text (e.g. `<start_of_turn>`).
    public func tokenize(_ text: String, addSpecial: Bool, parseSpecial: Bool = true) throws -> [llama_token] {
        let length = Int32(text.utf8.count)
        var tokens = [llama_token](repeating: 0, count: Int(length) + 8)
        var count = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        if count < 0, count != Int32.min {
            tokens = [llama_token](repeating: 0, count: Int(-count))
            count = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        }
        guard count >= 0 else { throw LlamaError.tokenizationFailed(length: Int(length)) }
        return Array(tokens.prefix(Int(count)))
    }

    /// The bytes a token stands for. A piece may be part of a multi-byte character.
    public func piece(_ token: llama_token) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        if count < 0 {
            buffer = [CChar](repeating: 0, count: Int(-count))
            count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        }
        return buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }
    }

    /// True for end-of-generation tokens (EOS, end of turn).
    public func isEndOfGeneration(_ token: llama_token) -> Bool {
        llama_vocab_is_eog(vocab, token)
    }
}
