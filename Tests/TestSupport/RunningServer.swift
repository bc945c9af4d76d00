import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `llama-server` with the default model, on a free loopback port, for one test.
public final class RunningServer {
    let process = Process()
    public let url: URL

    public init() async throws {
        let path = TestEnvironment.llamaServerPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServerTestError("no llama-server at \(path); run `make deps`")
        }
        let port = Int.random(in: 20_000...40_000)
        url = URL(string: "http://127.0.0.1:\(port)")!
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-m", TestEnvironment.modelPath, "--host", "127.0.0.1", "--port", "\(port)", "-np", "1",
                             "-c", "2048", "-t", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when /health says so (the model loads in a second or two).
        var request = URLRequest(url: url.appendingPathComponent("health"))
        request.timeoutInterval = 2
        for _ in 0..<300 {
            if let (_, response) = try? await URLSession.shared.data(for: request),
               (response as? HTTPURLResponse)?.statusCode == 200 { return }
            guard process.isRunning else { throw ServerTestError("llama-server exited with \(process.terminationStatus)") }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw ServerTestError("llama-server did not become healthy in 30 s")
    }

    deinit {
        // SIGKILL: llama-server finishes its slots' work on SIGTERM first, and nothing here needs that.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

public struct ServerTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

