/// Why a generation request failed.
public enum GenerationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The model cannot be used; the reason says why (missing file, corrupt GGUF, …).
    case modelUnavailable(reason: String)
    /// The prompt and the output budget do not fit the model's context window.
    case contextWindowExceeded(tokens: Int, limit: Int)
    /// The model runtime refused the grammar; the grammar is attached.
    case grammarRejected(grammar: String)
    /// The schema asks for something the grammar cannot enforce.
    case unsupportedSchema(GrammarCompilationError)
    /// Decoding failed, or the output ended before the value was complete.
    case decodingFailure(String)
    /// The consumer cancelled the request.
    case cancelled
    /// The session is already serving a request; a session serves one at a time.
    case concurrentRequests

    public var description: String {
        switch self {
        case .modelUnavailable(let reason): "the language model is unavailable: \(reason)"
        case .contextWindowExceeded(let tokens, let limit):
            "the request needs \(tokens) tokens but the model's context window holds \(limit); shorten the note"
        case .grammarRejected(let grammar): "the model runtime rejected the grammar:\n\(grammar)"
        case .unsupportedSchema(let error): error.description
        case .decodingFailure(let reason): "decoding failed: \(reason)"
        case .cancelled: "the request was cancelled"
        case .concurrentRequests: "the session is busy with another request; a session serves one request at a time"
        }
    }
}

/// A failure that is not the request's: the model cannot be reached now (an inference server that
/// is down or overloaded). The same request may work later; a caller that can wait keeps it.
public protocol TemporaryModelFailure: Error {
    /// True when trying the same request later may work.
    var isTemporary: Bool { get }
}
