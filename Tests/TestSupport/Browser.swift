import Foundation

/// Headless Chromium driven over WebDriver (`chromedriver`, from Debian's `chromium-driver`):
/// enough of the protocol to open pages, find, click and type, run a script and take a screenshot.
public final class Browser: @unchecked Sendable {
    private let driver = Process()
    private let driverURL: URL
    private var session: URL!

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let chromium = "/usr/bin/chromium"
    public static let chromedriver = "/usr/bin/chromedriver"

    public init() async throws {
        for path in [Self.chromium, Self.chromedriver, "/usr/bin/curl"] where !FileManager.default.isExecutableFile(atPath: path) {
            throw Failure(description: "no \(path); run `make test` (it installs chromium, chromium-driver and curl)")
        }
        let port = freePort()
        driverURL = URL(string: "http://127.0.0.1:\(port)")!
        driver.executableURL = URL(fileURLWithPath: Self.chromedriver)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        var ready = false
        var last = "no answer"
        for _ in 0..<100 where !ready {
            do {
                let status = try await call("GET", driverURL.appendingPathComponent("status")) as? [String: Any]
                ready = (status?["ready"] as? NSNumber)?.boolValue == true
                last = "\(String(describing: status))"
            } catch {
                last = "\(error)"
            }
            if !ready { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        guard ready else {
            kill(driver.processIdentifier, SIGKILL)
            throw Failure(description: "chromedriver did not start on port \(port): \(last)")
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.chromium,
                                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--window-size=1000,1100", "--no-first-run"]],
        ]]]
        let created = try await call("POST", driverURL.appendingPathComponent("session"), capabilities) as? [String: Any]
        guard let id = created?["sessionId"] as? String else {
            kill(driver.processIdentifier, SIGKILL)
            throw Failure(description: "chromedriver opened no session: \(String(describing: created))")
        }
        session = driverURL.appendingPathComponent("session").appendingPathComponent(id)
    }

    /// Closes the browser and stops the driver.
    public func quit() async {
        _ = try? await call("DELETE", session)
        // chromedriver may outlive SIGTERM; it holds nothing worth a clean exit.
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    public func open(_ url: String) async throws {
        _ = try await call("POST", session.appendingPathComponent("url"), ["url": url])
    }

    public var currentURL: String {
        get async throws { try await call("GET", session.appendingPathComponent("url")) as? String ?? "" }
    }

    /// The first element matching `css`. - Throws: when there is none.
    public func element(_ css: String) async throws -> String {
        let found = try await call("POST", session.appendingPathComponent("element"), ["using": "css selector", "value": css])
        guard let object = found as? [String: Any], let id = object.values.first as? String else {
            throw Failure(description: "no element matches \(css)")
        }
        return id
    }

    public func elements(_ css: String) async throws -> [String] {
        let found = try await call("POST", session.appendingPathComponent("elements"), ["using": "css selector", "value": css])
        return (found as? [[String: Any]] ?? []).compactMap { $0.values.first as? String }
    }

    public func click(_ css: String) async throws {
        let id = try await element(css)
        _ = try await call("POST", session.appendingPathComponent("element/\(id)/click"), [:])
    }

    /// Replaces the text of the field matching `css` with `text`, as typed keys.
    public func type(_ text: String, into css: String) async throws {
        let id = try await element(css)
        _ = try await call("POST", session.appendingPathComponent("element/\(id)/clear"), [:])
        _ = try await call("POST", session.appendingPathComponent("element/\(id)/value"), ["text": text])
    }

    public func text(_ css: String) async throws -> String {
        let id = try await element(css)
        return try await call("GET", session.appendingPathComponent("element/\(id)/text")) as? String ?? ""
    }

    public func value(_ css: String) async throws -> String {
        let id = try await element(css)
        return try await call("GET", session.appendingPathComponent("element/\(id)/property/value")) as? String ?? ""
    }

    /// Runs `script` (a function body) in the page and returns its result.
    public func run(_ script: String) async throws -> Any? {
        try await call("POST", session.appendingPathComponent("execute/sync"), ["script": script, "args": [Any]()])
    }

    /// A PNG of the window.
    public func screenshot() async throws -> Data {
        guard let text = try await call("GET", session.appendingPathComponent("screenshot")) as? String,
              let data = Data(base64Encoded: text) else { throw Failure(description: "no screenshot") }
        return data
    }

    /// Waits up to `seconds` for `condition`. - Throws: when it never holds.
    public func wait(_ seconds: Double, for what: String, _ condition: () async throws -> Bool) async throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if (try? await condition()) == true { return }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw Failure(description: "waited \(seconds) s for \(what)")
    }

    /// One WebDriver command; its `value`. - Throws: the driver's error message.
    /// Sent with curl: chromedriver writes headers without a space after the colon
    /// ("Content-Length:252"), which FoundationNetworking's URLSession refuses ("Failed writing header").
    private func call(_ method: String, _ url: URL, _ body: [String: Any]? = nil) async throws -> Any? {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "-S", "--max-time", "60", "-X", method, url.absoluteString]
        if body != nil { arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"] }
        curl.arguments = arguments
        let input = Pipe(), output = Pipe()
        curl.standardInput = input
        curl.standardOutput = output
        curl.standardError = FileHandle.nullDevice
        try curl.run()
        if let body { input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: body)) }
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else { throw Failure(description: "curl \(method) \(url) exited \(curl.terminationStatus)") }
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = object?["value"]
        if let error = (value as? [String: Any])?["error"] as? String {
            throw Failure(description: "WebDriver \(error): \((value as? [String: Any])?["message"] as? String ?? "")")
        }
        return value is NSNull ? nil : value
    }
}
