import Foundation
import GuidedLlama
import TestSupport
import Testing

/// Integration tests with the real default model (fetched by `make deps`).
@Suite(.serialized) struct LlamaGeneratorTests {
    static let model: Result<LlamaModel, any Error> = Result { try LlamaModel(url: TestEnvironment.modelURL) }

    func loadedModel() throws -> LlamaModel {
        do {
            return try Self.model.get()
        } catch {
            Issue.record("the default model must be present (run `make deps`): \(error)")
            throw error
        }
    }

    @Test func theDefaultModelLoadsWithItsVocabulary() throws {
        let model = try loadedModel()
        #expect(model.vocabularySize > 1000)
        #expect(model.trainingContextLength >= 2048)
        #expect(model.summary.lowercased().contains("gemma3"))
    }

    @Test func outputFollowsAnAlternationGrammar() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 512)
        let text = try generator.generate(
            prompt: "Q: Is the sky blue on a clear day? Answer yes or no.\nA:",
            grammar: #"root ::= " " ("yes" | "no")"#, maxTokens: 8)
        #expect([" yes", " no"].contains(text))
    }

    @Test func outputFollowsARepetitionGrammar() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 512)
        let text = try generator.generate(
            prompt: "Lunch at Casa Lucio cost 48.50 euros. The amount in cents is",
            grammar: #"root ::= " " [1-9] [0-9]{0,5}"#, maxTokens: 10)
        #expect(text.wholeMatch(of: /^ [1-9][0-9]{0,5}$/) != nil, "got \(text)")
    }

    @Test func aSecondPromptWithASharedPrefixStillFollowsTheGrammar() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 512)
        let grammar = #"root ::= " {\"ok\": " ("true" | "false") "}""#
        let first = try generator.generate(prompt: "Answer in JSON. Is 2 even?", grammar: grammar, maxTokens: 12)
        let second = try generator.generate(prompt: "Answer in JSON. Is 3 even?", grammar: grammar, maxTokens: 12)
        for text in [first, second] {
            #expect(text == #" {"ok": true}"# || text == #" {"ok": false}"#, "got \(text)")
        }
    }

    @Test func everyTokenCarriesAFiniteLogProbability() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 512)
        var tokens: [GeneratedToken] = []
        try generator.generate(prompt: "Count: one, two,", grammar: #"root ::= " three""#, maxTokens: 8) {
            tokens.append($0)
            return true
        }
        #expect(String(decoding: tokens.flatMap(\.bytes), as: UTF8.self) == " three")
        #expect(tokens.allSatisfy { $0.logProbability.isFinite && $0.logProbability <= 0 })
    }

    @Test func aBadGrammarIsRejectedWithTheGrammarAttached() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 512)
        let grammar = "root ::= missing_rule"
        #expect(throws: LlamaError.grammarRejected(grammar: grammar)) {
            try generator.generate(prompt: "x", grammar: grammar, maxTokens: 4)
        }
    }

    @Test func aPromptLongerThanTheContextIsATypedError() throws {
        let generator = try LlamaGenerator(model: loadedModel(), contextLength: 256)
        let prompt = String(repeating: "taxi to the airport 23.10 ", count: 200)
        let error = try #require(throws: LlamaError.self) {
            try generator.generate(prompt: prompt, grammar: #"root ::= "x""#, maxTokens: 4)
        }
        guard case .contextWindowExceeded(let tokens, let limit) = error else {
            Issue.record("expected contextWindowExceeded, got \(error)")
            return
        }
        #expect(tokens > limit)
        #expect(limit == 256)
    }

    @Test func aMissingModelFileIsUnavailableWithAReason() throws {
        let path = "/nonexistent/model-\(UUID().uuidString).gguf"
        #expect(throws: LlamaError.modelUnavailable(path: path, reason: "no such file")) {
            try LlamaModel(url: URL(fileURLWithPath: path))
        }
    }

    @Test(arguments: [
        ("not a model at all", "not a GGUF file (wrong magic bytes)"),
        ("GGUF\u{3}\0\0\0truncated header and garbage", "llama.cpp could not load it (corrupt or unsupported GGUF)"),
    ])
    func aCorruptFileIsUnavailableWithAReason(content: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(content, to: "broken.gguf")
        #expect(throws: LlamaError.modelUnavailable(path: path, reason: reason)) {
            try LlamaModel(url: URL(fileURLWithPath: path))
        }
    }
}
