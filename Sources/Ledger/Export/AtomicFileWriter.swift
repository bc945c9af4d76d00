import Foundation

/// Writes a file that appears only complete: bytes go to a hidden temporary file beside the
/// target, which is flushed to disk (`fsync`) and renamed over the target; the folder is synced
/// too. If anything fails, the temporary file is removed and nothing appears.
final class AtomicFileWriter {
    let target: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    /// - Throws: `ExportError.cannotWrite` when the folder is missing or not writable.
    init(target: String) throws {
        let url = URL(fileURLWithPath: target)
        self.target = target
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            let folder = url.deletingLastPathComponent().path
            if errno == ENOSPC || errno == EDQUOT { throw ExportError.diskFull(folder) }
            throw ExportError.cannotWrite(folder, reason: String(cString: strerror(errno)))
        }
        buffer.reserveCapacity(1 << 20)
    }

    deinit {
        if !finished { abandon() }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Appends bytes; the file is written in 1 MiB blocks.
    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Flushes, syncs and renames into place.
    func commit() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw failure("fsync") }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, target) == 0 else { throw failure("rename") }
        finished = true
        Self.syncFolder(of: target)
    }

    /// Makes a rename or removal in the folder holding `path` durable.
    static func syncFolder(of path: String) {
        let folder = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes the temporary file.
    func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        finished = true
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure(_ call: String) -> ExportError {
        let number = errno
        abandon()
        if number == ENOSPC || number == EDQUOT {
            return .diskFull(URL(fileURLWithPath: target).deletingLastPathComponent().path)
        }
        return .cannotWrite(target, reason: "\(call): \(String(cString: strerror(number)))")
    }
}

/// Why an export did not happen. Nothing is marked exported when one is thrown.
public enum ExportError: Error, CustomStringConvertible, Sendable, Equatable {
    case cannotWrite(String, reason: String)
    case notAFolder(String)
    /// The file system holding the folder has no space (or the user's quota is used up).
    case diskFull(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write the ledger to \(path): \(reason); check the folder exists, is writable and has space, "
                + "or pass --to DIR. Nothing was marked exported"
        case .notAFolder(let path): "\(path) is not a folder; create it or pass --to DIR"
        case .diskFull(let folder):
            "the disk holding \(folder) is full: no file was written and nothing was marked exported. Free some "
                + "space and run export again, or pass --to DIR"
        }
    }
}
