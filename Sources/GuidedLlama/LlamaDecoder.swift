import CLlama
import Foundation
import Guided

/// One generated token: its bytes and its log-probability under the model's full distribution
/// (before the grammar removed anything), so a forced or constrained token still shows how sure
/// the model was.
public struct GeneratedToken: Sendable, Equatable {
    public let bytes: [UInt8]
    public let logProbability: Double
}

/// The grammar-constrained decode loop over one context. Prompts that start alike (a few-shot
/// prefix, then the note) decode the shared start once: its KV cache is kept as a snapshot and
/// restored for every prompt that starts with it. Used from one thread at a time.
///
/// A snapshot, not the cache cut back after the previous prompt: a sliding-window model (Gemma 3)
/// drops cached positions the window has moved past, so a cache cut back to an earlier position
/// lacks some the next tokens attend to. Cut back far (a prompt changed near its start), it gave
/// wrong output, and saved to the prompt cache the wrong output persisted across runs.
final class LlamaDecoder {
    let model: LlamaModel
    let context: LlamaContext
    private var cachedTokens: [llama_token] = []
    /// The KV cache right after a prefix every recent prompt started with, and that prefix.
    private var prefix: (tokens: [llama_token], state: [UInt8])?
    /// The shared start of the last prompt that had one, and its tokens.
    private var sharedText: (text: String, tokens: [llama_token])?
    /// The last prompt, to find the start the next one shares with it while there is no prefix.
    private var previousPrompt: [llama_token] = []
    private var candidates: [llama_token_data]
    /// Where the KV cache of a long prompt is kept between runs (`LlamaLanguageModel(promptCache:)`):
    /// the prefix snapshot, loaded before this decoder's first prompt and written when a prefix is made.
    var promptCachePath: String?
    private var promptCacheTried = false

    init(model: LlamaModel, contextLength: Int, threads: Int) throws {
        self.model = model
        self.context = try LlamaContext(model: model, contextLength: contextLength, threads: threads)
        self.candidates = []
        candidates.reserveCapacity(model.vocabularySize)
    }

    /// Generates under `grammar` until the grammar is complete (only end-of-generation is left),
    /// `options.maximumTokens`, or `onToken` returns false.
    /// - Parameters:
    ///   - onToken: receives each token as it is chosen; return false to stop.
    /// - Throws: `LlamaError` (context window, decoding, grammar).
    ///   - forcedText: given the output so far, text the grammar forces next; it is fed in one
    ///     batch (logits only for its last token) instead of being sampled token by token.
    func generate(
        prompt: String, sharedPrefixLength: Int = 0, grammar: String, options: GenerationOptions,
        forcedText: ([UInt8]) -> ForcedText? = { _ in nil },
        choicePoint: ([UInt8]) -> ChoicePoint? = { _ in nil },
        decide: (ChoicePoint, [Double]) -> Int = { _, scores in ChoiceCalibration.argmax(scores) },
        onToken: (GeneratedToken) throws -> Bool
    ) throws {
        let maxTokens = options.maximumTokens
        var random: SplitMix64?
        if case .random(_, _, _, let seed) = options.sampling { random = SplitMix64(seed: UInt64(seed)) }
        let sampler = try LlamaGrammarSampler(model: model, grammar: grammar)
        let promptTokens = try model.tokenize(prompt, addSpecial: true)
        guard promptTokens.count + maxTokens <= context.contextLength else {
            throw LlamaError.contextWindowExceeded(tokens: promptTokens.count + maxTokens, limit: context.contextLength)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        // Tokens not yet in the KV cache: the new part of the prompt, then each chosen token and
        // any text the grammar forces after it. They are decoded together, in one batch, only
        // when the next token has to be chosen (one decode per choice, not one per token run).
        loadPromptCache()
        let reused = try startFromPrefix(of: promptTokens, shared: sharedStart(of: prompt, characters: sharedPrefixLength,
                                                                                tokens: promptTokens))
        var pending = Array(promptTokens[reused...])
        var output: [UInt8] = []
        var generated = 0
        var forcedCount = 0
        var decodes = 0
        var decodeNanoseconds: UInt64 = 0
        defer {
            if LlamaDecoder.trace {
                let totalMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                FileHandle.standardError.write(Data(String(
                    format: "trace: prompt %d tokens (%d reused); generated %d tokens (%d forced); %d decodes %.0f ms; %.0f ms in all: %@\n",
                    promptTokens.count, reused, generated, forcedCount, decodes, Double(decodeNanoseconds) / 1e6, totalMs,
                    String(decoding: output, as: UTF8.self)).utf8))
            }
        }
        func decodePending() throws {
            let decodeStart = DispatchTime.now().uptimeNanoseconds
            do {
                try context.decode(pending)
            } catch {
                // The cache may hold part of the batch: start from scratch next time.
                context.truncate(from: 0)
                cachedTokens = []
                throw error
            }
            decodeNanoseconds += DispatchTime.now().uptimeNanoseconds - decodeStart
            decodes += 1
            cachedTokens += pending
            pending.removeAll()
        }

        while generated < maxTokens {
            if let forced = forcedText(output), let tokens = forcedTokens(forced.bytes) {
                for token in tokens {
                    sampler.accept(token)
                    let bytes = model.piece(token)
                    output += bytes
                    generated += 1
                    guard try onToken(GeneratedToken(bytes: bytes, logProbability: 0)) else { return }
                }
                forcedCount += tokens.count
                if forced.endsOutput { return }
                pending += tokens
                continue
            }
            if let point = choicePoint(output), let options = optionTokens(point) {
                try decodePending()
                let scores = try score(options)
                let totals = scores.map { $0.reduce(0, +) }
                let chosen = decide(point, totals)
                if LlamaDecoder.trace {
                    FileHandle.standardError.write(Data(point.traceLine(scores: totals, chosen: chosen).utf8))
                }
                guard options.indices.contains(chosen) else { throw LlamaError.grammarDeadEnd(grammar: grammar) }
                for (token, logProbability) in zip(options[chosen], scores[chosen] + Array(repeating: 0, count: options[chosen].count)) {
                    sampler.accept(token)
                    let bytes = model.piece(token)
                    output += bytes
                    generated += 1
                    guard try onToken(GeneratedToken(bytes: bytes, logProbability: logProbability)) else { return }
                }
                pending += options[chosen]
                continue
            }
            try decodePending()
            let logits = context.lastLogits()
            let choice = random == nil
                ? constrainedArgmax(logits, sampler: sampler, after: output)
                : constrainedSample(logits, sampler: sampler, sampling: options.sampling, random: &random!)
            guard let token = choice else {
                throw LlamaError.grammarDeadEnd(grammar: grammar)
            }
            if model.isEndOfGeneration(token) { return }
            sampler.accept(token)
            let piece = GeneratedToken(bytes: model.piece(token), logProbability: logProbability(of: token, in: logits))
            output += piece.bytes
            generated += 1
            guard try onToken(piece) else { return }
            pending.append(token)
        }
    }

    /// The tokens of forced text, when they spell it exactly (else it is sampled as usual).
    private func forcedTokens(_ bytes: [UInt8]) -> [llama_token]? {
        guard !bytes.isEmpty,
              let tokens = try? model.tokenize(String(decoding: bytes, as: UTF8.self), addSpecial: false, parseSpecial: false),
              !tokens.isEmpty, tokens.flatMap(model.piece) == bytes else { return nil }
        return tokens
    }

    // MARK: - Choice points

    /// Each option's tokens, when every option spells its text exactly and none is empty.
    private func optionTokens(_ point: ChoicePoint) -> [[llama_token]]? {
        let tokens = point.options.map(forcedTokens)
        guard tokens.count > 1, tokens.allSatisfy({ $0 != nil }) else { return nil }
        return tokens.map { $0! }
    }

    /// Per option, the log-probabilities of its tokens up to and including the first one no other
    /// option shares at that position (the grammar forces the rest). Options that share a first
    /// run of tokens are scored through it once. The KV cache is left as it was.
    private func score(_ options: [[llama_token]]) throws -> [[Double]] {
        var scores = Array(repeating: [Double](), count: options.count)
        let base = cachedTokens.count
        func walk(_ group: [Int], depth: Int) throws {
            let logits = context.lastLogits()
            var byToken: [llama_token: [Int]] = [:]
            for index in group where depth < options[index].count {
                byToken[options[index][depth], default: []].append(index)
            }
            let total = logSumExp(logits)
            var shared: [(llama_token, [Int])] = []
            for (token, members) in byToken {
                let logProbability = Double(logits[Int(token)]) - total
                for index in members { scores[index].append(logProbability) }
                if members.count > 1 { shared.append((token, members)) }
            }
            for (token, members) in shared {
                try context.decode([token])
                try walk(members, depth: depth + 1)
                context.truncate(from: base + depth)
            }
        }
        do {
            try walk(Array(options.indices), depth: 0)
        } catch {
            // The cache may hold part of a walk: start from scratch next time.
            context.truncate(from: 0)
            cachedTokens = []
            throw error
        }
        cachedTokens = Array(cachedTokens.prefix(base))
        return scores
    }

    /// log of the sum of exp(logit) over the vocabulary.
    private func logSumExp(_ logits: UnsafeMutableBufferPointer<Float>) -> Double {
        var maximum = -Float.infinity
        for logit in logits where logit > maximum { maximum = logit }
        var sum = 0.0
        for logit in logits { sum += Double(expf(logit - maximum)) }
        return Double(maximum) + log(sum)
    }

    // MARK: - Prompt and prefix reuse

    /// Shared starts shorter than this are quicker to decode again than to keep as a prefix.
    static let promptCacheMinimum = 256

    /// Before the first prompt: the prefix a previous run saved, if any.
    private func loadPromptCache() {
        guard !promptCacheTried, let path = promptCachePath else { return }
        promptCacheTried = true
        if let tokens = context.loadState(from: path), let state = context.snapshot() {
            prefix = (tokens, state)
            cachedTokens = tokens
        } else {
            context.truncate(from: 0)
            cachedTokens = []
        }
    }

    /// Writes the prefix's KV cache (the context holds exactly it) next to others, then renames it
    /// into place, so a reader never sees half a file; a failure only costs the next run the decode.
    private func savePromptCache(_ tokens: [llama_token]) {
        guard let path = promptCachePath else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let partial = path + ".\(UUID().uuidString).partial"
        if context.saveState(to: partial, tokens: tokens) {
            _ = rename(partial, path)
        }
        try? FileManager.default.removeItem(atPath: partial)
    }

    /// Set `NOTELEDGER_TRACE=1` to log prompt and generation timings to stderr.
    static let trace = ProcessInfo.processInfo.environment["NOTELEDGER_TRACE"] != nil

    /// How many of `tokens` spell the prompt's first `characters` characters (the part every
    /// request shares), when its tokens are a start of the prompt's; nil when not given or not so.
    private func sharedStart(of prompt: String, characters: Int, tokens: [llama_token]) -> Int? {
        guard characters > 0 else { return nil }
        let text = String(prompt.prefix(characters))
        // Every request of a session shares the text: tokenized once, not per note.
        if sharedText?.text != text {
            sharedText = (try? model.tokenize(text, addSpecial: true)).map { (text, $0) }
        }
        guard let start = sharedText?.tokens, tokens.starts(with: start) else { return nil }
        return start.count
    }

    /// Puts the KV cache at the longest start of `tokens` it can hold exactly and returns its
    /// length (the rest is decoded by the caller). With a prefix `tokens` starts with, that is the
    /// prefix, restored. Else the cache starts empty, and the start every prompt shares (`shared`
    /// tokens, or else what `tokens` shares with the previous prompt), when long, is decoded now and
    /// kept as the new prefix (and written to the prompt cache): the rest of every prompt is then
    /// decoded after the same prefix, the first as the next. At least one token is left to decode.
    private func startFromPrefix(of tokens: [llama_token], shared hint: Int?) throws -> Int {
        defer { previousPrompt = tokens }
        if let prefix, prefix.tokens.count < tokens.count, tokens.starts(with: prefix.tokens) {
            if cachedTokens == prefix.tokens { return prefix.tokens.count }
            if context.restore(prefix.state) {
                cachedTokens = prefix.tokens
                return prefix.tokens.count
            }
            self.prefix = nil
        }
        context.truncate(from: 0)
        cachedTokens = []
        let shared = min(hint ?? zip(previousPrompt, tokens).prefix { $0 == $1 }.count, tokens.count - 1)
        guard shared >= Self.promptCacheMinimum else { return 0 }
        let start = Array(tokens[..<shared])
        do {
            try context.decode(start)
        } catch {
            context.truncate(from: 0)
            throw error
        }
        cachedTokens = start
        if let state = context.snapshot() {
            prefix = (start, state)
            savePromptCache(start)
        }
        return shared
    }

    // MARK: - Sampling

    /// The most likely token the grammar allows. Tries the unconstrained best token first: when
    /// the grammar accepts it, the full-vocabulary grammar pass is skipped.
    ///
    /// When the model wants a digit or punctuation inside a JSON string that already has text and
    /// the grammar forbids it, the string is closed if the grammar allows that: the model meant to
    /// write something else ("Hotel Aurora, 2 nights"), so the next-best letters it is pushed into
    /// would be noise ("Hotel Aurora nde nde").
    private func constrainedArgmax(_ logits: UnsafeMutableBufferPointer<Float>, sampler: LlamaGrammarSampler,
                                   after output: [UInt8]) -> llama_token? {
        var best = 0
        for index in 1..<logits.count where logits[index] > logits[best] {
            best = index
        }
        var single = llama_token_data(id: llama_token(best), logit: logits[best], p: 0)
        let accepted = withUnsafeMutablePointer(to: &single) { pointer in
            var array = llama_token_data_array(data: pointer, size: 1, selected: -1, sorted: false)
            sampler.constrain(&array)
            return pointer.pointee.logit.isFinite
        }
        if accepted { return llama_token(best) }

        // Next, the most likely few tokens in one grammar pass; then the rest of the vocabulary,
        // most likely first, in chunks: llama.cpp decodes every candidate it checks into code
        // points, so one pass over all 262k tokens is slow and briefly takes tens of megabytes.
        candidates = topTokens(logits, count: 64)
        if wantsSymbolInsideString(model.piece(llama_token(best)), after: output) {
            var closing = candidates.filter { model.piece($0.id).first == UInt8(ascii: "\"") }
            if let quote = quoteToken, !closing.contains(where: { $0.id == quote }) {
                closing.append(llama_token_data(id: quote, logit: logits[Int(quote)], p: 0))
            }
            if !closing.isEmpty, let choice = bestAllowed(in: &closing, sampler: sampler) { return choice }
        }
        if let choice = bestAllowed(in: &candidates, sampler: sampler) { return choice }
        fillCandidates(from: logits)
        candidates.sort { $0.logit > $1.logit }
        var start = 0
        while start < candidates.count {
            let end = min(start + 8192, candidates.count)
            var chunk = Array(candidates[start..<end])
            if let choice = bestAllowed(in: &chunk, sampler: sampler) { return choice }
            start = end
        }
        return nil
    }

    /// The token that is a lone `"`, if the vocabulary has one.
    private lazy var quoteToken: llama_token? = {
        guard let tokens = try? model.tokenize("\"", addSpecial: false, parseSpecial: false), tokens.count == 1 else { return nil }
        return tokens[0]
    }()

    /// True when `piece` starts (after spaces) with an ASCII digit or punctuation and `output`
    /// ends inside a string that already holds text (its last byte is not the opening quote).
    private func wantsSymbolInsideString(_ piece: [UInt8], after output: [UInt8]) -> Bool {
        guard let last = output.last, last != UInt8(ascii: "\"") else { return false }
        return GenerationRequest.startsWithSymbol(piece)
    }

    /// The allowed token with the highest logit among `tokens` (which the grammar pass edits).
    private func bestAllowed(in tokens: inout [llama_token_data], sampler: LlamaGrammarSampler) -> llama_token? {
        tokens.withUnsafeMutableBufferPointer { buffer -> llama_token? in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            sampler.constrain(&array)
            var choice = 0
            for index in 1..<buffer.count where buffer[index].logit > buffer[choice].logit {
                choice = index
            }
            return buffer[choice].logit.isFinite ? buffer[choice].id : nil
        }
    }

    /// Every token of the vocabulary with its logit, in `candidates` (reusing its storage).
    private func fillCandidates(from logits: UnsafeMutableBufferPointer<Float>) {
        candidates.removeAll(keepingCapacity: true)
        for index in 0..<logits.count {
            candidates.append(llama_token_data(id: llama_token(index), logit: logits[index], p: 0))
        }
    }

    /// The `count` tokens with the highest logits (unordered).
    private func topTokens(_ logits: UnsafeMutableBufferPointer<Float>, count: Int) -> [llama_token_data] {
        var top: [llama_token_data] = []
        top.reserveCapacity(count + 1)
        var floor = -Float.infinity
        for index in 0..<logits.count where logits[index] > floor || top.count < count {
            top.append(llama_token_data(id: llama_token(index), logit: logits[index], p: 0))
            if top.count > count {
                // Drop the lowest; keep track of the new floor.
                let lowest = top.indices.min { top[$0].logit < top[$1].logit }!
                top.swapAt(lowest, top.count - 1)
                top.removeLast()
                floor = top.map(\.logit).min()!
            }
        }
        return top
    }

    /// A random token the grammar allows: top-k, then temperature, then top-p (nucleus).
    private func constrainedSample(_ logits: UnsafeMutableBufferPointer<Float>, sampler: LlamaGrammarSampler,
                                   sampling: GenerationOptions.Sampling, random: inout SplitMix64) -> llama_token? {
        guard case .random(let temperature, let topK, let topP, _) = sampling else { return nil }
        fillCandidates(from: logits)
        candidates.withUnsafeMutableBufferPointer { buffer in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            sampler.constrain(&array)
        }
        var allowed = candidates.filter { $0.logit.isFinite }
        guard !allowed.isEmpty else { return nil }
        allowed.sort { $0.logit > $1.logit }
        allowed = Array(allowed.prefix(max(1, topK)))
        let scale = 1 / max(temperature, 1e-4)
        let top = Double(allowed[0].logit)
        var weights = allowed.map { exp((Double($0.logit) - top) * scale) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var mass = 0.0
        var keep = 0
        while keep < weights.count {
            mass += weights[keep]
            keep += 1
            if mass >= topP { break }
        }
        let target = random.nextUnit() * weights.prefix(keep).reduce(0, +)
        var running = 0.0
        for index in 0..<keep {
            running += weights[index]
            if target < running { return allowed[index].id }
        }
        return allowed[keep - 1].id
    }

    /// log softmax over the full vocabulary.
    private func logProbability(of token: llama_token, in logits: UnsafeMutableBufferPointer<Float>) -> Double {
        Double(logits[Int(token)]) - logSumExp(logits)
    }
}
