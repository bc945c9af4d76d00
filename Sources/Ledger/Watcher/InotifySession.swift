import CInotifyTools
import Foundation
import Synchronization

/// What libinotifytools reported: the folder and name of the file, and the event mask.
public struct InotifyEvent: Sendable, Equatable {
    public let directory: String
    public let name: String
    public let mask: UInt32

    /// The full path of the file the event is about.
    public var path: String {
        name.isEmpty ? directory : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
    }

    public func contains(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
    public var isDirectory: Bool { contains(IN_ISDIR) }
    public var isQueueOverflow: Bool { contains(IN_Q_OVERFLOW) }
    /// A folder appeared (created or moved in): it needs a watch of its own.
    public var isNewFolder: Bool { isDirectory && (contains(IN_CREATE) || contains(IN_MOVED_TO)) }
    /// A symbolic link was created (links get no close-write event).
    public var isNewSymlink: Bool {
        guard !isDirectory, contains(IN_CREATE) else { return false }
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
    /// A file was deleted or moved away.
    public var isRemovedFile: Bool { !isDirectory && (contains(IN_DELETE) || contains(IN_MOVED_FROM)) }
    /// A file was closed after writing or moved in: its content is complete.
    public var isCompletedFile: Bool { !isDirectory && (contains(IN_CLOSE_WRITE) || contains(IN_MOVED_TO)) }
}

/// A failure of libinotifytools, with the call that failed and its errno.
public struct InotifyError: Error, CustomStringConvertible, Sendable {
    public let call: String
    public let path: String?
    public let errno: Int32

    public var description: String {
        let reason = String(cString: strerror(errno))
        var text = "inotify: \(call)\(path.map { " on \($0)" } ?? "") failed: \(reason) (errno \(errno))"
        if errno == ENOSPC {
            text += ". The inotify watch limit is reached; raise it with "
                + "`sudo sysctl fs.inotify.max_user_watches=524288`"
        } else if errno == EMFILE {
            text += ". Too many inotify instances; raise `fs.inotify.max_user_instances`"
        }
        return text
    }
}

/// The process's libinotifytools session. The library keeps its state in globals, so at most
/// one session exists at a time; it is initialised here and cleaned up in `deinit`.
public final class InotifySession {
    /// Events that mean "a file is complete" or "the tree changed", plus queue overflow.
    public static let noteEvents: Int32 = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM

    private static let isOpen = Atomic<Bool>(false)

    /// Starts the libinotifytools session.
    /// - Throws: `InotifyError` when inotify cannot be initialised (instance limit, no kernel support).
    public init() throws {
        precondition(
            !Self.isOpen.exchange(true, ordering: .acquiringAndReleasing),
            "libinotifytools keeps global state: only one InotifySession may exist at a time")
        guard inotifytools_initialize() != 0 else {
            Self.isOpen.store(false, ordering: .releasing)
            throw InotifyError(call: "inotifytools_initialize", path: nil, errno: inotifytools_error())
        }
    }

    deinit {
        inotifytools_cleanup()
        Self.isOpen.store(false, ordering: .releasing)
    }

    /// Watches `directory` and every folder below it for `events`.
    public func watchRecursively(_ directory: String, events: Int32 = InotifySession.noteEvents) throws {
        guard inotifytools_watch_recursively(directory, events) != 0 else {
            throw InotifyError(call: "inotifytools_watch_recursively", path: directory, errno: inotifytools_error())
        }
    }

    /// The number of watches held (one per folder).
    public var watchCount: Int { Int(inotifytools_get_num_watches()) }

    /// Waits up to `timeout` seconds for the next event; nil when none came.
    /// - Throws: `InotifyError` when reading the inotify descriptor fails.
    public func nextEvent(timeout: Int = 1) throws -> InotifyEvent? {
        guard let event = inotifytools_next_event(timeout) else {
            let error = inotifytools_error()
            if error != 0 && error != EINTR && error != EAGAIN {
                throw InotifyError(call: "inotifytools_next_event", path: nil, errno: error)
            }
            return nil
        }
        // The library stores each watched folder's path, with a trailing slash, by descriptor.
        let directory = inotifytools_filename_from_wd(event.pointee.wd).map { String(cString: $0) } ?? ""
        // `name` is a flexible array member right after the fixed header; Swift cannot import it.
        var name = ""
        if event.pointee.len > 0 {
            let namePointer = UnsafeRawPointer(event).advanced(by: MemoryLayout<inotify_event>.size)
                .assumingMemoryBound(to: CChar.self)
            name = String(cString: namePointer)
        }
        return InotifyEvent(directory: directory, name: name, mask: event.pointee.mask)
    }

    /// The kernel's inotify limits, from `/proc/sys/fs/inotify`.
    public static func limits() -> [(name: String, value: String)] {
        ["max_user_watches", "max_user_instances", "max_queued_events"].map { name in
            let value = (try? String(contentsOfFile: "/proc/sys/fs/inotify/\(name)", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unreadable"
            return (name, value)
        }
    }
}
