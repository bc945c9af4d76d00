import Foundation
import Guided
import GuidedLlama
import GuidedServer
import Ledger

/// Which extractor a command asked for: `--backend model|rules|server`, and for a server
/// `--server URL` (env `NOTELEDGER_SERVER`), `--api-key-file PATH` (`NOTELEDGER_API_KEY_FILE`) and
/// `--server-concurrency N` (`NOTELEDGER_SERVER_CONCURRENCY`; default: the server's slots).
enum Backend: Equatable {
    case model, rules
    case server(url: URL, apiKeyFile: String?, concurrency: Int?, timeout: TimeInterval, tls: TLSOptions, choice: ServerChoice)

    /// The options' help, for the commands that extract.
    static let options = """
          --backend NAME    `model` (default, in-process), `rules`, or `server` (an inference server)
          --server URL      the server for `--backend server` (env NOTELEDGER_SERVER), e.g. http://127.0.0.1:8080
          --api-key-file PATH      a file holding the server's API key (env NOTELEDGER_API_KEY_FILE)
          --server-concurrency N   requests in flight (env NOTELEDGER_SERVER_CONCURRENCY; default: the server's slots)
          --server-timeout SECONDS how long one request may take (env NOTELEDGER_SERVER_TIMEOUT; default 120)
          --server-ca-file PATH    trust the https:// server's certificate when this CA (PEM) signed it
                                   (env NOTELEDGER_SERVER_CA_FILE)
          --server-insecure        do not check the https:// server's certificate at all (env
                                   NOTELEDGER_SERVER_INSECURE=1); warns, since anyone on the way can then
                                   read the notes
          --server-dialect NAME    llama-server, vllm, sglang or openai (env NOTELEDGER_SERVER_DIALECT;
                                   default: asked of the server)
          --server-model NAME      the model to ask the server for (env NOTELEDGER_SERVER_MODEL; default:
                                   the one it serves)
        """

    /// How long one server request may take unless `--server-timeout` says otherwise.
    static let defaultServerTimeout: TimeInterval = 120

    init(parsing arguments: inout ArgumentList, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let name = try arguments.option("--backend")
        let serverFlag = try arguments.option("--server")
        let keyFlag = try arguments.option("--api-key-file")
        let concurrencyFlag = try arguments.option("--server-concurrency")
        let timeoutFlag = try arguments.option("--server-timeout")
        let tls = try TLSOptions(parsing: &arguments, environment: environment)
        let choice = try ServerChoice(parsing: &arguments, environment: environment)
        switch name {
        case nil, "model", "rules":
            if serverFlag != nil || keyFlag != nil || concurrencyFlag != nil || timeoutFlag != nil || tls != TLSOptions()
                || choice.flagged {
                throw UsageError("--server, --api-key-file, --server-concurrency, --server-timeout, --server-ca-file, "
                    + "--server-insecure, --server-dialect and --server-model go with --backend server")
            }
            self = name == "rules" ? .rules : .model
        case "server":
            guard let text = serverFlag ?? environment["NOTELEDGER_SERVER"] else {
                throw UsageError("--backend server needs --server URL (or NOTELEDGER_SERVER), e.g. --server http://127.0.0.1:8080")
            }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw UsageError("--server must be an http:// or https:// URL, not '\(text)'")
            }
            var concurrency: Int?
            if let text = concurrencyFlag ?? environment["NOTELEDGER_SERVER_CONCURRENCY"] {
                guard let value = Int(text), value >= 1 else {
                    throw UsageError("--server-concurrency must be a whole number of at least 1, not '\(text)'")
                }
                concurrency = value
            }
            var timeout = Self.defaultServerTimeout
            if let text = timeoutFlag ?? environment["NOTELEDGER_SERVER_TIMEOUT"] {
                // Whole seconds, as people write a time-out (libcurl itself counts milliseconds).
                guard let value = Int(text), value >= 1 else {
                    throw UsageError("--server-timeout must be a whole number of seconds, at least 1, not '\(text)'")
                }
                timeout = TimeInterval(value)
            }
            self = .server(url: url, apiKeyFile: keyFlag ?? environment["NOTELEDGER_API_KEY_FILE"], concurrency: concurrency,
                           timeout: timeout, tls: tls, choice: choice)
        case let other?:
            throw UsageError("--backend must be `model`, `rules` or `server`, not '\(other)'")
        }
    }
}

/// Builds the extractor for a command: the model when asked for and loadable, else the rules,
/// saying once, plainly, why.
enum ExtractorLoader {
    /// - Parameter batch: the caller extracts many notes at once (`extract --jsonl`): two
    ///   contexts of one thread each. Otherwise one context uses every thread, so a single note
    ///   (a draft filling as it streams) is as fast as it gets and memory stays lower.
    ///   `NOTELEDGER_PARALLEL` overrides either.
    /// - Parameter waiting: for a server that cannot be reached yet, keep asking it while this
    ///   says so (`watch`: notes are recorded and wait in the queue meanwhile) instead of falling
    ///   back to the rules.
    static func load(_ backend: Backend, configuration: Configuration, console: Console, batch: Bool = false,
                     waiting: (@Sendable () -> Bool)? = nil) async -> ExpenseExtractor {
        let environment = ProcessInfo.processInfo.environment
        if let off = environment["NOTELEDGER_RULES_OFF"], RuleFamilies(switchingOff: off) == nil {
                console.err("noteledger: NOTELEDGER_RULES_OFF names an unknown rule family ('\(off)'); known: "
                    + RuleFamilies.names.map(\.0).joined(separator: ", ") + ". Applying every rule.")
        }
        if case .server(let url, let keyFile, let concurrency, let timeout, let tls, let choice) = backend {
            return await loadServer(url: url, keyFile: keyFile, concurrency: concurrency, timeout: timeout, tls: tls,
                                    choice: choice, console: console, waiting: waiting)
        }
        guard backend == .model else { return ExpenseExtractor(model: nil) }
        do {
            let threads = Int(environment["NOTELEDGER_THREADS"] ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
            let model = try LlamaLanguageModel(
                url: URL(fileURLWithPath: configuration.modelPath), contextLength: 2048, threads: threads,
                parallelRequests: Int(environment["NOTELEDGER_PARALLEL"] ?? "") ?? (batch ? batchParallelRequests(threads: threads) : 1),
                digestCache: URL(fileURLWithPath: configuration.cacheDirectory).appendingPathComponent("model-digests"),
                promptCache: URL(fileURLWithPath: configuration.cacheDirectory).appendingPathComponent("prompt-cache"))
            return ExpenseExtractor(model: model, calibrationCache: URL(fileURLWithPath: configuration.cacheDirectory)
                .appendingPathComponent("calibration"))
        } catch {
            console.err("""
                noteledger: \(error)
                noteledger: using the rules extractor instead; its drafts are marked for review. \
                Run `make deps` to fetch the default model, or pass --model PATH.
                """)
            return ExpenseExtractor(model: nil)
        }
    }
}

extension TLSOptions {
    /// `--server-ca-file PATH` (env `NOTELEDGER_SERVER_CA_FILE`) and `--server-insecure` (env
    /// `NOTELEDGER_SERVER_INSECURE=1`); a CA file that cannot be read is a usage error now, not a
    /// certificate error at the first note.
    init(parsing arguments: inout ArgumentList, environment: [String: String]) throws {
        let caFile = try arguments.option("--server-ca-file") ?? environment["NOTELEDGER_SERVER_CA_FILE"]
        let insecure = arguments.flag("--server-insecure") || environment["NOTELEDGER_SERVER_INSECURE"] == "1"
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw UsageError("cannot read the CA file \(caFile) (--server-ca-file); give the PEM file of the certificate "
                + "authority that signed the server's certificate")
        }
        self.init(caFile: caFile, skipsVerification: insecure)
    }

    static let insecureWarning = "warning: --server-insecure: the server's certificate is not checked, so anyone "
        + "between here and the server can read and change the notes and the answers; prefer --server-ca-file"
}

/// Which dialect and model to use on a server: `--server-dialect NAME` (env
/// `NOTELEDGER_SERVER_DIALECT`) and `--server-model NAME` (env `NOTELEDGER_SERVER_MODEL`); nil
/// means: as the server says.
struct ServerChoice: Equatable {
    var dialect: ServerDialect?
    var model: String?
    /// True when either was given as a flag (they go with a server).
    var flagged = false

    init(dialect: ServerDialect? = nil, model: String? = nil) {
        self.dialect = dialect
        self.model = model
    }

    init(parsing arguments: inout ArgumentList, environment: [String: String]) throws {
        let dialectFlag = try arguments.option("--server-dialect")
        let modelFlag = try arguments.option("--server-model")
        flagged = dialectFlag != nil || modelFlag != nil
        if let name = dialectFlag ?? environment["NOTELEDGER_SERVER_DIALECT"] {
            guard let dialect = ServerDialect(rawValue: name.lowercased()) else {
                throw UsageError("--server-dialect must be one of \(ServerDialect.names), not '\(name)'")
            }
            self.dialect = dialect
        }
        model = modelFlag ?? environment["NOTELEDGER_SERVER_MODEL"]
    }
}

extension ExtractorLoader {
    /// The API key in `file` (trimmed), nil without a file.
    static func readAPIKey(_ file: String?) throws -> String? {
        guard let file else { return nil }
        do {
            return try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw UsageError("cannot read the API key file \(file): \(error.localizedDescription)")
        }
    }

    /// The extractor on an inference server: asks it what it runs and how many slots it has; when
    /// it cannot, the rules, saying why.
    static func loadServer(url: URL, keyFile: String?, concurrency: Int?, timeout: TimeInterval, tls: TLSOptions,
                           choice: ServerChoice, console: Console, waiting: (@Sendable () -> Bool)? = nil) async -> ExpenseExtractor {
        if tls.skipsVerification { console.err("noteledger: " + TLSOptions.insecureWarning) }
        do {
            let apiKey = try readAPIKey(keyFile)
            let probing = ServerEndpoint(baseURL: url, apiKey: apiKey, requestTimeout: timeout, attempts: 2, tls: tls)
            var outage = Outage(recovery: "the inference server at \(probing.displayURL) answers",
                                waiting: "notes are recorded and wait in the queue until it answers")
            var answer: ServerInfo?
            while answer == nil {
                do {
                    answer = try await ServerInfo.probe(probing, dialect: choice.dialect, model: choice.model)
                    outage.succeeded { console.err("noteledger: " + $0) }
                } catch let error as ServerError where error.isTemporary && waiting?() == true {
                    let wait = outage.failed(reason: "\(error)") { console.err("noteledger: " + $0) }
                    try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
                }
            }
            let info = answer!
            // A server that does not say how many requests it works on at once gets one at a time.
            let endpoint = ServerEndpoint(baseURL: url, apiKey: apiKey, requestTimeout: timeout,
                                          concurrency: concurrency ?? info.slots ?? 1, tls: tls)
            return ExpenseExtractor(model: endpoint.model(for: info))
        } catch {
            console.err("""
                noteledger: \(error)
                noteledger: using the rules extractor instead; its drafts are marked for review.
                """)
            return ExpenseExtractor(model: nil)
        }
    }
}

/// For batches, two contexts of one thread each on two or more threads: on the 2-core machine
/// they do ~20% more notes per second than one context of two threads (one decode does not keep
/// both cores busy), for ~50 MB more memory.
func batchParallelRequests(threads: Int) -> Int {
    threads >= 2 ? 2 : 1
}

extension Extraction {
    /// The JSON object `extract` prints: the expense fields, per-field confidence, origin and review reasons.
    func content(id: GeneratedContent? = nil, includeDetails: Bool) -> GeneratedContent {
        guard case .object(var properties) = expense.content else { return .null }
        if let id { properties.insert(("id", id), at: 0) }
        properties.append(("confidence", .object(Expense.fieldNames.compactMap { field in
            confidence[field].map { (field, .number(String(format: "%.3f", $0))) }
        })))
        if includeDetails {
            switch origin {
            case .model(let identity): properties.append(("origin", .string("model \(identity.name)")))
            case .rules: properties.append(("origin", .string("rules")))
            }
            properties.append(("review", .array(reviewReasons.map(GeneratedContent.string))))
        }
        return .object(properties)
    }
}
