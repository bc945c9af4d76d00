/// A finished generation: the typed value, the raw content and text, and how sure the model was.
public struct Response<Content: Generable>: Sendable {
    public let content: Content
    public let rawContent: GeneratedContent
    /// The JSON text the model wrote.
    public let text: String
    /// Per value path (`merchant`, `items[0].name`): the geometric mean of the probabilities
    /// of the tokens that wrote it, in 0...1, under the model's full distribution; for a value
    /// decided at a choice point, the chosen option's (calibrated) probability among the options.
    public let confidence: [String: Double]
    /// Per choice point reached, by path: each option's calibrated probability among the options.
    public var choices: [String: [Double]] = [:]
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
