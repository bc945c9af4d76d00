import Foundation

/// Writes ledger CSV files: UTF-8, RFC 4180, header
/// `date,merchant,amount,currency,category,purpose,draft_id,version,status,note`.
/// The date is the expense's, else the day its note arrived. Incremental by default: each draft version is exported once; a draft changed after export
/// appears again with its new version. Rows stream from the database to the file.
public struct LedgerExporter {
    public static let header = "date,merchant,amount,currency,category,purpose,draft_id,version,status,note"

    /// What an export wrote.
    public struct Result: Sendable, Equatable {
        /// The file written; nil when there was nothing to export.
        public let path: String?
        public let rows: Int
    }

    let store: DraftStore

    public init(store: DraftStore) {
        self.store = store
    }

    /// Exports drafts in `statuses` to a new file in `folder`.
    /// - Parameters:
    ///   - all: the whole ledger, not only versions not exported yet.
    ///   - now: names the file (`ledger-YYYYMMDD-HHMMSS.csv`, UTC).
    /// - Throws: `ExportError` (no file appears, nothing is marked), `SQLiteError`.
    public func export(to folder: String, statuses: [DraftStatus], all: Bool, now: Date = Date()) throws -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExportError.notAFolder(folder)
        }
        removeAbandonedFiles(in: folder)
        let connection = store.connection
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS export_batch (draft_id INTEGER, version INTEGER)")
        try connection.execute("DELETE FROM export_batch")
        var sql = """
            SELECT coalesce(d.date, substr(n.received_at, 1, 10)), d.merchant, d.amount, d.currency, d.category, d.purpose, d.id, d.current_version, d.status, n.path
            FROM drafts d JOIN notes n ON n.id = d.note_id
            WHERE d.current_version > 0 AND d.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))
            """
        if !all {
            sql += " AND NOT EXISTS (SELECT 1 FROM exported_versions e WHERE e.draft_id = d.id AND e.version = d.current_version)"
        }
        sql += " ORDER BY d.id"

        let target = uniqueTarget(in: folder, now: now)
        var writer: AtomicFileWriter?
        var rows = 0
        // One read transaction: the rows written and the versions recorded are the same snapshot.
        try connection.execute("BEGIN")
        do {
            let statement = try connection.statement(sql)
            try statement.bind(statuses.map { .text($0.rawValue) })
            let remember = try connection.statement("INSERT INTO export_batch (draft_id, version) VALUES (?, ?)")
            while let row = try statement.step() {
                if writer == nil {
                    writer = try AtomicFileWriter(target: target)
                    try writer!.write(Self.header + "\r\n")
                }
                try writer!.write(Self.line(row) + "\r\n")
                try remember.bind([row[6], row[7]])
                while try remember.step() != nil {}
                rows += 1
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            writer?.abandon()
            throw error
        }
        guard let writer else { return Result(path: nil, rows: 0) }
        try writer.commit()
        // Recorded only once the file is in place: a crash before this repeats rows, never loses them.
        try connection.transaction {
            try connection.run("INSERT INTO exports (path, rows, created_at) VALUES (?, ?, ?)",
                               [.text(target), .integer(Int64(rows)), .text(Timestamp.string(now))])
            let exportID = connection.lastInsertedRowID
            try connection.run("""
                INSERT OR IGNORE INTO exported_versions (draft_id, version, export_id)
                SELECT draft_id, version, ? FROM export_batch
                """, [.integer(exportID)])
            try connection.execute("DELETE FROM export_batch")
        }
        return Result(path: target, rows: rows)
    }

    // MARK: - CSV

    static func line(_ row: SQLiteRow) -> String {
        let currency = row.string(3)
        let amount = row.string(2).flatMap(Amount.init).map { $0.formatted(fractionDigits: minorDigits(currency)) } ?? ""
        let cells = [
            text(row.string(0)), text(row.string(1)), amount, text(currency), text(row.string(4)), text(row.string(5)),
            row.string(6) ?? "", row.string(7) ?? "", text(row.string(8)), text(row.string(9)),
        ]
        return cells.joined(separator: ",")
    }

    /// A text cell: neutralised when a spreadsheet would read it as a formula (OWASP CSV
    /// injection: a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` before it), then quoted
    /// when it holds a comma, quote or line break (RFC 4180).
    static func text(_ value: String?) -> String {
        guard var cell = value, !cell.isEmpty else { return "" }
        if let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { cell = "'" + cell }
        if cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            cell = "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return cell
    }

    /// Digits after the point for a currency (ISO 4217 minor units); 2 when unknown.
    static func minorDigits(_ currency: String?) -> Int {
        switch currency {
        case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "RWF", "XOF", "XAF", "PYG", "KMF", "DJF", "GNF", "VUV": 0
        case "KWD", "BHD", "OMR", "TND", "JOD", "IQD", "LYD": 3
        default: 2
        }
    }

    /// Temporary files an interrupted export left behind (they were never renamed into place).
    private func removeAbandonedFiles(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".ledger-") && name.hasSuffix(".csv.partial") {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    private func uniqueTarget(in folder: String, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let base = URL(fileURLWithPath: folder).appendingPathComponent("ledger-\(formatter.string(from: now))").path
        var candidate = base + ".csv"
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(base)-\(counter).csv"
            counter += 1
        }
        return candidate
    }
}
