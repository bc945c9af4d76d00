/// A finished generation: the typed value, the raw content and text, and how sure the model was.
public struct Response<Content: Generable>: Sendable {
    public let content: Content
    public let rawContent: GeneratedContent
    /// The JSON text the model wrote.
    public let text: String
    /// Per value path (`merchant`, `items[0].name`): the geometric mean of the probabilities
    /// of the tokens that wrote it, in 0...1, under the model's full distribution.
    public let confidence: [String: Double]
    /// Tokens generated.
    public let tokenCount: Int
}

/// What a stream yields as the value grows: every property optional, filled in order.
public struct ResponseSnapshot<Content: Generable>: Sendable {
    public let content: Content.PartiallyGenerated
    public let rawContent: GeneratedContent
    /// True for the last snapshot, when the value is complete.
    public let isComplete: Bool
}
