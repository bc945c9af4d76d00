import Foundation
import Guided

/// How an inference server takes a constrained request.
public enum ServerDialect: String, CaseIterable, Sendable {
    /// llama.cpp's `llama-server`: native `/completion` with a GBNF `grammar`, `n_probs`,
    /// `cache_prompt` and tokens in the prompt (`LlamaServerModel`).
    case llamaServer = "llama-server"
    /// vLLM ≥ 0.12: `/v1/completions` with `structured_outputs: {grammar: …}` and `logprobs`.
    case vllm
    /// SGLang: `/v1/completions` with `ebnf` and `logprobs`.
    case sglang
    /// Any other OpenAI-compatible server (Ollama, gateways): `/v1/chat/completions` with a JSON
    /// schema as `response_format`; per-note limits become `enum`s and every answer is checked here.
    case openAI = "openai"

    /// What the dialect sends as the constraint, for `doctor`.
    public var constraint: String {
        switch self {
        case .llamaServer: "a GBNF grammar per value on /completion; options scored here from the server's log-probabilities"
        case .vllm: "the GBNF grammar as structured_outputs.grammar on /v1/completions; answers checked here"
        case .sglang: "the GBNF grammar as ebnf on /v1/completions; answers checked here"
        case .openAI: "a JSON schema as response_format on /v1/chat/completions (no grammar); answers checked here"
        }
    }

    /// The names `--server-dialect` takes.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What an inference server runs, as it says: its dialect, the model it serves, how many
/// requests it works on at once (nil when it does not say).
public struct ServerInfo: Sendable, Equatable {
    public let dialect: ServerDialect
    public let modelName: String
    public let slots: Int?

    public init(dialect: ServerDialect, modelName: String, slots: Int?) {
        self.dialect = dialect
        self.modelName = modelName
        self.slots = slots
    }

    /// Asks the server: llama-server answers `/props` (model file, `total_slots`); vLLM and SGLang
    /// name themselves as the `owned_by` of their `/v1/models`; any other server listing models
    /// there is taken as OpenAI-compatible.
    /// - Parameters:
    ///   - dialect: the dialect to use whatever the server says (`--server-dialect`).
    ///   - model: the model to ask for (`--server-model`); it must be one the server lists, when
    ///     it lists any. Default: the one it serves (the first listed).
    /// - Throws: `ServerError`: `.unreachable` when nothing answers (another try may cure it);
    ///   `.malformedResponse` when the server answers neither way, or does not serve `model`.
    public static func probe(_ endpoint: ServerEndpoint, dialect: ServerDialect? = nil, model: String? = nil) async throws -> ServerInfo {
        let client = ServerClient(endpoint)
        if dialect == nil || dialect == .llamaServer {
            do {
                let data = try await client.send(path: "props", body: nil)
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                   object["total_slots"] != nil || object["model_path"] != nil {
                    let path = object["model_path"] as? String ?? "unknown"
                    return ServerInfo(dialect: .llamaServer, modelName: model ?? (path as NSString).lastPathComponent,
                                      slots: object["total_slots"] as? Int ?? 1)
                }
                if dialect == .llamaServer { throw ServerError.malformedResponse("/props is not llama-server's (no total_slots)") }
            } catch let error as ServerError where dialect == nil && !error.isTemporary {
                // Not llama-server (404 and the like): ask the OpenAI way.
            }
        }
        let listed: [(id: String, owner: String)]
        do {
            let data = try await client.send(path: "v1/models", body: nil)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let entries = object["data"] as? [[String: Any]] else {
                throw ServerError.malformedResponse("/v1/models has no \"data\" list")
            }
            listed = entries.compactMap { entry in (entry["id"] as? String).map { ($0, entry["owned_by"] as? String ?? "") } }
        } catch let error as ServerError where !error.isTemporary {
            // A gateway may not list its models: with both named, go on without.
            if let dialect, let model { return ServerInfo(dialect: dialect, modelName: model, slots: nil) }
            throw ServerError.malformedResponse(
                "\(endpoint.displayURL) answers neither llama-server's /props nor an OpenAI-compatible /v1/models (\(error)); "
                + "check --server, or name the dialect and model with --server-dialect and --server-model")
        }
        if let model, !listed.isEmpty, !listed.contains(where: { $0.id == model }) {
            throw ServerError.malformedResponse("the server does not serve the model '\(model)' (--server-model); it serves: "
                + listed.map(\.id).joined(separator: ", "))
        }
        guard let name = model ?? listed.first?.id else {
            throw ServerError.malformedResponse("the server lists no model at /v1/models; name one with --server-model")
        }
        let owner = listed.first { $0.id == name }?.owner.lowercased() ?? ""
        let detected: ServerDialect = owner.contains("vllm") ? .vllm : owner.contains("sglang") ? .sglang : .openAI
        return ServerInfo(dialect: dialect ?? detected, modelName: name, slots: nil)
    }
}

extension ServerEndpoint {
    /// The model that speaks `info`'s dialect on this server.
    public func model(for info: ServerInfo) -> any LanguageModel {
        switch info.dialect {
        case .llamaServer: LlamaServerModel(endpoint: self, modelName: info.modelName)
        case .vllm, .sglang, .openAI: OpenAICompatibleModel(endpoint: self, dialect: info.dialect, modelName: info.modelName)
        }
    }
}
