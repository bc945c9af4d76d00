import Digest
import Foundation
import Guided

/// The ledger database: notes, drafts and their versions, field locks, the job queue and exports.
/// Owns one SQLite connection; use it from one thread at a time (each process or worker opens its own).
public final class DraftStore {
    public let connection: SQLiteConnection
    public let path: String
    /// The corrected notes that name no merchant, read once and kept up to date (`learnedHints`).
    var similarNotes = SimilarNotesCache()

    /// Opens (creating it and its folder if needed) the ledger at `path` and migrates it.
    /// - Parameter upgrading: told of each migration applied to an existing ledger (see `Migrator`).
    /// - Throws: `StoreError` with what to do, `MigrationError`, or `SQLiteError`.
    public init(path: String, upgrading: ((Migration) -> Void)? = nil) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateFolder(folder.path, reason: error.localizedDescription)
        }
        self.path = path
        connection = try SQLiteConnection(path: path)
        try Migrator.migrate(connection, upgrading: upgrading)
    }

    /// The schema version of the open database.
    public var schemaVersion: Int { (try? Migrator.version(of: connection)) ?? 0 }

    // MARK: - Notes

    /// What recording a note did.
    public enum NoteChange: Sendable, Equatable {
        /// A new note: a draft was created and a fill queued.
        case created(draftID: Int64)
        /// New content at a known path: the same draft is queued for a refill.
        case changed(draftID: Int64)
        /// The same content at the same path: nothing to do.
        case unchanged(draftID: Int64?)
        /// The same content as another note: recorded, no second draft.
        case duplicate(of: String)
    }

    /// Records the note at `path` with `text`: its note row, draft and job in one transaction.
    /// - Parameter settle: the job waits this long before a worker may take it, so a file still
    ///   being written in several steps is read again (and replaces the job) before it is filled.
    public func recordNote(path: String, text: String, receivedAt: Date = Date(), settle: TimeInterval = 0) throws -> NoteChange {
        try connection.transaction {
            try record(path: path, text: text, receivedAt: receivedAt, settle: settle)
        }
    }

    /// Records several notes in one transaction (a burst from the watcher).
    public func recordNotes(_ notes: [(path: String, text: String)], settle: TimeInterval = 0) throws -> [NoteChange] {
        try connection.transaction {
            try notes.map { try record(path: $0.path, text: $0.text, receivedAt: Date(), settle: settle) }
        }
    }

    private func record(path: String, text: String, receivedAt: Date, settle: TimeInterval) throws -> NoteChange {
        let hash = SHA256.hex(of: text)
        let now = Timestamp.now()
        let available = Timestamp.string(Date().addingTimeInterval(settle))
        if let existing = try connection.query(
            "SELECT n.id, n.content_hash, d.id FROM notes n LEFT JOIN drafts d ON d.note_id = n.id WHERE n.path = ?",
            [.text(path)]).first {
            let noteID = existing.int(0)!
            let draftID = existing.int(2)
            if existing.string(1) == hash {
                try connection.run("UPDATE notes SET missing = 0 WHERE id = ? AND missing = 1", [.integer(noteID)])
                return .unchanged(draftID: draftID)
            }
            try connection.run("UPDATE notes SET text = ?, content_hash = ?, missing = 0, updated_at = ? WHERE id = ?",
                               [.text(text), .text(hash), .text(now), .integer(noteID)])
            guard let draftID else {
                // It was a duplicate; with new content it becomes a note of its own.
                try connection.run("UPDATE notes SET duplicate_of = NULL WHERE id = ?", [.integer(noteID)])
                return .created(draftID: try createDraft(noteID: noteID, text: text, now: now, available: available))
            }
            try connection.run("UPDATE drafts SET status = 'queued', status_reason = NULL, updated_at = ? WHERE id = ?",
                               [.text(now), .integer(draftID)])
            // The whole search row, as a version writes it: the first fill may have left out a
            // merchant and purpose that were words of the old note.
            let current = try currentValues(draftID).expense
            try connection.run("UPDATE drafts_fts SET note = ?, merchant = ?, purpose = ? WHERE rowid = ?",
                               [.text(text), .text(current.merchant ?? ""), .text(current.purpose ?? ""), .integer(draftID)])
            try enqueue(draftID: draftID, kind: "refill", now: now, available: available)
            return .changed(draftID: draftID)
        }
        if let original = try connection.query(
            "SELECT id, path FROM notes WHERE content_hash = ? AND duplicate_of IS NULL ORDER BY id LIMIT 1",
            [.text(hash)]).first {
            try connection.run("""
                INSERT INTO notes (path, content_hash, text, received_at, duplicate_of, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(path), .text(hash), .text(text), .text(Timestamp.string(receivedAt)), .integer(original.int(0)!),
                      .text(now), .text(now)])
            return .duplicate(of: original.string(1) ?? "")
        }
        try connection.run("""
            INSERT INTO notes (path, content_hash, text, received_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(path), .text(hash), .text(text), .text(Timestamp.string(receivedAt)), .text(now), .text(now)])
        return .created(draftID: try createDraft(noteID: connection.lastInsertedRowID, text: text, now: now, available: available))
    }

    /// Marks the note at `path` as deleted from the inbox; its draft stays.
    @discardableResult
    public func markMissing(path: String) throws -> Bool {
        try connection.transaction {
            try connection.run("UPDATE notes SET missing = 1, updated_at = ? WHERE path = ? AND missing = 0",
                               [.text(Timestamp.now()), .text(path)]) > 0
        }
    }

    private func createDraft(noteID: Int64, text: String, now: String, available: String) throws -> Int64 {
        try connection.run("INSERT INTO drafts (note_id, status, created_at, updated_at) VALUES (?, 'queued', ?, ?)",
                           [.integer(noteID), .text(now), .text(now)])
        let draftID = connection.lastInsertedRowID
        try connection.run("INSERT INTO drafts_fts (rowid, note, merchant, purpose) VALUES (?, ?, '', '')",
                           [.integer(draftID), .text(text)])
        try enqueue(draftID: draftID, kind: "fill", now: now, available: available, replacing: false)
        return draftID
    }

    /// - Parameter replacing: retire the draft's pending job first (false for a draft just created).
    func enqueue(draftID: Int64, kind: String, now: String, available: String? = nil, replacing: Bool = true) throws {
        // One pending job per draft is enough: a newer one replaces what was waiting.
        if replacing {
            try connection.run("UPDATE jobs SET state = 'done', updated_at = ? WHERE draft_id = ? AND state = 'pending'",
                               [.text(now), .integer(draftID)])
        }
        try connection.run("""
            INSERT INTO jobs (draft_id, kind, state, available_at, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?, ?)
            """, [.integer(draftID), .text(kind), .text(available ?? now), .text(now), .text(now)])
    }
}

/// A store failure a person can act on.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    case cannotCreateFolder(String, reason: String)
    case noSuchDraft(Int64)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let folder, let reason):
            "cannot create the database folder \(folder): \(reason); pass --db PATH to put the ledger elsewhere"
        case .noSuchDraft(let id): "there is no draft \(id); `noteledger query` lists them"
        }
    }
}
