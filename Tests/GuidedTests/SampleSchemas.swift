import Foundation
import Guided

/// Generable types used across the Guided tests (and mirrored in the model tests).

struct QuizQuestion: Generable, Equatable {
    var question: String
    var choices: [String]
    var answerIndex: Int

    static var generationSchema: GenerationSchema {
        .object("QuizQuestion", [
            .init("question", description: "the question", .string(.maxLength(120))),
            .init("choices", .array(of: .string(.maxLength(40)), .count(4))),
            .init("answerIndex", .integer(.range(0...3))),
        ])
    }

    init(_ content: GeneratedContent) throws {
        question = try content.string("question")
        choices = try content.array("choices").map { try $0.stringValue.orThrow("choices[]", "a string") }
        answerIndex = try content.int("answerIndex")
    }
}

struct Theme: Generable, Equatable {
    enum Mood: String, CaseIterable { case calm, bold, playful }
    var name: String
    var size: Int
    var mood: Mood

    static var generationSchema: GenerationSchema {
        .object("Theme", [
            .init("name", .string(.pattern("^[A-Z][a-z]+( [A-Z][a-z]+)?$"))),
            .init("size", .integer(.range(3...30))),
            .init("mood", .enumeration(Mood.self)),
        ])
    }

    init(_ content: GeneratedContent) throws {
        name = try content.string("name")
        size = try content.int("size")
        mood = try Mood(rawValue: content.string("mood")).orThrow("mood", "a mood")
    }
}

struct Recipe: Generable, Equatable {
    struct Ingredient: Equatable {
        var name: String
        var grams: Double?
    }
    var title: String
    var ingredients: [Ingredient]
    var vegetarian: Bool
    var note: String?

    static var ingredientSchema: GenerationSchema {
        .object("Ingredient", [
            .init("name", .string(.maxLength(30))),
            .init("grams", .double(.range(0...5000)).orNull),
        ])
    }

    static var generationSchema: GenerationSchema {
        .object("Recipe", [
            .init("title", .string(.maxLength(60))),
            .init("ingredients", .array(of: ingredientSchema, .minimumCount(1), .maximumCount(4))),
            .init("vegetarian", .boolean),
            .init("note", .string(.maxLength(80)).orNull),
        ])
    }

    init(_ content: GeneratedContent) throws {
        title = try content.string("title")
        ingredients = try content.array("ingredients").map {
            Ingredient(name: try $0.string("name"), grams: $0["grams"]?.doubleValue)
        }
        vegetarian = try content.bool("vegetarian")
        note = try content.optionalString("note")
    }
}

/// A run-time schema: the merchant must be copied from the note.
func groundedExpenseSchema(note: String) -> GenerationSchema {
    .object("Expense", [
        .init("merchant", .string(.substring(of: note), .maxLength(40)).orNull),
        .init("amount", .decimal(.minimum(0)).orNull),
        .init("category", .string(.anyOf(["food", "travel", "shopping", "other"]))),
    ])
}

extension Optional {
    func orThrow(_ path: String, _ expected: String) throws -> Wrapped {
        guard let self else { throw GeneratedContentError(path: path, expected: expected) }
        return self
    }
}
