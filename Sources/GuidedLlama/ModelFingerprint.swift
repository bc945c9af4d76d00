import Digest
import Foundation

/// The sha256 of a model file, cached by path, size and modification time so that a 250 MB
/// file is hashed once, not on every start.
public enum ModelFingerprint {
    /// The hex sha256 of the file at `url`.
    /// - Parameter cacheDirectory: where digests are remembered (nil: no cache).
    /// - Throws: when the file cannot be read.
    public static func sha256(of url: URL, cacheDirectory: URL?) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? Int) ?? -1
        let modified = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let stamp = "\(size) \(modified)"
        // `make deps` leaves "<sha256> <size> <mtime>" beside the default model.
        let sidecar = url.path + ".verified"
        if let line = try? String(contentsOfFile: sidecar, encoding: .utf8), line.hasSuffix(stamp + "\n") || line.hasSuffix(stamp) {
            return String(line.prefix(64))
        }
        let cacheFile = cacheDirectory?.appendingPathComponent(SHA256.hex(of: url.standardizedFileURL.path))
        if let cacheFile, let line = try? String(contentsOf: cacheFile, encoding: .utf8),
           line.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(stamp) {
            return String(line.prefix(64))
        }
        let digest = try SHA256.hex(ofFileAt: url)
        if let cacheFile {
            try? FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("\(digest) \(stamp)\n".utf8).write(to: cacheFile, options: .atomic)
        }
        return digest
    }
}
