import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `llama-server` with the default model, on a free loopback port, for one test.
public final class RunningServer {
    private var process = Process()
    public let url: URL
    let port: Int
    let slots: Int

    /// Starts the server on a free port (or `port`), with `slots` slots (`-np`), ready to answer.
    public init(port: Int? = nil, slots: Int = 1) async throws {
        self.port = port ?? freePort()
        self.slots = slots
        url = URL(string: "http://127.0.0.1:\(self.port)")!
        try await start()
    }

    /// Starts the server again (after `kill()`), on the same port.
    public func start() async throws {
        let path = TestEnvironment.llamaServerPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServerTestError("no llama-server at \(path); run `make deps`")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-m", TestEnvironment.modelPath, "--host", "127.0.0.1", "--port", "\(port)", "-np", "\(slots)",
                             "-c", "\(2048 * slots)", "-t", "1"]
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

    /// SIGKILL, as a crash or a power cut would stop it (llama-server finishes its slots' work on
    /// SIGTERM first, and nothing here needs that).
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { kill() }
}

/// A scripted server from `Tests/Fixtures/servers` (`script` with `arguments`, where the port
/// argument is "0"), once it prints "ready PORT": the system picked a free port, so no test
/// collides with another's server or with an outgoing connection's ephemeral port. The caller
/// stops it (`kill9()`).
public func startFixtureServer(_ script: String, _ arguments: [String]) throws -> (process: Process, port: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/servers/\(script)").path]
        + arguments
    let output = Pipe()
    process.standardOutput = output
    // Its errors go to a file, read only if it does not start (an unread pipe could fill and block it).
    let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).err").path
    FileManager.default.createFile(atPath: errorsPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorsPath) }
    process.standardError = FileHandle(forWritingAtPath: errorsPath)
    try process.run()
    // The first line, read until its newline or the end of the output (the script exited).
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
    }
    let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard words.count == 2, words[0] == "ready", let port = Int(words[1]) else {
        if process.isRunning { process.kill9() }
        process.waitUntilExit()
        let reason = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        throw ServerTestError("\(script) \(arguments.joined(separator: " ")) did not start: \(reason.suffix(400))")
    }
    return (process, port)
}

public struct ServerTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

