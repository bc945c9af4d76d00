/// A type that can be built from generated content.
public protocol ConvertibleFromGeneratedContent: Sendable {
    /// - Throws: `GeneratedContentError` when the content does not have the expected shape.
    init(_ content: GeneratedContent) throws
}

/// A type a language model can generate: it declares its schema in code (no macros), and builds
/// itself from the generated content. Its `PartiallyGenerated` form, every property optional, is
/// what a stream yields as the value grows.
public protocol Generable: ConvertibleFromGeneratedContent {
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = GeneratedContent
    static var generationSchema: GenerationSchema { get }
}

/// A value that did not have the shape its type expects.
public struct GeneratedContentError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let expected: String

    public init(path: String, expected: String) {
        self.path = path
        self.expected = expected
    }

    public var description: String { "generated content at \(path.isEmpty ? "the top" : path) is not \(expected)" }
}
