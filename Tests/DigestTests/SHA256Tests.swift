import Digest
import Foundation
import Testing

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(input: String, expected: String) {
        #expect(SHA256.hex(of: input) == expected)
    }

    @Test func millionAs() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(of: bytes) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func streamingInAnyChunksMatchesOneShot() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let expected = SHA256.hex(of: bytes)
        for chunk in [1, 63, 64, 65, 1000] {
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                bytes[offset..<end].withUnsafeBytes { hasher.update($0) }
                offset = end
            }
            #expect(hasher.finalize().hexString == expected, "chunk size \(chunk)")
        }
    }

    /// Every length from 0 to 130 bytes, both block-padding edges included (55/56 and 119/120
    /// bytes), against coreutils' `sha256sum`.
    @Test func everyShortLengthMatchesSha256sum() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ours: [String: String] = [:]
        for length in 0...130 {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            let name = "\(length).txt"
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            ours[name] = SHA256.hex(of: text)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = ours.keys.sorted()
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var theirs: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            theirs[String(parts[1])] = String(parts[0])
        }
        #expect(theirs == ours)
    }

    @Test func fileDigestMatchesBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0) }
        try Data(bytes).write(to: url)
        #expect(try SHA256.hex(ofFileAt: url) == SHA256.hex(of: bytes))
    }
}
