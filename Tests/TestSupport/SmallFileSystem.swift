import Foundation

/// A small file system of its own (a tmpfs mounted on a fresh temporary folder), to fill up:
/// what a full disk does to a command is seen for real. Unmounted when released. Needs the
/// right to mount (root, as the tests run here and in CI).
public final class SmallFileSystem: Sendable {
    public let folder: TemporaryDirectory
    private let filler: String

    public struct MountError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Mounts a tmpfs of `kilobytes` on a new temporary folder.
    public init(kilobytes: Int) throws {
        folder = try TemporaryDirectory("noteledger-small-fs")
        filler = folder.path(".filler")
        let mount = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
        guard mount.status == 0 else {
            throw MountError(description: "cannot mount a \(kilobytes) KiB tmpfs on \(folder.path) (\(mount.output)); "
                + "the disk-full tests need the right to mount (root or CAP_SYS_ADMIN)")
        }
    }

    deinit {
        _ = try? Self.run("/bin/umount", ["-l", folder.path])
    }

    public func path(_ name: String) -> String { folder.path(name) }

    /// Writes a file until the file system has no space left.
    public func fill() throws {
        guard let handle = FileHandle(forWritingAtPath: filler) ?? {
            FileManager.default.createFile(atPath: filler, contents: nil) ? FileHandle(forWritingAtPath: filler) : nil
        }() else { throw MountError(description: "cannot create \(filler)") }
        defer { try? handle.close() }
        try handle.seekToEnd()
        let block = Data(count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        // The last partial block: one byte at a time.
        while (try? handle.write(contentsOf: Data(count: 1))) != nil {}
    }

    /// Makes the file system read-only.
    public func remountReadOnly() throws {
        let remount = try Self.run("/bin/mount", ["-o", "remount,ro", folder.path])
        guard remount.status == 0 else { throw MountError(description: "cannot remount \(folder.path) read-only: \(remount.output)") }
    }

    /// Gives the space back.
    public func free() throws {
        try FileManager.default.removeItem(atPath: filler)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
