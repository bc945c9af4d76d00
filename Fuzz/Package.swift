// swift-tools-version:6.2
// Coverage-guided fuzz targets (libFuzzer, shipped with the toolchain), kept out of the main
// build: `make fuzz` builds them with `--sanitize=fuzzer --sanitize=address` and runs each.
// The oracles live in the main package (`FuzzChecks`), so `swift test` replays saved inputs.
import PackageDescription

let package = Package(
    name: "noteledger-fuzz",
    dependencies: [.package(name: "noteledger", path: "..")],
    targets: [
        .executableTarget(name: "FuzzPartialJSON", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
        .executableTarget(name: "FuzzRules", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
        .executableTarget(name: "FuzzCSV", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
        .executableTarget(name: "FuzzQuery", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
        .executableTarget(name: "FuzzGrammar", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
        .executableTarget(name: "FuzzExpenseGrammar", dependencies: [.product(name: "FuzzChecks", package: "noteledger")]),
    ]
)
