/// A GBNF grammar (llama.cpp's grammar format) whose start rule is `root`.
public struct Grammar: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }
}

/// A schema feature the grammar compiler cannot enforce. It refuses rather than drop a guide.
public struct GrammarCompilationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where in the schema, e.g. `Expense.amount`.
    public let path: String
    public let reason: String

    public var description: String { "cannot compile a grammar for \(path): \(reason)" }
}
