import Foundation
@testable import Guided
import TestSupport
import Testing

/// The JSON Schema a server without grammars is sent, and the check every server's answer gets.
@Suite struct JSONSchemaTests {
    static func object(_ content: GeneratedContent) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(content.jsonString.utf8)) as? [String: Any])
    }

    @Test func aGroundedStringBecomesAnEnumOfTheNotesSpansAndEveryPropertyIsRequired() throws {
        let note = "Lunch at Casa Lucio, 48.50"
        let schema = try Self.object(groundedExpenseSchema(note: note).jsonSchema)
        #expect(schema["type"] as? String == "object")
        #expect(schema["required"] as? [String] == ["merchant", "amount", "category"])
        #expect(schema["additionalProperties"] as? Bool == false)
        let properties = try #require(schema["properties"] as? [String: Any])
        let merchant = try #require((properties["merchant"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let spans = try #require(merchant.first?["enum"] as? [String])
        #expect(spans.contains("Casa Lucio") && spans.contains("Lunch at Casa Lucio"))
        #expect(!spans.contains("Casa Lucio, 48") && !spans.contains("Cas"), "whole words only: \(spans)")
        #expect(merchant.last?["type"] as? String == "null")
        let category = try #require(properties["category"] as? [String: Any])
        #expect(category["enum"] as? [String] == ["food", "travel", "shopping", "other"])
        // The order the grammar writes them in is kept.
        #expect(groundedExpenseSchema(note: note).jsonSchema.jsonString.range(of: "\"merchant\"")!.lowerBound
                < groundedExpenseSchema(note: note).jsonSchema.jsonString.range(of: "\"category\"")!.lowerBound)
    }

    @Test func patternsAreAnchoredAndRangesAndCountsCarryOver() throws {
        let theme = try Self.object(Theme.generationSchema.jsonSchema)
        let properties = try #require(theme["properties"] as? [String: [String: Any]])
        #expect(properties["name"]?["pattern"] as? String == "^[A-Z][a-z]+( [A-Z][a-z]+)?$")
        #expect(properties["size"]?["minimum"] as? Int == 3 && properties["size"]?["maximum"] as? Int == 30)
        #expect(properties["mood"]?["enum"] as? [String] == ["calm", "bold", "playful"])
        let quiz = try Self.object(QuizQuestion.generationSchema.jsonSchema)
        let choices = try #require((quiz["properties"] as? [String: [String: Any]])?["choices"])
        #expect(choices["minItems"] as? Int == 4 && choices["maxItems"] as? Int == 4)
        #expect((choices["items"] as? [String: Any])?["maxLength"] as? Int == 40)
        let unanchored = try Self.object(GenerationSchema.string(.pattern("[a-z]+")).jsonSchema)
        #expect(unanchored["pattern"] as? String == "^[a-z]+$")
    }

    @Test func anAnswerThatFitsHasNoViolations() throws {
        let schema = groundedExpenseSchema(note: "Lunch at Casa Lucio, 48.50")
        let answer = GeneratedContent.object([("merchant", .string("Casa Lucio")), ("amount", .number("48.50")), ("category", .string("food"))])
        #expect(schema.violations(in: answer).isEmpty)
        let nulls = GeneratedContent.object([("merchant", .null), ("amount", .null), ("category", .string("other"))])
        #expect(schema.violations(in: nulls).isEmpty)
    }

    @Test func everyWayAnAnswerCanBreakTheSchemaIsNamedByPath() throws {
        let schema = groundedExpenseSchema(note: "Lunch at Casa Lucio, 48.50")
        let invented = GeneratedContent.object([("merchant", .string("Casa Lucia")), ("amount", .number("-3")), ("category", .string("groceries"))])
        let problems = schema.violations(in: invented)
        #expect(problems.map(\.path) == ["merchant", "amount", "category"], "\(problems)")
        #expect(problems[0].reason.contains("not copied from the text"), "\(problems[0])")
        #expect(problems[1].reason.contains("below 0"), "\(problems[1])")
        #expect(schema.violations(in: .object([("category", .string("food"))])).map(\.description)
                == ["merchant: missing", "amount: missing"])
        #expect(schema.violations(in: .string("food")).first?.reason.contains("not an object") == true)

        let theme = Theme.generationSchema
        let wrong = GeneratedContent.object([("name", .string("calm sea")), ("size", .number("31")), ("mood", .string("Calm"))])
        #expect(theme.violations(in: wrong).map(\.path) == ["name", "size", "mood"])
        let quiz = QuizQuestion.generationSchema
        let three = GeneratedContent.object([("question", .string("Which?")), ("choices", .array([.string("a"), .string("b"), .string("c")])),
                                             ("answerIndex", .number("1.5"))])
        #expect(quiz.violations(in: three).map(\.path) == ["choices", "answerIndex"], "\(quiz.violations(in: three))")
    }

    /// llama.cpp's parser, vLLM's and SGLang's xgrammar and llguidance all read this subset.
    @Test(arguments: [
        QuizQuestion.generationSchema, Theme.generationSchema, Recipe.generationSchema,
        groundedExpenseSchema(note: "Lunch at Casa Lucio, 48.50 \"team\" \\ tab\there, crème brûlée €12 — 東京"),
    ])
    func compiledGrammarsStayInThePortableSubset(schema: GenerationSchema) throws {
        let grammar = try GrammarCompiler().compile(schema, prefix: " ")
        #expect(PortableGBNF.problems(in: grammar.text).isEmpty, "\(PortableGBNF.problems(in: grammar.text))")
        for path in ["merchant", "category", "amount", "question", "mood", "title"] {
            if let rest = try? GrammarCompiler().compileRest(of: schema, after: path) {
                #expect(PortableGBNF.problems(in: rest.text).isEmpty, "after \(path): \(PortableGBNF.problems(in: rest.text))")
            }
        }
    }

    @Test func thePortableSubsetCheckRefusesWhatSomeEngineDoesNotRead() {
        #expect(PortableGBNF.problems(in: "root ::= \"a\" [b-c]* x{1,3}\nx ::= (\"\\x41\" | \"\\u00e9\")?").isEmpty)
        #expect(!PortableGBNF.problems(in: "root ::= <[1234]>").isEmpty, "token terminals")
        #expect(!PortableGBNF.problems(in: "root ::= !\"a\"").isEmpty, "negation")
        #expect(!PortableGBNF.problems(in: "root ::= y").isEmpty, "undefined rule")
        #expect(!PortableGBNF.problems(in: "start: \"a\"").isEmpty, "Lark")
        #expect(!PortableGBNF.problems(in: "root ::= \"a\\q\"").isEmpty, "unknown escape")
    }
}
