import Foundation

/// Where a command writes: data to stdout, diagnostics to stderr.
public struct Console: Sendable {
    public init() {}

    /// Writes a line of data to stdout.
    public func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line of diagnostics to stderr.
    public func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// True when stdout is a terminal (progress bars, table sizing).
    public var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
}
