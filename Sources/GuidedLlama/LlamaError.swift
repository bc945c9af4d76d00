/// What went wrong inside llama.cpp, with what a person needs to act on it.
public enum LlamaError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The model file is missing, unreadable or not a GGUF llama.cpp can load.
    case modelUnavailable(path: String, reason: String)
    /// A context could not be created (usually not enough memory for the requested size).
    case contextCreationFailed(contextLength: Int)
    /// llama.cpp refused a GBNF grammar; the grammar is attached.
    case grammarRejected(grammar: String)
    /// The prompt plus what must still be generated does not fit the context window.
    case contextWindowExceeded(tokens: Int, limit: Int)
    /// The grammar allows no token of this vocabulary at some point of generation.
    case grammarDeadEnd(grammar: String)
    /// `llama_decode` failed with the given status.
    case decodeFailed(status: Int32)
    /// Text could not be tokenized.
    case tokenizationFailed(length: Int)

    public var description: String {
        switch self {
        case .modelUnavailable(let path, let reason):
            "model unavailable at \(path): \(reason)"
        case .contextCreationFailed(let contextLength):
            "llama.cpp could not create a context of \(contextLength) tokens (out of memory?)"
        case .grammarRejected(let grammar):
            "llama.cpp rejected the grammar:\n\(grammar)"
        case .grammarDeadEnd(let grammar):
            "no token of the model's vocabulary can continue the grammar:\n\(grammar)"
        case .contextWindowExceeded(let tokens, let limit):
            "the input needs \(tokens) tokens but the context window holds \(limit)"
        case .decodeFailed(let status):
            "llama_decode failed with status \(status)"
        case .tokenizationFailed(let length):
            "llama.cpp could not tokenize a text of \(length) bytes"
        }
    }
}
