import Foundation
@testable import Guided
import TestSupport
import Testing

@Suite struct GrammarCompilerTests {
    @Test(arguments: [
        ("quiz.gbnf", QuizQuestion.generationSchema),
        ("theme.gbnf", Theme.generationSchema),
        ("recipe.gbnf", Recipe.generationSchema),
        ("grounded-expense.gbnf", groundedExpenseSchema(note: "Lunch at Casa Lucio, 48.50 \"team\"")),
    ])
    func grammarsMatchTheirGoldenFiles(name: String, schema: GenerationSchema) throws {
        let grammar = try GrammarCompiler().compile(schema)
        try expectGolden(grammar.text, named: name)
        #expect(try GrammarCompiler().compile(schema) == grammar, "compilation is deterministic")
    }

    @Test(arguments: [
        (GenerationSchema.string(.pattern("[a-z]+"), .maxLength(5)), "pattern cannot be combined with maxLength"),
        (.string(.anyOf(["a"]), .constant("a")), "constant cannot be combined with anyOf"),
        (.double(.maximum(2.5)), "not a whole number"),
        (.decimal(.minimum(Decimal(string: "0.5")!)), "not a whole number"),
        (.integer(.minimum(5), .maximum(3)), "the minimum is above the maximum"),
        (.array(of: .integer(), .element(.maxLength(3))), "applies to arrays of strings only"),
        (.array(of: .boolean, .minimumCount(3), .maximumCount(2)), "minimum count 3 is above its maximum 2"),
        (.string(.pattern("a(?=b)")), "lookaround"),
        (.string(.pattern("[\"]")), "may not hold '\"'"),
        (.string(.pattern("a+?")), "lazy"),
        (.string(.pattern("a^b")), "anchors"),
        (.string(.pattern("\\1")), "not supported"),
        (.string(.substring(of: "   ")), "no words"),
        (.string(.anyOf(["long choice"]), .maxLength(3)), "no choice within maxLength"),
        (.enumeration([]), "at least one case"),
        (.object("Twice", [.init("a", .boolean), .init("a", .boolean)]), "declared twice"),
        // Found by the grammar oracle: llama.cpp refuses the left recursion these would become.
        (.string(.pattern("()*")), "can match nothing"),
        (.string(.pattern("(a?)+")), "can match nothing"),
        (.string(.pattern("(a|)*")), "can match nothing"),
        (.string(.pattern("(b*c?){2,}")), "can match nothing"),
        (.array(of: .boolean, .minimumCount(2002)), "above 2001, the most llama.cpp's grammar engine can count to"),
        (.array(of: .boolean, .maximumCount(2002)), "above 2001, the most llama.cpp's grammar engine can count to"),
        (.string(.maxLength(2001)), "maxLength 2001 is above 2000"),
        (.string(.pattern("a{2001}")), "counts repetitions to 2000 at most"),
        (.string(.pattern("a{0,2001}")), "counts repetitions to 2000 at most"),
        (.string(.pattern("((a{0,50}){0,50})")), "too complex for llama.cpp's grammar engine"),
        (.string(.pattern("a{-1}")), "bad repetition"),
    ])
    func refusesWhatItCannotEnforce(schema: GenerationSchema, reason: String) {
        let error = #expect(throws: GrammarCompilationError.self) { try GrammarCompiler().compile(schema) }
        #expect(error?.reason.contains(reason) == true, "got \(String(describing: error))")
    }

    @Test func spansAreWholeWordsCopiedExactly() {
        let spans = SpanGrammar.spans(of: "Lunch at Casa Lucio, 48.50", maxLength: 12)
        #expect(spans.contains("Casa Lucio"))
        #expect(spans.contains("Casa Lucio,"))
        #expect(spans.contains("Lunch"))
        #expect(!spans.contains("asa"))
        #expect(!spans.contains("Lunch at Casa"), "longer than maxLength")
        #expect(spans.allSatisfy { $0.count <= 12 })
        // Found by the grammar oracle: a span whose trailing punctuation takes it past maxLength
        // is still offered without it.
        #expect(SpanGrammar.spans(of: "Casa Lucio,,, paid", maxLength: 10).contains("Casa Lucio"))
        // Without the sentence's comma only, the word's own apostrophe or full stop stays.
        let trimmed = SpanGrammar.spans(of: "Bakin', then Smith & Co., paid", maxLength: nil)
        #expect(trimmed.contains("Bakin'") && trimmed.contains("Bakin"))
        #expect(trimmed.contains("Smith & Co.") && trimmed.contains("Smith & Co"))
        // A name in brackets or quotes is offered without them, as is the word inside.
        let bracketed = SpanGrammar.spans(of: "paid (Fenwick Tiling) and “Ode” 40", maxLength: nil)
        #expect(bracketed.contains("Fenwick Tiling") && bracketed.contains("(Fenwick Tiling)") && bracketed.contains("Ode"))
        // So is a name after the "@" of a mention or the "#" of a tag; a lone "@" is no span.
        let marked = SpanGrammar.spans(of: "lunch @Fennick, #treat @ 9.90", maxLength: nil)
        #expect(marked.contains("Fennick") && marked.contains("treat") && !marked.contains(""))
        // Canonically equivalent spans are both offered, each with its own bytes.
        #expect(SpanGrammar.spans(of: "caf\u{e9} or cafe\u{301}", maxLength: nil).filter { $0.unicodeScalars.count <= 5 }.count == 3)
    }
}

/// Compares `text` with `Golden/<name>`; `UPDATE_GOLDEN=1` rewrites it.
func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try Data(text.utf8).write(to: url)
    }
    let saved = try String(contentsOf: url, encoding: .utf8)
    #expect(text == saved, "differs from Golden/\(name); rerun with UPDATE_GOLDEN=1 if intended", sourceLocation: sourceLocation)
}
