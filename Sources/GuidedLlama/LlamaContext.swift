import CLlama
import Foundation

/// A llama.cpp inference context: the KV cache and the decode loop's state.
/// Owns the `llama_context*` and frees it in `deinit`. Used from one thread at a time.
final class LlamaContext {
    let model: LlamaModel
    let pointer: OpaquePointer
    let contextLength: Int
    let batchSize: Int

    /// - Parameters:
    ///   - contextLength: tokens the context holds (prompt plus generated).
    ///   - batchSize: the most tokens one `decode` call takes.
    ///   - threads: CPU threads for generation and prompt processing.
    /// - Throws: `LlamaError.contextCreationFailed`.
    init(model: LlamaModel, contextLength: Int, batchSize: Int = 512, threads: Int) throws {
        var params = llama_context_default_params()
        params.n_ctx = UInt32(contextLength)
        params.n_batch = UInt32(batchSize)
        params.n_ubatch = UInt32(batchSize)
        params.n_seq_max = 1
        params.n_threads = Int32(threads)
        params.n_threads_batch = Int32(threads)
        // Sliding-window models (Gemma 3) only keep a reusable prompt prefix with a full-size cache.
        params.swa_full = true
        params.no_perf = true
        guard let pointer = llama_init_from_model(model.pointer, params) else {
            throw LlamaError.contextCreationFailed(contextLength: contextLength)
        }
        self.model = model
        self.pointer = pointer
        self.contextLength = Int(llama_n_ctx(pointer))
        self.batchSize = batchSize
    }

    deinit {
        llama_free(pointer)
    }

    /// Forgets every cached token from `position` on (all of them when `position` is 0).
    func truncate(from position: Int) {
        let memory = llama_get_memory(pointer)
        if position == 0 {
            llama_memory_clear(memory, true)
        } else {
            _ = llama_memory_seq_rm(memory, 0, llama_pos(position), -1)
        }
    }

    /// The KV cache of the sequence, as bytes `restore(_:)` takes back.
    func snapshot() -> [UInt8]? {
        let size = llama_state_seq_get_size(pointer, 0)
        guard size > 0 else { return nil }
        var data = [UInt8](repeating: 0, count: size)
        let written = data.withUnsafeMutableBufferPointer { llama_state_seq_get_data(pointer, $0.baseAddress, size, 0) }
        return written == size ? data : nil
    }

    /// Replaces the KV cache with a `snapshot()`; false (and an empty cache) when llama.cpp could not.
    func restore(_ snapshot: [UInt8]) -> Bool {
        truncate(from: 0)
        let read = snapshot.withUnsafeBufferPointer { llama_state_seq_set_data(pointer, $0.baseAddress, $0.count, 0) }
        if read == 0 { truncate(from: 0) }
        return read > 0
    }

    /// Feeds `tokens` at the next positions; logits are kept for the last token only.
    /// - Throws: `LlamaError.decodeFailed`.
    func decode(_ tokens: [llama_token]) throws {
        var start = 0
        while start < tokens.count {
            let end = min(start + batchSize, tokens.count)
            var chunk = Array(tokens[start..<end])
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                llama_decode(pointer, llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
            }
            guard status == 0 else { throw LlamaError.decodeFailed(status: status) }
            start = end
        }
    }

    /// Writes the KV cache of the sequence (holding `tokens`) to `path`. False when llama.cpp could not.
    func saveState(to path: String, tokens: [llama_token]) -> Bool {
        tokens.withUnsafeBufferPointer { buffer in
            llama_state_seq_save_file(pointer, path, 0, buffer.baseAddress, buffer.count) > 0
        }
    }

    /// Replaces the KV cache with the one saved at `path`; returns the tokens it holds, or nil (and
    /// an empty cache) when the file is missing, from another model or context size, or damaged.
    func loadState(from path: String) -> [llama_token]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var tokens = [llama_token](repeating: 0, count: contextLength)
        var count = 0
        let read = tokens.withUnsafeMutableBufferPointer { buffer in
            llama_state_seq_load_file(pointer, path, 0, buffer.baseAddress, buffer.count, &count)
        }
        guard read > 0, count > 0, count <= contextLength else {
            truncate(from: 0)
            return nil
        }
        return Array(tokens.prefix(count))
    }

    /// The logits after the last decoded token, one per vocabulary entry.
    func lastLogits() -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: llama_get_logits_ith(pointer, -1), count: model.vocabularySize)
    }
}
