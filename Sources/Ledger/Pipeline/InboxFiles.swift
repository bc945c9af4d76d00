import Foundation

/// Which files in the inbox are notes, and how to read one.
public enum InboxFiles {
    /// The largest note read (bigger files are reported and skipped).
    public static let maximumNoteBytes = 1 << 20

    /// Why a file is not a note (a sync tool's or editor's temporary file, a dotfile), or nil.
    public static func ignoreReason(forName name: String) -> String? {
        if name.hasPrefix(".syncthing.") && name.hasSuffix(".tmp") { return "a Syncthing temporary file" }
        if name.hasPrefix("~syncthing~") && name.hasSuffix(".tmp") { return "a Syncthing temporary file" }
        if name.hasPrefix(".~lock") { return "a lock file" }
        if name.hasPrefix(".") && name.contains(".~") { return "a Nextcloud temporary file" }
        if name.hasPrefix(".goutputstream-") { return "a GNOME temporary file" }
        if name == "4913" { return "vim's write test file" }
        if name.hasPrefix("#") && name.hasSuffix("#") { return "an Emacs autosave file" }
        if name.hasPrefix(".#") { return "an Emacs lock file" }
        for suffix in [".part", ".partial", ".tmp", ".swp", ".swx", "~"] where name.hasSuffix(suffix) {
            return "a temporary file (\(suffix))"
        }
        if name.hasPrefix(".") { return "a hidden file" }
        return nil
    }

    /// A note's text, or why it cannot be read as one.
    public enum Reading: Equatable {
        case text(String)
        case skipped(String)
    }

    /// Reads the note at `path`.
    public static func read(_ path: String, inbox: String?) -> Reading {
        let url = URL(fileURLWithPath: path)
        let resolved = url.resolvingSymlinksInPath().path
        if let inbox, !(resolved + "/").hasPrefix(URL(fileURLWithPath: inbox).resolvingSymlinksInPath().path + "/") {
            return .skipped("it links outside the inbox (to \(resolved))")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            return .skipped("it is gone or cannot be read")
        }
        if (attributes[.type] as? FileAttributeType) != .typeRegular { return .skipped("it is not a regular file") }
        let size = (attributes[.size] as? Int) ?? 0
        if size > maximumNoteBytes {
            return .skipped("it is \(size / 1024) KiB; notes over \(maximumNoteBytes / 1024) KiB are not read")
        }
        guard let data = FileManager.default.contents(atPath: resolved) else { return .skipped("it cannot be read (permissions?)") }
        if data.contains(0) { return .skipped("it is a binary file") }
        guard let text = String(data: data, encoding: .utf8) else { return .skipped("it is not UTF-8 text") }
        return .text(text)
    }
}
