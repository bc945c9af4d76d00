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

    /// Opens (creating it and its folder if needed) the ledger at `path` and migrates it. A file
    /// that is there but is no ledger (empty, another kind of file) is refused unchanged: an empty
    /// one before SQLite opens it, another kind of file when SQLite finds no database header.
    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another process's lock, in milliseconds
    ///     (`NOTELEDGER_BUSY_TIMEOUT`, default 10 s).
    ///   - upgrading: told of each migration applied to an existing ledger (see `Migrator`).
    /// - Throws: `StoreError` with what to do (`.unusable` wraps what SQLite said), `MigrationError`.
    public init(path: String, busyTimeout: Int32 = DraftStore.busyTimeout, upgrading: ((Migration) -> Void)? = nil) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateFolder(folder.path, reason: error.localizedDescription)
        }
        try Self.checkExistingFile(path)
        self.path = path
        do {
            connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
            try Migrator.migrate(connection, upgrading: upgrading)
        } catch let error as SQLiteError {
            throw Self.isNotALedger(path, error) ? StoreError.notALedger(path) : StoreError.unusable(path, error)
        }
        OpenLedgers.register(path)
    }

    /// How long a write waits for another process's lock (ms): `NOTELEDGER_BUSY_TIMEOUT`, else 10 s.
    public static var busyTimeout: Int32 {
        ProcessInfo.processInfo.environment["NOTELEDGER_BUSY_TIMEOUT"].flatMap { Int32($0) }.map { max(0, $0) } ?? 10_000
    }

    /// Refuses an empty file at `path`: SQLite would take it for a new database and write one into
    /// it. A ledger being created by another connection (`watch` opens it from two threads; a
    /// second process may start meanwhile) is empty for the few milliseconds before its first page
    /// is written: an empty file is looked at again for up to `creationGrace` seconds first.
    ///
    /// Only `stat`: the file is never opened here. SQLite's locks are POSIX locks, which the kernel
    /// drops for the whole process when any descriptor of the file is closed; opening and closing
    /// the ledger beside a store already open in this process would release that store's locks,
    /// and a reader in another process would then remove the write-ahead log from under it. A file
    /// that is not an SQLite database is told by SQLite itself (`SQLITE_NOTADB`, see `notALedger`).
    static func checkExistingFile(_ path: String, creationGrace: TimeInterval = 1) throws {
        let deadline = Date().addingTimeInterval(creationGrace)
        var info = stat()
        // Absent: a new ledger. Not a regular file or unreadable: SQLite says why.
        while stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size == 0 {
            if Date() >= deadline { throw StoreError.emptyFile(path) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Whether SQLite's refusal `error` of the file at `path` means it is another kind of file
    /// rather than a damaged ledger: it does not start with SQLite's 16-byte magic string. Read
    /// only once SQLite refused the file, when no store of this process can have it open.
    static func isNotALedger(_ path: String, _ error: SQLiteError) -> Bool {
        guard error.code & 0xff == 26 /* SQLITE_NOTADB */, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return head != Data("SQLite format 3\u{0}".utf8)
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

/// True when the folder holding `path` is on a file system mounted read-only.
private func isOnReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return statvfs(folder, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
}

/// A store failure a person can act on.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    case cannotCreateFolder(String, reason: String)
    case noSuchDraft(Int64)
    /// The file at the ledger's path is empty.
    case emptyFile(String)
    /// The file at the ledger's path is not an SQLite database.
    case notALedger(String)
    /// SQLite could not use the ledger: damaged, locked, read-only, a full disk, ….
    case unusable(String, SQLiteError)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let folder, let reason):
            "cannot create the database folder \(folder): \(reason); pass --db PATH to put the ledger elsewhere"
        case .noSuchDraft(let id): "there is no draft \(id); `noteledger query` lists them"
        case .emptyFile(let path):
            "the ledger \(path) is an empty file (0 bytes), not a NoteLedger ledger; it was left as it is. Remove it to "
                + "start a new ledger there, or pass --db PATH (env NOTELEDGER_DB) to your ledger"
        case .notALedger(let path):
            "\(path) is not an SQLite database, so not a NoteLedger ledger; it was left as it is. Pass --db PATH "
                + "(env NOTELEDGER_DB) to your ledger, or move this file away to start a new ledger there"
        case .unusable(let path, let error):
            Self.advice(path: path, error)
        }
    }

    /// What a person can do about `error` on the ledger at `path`.
    public static func advice(path: String, _ error: SQLiteError) -> String {
        if [8, 14].contains(error.code & 0xff) && isOnReadOnlyFileSystem(path) {
            // SQLite needs to write beside a WAL ledger (its shared-memory index) even to read it.
            return "the ledger \(path) is on a read-only file system (SQLite: \(error.message)); nothing was changed. "
                + "Remount it read-write, or copy the ledger to a writable folder and pass --db PATH"
        }
        return switch error.code & 0xff {
        case 11, 26:  // SQLITE_CORRUPT, SQLITE_NOTADB
            "the ledger \(path) is damaged (SQLite: \(error.message)); nothing was changed. Restore it from a backup, "
                + "or recover what is readable with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite` and pass "
                + "--db recovered.sqlite; the ledger CSV files already exported hold what they held"
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            "the ledger \(path) is locked by another process (another noteledger, a sqlite3 session, a backup) for longer "
                + "than the busy timeout (\(DraftStore.busyTimeout) ms, NOTELEDGER_BUSY_TIMEOUT); nothing was changed. "
                + "Try again when it is done"
        case 8:  // SQLITE_READONLY
            "cannot write the ledger \(path): the file or its folder is read-only (SQLite: \(error.message)); nothing "
                + "was changed. Make both writable, or pass --db PATH to a ledger you can write"
        case 13:  // SQLITE_FULL
            "the disk holding the ledger \(path) is full; nothing was changed. Free some space and run the command again"
        case 14:  // SQLITE_CANTOPEN
            "cannot open the ledger \(path) (SQLite: \(error.message)); check that the file and its folder can be "
                + "read and written, or pass --db PATH"
        case 10:  // SQLITE_IOERR
            "cannot read or write the ledger \(path) (SQLite: \(error.message)); nothing was changed. Check the disk"
        default:
            "the ledger \(path) cannot be used: \(error)"
        }
    }
}
