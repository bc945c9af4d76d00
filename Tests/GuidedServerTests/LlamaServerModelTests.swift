import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Guided
import Synchronization
import GuidedLlama
@testable import GuidedServer
import Testing
import TestSupport

@Suite(.serialized) struct LlamaServerModelTests {
    static let examples: [LanguageModelSession.Example] = [
        ("Dinner at Osteria Vela with the sales team, 86.40", "Osteria Vela", "86.40"),
        ("train to Utrecht 18,20 for the workshop", nil, "18.20"),
        ("USB-C hub and a webcam from Tekno Hall 59.90", "Tekno Hall", "59.90"),
    ].map { note, merchant, amount in
        .init(input: note, output: .object([
            ("merchant", merchant.map(GeneratedContent.string) ?? .null), ("amount", .number(amount)),
        ]))
    }

    /// A schema without closed choices: both models decode it greedily, token by token.
    static func schema(note: String) -> GenerationSchema {
        .object("Expense", [
            .init("merchant", .string(.substring(of: note), .maxLength(40)).orNull),
            .init("amount", .decimal(.minimum(0)).orNull),
        ])
    }

    static func answers(_ model: any LanguageModel, notes: [String]) async throws -> [GeneratedContent] {
        var results: [GeneratedContent] = []
        for note in notes {
            let session = LanguageModelSession(model: model, instructions: "Fill in the expense of each note.",
                                               examples: examples)
            results.append(try await session.respond(to: note, generating: GeneratedContent.self,
                                                     schema: schema(note: note)).rawContent)
        }
        return results
    }

    /// The merchant and the amount's value of an answer.
    static func fields(_ content: GeneratedContent) -> [String] {
        guard case .object(let properties) = content else { return [] }
        return properties.map { key, value in
            if case .number(let text) = value { return "\(key)=\(Decimal(string: text) ?? -1)" }
            return "\(key)=\(value.jsonString)"
        }
    }

    @Test func theServerAnswersAsTheInProcessModelDoes() async throws {
        let server = try await RunningServer()
        let notes = ["croissants and coffee at Maison Pell 7.80", "two nights at Hostal Brisa, 132 euros"]
        let info = try await ServerInfo.probe(ServerEndpoint(baseURL: server.url))
        let modelName = info.modelName
        #expect(info.dialect == .llamaServer)
        #expect(modelName == TestEnvironment.modelURL.lastPathComponent)
        #expect(info.slots == 1)
        let remote = LlamaServerModel(endpoint: ServerEndpoint(baseURL: server.url), modelName: modelName)
        let local = try LlamaLanguageModel(url: TestEnvironment.modelURL, contextLength: 2048)
        let served = try await Self.answers(remote, notes: notes)
        let inProcess = try await Self.answers(local, notes: notes)
        // The same fields: the same merchant, the same amount (a number may keep or drop its zero cents).
        #expect(served.map(Self.fields) == inProcess.map(Self.fields),
                "server: \(served.map(\.jsonString)) in-process: \(inProcess.map(\.jsonString))")
        // Every piece carries the model's log-probability, as the in-process model reports it.
        let session = LanguageModelSession(model: remote, examples: Self.examples)
        let response = try await session.respond(to: notes[0], generating: GeneratedContent.self,
                                                 schema: Self.schema(note: notes[0]))
        #expect(response.rawContent == served[0])
        #expect(remote.identity.name.hasPrefix(modelName + " at http://127.0.0.1:"))
    }

    /// A closed choice before another field; two options share their first word, so scoring them
    /// needs the token after it too.
    static func choiceSchema(note: String) -> GenerationSchema {
        .object("Expense", [
            .init("kind", .enumeration(["taxi fare", "taxi ride", "groceries", "other"])),
            .init("amount", .decimal(.minimum(0)).orNull),
        ])
    }

    static let choiceExamples: [LanguageModelSession.Example] = [
        ("taxi to the airport 41.00", "taxi fare", "41.00"), ("bread and cheese 8.20", "groceries", "8.20"),
        ("a ride across town 12.50", "taxi ride", "12.50"), ("concert tickets 60", "other", "60"),
    ].map { note, kind, amount in
        .init(input: note, output: .object([("kind", .string(kind)), ("amount", .number(amount))]))
    }

    static func choices(_ model: any LanguageModel, notes: [String], calibration: ChoiceCalibration)
        async throws -> [(content: GeneratedContent, probabilities: [Double])] {
        var results: [(GeneratedContent, [Double])] = []
        for note in notes {
            let session = LanguageModelSession(model: model, instructions: "Fill in the expense of each note.",
                                               examples: choiceExamples)
            let response = try await session.respond(to: note, generating: GeneratedContent.self,
                                                     schema: choiceSchema(note: note), calibration: calibration)
            results.append((response.rawContent, response.choices["kind"] ?? []))
        }
        return results
    }

    @Test func theServerDecidesChoicesAsTheInProcessModelDoes() async throws {
        let server = try await RunningServer()
        let remote = LlamaServerModel(endpoint: ServerEndpoint(baseURL: server.url), modelName: "m")
        // One thread, as the server runs: another thread count changes the logits' last digits.
        let local = try LlamaLanguageModel(url: TestEnvironment.modelURL, contextLength: 2048, threads: 1)
        let notes = ["cab from the station to the hotel 23.10", "milk, eggs and bread 12.45", "a gift for Mara 30"]
        // Uncalibrated, a strong push for one option (where the server wrote another, it writes
        // the pushed one and generates the rest after it), and a push for the option the model
        // likes least. With examples the server writes the structure in the tokens the in-process
        // model feeds (without them it may spell `kind` as `k` `ind`, and the model then sees
        // another text; see the README).
        for calibration in [ChoiceCalibration.none, .none.adding(evidence: ["taxi ride": 30], at: "kind"),
                            .none.adding(evidence: ["groceries": 2, "other": -2], at: "kind")] {
            let served = try await Self.choices(remote, notes: notes, calibration: calibration)
            let inProcess = try await Self.choices(local, notes: notes, calibration: calibration)
            #expect(served.map { Self.fields($0.content) } == inProcess.map { Self.fields($0.content) },
                    "server: \(served.map(\.content.jsonString)) in-process: \(inProcess.map(\.content.jsonString))")
            for (remoteAnswer, localAnswer) in zip(served, inProcess) {
                #expect(remoteAnswer.probabilities.count == 4)
                for (a, b) in zip(remoteAnswer.probabilities, localAnswer.probabilities) {
                    // The same scores, up to the noise of other batch sizes and thread counts (seen: ≤ 0.053).
                    #expect(abs(a - b) < 0.08, "option probabilities: server \(remoteAnswer.probabilities) in-process \(localAnswer.probabilities)")
                }
            }
        }
        let pushed = try await Self.choices(remote, notes: notes, calibration: .none.adding(evidence: ["taxi ride": 30], at: "kind"))
        #expect(pushed.allSatisfy { Self.fields($0.content).first == "kind=\"taxi ride\"" }, "\(pushed.map(\.content.jsonString))")
    }

    /// A value is read only until its rest is known (`GenerationRequest.forcedText`): the stream
    /// is closed there, and the server, told so, stops generating.
    @Test func aStreamIsClosedOnceTheRestIsKnown() async throws {
        let (process, port) = try startFixtureServer("broken_server.py", ["endless", "0"])
        defer { process.kill9() }
        let url = URL(string: "http://127.0.0.1:\(port)")!
        let model = LlamaServerModel(endpoint: ServerEndpoint(baseURL: url), modelName: "scripted")
        let pieces = Mutex<[UInt8]>([])
        let tokens = try await model.completion(prompt: .text("Note: ferry"), grammar: nil, maximumTokens: 500,
                                                emit: { piece in pieces.withLock { $0 += piece.bytes } },
                                                enough: { $0.last == UInt8(ascii: "\"") })
        #expect(tokens.flatMap(\.bytes) == Array(" Ferry\"".utf8))
        #expect(pieces.withLock { $0 } == Array(" Ferry\"".utf8), "nothing after the point is handed on")
        var closed = "no"
        for _ in 0..<100 where closed != "yes" {
            try await Task.sleep(nanoseconds: 50_000_000)
            closed = try String(contentsOf: url.appendingPathComponent("closed"), encoding: .utf8)
        }
        #expect(closed == "yes", "the server never saw the stream closed")
    }

    /// A token the caller refuses is not taken: the stream ends before it, and the caller reads
    /// the most likely token the server listed there (a digit the grammar did not allow).
    @Test func aRefusedTokenEndsTheStreamBeforeIt() throws {
        func event(_ text: String, id: Int, likeliest: String) -> String {
            let entry: [String: Any] = ["id": id, "bytes": Array(text.utf8).map(Int.init), "logprob": -0.5, "top_logprobs": [
                ["id": 7, "bytes": Array(likeliest.utf8).map(Int.init), "logprob": -0.1],
                ["id": id, "bytes": Array(text.utf8).map(Int.init), "logprob": -0.5],
            ]]
            let object: [String: Any] = ["content": text, "stop": false, "completion_probabilities": [entry]]
            return "data: " + String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n\n"
        }
        let seen = Mutex<[UInt8]>([])
        let reader = EventReader(emit: { piece in seen.withLock { $0 += piece.bytes } },
                                 refuse: { written, token in !written.isEmpty && token.likeliest.map(GenerationRequest.startsWithSymbol) == true })
        #expect(reader.receive(Data(event(" Hotel", id: 1, likeliest: " Hotel").utf8)))
        #expect(!reader.receive(Data((event(" Aurora", id: 2, likeliest: ",") + event("x", id: 3, likeliest: "x")).utf8)))
        #expect(try reader.finish(url: "http://scripted").flatMap(\.bytes) == Array(" Hotel".utf8))
        #expect(seen.withLock { $0 } == Array(" Hotel".utf8))
        #expect(GenerationRequest.startsWithSymbol(Array(" 2".utf8)) && !GenerationRequest.startsWithSymbol(Array("\"".utf8))
                && !GenerationRequest.startsWithSymbol(Array(" Aurora".utf8)))
    }

    @Test func aGrammarTheServerRejectsFailsAtOnceWithItsMessage() async throws {
        let server = try await RunningServer()
        let model = LlamaServerModel(endpoint: ServerEndpoint(baseURL: server.url, attempts: 4), modelName: "m")
        let request = GenerationRequest(prompt: "x", grammar: Grammar("root ::= ("))
        await #expect(throws: ServerError.status(code: 400, message: "Failed to initialize samplers: failed to parse grammar")) {
            for try await _ in model.generate(request) {}
        }
        // That it is not tried again is counted by the scripted server (BrokenServerTests), not timed here.
    }

    @Test func aServerThatIsDownIsUnreachableAfterEveryTry() async throws {
        // A port nothing listens on (the random one a server would have had, with none started).
        let url = URL(string: "http://127.0.0.1:\(freePort())")!
        let model = LlamaServerModel(endpoint: ServerEndpoint(baseURL: url, attempts: 2), modelName: "m")
        let request = GenerationRequest(prompt: "x", grammar: Grammar("root ::= \"a\""))
        do {
            for try await _ in model.generate(request) {}
            Issue.record("a request to a server that is down succeeded")
        } catch let error as ServerError {
            guard case .unreachable(let reported, _) = error else { Issue.record("\(error)"); return }
            #expect(reported == url.absoluteString)
            #expect(error.description.contains("start it, or check --server"))
        }
    }

    @Test func waitsWhatRetryAfterSaysAndBacksOffOtherwise() {
        #expect(ServerClient.delay(attempt: 1, retryAfter: 2) == 2)
        #expect(ServerClient.delay(attempt: 1, retryAfter: 3600) == 60)
        let first = ServerClient.delay(attempt: 1, retryAfter: nil)
        let third = ServerClient.delay(attempt: 3, retryAfter: nil)
        #expect((0.25...0.375).contains(first))
        #expect((1.0...1.5).contains(third))
    }

    @Test func theURLShownHoldsNoCredentials() {
        let endpoint = ServerEndpoint(baseURL: URL(string: "http://ana:secret@gpu.local:8080")!, apiKey: "k")
        #expect(endpoint.displayURL == "http://gpu.local:8080")
        let model = LlamaServerModel(endpoint: endpoint, modelName: "big.gguf")
        #expect(!model.identity.name.contains("secret"))
    }
}
