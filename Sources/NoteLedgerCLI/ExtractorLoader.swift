import Foundation
import Guided
import GuidedLlama
import Ledger

/// Which extractor a command asked for.
enum Backend: String {
    case model, rules

    init(parsing text: String?) throws {
        guard let text else {
            self = .model
            return
        }
        guard let backend = Backend(rawValue: text) else {
            throw UsageError("--backend must be `model` or `rules`, not '\(text)'")
        }
        self = backend
    }
}

/// Builds the extractor for a command: the model when asked for and loadable, else the rules,
/// saying once, plainly, why.
enum ExtractorLoader {
    /// - Parameter batch: the caller extracts many notes at once (`extract --jsonl`): two
    ///   contexts of one thread each. Otherwise one context uses every thread, so a single note
    ///   (a draft filling as it streams) is as fast as it gets and memory stays lower.
    ///   `NOTELEDGER_PARALLEL` overrides either.
    static func load(_ backend: Backend, configuration: Configuration, console: Console, batch: Bool = false) -> ExpenseExtractor {
        let environment = ProcessInfo.processInfo.environment
        if let off = environment["NOTELEDGER_RULES_OFF"], RuleFamilies(switchingOff: off) == nil {
                console.err("noteledger: NOTELEDGER_RULES_OFF names an unknown rule family ('\(off)'); known: "
                    + RuleFamilies.names.map(\.0).joined(separator: ", ") + ". Applying every rule.")
        }
        guard backend == .model else { return ExpenseExtractor(model: nil) }
        do {
            let threads = Int(environment["NOTELEDGER_THREADS"] ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
            let model = try LlamaLanguageModel(
                url: URL(fileURLWithPath: configuration.modelPath), contextLength: 2048, threads: threads,
                parallelRequests: Int(environment["NOTELEDGER_PARALLEL"] ?? "") ?? (batch ? batchParallelRequests(threads: threads) : 1),
                digestCache: URL(fileURLWithPath: configuration.cacheDirectory).appendingPathComponent("model-digests"),
                promptCache: URL(fileURLWithPath: configuration.cacheDirectory).appendingPathComponent("prompt-cache"))
            return ExpenseExtractor(model: model)
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
