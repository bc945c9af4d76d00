import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "noteledger-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    public var path: String { url.path }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: target)
        return target.path
    }
}
