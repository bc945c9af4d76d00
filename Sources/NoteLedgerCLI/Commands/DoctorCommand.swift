import Digest
import Foundation
import GuidedLlama
import GuidedServer
import Ledger

/// `noteledger doctor`: what is installed, where things are, and whether the model loads.
struct DoctorCommand: Command {
    static let name = "doctor"
    static let abstract = "Report versions, the model (path, size, sha256, whether it loads), an inference server, inotify limits, the database and learning."
    static let synopsis = "doctor [--server URL [--api-key-file PATH] [--server-ca-file PATH | --server-insecure] [--server-dialect NAME] [--server-model NAME]]"
    static let details = """
          --server URL          also check this inference server (env NOTELEDGER_SERVER): does it answer, what
                                model it runs, how many slots it has
          --api-key-file PATH   the server's API key (env NOTELEDGER_API_KEY_FILE)
          --server-ca-file PATH the CA that signed an https:// server's certificate (env NOTELEDGER_SERVER_CA_FILE)
          --server-insecure     do not check an https:// server's certificate (env NOTELEDGER_SERVER_INSECURE=1)
          --server-dialect NAME llama-server, vllm, sglang or openai (env NOTELEDGER_SERVER_DIALECT; default:
                                asked of the server)
          --server-model NAME   the model to ask the server for (env NOTELEDGER_SERVER_MODEL)
        """

    let server: String?
    let apiKeyFile: String?
    let tls: TLSOptions
    let choice: ServerChoice

    init(parsing arguments: inout ArgumentList) throws {
        let environment = ProcessInfo.processInfo.environment
        server = try arguments.option("--server") ?? environment["NOTELEDGER_SERVER"]
        apiKeyFile = try arguments.option("--api-key-file") ?? environment["NOTELEDGER_API_KEY_FILE"]
        tls = try TLSOptions(parsing: &arguments, environment: environment)
        choice = try ServerChoice(parsing: &arguments, environment: environment)
        try arguments.finish()
    }

    func run(in context: CommandContext) async throws {
        let console = context.console
        let configuration = context.configuration
        var problems: [String] = []
        func line(_ label: String, _ value: String) {
            console.out(label.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
        }

        line("swift", SwiftVersion.compiler)
        line("llama.cpp", LlamaRuntime.version)
        line("cpu features", LlamaRuntime.systemInfo)
        line("sqlite", SQLiteConnection.libraryVersion)

        // MARK: Model
        let modelURL = URL(fileURLWithPath: configuration.modelPath)
        line("model", modelURL.path)
        if let attributes = try? FileManager.default.attributesOfItem(atPath: modelURL.path),
           let size = attributes[.size] as? Int {
            line("model size", ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file) + " (\(size) bytes)")
            let sha256 = (try? SHA256.hex(ofFileAt: modelURL)) ?? "unreadable"
            let pinned = sha256 == Configuration.defaultModelSHA256 ? " (the pinned default model)" : ""
            line("model sha256", sha256 + pinned)
            do {
                let model = try LlamaModel(url: modelURL)
                line("model loads", "yes: \(model.summary); vocabulary \(model.vocabularySize) tokens, "
                    + "trained context \(model.trainingContextLength) tokens")
            } catch {
                line("model loads", "no: \(error)")
                problems.append("the model at \(modelURL.path) does not load (\(error)); run `make deps` to "
                    + "fetch the default model again, or pass --model PATH to a GGUF file")
            }
        } else {
            line("model size", "missing")
            problems.append("no model at \(modelURL.path); run `make deps` to fetch the default model, "
                + "or pass --model PATH (env NOTELEDGER_MODEL) to a GGUF file")
        }

        // MARK: Inference server
        if let server {
            if let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil {
                let endpoint = ServerEndpoint(baseURL: url, apiKey: try ExtractorLoader.readAPIKey(apiKeyFile), attempts: 1, tls: tls)
                line("server", endpoint.displayURL)
                if url.scheme == "https" {
                    line("server tls", tls.skipsVerification ? "certificate NOT checked (--server-insecure)"
                        : tls.caFile.map { "certificate checked against \($0)" } ?? "certificate checked against the system's authorities")
                    if tls.skipsVerification { console.err("noteledger: " + TLSOptions.insecureWarning) }
                }
                do {
                    let info = try await ServerInfo.probe(endpoint, dialect: choice.dialect, model: choice.model)
                    line("server model", info.modelName + (info.slots.map { "; \($0) slot\($0 == 1 ? "" : "s") (notes it works on at once)" }
                        ?? "; slots not reported (one note at a time unless --server-concurrency says more)"))
                    line("server dialect", "\(info.dialect.rawValue)\(choice.dialect == nil ? "" : " (--server-dialect)"): \(info.dialect.constraint)")
                } catch {
                    line("server model", "no answer: \(error)")
                    problems.append("\(error)")
                }
            } else {
                line("server", "\(server): not an http:// or https:// URL")
                problems.append("--server must be an http:// or https:// URL, not '\(server)'")
            }
        }

        // MARK: inotify
        line("inotify", InotifySession.limits().map { "\($0.name)=\($0.value)" }.joined(separator: " "))

        // MARK: Database
        let exists = FileManager.default.fileExists(atPath: configuration.databasePath)
        line("database", configuration.databasePath + (exists ? "" : " (not created yet)"))
        if exists {
            // Read only: the doctor looks, it never migrates or otherwise changes the ledger.
            do {
                let connection = try SQLiteConnection(path: configuration.databasePath, readOnly: true)
                func tableExists(_ name: String) throws -> Bool {
                    try !connection.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)]).isEmpty
                }
                let version = try tableExists("schema_migrations") ? try Migrator.version(of: connection) : 0
                let latest = Migration.embedded.last?.id ?? 0
                line("schema", "version \(version)" + (version < latest ? " (this build upgrades it to \(latest) when a command opens it)" : ""))
                if try tableExists("corrections") {
                    let on = try DraftStore.learningIsOn(connection)
                    let edits = try DraftStore.learnedEditCount(connection)
                    line("learning", (on ? "on" : "off (`noteledger learned on` switches it on)")
                        + "; \(edits) edits kept as evidence (`noteledger learned` lists them)")
                } else {
                    line("learning", "on (nothing learned yet)")
                }
            } catch let error as SQLiteError {
                let advice = StoreError.advice(path: configuration.databasePath, error)
                line("database", "cannot be read: \(advice)")
                problems.append(advice)
            }
        } else {
            line("learning", "on (the default for a new ledger)")
        }

        if !problems.isEmpty {
            throw CommandFailure(problems.joined(separator: "\nError: "))
        }
    }
}

/// The Swift compiler this binary was built with, to the minor version.
enum SwiftVersion {
    static var compiler: String {
        #if swift(>=6.4)
        "6.4 or later"
        #elseif swift(>=6.3)
        "6.3"
        #elseif swift(>=6.2)
        "6.2"
        #elseif swift(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }
}
