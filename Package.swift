// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "noteledger",
    products: [
        .executable(name: "noteledger", targets: ["noteledger"]),
        .library(name: "Guided", targets: ["Guided"]),
        .library(name: "GuidedLlama", targets: ["GuidedLlama"]),
        .library(name: "GuidedServer", targets: ["GuidedServer"]),
        // The oracles of the fuzz targets in Fuzz/ (a package of its own, built with sanitizers).
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    targets: [
        // MARK: - C libraries (installed by `make deps`)
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CInotifyTools", path: "Sources/CInotifyTools"),
        // GNU libmicrohttpd, the HTTP server under `noteledger serve`.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        // libcurl (OpenSSL), under the inference-server client: TLS with a CA file of one's own.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl"),
        // Ours: a wrapping SQLite VFS that fails the Nth write or sync (fault-injection tests).
        .target(name: "CSQLiteFaults", linkerSettings: [.linkedLibrary("sqlite3")]),
        // llama.cpp is built by `make deps` into a cache prefix that ships a llama.pc;
        // the Makefile puts that prefix on PKG_CONFIG_PATH.
        .systemLibrary(name: "CLlama", path: "Sources/CLlama", pkgConfig: "llama"),

        // MARK: - Shared helpers
        // Hashing a 250 MB model unoptimised takes a minute; keep it fast in debug builds too.
        .target(name: "Digest", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // MARK: - Guided generation (knows nothing of expenses)
        .target(name: "Guided"),
        .target(name: "GuidedLlama", dependencies: ["Guided", "Digest", "CLlama"]),
        // The same guided generation on an inference server (llama-server), over HTTP.
        .target(name: "GuidedServer", dependencies: ["Guided", "CCurl"]),

        // MARK: - Ledger core and the command line
        .target(name: "Ledger", dependencies: ["Guided", "GuidedLlama", "Digest", "CSQLite", "CSQLiteFaults", "CInotifyTools"],
                plugins: ["EmbedMigrations"]),
        // Migrations/*.sql become Swift source at build time.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["MigrationEmbedder"]),
        // The review web app (`noteledger serve`): HTML pages over the same ledger.
        .target(name: "LedgerWeb", dependencies: ["Ledger", "CMicroHTTPD"]),
        .target(name: "NoteLedgerCLI", dependencies: ["Ledger", "LedgerWeb", "Guided", "GuidedLlama", "GuidedServer", "Digest"]),
        .executableTarget(name: "noteledger", dependencies: ["NoteLedgerCLI"]),
        // What the fuzz targets check; `swift test` replays the saved inputs through it.
        .target(name: "FuzzChecks", dependencies: ["Guided", "GuidedLlama", "Ledger"]),
        // `make bench-record`: the recording thread's store work alone.
        .executableTarget(name: "record-bench", dependencies: ["Ledger"], path: "Benchmarks/RecordBench"),
        // `make bench-learn`: learning from corrections replayed, and its look-up on a large ledger.
        .executableTarget(name: "learn-bench", dependencies: ["Ledger", "GuidedLlama"], path: "Benchmarks/LearnBench"),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["Guided"], path: "Tests/TestSupport"),
        // Reading a whole ledger for comparison (fault-injection tests).
        .target(name: "LedgerTestSupport", dependencies: ["Ledger"], path: "Tests/LedgerTestSupport"),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(name: "GuidedTests", dependencies: ["Guided", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "GuidedLlamaTests", dependencies: ["GuidedLlama", "Guided", "TestSupport"]),
        .testTarget(name: "GuidedServerTests", dependencies: ["GuidedServer", "GuidedLlama", "Guided", "TestSupport"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "TestSupport", "LedgerTestSupport", "FuzzChecks"]),
        .testTarget(name: "NoteLedgerCLITests", dependencies: ["noteledger", "Ledger", "LedgerWeb", "TestSupport", "LedgerTestSupport"], exclude: ["Golden"]),
    ]
)

// Strict settings for every Swift target, in one place.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
