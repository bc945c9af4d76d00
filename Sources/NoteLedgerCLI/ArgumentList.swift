/// The arguments of one command, consumed as they are recognised; what is left at the end is
/// either positional or a usage error.
public struct ArgumentList: Sendable {
    private(set) var arguments: [String]

    public init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// Removes and returns whether any of `names` (e.g. `--stream`) is present.
    public mutating func flag(_ names: String...) -> Bool {
        let before = arguments.count
        arguments.removeAll { names.contains($0) }
        return arguments.count != before
    }

    /// Removes and returns the value of `--name VALUE` or `--name=VALUE` (the last one wins).
    /// - Throws: `UsageError` when the option is present without a value.
    public mutating func option(_ name: String) throws -> String? {
        var value: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == name {
                guard index + 1 < arguments.count else { throw UsageError("\(name) needs a value") }
                value = arguments[index + 1]
                arguments.removeSubrange(index...index + 1)
            } else if argument.hasPrefix(name + "=") {
                value = String(argument.dropFirst(name.count + 1))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return value
    }

    /// Removes and returns `--name VALUE` parsed as a positive integer.
    public mutating func integerOption(_ name: String) throws -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError("\(name) needs a positive whole number, not '\(text)'")
        }
        return value
    }

    /// Returns what is left, all positional; `--` ends option parsing.
    /// - Throws: `UsageError` naming the first unknown option.
    public mutating func positionals() throws -> [String] {
        var result: [String] = []
        var literal = false
        for argument in arguments {
            if literal {
                result.append(argument)
            } else if argument == "--" {
                literal = true
            } else if argument.hasPrefix("-") && argument != "-" && Double(argument) == nil {
                throw UsageError("unknown option '\(argument)'")
            } else {
                result.append(argument)
            }
        }
        arguments = []
        return result
    }

    /// Ensures nothing is left.
    /// - Throws: `UsageError` naming the first unexpected argument.
    public mutating func finish() throws {
        let rest = try positionals()
        if let first = rest.first { throw UsageError("unexpected argument '\(first)'") }
    }
}
