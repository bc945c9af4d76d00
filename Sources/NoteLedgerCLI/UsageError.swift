/// A command line that cannot be run as written. Printed with the usage line; exit 64.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A failure to report as `Error: …` with exit 1, whose text says what to do.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
