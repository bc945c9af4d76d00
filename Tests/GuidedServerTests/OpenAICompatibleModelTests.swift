import Foundation
import Guided
@testable import GuidedServer
import Testing
import TestSupport

/// How an OpenAI-style answer is read and checked before anything reaches a draft (no server:
/// the answers are written here; `ServerDialectTests` runs the real model behind each dialect).
@Suite struct OpenAICompatibleModelTests {
    static let note = "Lunch at Casa Lucio, 48.50"

    static func request(_ decide: @escaping @Sendable (ChoicePoint, [Double]) -> Int = { ChoiceCalibration.argmax($1) }) throws -> GenerationRequest {
        // The category a closed choice, as an enumeration property is to a session.
        let schema = GenerationSchema.object("Expense", [
            .init("merchant", .string(.substring(of: note), .maxLength(40)).orNull),
            .init("amount", .decimal(.minimum(0)).orNull),
            .init("category", .enumeration(["food", "travel", "shopping", "other"])),
        ])
        return GenerationRequest(prompt: "Input: \(note)\nOutput:", grammar: try GrammarCompiler().compile(schema, prefix: " "),
                                 decide: decide, schema: schema)
    }

    static func text(_ pieces: [GeneratedPiece]) -> String { String(decoding: pieces.flatMap(\.bytes), as: UTF8.self) }

    /// Tokens spelling `parts` joined, each listing itself and `alternatives` where given.
    static func answer(_ parts: [(String, Double, [String: Double])]) -> OpenAICompatibleModel.Answer {
        let tokens = parts.map { text, logProbability, alternatives in
            OpenAICompatibleModel.ListedToken(
                bytes: Array(text.utf8), logProbability: logProbability,
                alternatives: Dictionary(uniqueKeysWithValues: alternatives.map { (Array($0.key.utf8), $0.value) })
                    .merging([Array(text.utf8): logProbability]) { a, _ in a })
        }
        return .init(text: parts.flatMap { Array($0.0.utf8) }, tokens: tokens)
    }

    @Test func anAnswerInAnyLayoutIsWrittenAgainInTheGrammarsLayout() throws {
        let fenced = "```json\n{\n  \"merchant\": \"Casa Lucio\",\n  \"amount\": 48.5,\n  \"category\": \"food\"\n}\n```"
        let pieces = try OpenAICompatibleModel.settle(.init(text: Array(fenced.utf8), tokens: []), Self.request())
        #expect(Self.text(pieces) == " {\"merchant\": \"Casa Lucio\", \"amount\": 48.5, \"category\": \"food\"}")
        // No log-probabilities listed: every value is neither trusted nor doubted.
        let values = pieces.filter { $0.logProbability != 0 }
        #expect(values.count == 3 && values.allSatisfy { abs($0.logProbability - log(0.5)) < 1e-9 }, "\(values)")
    }

    @Test func aValueOutsideTheSchemaIsWrittenAsNullWithNoConfidence() throws {
        let invented = #"{"merchant": "Casa Lucia Bistro", "amount": 48.5, "category": "food"}"#
        let pieces = try OpenAICompatibleModel.settle(.init(text: Array(invented.utf8), tokens: []), Self.request())
        #expect(Self.text(pieces) == " {\"merchant\": null, \"amount\": 48.5, \"category\": \"food\"}")
        let merchant = try #require(pieces.first { String(decoding: $0.bytes, as: UTF8.self) == "null" })
        #expect(exp(merchant.logProbability) < 0.02)
    }

    @Test func aChoiceOutsideTheOptionsWithNothingToChooseByFails() throws {
        let answer = #"{"merchant": null, "amount": 48.5, "category": "groceries"}"#
        #expect(throws: GenerationError.self) {
            try OpenAICompatibleModel.settle(.init(text: Array(answer.utf8), tokens: []), Self.request())
        }
        let truncated = #"{"merchant": null, "amount": 48"#
        #expect(throws: ServerError.self) {
            try OpenAICompatibleModel.settle(.init(text: Array(truncated.utf8), tokens: []), Self.request())
        }
    }

    @Test func aChoiceIsDecidedHereFromTheLogProbabilitiesListedWhereTheValueStarts() throws {
        let answer = Self.answer([
            (#"{"merchant": null, "amount": 48.5, "category":"#, -0.1, [:]),
            (#" ""#, -0.01, [:]),
            ("food", -1.2, ["travel": -0.6, "shop": -2.5, " ": -4]),
            (#""}"#, -0.01, [:]),
        ])
        let recorded = Recorded()
        let pieces = try OpenAICompatibleModel.settle(answer, Self.request { point, scores in
            recorded.add(point, scores)
            return ChoiceCalibration.argmax(scores)
        })
        #expect(Self.text(pieces) == " {\"merchant\": null, \"amount\": 48.5, \"category\": \"travel\"}")
        let (point, scores) = try #require(recorded.first)
        #expect(point.path == "category")
        // food and travel as listed, shopping by its first token "shop", other unlisted: the least listed.
        #expect(scores == [-1.2, -0.6, -2.5, -4])
        // The merchant's confidence comes from the tokens over it.
        #expect(pieces.contains { String(decoding: $0.bytes, as: UTF8.self) == "null" && $0.logProbability == -0.1 })
    }

    @Test func bothLogProbabilityFormsAreRead() throws {
        let completions = #"{"choices": [{"text": " {\"a\": 1}", "logprobs": {"tokens": [" {\"", "a", "\": 1}"], "token_logprobs": [-0.5, -0.25, -0.125], "top_logprobs": [{" {\"": -0.5}, {"a": -0.25, "b": -2.0}, {"\": 1}": -0.125}]}}]}"#
        let read = try OpenAICompatibleModel.answer(from: Data(completions.utf8), chat: false)
        #expect(String(decoding: read.text, as: UTF8.self) == " {\"a\": 1}")
        #expect(read.tokens.map(\.logProbability) == [-0.5, -0.25, -0.125])
        #expect(read.tokens[1].alternatives[Array("b".utf8)] == -2.0)
        let chat = #"{"choices": [{"message": {"content": "{\"a\": 1}"}, "logprobs": {"content": [{"token": "{\"a", "bytes": [123, 34, 97], "logprob": -0.5, "top_logprobs": [{"token": "{\"b", "logprob": -1.5}]}, {"token": "\": 1}", "logprob": -0.1}, {"token": "\n", "logprob": -0.2}]}}]}"#
        let message = try OpenAICompatibleModel.answer(from: Data(chat.utf8), chat: true)
        #expect(message.tokens.count == 3, "space listed past the trimmed content is no matter")
        #expect(message.tokens[0].alternatives[Array("{\"b".utf8)] == -1.5)
        let mismatched = #"{"choices": [{"text": "{}", "logprobs": {"tokens": ["x"], "token_logprobs": [-1.0]}}]}"#
        #expect(try OpenAICompatibleModel.answer(from: Data(mismatched.utf8), chat: false).tokens.isEmpty)
        #expect(throws: ServerError.self) { try OpenAICompatibleModel.answer(from: Data("{}".utf8), chat: true) }
    }

    @Test func eachDialectCarriesTheConstraintItsServerReads() throws {
        let endpoint = ServerEndpoint(baseURL: URL(string: "http://127.0.0.1:9")!)
        let request = try Self.request()
        let vllm = try OpenAICompatibleModel(endpoint: endpoint, dialect: .vllm, modelName: "m").body(for: request)
        #expect((vllm["structured_outputs"] as? [String: Any])?["grammar"] as? String == request.grammar.text)
        #expect(vllm["logprobs"] as? Int == 20 && vllm["prompt"] as? String == request.prompt && vllm["temperature"] as? Int == 0)
        let sglang = try OpenAICompatibleModel(endpoint: endpoint, dialect: .sglang, modelName: "m").body(for: request)
        #expect(sglang["ebnf"] as? String == request.grammar.text && sglang["structured_outputs"] == nil)
        let generic = try OpenAICompatibleModel(endpoint: endpoint, dialect: .openAI, modelName: "m").body(for: request)
        let format = try #require(generic["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        #expect(((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])?["required"] as? [String]
                == ["merchant", "amount", "category"])
        #expect(generic["prompt"] == nil && (generic["messages"] as? [[String: String]])?.first?["content"] == request.prompt)
    }
}

/// The choices `decide` was asked about.
final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(ChoicePoint, [Double])] = []
    func add(_ point: ChoicePoint, _ scores: [Double]) { lock.withLock { list.append((point, scores)) } }
    var first: (ChoicePoint, [Double])? { lock.withLock { list.first } }
}
