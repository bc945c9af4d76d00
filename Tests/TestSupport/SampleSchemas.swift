import Foundation
import Guided

/// Generable types used across the Guided tests (and mirrored in the model tests).

public struct QuizQuestion: Generable, Equatable {
    public var question: String
    public var choices: [String]
    public var answerIndex: Int

    public static var generationSchema: GenerationSchema {
        .object("QuizQuestion", [
            .init("question", description: "the question", .string(.maxLength(120))),
            .init("choices", .array(of: .string(.maxLength(40)), .count(4))),
            .init("answerIndex", .integer(.range(0...3))),
        ])
    }

    public init(_ content: GeneratedContent) throws {
        question = try content.string("question")
        choices = try content.array("choices").map { try $0.stringValue.orThrow("choices[]", "a string") }
        answerIndex = try content.int("answerIndex")
    }
}

public struct Theme: Generable, Equatable {
    public enum Mood: String, CaseIterable, Sendable { case calm, bold, playful }
    public var name: String
    public var size: Int
    public var mood: Mood

    public static var generationSchema: GenerationSchema {
        .object("Theme", [
            .init("name", .string(.pattern("^[A-Z][a-z]+( [A-Z][a-z]+)?$"))),
            .init("size", .integer(.range(3...30))),
            .init("mood", .enumeration(Mood.self)),
        ])
    }

    public init(_ content: GeneratedContent) throws {
        name = try content.string("name")
        size = try content.int("size")
        mood = try Mood(rawValue: content.string("mood")).orThrow("mood", "a mood")
    }
}

public struct Recipe: Generable, Equatable {
    public struct Ingredient: Equatable, Sendable {
        public var name: String
        public var grams: Double?
    }
    public var title: String
    public var ingredients: [Ingredient]
    public var vegetarian: Bool
    public var note: String?

    public static var ingredientSchema: GenerationSchema {
        .object("Ingredient", [
            .init("name", .string(.maxLength(30))),
            .init("grams", .double(.range(0...5000)).orNull),
        ])
    }

    public static var generationSchema: GenerationSchema {
        .object("Recipe", [
            .init("title", .string(.maxLength(60))),
            .init("ingredients", .array(of: ingredientSchema, .minimumCount(1), .maximumCount(4))),
            .init("vegetarian", .boolean),
            .init("note", .string(.maxLength(80)).orNull),
        ])
    }

    public init(_ content: GeneratedContent) throws {
        title = try content.string("title")
        ingredients = try content.array("ingredients").map {
            Ingredient(name: try $0.string("name"), grams: $0["grams"]?.doubleValue)
        }
        vegetarian = try content.bool("vegetarian")
        note = try content.optionalString("note")
    }
}

/// A run-time schema: the merchant must be copied from the note.
public func groundedExpenseSchema(note: String) -> GenerationSchema {
    .object("Expense", [
        .init("merchant", .string(.substring(of: note), .maxLength(40)).orNull),
        .init("amount", .decimal(.minimum(0)).orNull),
        .init("category", .string(.anyOf(["food", "travel", "shopping", "other"]))),
    ])
}

extension Optional {
    public func orThrow(_ path: String, _ expected: String) throws -> Wrapped {
        guard let self else { throw GeneratedContentError(path: path, expected: expected) }
        return self
    }
}
