import Foundation

/// Where NoteLedger keeps its things, resolved from flags, then environment, then XDG defaults.
public struct Configuration: Sendable, Equatable {
    /// The SQLite ledger (`--db`, `NOTELEDGER_DB`, `$XDG_DATA_HOME/noteledger/ledger.sqlite`).
    public var databasePath: String
    /// The GGUF model (`--model`, `NOTELEDGER_MODEL`, the default model `make deps` fetches).
    public var modelPath: String
    /// Where NoteLedger remembers things it can recompute (model digests).
    public var cacheDirectory: String

    /// The file name of the default model inside the cache.
    public static let defaultModelFileName = "gemma-3-270m-q4_k_m.gguf"
    /// The sha256 the default model must have.
    public static let defaultModelSHA256 = "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

    public init(databasePath: String, modelPath: String, cacheDirectory: String) {
        self.databasePath = databasePath
        self.modelPath = modelPath
        self.cacheDirectory = cacheDirectory
    }

    /// Resolves paths: an explicit flag wins, then the environment variable, then the default.
    public static func resolve(
        database: String? = nil, model: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Configuration {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
        return Configuration(
            databasePath: database ?? environment["NOTELEDGER_DB"] ?? dataHome + "/noteledger/ledger.sqlite",
            modelPath: model ?? environment["NOTELEDGER_MODEL"] ?? cacheHome + "/noteledger/models/" + defaultModelFileName,
            cacheDirectory: cacheHome + "/noteledger")
    }
}
