import Foundation

/// SHA-256 (FIPS 180-4), streaming. Foundation on Linux has no CryptoKit, and we need the
/// digest for note content hashes, migration checksums and model identity.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    public init() {
        buffer.reserveCapacity(64)
    }

    /// Feeds more bytes into the digest.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Feeds a contiguous block; whole 64-byte blocks are compressed in place without copying.
    public mutating func update(_ data: UnsafeRawBufferPointer) {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        length &+= UInt64(data.count)
        var offset = 0
        if !buffer.isEmpty {
            offset = min(64 - buffer.count, data.count)
            buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: offset))
            if buffer.count == 64 {
                buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while offset + 64 <= data.count {
            compress(base + offset)
            offset += 64
        }
        buffer.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: data.count - offset))
    }

    /// Finishes and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        // The padding: 0x80, zeros up to 56 bytes into a block, then the length in bits (big-endian).
        var tail = buffer
        tail.append(0x80)
        tail.append(contentsOf: repeatElement(0, count: (119 - buffer.count) % 64))
        withUnsafeBytes(of: (length &* 8).bigEndian) { tail.append(contentsOf: $0) }
        tail.withUnsafeBufferPointer { block in
            for start in stride(from: 0, to: block.count, by: 64) { compress(block.baseAddress! + start) }
        }
        let words = (state.0.bigEndian, state.1.bigEndian, state.2.bigEndian, state.3.bigEndian,
                     state.4.bigEndian, state.5.bigEndian, state.6.bigEndian, state.7.bigEndian)
        return withUnsafeBytes(of: words) { Array($0) }
    }

    /// The lowercase hex digest of some bytes.
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize().hexString
    }

    /// The lowercase hex digest of a string's UTF-8 bytes.
    public static func hex(of string: String) -> String {
        hex(of: string.utf8)
    }

    /// The lowercase hex digest of a file, read in 1 MiB blocks.
    /// - Throws: the `CocoaError` of `FileHandle` when the file cannot be read.
    public static func hex(ofFileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
            block.withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalize().hexString
    }

    // MARK: - Compression

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16
                    | UInt32(block[i * 4 + 2]) << 8 | UInt32(block[i * 4 + 3])
            }
            for i in 16..<64 {
                let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            SHA256.k.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                     state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}

extension UInt32 {
    @inline(__always) fileprivate func rotatedRight(_ n: UInt32) -> UInt32 {
        (self >> n) | (self << (32 - n))
    }
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

extension Sequence where Element == UInt8 {
    /// Lowercase hexadecimal, two digits a byte.
    public var hexString: String {
        let bytes = Array(self)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = hexDigits[Int(byte >> 4)]
                out[2 * index + 1] = hexDigits[Int(byte & 0x0f)]
            }
            return bytes.count * 2
        }
    }
}
