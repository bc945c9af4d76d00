import Foundation

/// Where the real things are: the model `make deps` fetched and the built binary.
public enum TestEnvironment {
    /// The GGUF model the integration tests load: `NOTELEDGER_MODEL`, else the default model
    /// in the cache. Tests that need it fail (never skip) when it is missing.
    public static var modelPath: String {
        ProcessInfo.processInfo.environment["NOTELEDGER_MODEL"] ?? cacheDirectory + "/models/gemma-3-270m-q4_k_m.gguf"
    }

    /// NoteLedger's cache directory, where `make deps` puts the model and llama-server.
    static var cacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return cache + "/noteledger"
    }

    public static var modelURL: URL { URL(fileURLWithPath: modelPath) }

    /// The `llama-server` binary `make deps` builds from the pinned llama.cpp: `NOTELEDGER_LLAMA_SERVER`,
    /// else the one in the cache. Tests that need it fail (never skip) when it is missing.
    public static var llamaServerPath: String {
        ProcessInfo.processInfo.environment["NOTELEDGER_LLAMA_SERVER"] ?? cacheDirectory + "/llama-server-0.3.36/bin/llama-server"
    }

    /// The `noteledger` binary built beside the test bundle.
    public static var binaryURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("noteledger")
    }

    /// The package's root folder, found from this source file.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
