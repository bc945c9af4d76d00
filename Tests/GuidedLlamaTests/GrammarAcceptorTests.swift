import Foundation
import Guided
import GuidedLlama
import TestSupport
import Testing

/// `GrammarAcceptor`: what llama.cpp's grammar engine admits, byte by byte, with the real vocabulary.
struct GrammarAcceptorTests {
    static let acceptor: Result<GrammarAcceptor, any Error> = Result { try GrammarAcceptor(model: LlamaModel(url: TestEnvironment.modelURL)) }

    static let receipt = GenerationSchema(.object(name: "Receipt", properties: [
        .init("shop", .string(.maxLength(12))),
        .init("total", .decimal(.range(0...500))),
        .init("items", .array(of: .string(.anyOf(["tea", "café crème"])), .minimumCount(1), .maximumCount(3))),
    ]))

    @Test func aValueOfTheSchemaIsAcceptedAndTheFirstWrongByteIsFound() throws {
        let acceptor = try Self.acceptor.get()
        let grammar = try GrammarCompiler().compile(Self.receipt)
        let value = #"{"shop": "Blue Finch", "total": 12.5, "items": ["tea", "café crème"]}"#
        #expect(try acceptor.verdict(of: value, under: grammar) == .accepted)
        // The same with a total over the range: the third digit of 512 is the first byte refused.
        let over = value.replacingOccurrences(of: "12.5", with: "512")
        let offset = over.utf8.count - over.drop { $0 != "5" }.utf8.count
        #expect(try acceptor.verdict(of: over, under: grammar) == .rejected(atByte: offset + 2))
        #expect(try acceptor.verdict(of: String(value.dropLast()), under: grammar) == .incomplete)
        // A string one character past maxLength (12): the byte after the twelfth character.
        let long = value.replacingOccurrences(of: "Blue Finch", with: "Blue Finches!")
        #expect(try acceptor.verdict(of: long, under: grammar) == .rejected(atByte: #"{"shop": "Blue Finches"#.utf8.count))
    }

    @Test func llamaCppRequiresAtMost2000CopiesAndTheCompilerStaysWithin() throws {
        let acceptor = try Self.acceptor.get()
        // The engine's own limit, as the compiler's `GBNF.mostRepetitions` states it.
        #expect(try acceptor.verdict(of: "", under: Grammar("root ::= (\"a\"){2000,} | \"\"\n")) == .accepted)
        #expect(throws: LlamaError.self) { try acceptor.verdict(of: "", under: Grammar("root ::= (\"a\"){2001,} | \"\"\n")) }
        // An array of at least 2,001 (2,000 copies after the first) compiles and llama.cpp takes it; one more is refused.
        let largest = try GrammarCompiler().compile(.array(of: .boolean, .minimumCount(2001)))
        let value = "[" + Array(repeating: "true", count: 2001).joined(separator: ", ") + "]"
        #expect(try acceptor.verdict(of: value, under: largest) == .accepted)
        #expect(throws: GrammarCompilationError.self) { try GrammarCompiler().compile(.array(of: .boolean, .minimumCount(2002))) }
    }

    /// What the compiler writes near llama.cpp's repetition limits, llama.cpp reads (fuzz finding:
    /// a string of maxLength 2000 was `(string-char){0,2000}`, which llama.cpp counts as two
    /// rules times 2,000 and refuses); what it would not read, the compiler refuses first.
    @Test(arguments: [
        GenerationSchema.string(.maxLength(2000)), .array(of: .string(.maxLength(2000)), .maximumCount(2001)),
        .array(of: .boolean, .minimumCount(2001), .maximumCount(2001)), .string(.pattern("(a{0,40}){0,40}")),
        .string(.pattern("((ab|c)d?){1,400}")), .string(.pattern("[a-z]{2000}")), .string(.pattern("(x(y(z)*)*)*")),
    ])
    func grammarsNearTheLimitsAreReadByLlamaCpp(schema: GenerationSchema) throws {
        let acceptor = try Self.acceptor.get()
        let grammar = try GrammarCompiler().compile(schema)
        #expect(throws: Never.self) { _ = try acceptor.verdict(of: "", under: grammar) }
    }

    /// The translator counts as llama.cpp does: `((ab|c)d?)` is five rules to it, so 400 copies
    /// are read, and the same grammar with 401 is refused (the compiler refuses the pattern then).
    @Test func thePatternTranslatorCountsRulesAsLlamaCppDoes() throws {
        let acceptor = try Self.acceptor.get()
        let grammar = try GrammarCompiler().compile(.string(.pattern("((ab|c)d?){1,400}")))
        #expect(throws: Never.self) { _ = try acceptor.verdict(of: "", under: grammar) }
        let over = Grammar(grammar.text.replacingOccurrences(of: "{1,400}", with: "{1,401}"))
        #expect(throws: LlamaError.self) { _ = try acceptor.verdict(of: "", under: over) }
        #expect(throws: GrammarCompilationError.self) { try GrammarCompiler().compile(.string(.pattern("((ab|c)d?){1,401}"))) }
    }

    /// An unbounded repetition of what can match nothing is left recursion to llama.cpp, which
    /// refuses the grammar (fuzz finding `()*`); the compiler refuses it first. A bounded one and an
    /// unbounded one of what must match something are taken, and match what the pattern means.
    @Test func repetitionsLlamaCppTakesMatchWhatThePatternMeans() throws {
        let acceptor = try Self.acceptor.get()
        #expect(throws: LlamaError.self) { try acceptor.verdict(of: "\"\"", under: Grammar("root ::= \"\\\"\" (\"\")* \"\\\"\"\n")) }
        let bounded = try GrammarCompiler().compile(.string(.pattern("(a?){3}b")))
        for (text, verdict) in [("aab", GrammarAcceptor.Verdict.accepted), ("b", .accepted), ("aaaab", .rejected(atByte: 4))] {
            #expect(try acceptor.verdict(of: GeneratedContent.quote(text), under: bounded) == verdict, "\(text)")
        }
        let unbounded = try GrammarCompiler().compile(.string(.pattern("(ab)*c")))
        #expect(try acceptor.verdict(of: GeneratedContent.quote("ababc"), under: unbounded) == .accepted)
    }

    /// Fuzz finding: a text starting with a combining mark (U+0744) gave a grammar of `""` alone,
    /// the mark having merged with the opening quote into one character and been dropped with it.
    /// Choices that are canonically equivalent ("é" and "e" + U+0301) each keep their own bytes.
    @Test func spansAndChoicesAreMatchedScalarByScalar() throws {
        let acceptor = try Self.acceptor.get()
        let span = try GrammarCompiler().compile(.string(.substring(of: "\u{0744}x tea")))
        #expect(try acceptor.verdict(of: "\"\u{0744}x\"", under: span) == .accepted)
        #expect(try acceptor.verdict(of: "\"\u{0744}x tea\"", under: span) == .accepted)
        let cases = ["caf\u{e9}", "cafe\u{301}"] + (1...8).map { "case \($0)" }
        let choice = try GrammarCompiler().compile(.enumeration(cases))
        for text in cases { #expect(try acceptor.verdict(of: GeneratedContent.quote(text), under: choice) == .accepted, "\(text.unicodeScalars.map(\.value))") }
    }
}
