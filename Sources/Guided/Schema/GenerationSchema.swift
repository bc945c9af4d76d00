import Foundation

/// The shape of a value a model generates: its type, its guides and a description.
/// Built in code by a `Generable` type, or at run time (a dynamic schema).
public struct GenerationSchema: Sendable, Equatable {
    /// What kind of value, with the guides that constrain it.
    public indirect enum Kind: Sendable, Equatable {
        case string([StringGuide])
        case integer([NumberGuide<Int>])
        case double([NumberGuide<Double>])
        case decimal([NumberGuide<Decimal>])
        case boolean
        /// One of a fixed set of strings (a Swift enum with string cases).
        case enumeration([String])
        case array(of: GenerationSchema, [ArrayGuide])
        /// The value or `null`.
        case optional(GenerationSchema)
        /// Properties generated in declaration order.
        case object(name: String, properties: [Property])
    }

    /// One property of an object schema.
    public struct Property: Sendable, Equatable {
        public let name: String
        public let description: String?
        public let schema: GenerationSchema

        public init(_ name: String, description: String? = nil, _ schema: GenerationSchema) {
            self.name = name
            self.description = description
            self.schema = schema
        }
    }

    public let kind: Kind
    public let description: String?

    public init(_ kind: Kind, description: String? = nil) {
        self.kind = kind
        self.description = description
    }

    // MARK: - Building

    public static func string(_ guides: StringGuide..., description: String? = nil) -> GenerationSchema {
        GenerationSchema(.string(guides), description: description)
    }

    public static func integer(_ guides: NumberGuide<Int>..., description: String? = nil) -> GenerationSchema {
        GenerationSchema(.integer(guides), description: description)
    }

    public static func double(_ guides: NumberGuide<Double>..., description: String? = nil) -> GenerationSchema {
        GenerationSchema(.double(guides), description: description)
    }

    public static func decimal(_ guides: NumberGuide<Decimal>..., description: String? = nil) -> GenerationSchema {
        GenerationSchema(.decimal(guides), description: description)
    }

    public static var boolean: GenerationSchema { GenerationSchema(.boolean) }

    public static func enumeration(_ cases: [String], description: String? = nil) -> GenerationSchema {
        GenerationSchema(.enumeration(cases), description: description)
    }

    /// The schema of a Swift enum whose raw values are its string cases.
    public static func enumeration<E: CaseIterable & RawRepresentable>(_ type: E.Type, description: String? = nil)
        -> GenerationSchema where E.RawValue == String {
        GenerationSchema(.enumeration(type.allCases.map(\.rawValue)), description: description)
    }

    public static func array(of element: GenerationSchema, _ guides: ArrayGuide..., description: String? = nil) -> GenerationSchema {
        GenerationSchema(.array(of: element, guides), description: description)
    }

    public static func optional(_ wrapped: GenerationSchema) -> GenerationSchema {
        GenerationSchema(.optional(wrapped), description: wrapped.description)
    }

    public static func object(_ name: String, description: String? = nil, _ properties: [Property]) -> GenerationSchema {
        GenerationSchema(.object(name: name, properties: properties), description: description)
    }

    /// The schema of a `Generable` type, to nest it in another.
    public static func type<T: Generable>(_ type: T.Type) -> GenerationSchema {
        type.generationSchema
    }

    /// This schema wrapped in `.optional`, for `var x: T?` properties.
    public var orNull: GenerationSchema { .optional(self) }
}

// MARK: - Guides

/// Constraints on a generated string.
public enum StringGuide: Sendable, Equatable {
    /// One of these strings exactly.
    case anyOf([String])
    /// Exactly this string.
    case constant(String)
    /// Matches a regular expression (the subset `GrammarCompiler` documents).
    case pattern(String)
    /// At most this many characters.
    case maxLength(Int)
    /// Copied from `text`: a run of whole words of it, exactly as written (span grounding).
    case substring(of: String)
}

extension StringGuide {
    /// The spans `substring(of: text)` offers: runs of whole words, exactly as written, trailing
    /// punctuation optional, each at most `maxLength` characters (default 80). Filter them and
    /// pass them to `anyOf` to ground a string in a narrower choice of the text.
    public static func spans(of text: String, maxLength: Int? = nil) -> [String] {
        SpanGrammar.spans(of: text, maxLength: maxLength)
    }
}

/// Constraints on a generated number. Ranges of `Double` and `Decimal` must have whole-number
/// bounds (the grammar enforces them exactly); the compiler refuses other bounds.
public enum NumberGuide<Value: Sendable & Equatable & Comparable>: Sendable, Equatable {
    case minimum(Value)
    case maximum(Value)
    case range(ClosedRange<Value>)

    /// The bounds `guides` set together (the highest minimum, the lowest maximum); nil where none
    /// is set. The lower may be above the upper: then no value satisfies them all.
    public static func bounds(_ guides: [NumberGuide]) -> (lower: Value?, upper: Value?) {
        var lower: Value?
        var upper: Value?
        for guide in guides {
            switch guide {
            case .minimum(let value): lower = lower.map { max($0, value) } ?? value
            case .maximum(let value): upper = upper.map { min($0, value) } ?? value
            case .range(let range):
                lower = lower.map { max($0, range.lowerBound) } ?? range.lowerBound
                upper = upper.map { min($0, range.upperBound) } ?? range.upperBound
            }
        }
        return (lower, upper)
    }
}

/// Constraints on a generated array.
public enum ArrayGuide: Sendable, Equatable {
    case count(Int)
    case minimumCount(Int)
    case maximumCount(Int)
    /// Guides applied to every element (merged into the element schema).
    case element(StringGuide)
}
