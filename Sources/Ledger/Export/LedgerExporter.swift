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
        // Which drafts: the same filter picks the rows written and the versions recorded. (Every
        // draft has its note: foreign keys are enforced and notes are never deleted.)
        var filter = "d.current_version > 0 AND d.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))"
        if !all {
            filter += " AND NOT EXISTS (SELECT 1 FROM draft_exports e WHERE e.draft_id = d.id AND e.version >= d.current_version)"
        }
        let bindings: [SQLiteValue] = statuses.map { .text($0.rawValue) }
        let target = uniqueTarget(in: folder, now: now)
        // One write transaction: the rows written and the versions recorded are the same
        // snapshot. The file is renamed into place before the commit: a crash in between
        // repeats rows in the next export, never loses one. When the commit (or what is recorded
        // before it) fails, the file is removed again: the ledger says nothing was exported.
        var placed: String?
        do {
            return try write(filter: filter, bindings: bindings, to: target, now: now, placed: &placed)
        } catch {
            if let placed {
                unlink(placed)
                AtomicFileWriter.syncFolder(of: placed)
            }
            throw error
        }
    }

    private func write(filter: String, bindings: [SQLiteValue], to target: String, now: Date,
                       placed: inout String?) throws -> Result {
        let connection = store.connection
        return try connection.transaction {
            let statement = try connection.statement("""
                SELECT coalesce(d.date, substr(n.received_at, 1, 10)), d.merchant, d.amount, d.currency, d.category,
                    d.purpose, d.id, d.current_version, d.status, n.path
                FROM drafts d JOIN notes n ON n.id = d.note_id WHERE \(filter) ORDER BY d.id
                """)
            try statement.bind(bindings)
            var writer: AtomicFileWriter?
            var rows = 0
            var line: [UInt8] = []
            line.reserveCapacity(1024)
            do {
                while try statement.advance() {
                    if writer == nil {
                        writer = try AtomicFileWriter(target: target)
                        try writer!.write(Self.header + "\r\n")
                    }
                    line.removeAll(keepingCapacity: true)
                    Self.writeLine(statement, to: &line)
                    try writer!.write(line)
                    rows += 1
                }
            } catch {
                writer?.abandon()
                throw error
            }
            guard let writer else { return Result(path: nil, rows: 0) }
            try writer.commit()
            placed = target
            try connection.run("INSERT INTO exports (path, rows, created_at) VALUES (?, ?, ?)",
                               [.text(target), .integer(Int64(rows)), .text(Timestamp.string(now))])
            // Per draft, the newest version exported; an export that repeats it changes nothing.
            try connection.run("""
                INSERT INTO draft_exports (draft_id, version, export_id)
                SELECT d.id, d.current_version, ? FROM drafts d WHERE \(filter)
                ON CONFLICT (draft_id) DO UPDATE SET version = excluded.version, export_id = excluded.export_id
                WHERE excluded.version > draft_exports.version
                """, [.integer(connection.lastInsertedRowID)] + bindings)
            return Result(path: target, rows: rows)
        }
    }

    // MARK: - CSV

    /// Writes the current row as CSV bytes, straight from SQLite's buffers (no strings per cell).
    static func writeLine(_ row: SQLiteStatement, to writer: inout [UInt8]) {
        let digits = row.withColumnBytes(3) { minorDigits(bytes: $0) }
        for column: Int32 in 0...9 {
            if column > 0 { writer.append(UInt8(ascii: ",")) }
            row.withColumnBytes(column) { bytes in
                switch column {
                case 2: writeAmount(bytes, fractionDigits: digits, to: &writer)
                case 6, 7: writer.append(contentsOf: bytes)
                default: writeText(bytes, to: &writer)
                }
            }
        }
        writer.append(0x0D)
        writer.append(0x0A)
    }

    /// Text cells as one CSV record (without its line break), each neutralised and quoted as the
    /// ledger CSV's are: what `query --csv` prints, and what the `csv` fuzz target reads back.
    public static func csvRecord(_ cells: [String]) -> String {
        // A record of one empty cell is written quoted: an empty line reads as no cells at all
        // (Python's csv module; found by CSVReadByPythonTests).
        if cells == [""] { return "\"\"" }
        var writer: [UInt8] = []
        for (index, cell) in cells.enumerated() {
            if index > 0 { writer.append(UInt8(ascii: ",")) }
            let bytes = Array(cell.utf8)
            bytes.withUnsafeBufferPointer { writeText($0, to: &writer) }
        }
        return String(decoding: writer, as: UTF8.self)
    }

    /// A text cell: neutralised when a spreadsheet would read it as a formula (OWASP CSV
    /// injection: a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` before it), then quoted
    /// when it holds a comma, quote or line break (RFC 4180).
    static func writeText(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout [UInt8]) {
        guard let first = bytes.first else { return }
        let neutralise = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first)
        let quote = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        if quote { writer.append(UInt8(ascii: "\"")) }
        if neutralise { writer.append(UInt8(ascii: "'")) }
        if quote {
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { writer.append(byte) }
                writer.append(byte)
            }
            writer.append(UInt8(ascii: "\""))
        } else {
            writer.append(contentsOf: bytes)
        }
    }

    /// A stored plain decimal with exactly `digits` after the point: padded on the bytes; only a
    /// value with more digits than the currency has is rounded through `Decimal`.
    static func writeAmount(_ bytes: UnsafeBufferPointer<UInt8>, fractionDigits digits: Int, to writer: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let fraction = point.map { bytes.count - $0 - 1 } ?? 0
        guard fraction <= digits else {
            // More digits than the currency has: round through Decimal (rare).
            let text = String(decoding: bytes, as: UTF8.self)
            let cell = Amount(text)?.formatted(fractionDigits: digits) ?? text
            writer.append(contentsOf: cell.utf8)
            return
        }
        writer.append(contentsOf: bytes)
        if digits > 0 {
            if point == nil { writer.append(UInt8(ascii: ".")) }
            for _ in 0..<(digits - fraction) { writer.append(UInt8(ascii: "0")) }
        }
    }

    /// Digits after the point for a currency (ISO 4217 minor units); 2 when unknown.
    static func minorDigits(_ currency: String?) -> Int {
        currency.flatMap { minorDigitsByCode[packed($0.utf8)] } ?? 2
    }

    /// The same, for a code as SQLite holds it (no string per row).
    static func minorDigits(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        minorDigitsByCode[packed(bytes)] ?? 2
    }

    /// The currencies whose minor unit is not 2, by their three letters packed into one number.
    private static let minorDigitsByCode: [UInt32: Int] = {
        var table: [UInt32: Int] = [:]
        for code in ["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "RWF", "XOF", "XAF", "PYG", "KMF", "DJF", "GNF", "VUV"] {
            table[packed(code.utf8)] = 0
        }
        for code in ["KWD", "BHD", "OMR", "TND", "JOD", "IQD", "LYD"] { table[packed(code.utf8)] = 3 }
        return table
    }()

    /// Three bytes as one number; anything else as a value no code packs to.
    private static func packed(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.count == 3 ? bytes.reduce(0) { $0 << 8 | UInt32($1) } : UInt32.max
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
