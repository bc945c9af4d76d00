import Foundation
import Testing
import TestSupport

/// The dialects other than llama-server's own: vLLM's and SGLang's (played by
/// `openai_dialects.py` in front of the real llama-server, which runs the model under the grammar
/// each request carries), and any OpenAI-compatible server taking only a JSON schema (the real
/// llama-server's `/v1/chat/completions`, told `--server-dialect openai`).
@Suite(.serialized) struct ServerDialectTests {
    static let notes = ["Lunch with Ana at Casa Verde, 48.50 for the team offsite", "Paint and a roller from Brico Nord 34.90"]

    /// `openai_dialects.py MODE` in front of `upstream`, ready; killed by the caller.
    static func startDialect(_ mode: String, upstream: URL) throws -> (process: Process, url: String) {
        let (process, port) = try startFixtureServer("openai_dialects.py", [mode, "0", upstream.absoluteString])
        return (process, "http://127.0.0.1:\(port)")
    }

    static func draft(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    /// The request bodies the scripted server received.
    static func requests(_ url: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(string: url + "/requests")!)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func vLLMAndSGLangAreDetectedAndGetTheGrammarWhereEachReadsIt() async throws {
        let server = try await RunningServer()
        var fieldsByDialect: [String: [String]] = [:]
        for mode in ["vllm", "sglang"] {
            let (process, url) = try Self.startDialect(mode, upstream: server.url)
            defer { process.kill9() }
            let doctor = try runNoteLedger(["doctor", "--server", url])
            #expect(doctor.stdout.contains("server dialect  \(mode):"), "\(doctor.stdout)")
            #expect(doctor.stdout.contains("server model    gemma-3-270m-it"), "\(doctor.stdout)")
            for note in Self.notes {
                let result = try runNoteLedger(["extract", "--backend", "server", "--server", url, note])
                #expect(result.status == 0, "\(result.stderr)")
                let draft = try Self.draft(result.stdout)
                #expect(draft["origin"] as? String == "model gemma-3-270m-it at \(url)", "\(result.stdout)")
                if let merchant = draft["merchant"] as? String { #expect(note.contains(merchant), "grounded: \(merchant)") }
                #expect(["food", "travel", "shopping", "other"].contains(draft["category"] as? String ?? ""), "\(result.stdout)")
                fieldsByDialect[mode, default: []].append(
                    ["merchant", "amount", "category", "purpose"].map { "\(draft[$0] ?? "nil")" }.joined(separator: "|"))
            }
            // Every completion carried the grammar the dialect's way (the script refuses any other).
            let completions = try Self.requests(url).filter { $0["path"] as? String == "/v1/completions" }
            // Each note, and before the first note of each run the content-free inputs of calibration.
            #expect(completions.count > Self.notes.count)
            for request in completions {
                let body = try #require(request["body"] as? [String: Any])
                let grammar = mode == "vllm" ? (body["structured_outputs"] as? [String: Any])?["grammar"] : body["ebnf"]
                #expect((grammar as? String)?.hasPrefix("root ::= ") == true, "\(body.keys.sorted())")
                #expect(body["logprobs"] as? Int == 20 && body["temperature"] as? Int == 0)
            }
        }
        // The same grammar through either door: the same answers.
        #expect(fieldsByDialect["vllm"] == fieldsByDialect["sglang"], "\(fieldsByDialect)")
    }

    @Test func anOpenAICompatibleServerGetsAJSONSchemaAndItsAnswersAreGrounded() async throws {
        let server = try await RunningServer()
        let url = server.url.absoluteString
        let doctor = try runNoteLedger(["doctor", "--server", url, "--server-dialect", "openai"])
        #expect(doctor.stdout.contains("server dialect  openai (--server-dialect): a JSON schema"), "\(doctor.stdout)")
        for note in Self.notes {
            let result = try runNoteLedger(["extract", "--backend", "server", "--server", url, "--server-dialect", "openai", note],
                                           environment: ["NOTELEDGER_SERVER_MODEL": TestEnvironment.modelPath])
            #expect(result.status == 0, "\(result.stderr)")
            let draft = try Self.draft(result.stdout)
            #expect(draft["origin"] as? String == "model \(TestEnvironment.modelPath) at \(url)", "\(result.stdout)")
            if let merchant = draft["merchant"] as? String { #expect(note.contains(merchant), "grounded: \(merchant)") }
            #expect(["food", "travel", "shopping", "other"].contains(draft["category"] as? String ?? ""), "\(result.stdout)")
            #expect(draft["amount"] as? String == (note.contains("48.50") ? "48.50" : "34.90"))
        }
        let unknown = try runNoteLedger(["extract", "--backend", "server", "--server", url, "--server-dialect", "openai",
                                         "--server-model", "no-such-model", Self.notes[0]])
        #expect(unknown.stderr.contains("does not serve the model 'no-such-model'"), "\(unknown.stderr)")
        #expect(unknown.stdout.contains("\"origin\": \"rules\""), "\(unknown.stdout)")
        let bad = try runNoteLedger(["extract", "--backend", "server", "--server", url, "--server-dialect", "tgi", Self.notes[0]])
        #expect(bad.status == 64 && bad.stderr.contains("--server-dialect must be one of llama-server, vllm, sglang, openai"),
                "\(bad.stderr)")
    }

    @Test func aServerThatIgnoresTheSchemaPutsNoInventedValueIntoADraft() async throws {
        let server = try await RunningServer()
        let (process, url) = try Self.startDialect("fail-open", upstream: server.url)
        defer { process.kill9() }
        let result = try runNoteLedger(["extract", "--backend", "server", "--server", url, Self.notes[0]])
        #expect(result.status == 0, "\(result.stderr)")
        let draft = try Self.draft(result.stdout)
        // It answered "Invented Bistro", which the note does not hold: not taken, and to review. The
        // name the note itself introduces ("at Casa Verde") stands in, as when a model copies no one.
        #expect(draft["merchant"] as? String == "Casa Verde", "\(result.stdout)")
        #expect(!result.stdout.contains("Invented Bistro"), "\(result.stdout)")
        #expect((draft["review"] as? [String])?.contains { $0.hasPrefix("low confidence in merchant") } == true, "\(result.stdout)")
        #expect(draft["category"] as? String == "food" && draft["amount"] as? String == "48.50", "\(result.stdout)")
        let requests = try Self.requests(url).filter { $0["path"] as? String == "/v1/chat/completions" }
        let format = (requests.first?["body"] as? [String: Any])?["response_format"] as? [String: Any]
        #expect(format?["type"] as? String == "json_schema", "a JSON schema was sent: \(requests)")
    }
}
