import Foundation
import Ledger

/// Everything a ledger file holds, as text lines: its schema and every row of every table, in
/// storage order (but the query planner's statistics). Two dumps are equal when the ledgers hold the same things.
public struct LedgerDump: Equatable, CustomStringConvertible, Sendable {
    public let lines: [String]

    /// Reads the ledger at `path` (with what its write-ahead log holds) without changing it.
    public init(path: String) throws {
        let connection = try SQLiteConnection(path: path)
        var lines: [String] = []
        // Not the query planner's statistics (`PRAGMA optimize` at close may or may not get to write them).
        let schema = try connection.query(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name")
        for entry in schema {
            lines.append("schema \(entry.string(0) ?? "") \(entry.string(1) ?? ""): \(entry.string(2) ?? "")")
        }
        for table in schema where table.string(0) == "table" {
            let name = table.string(1) ?? ""
            for row in try connection.query("SELECT * FROM \"\(name)\"") {
                lines.append("\(name): " + row.values.map(Self.text).joined(separator: " | "))
            }
        }
        self.lines = lines
    }

    private init(lines: [String]) { self.lines = lines }

    /// The same dump with every time stamp and dated export file name replaced by a placeholder:
    /// two runs of one operation differ only there.
    public var timesErased: LedgerDump {
        LedgerDump(lines: lines.map { line in
            line.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"#, with: "<time>", options: .regularExpression)
                .replacingOccurrences(of: #"ledger-\d{8}-\d{6}(-\d+)?\.csv"#, with: "ledger-<time>.csv", options: .regularExpression)
        })
    }

    /// The same dump with `text` (a temporary folder's path, say) replaced by `placeholder`.
    public func replacing(_ text: String, with placeholder: String) -> LedgerDump {
        LedgerDump(lines: lines.map { $0.replacingOccurrences(of: text, with: placeholder) })
    }

    /// What `PRAGMA integrity_check` says ("ok" for a sound file).
    public static func integrity(of path: String) throws -> String {
        let connection = try SQLiteConnection(path: path)
        return try connection.query("PRAGMA integrity_check").compactMap { $0.string(0) }.joined(separator: "; ")
    }

    /// The first lines where `self` and `other` differ, for a failure message.
    public func difference(from other: LedgerDump) -> String {
        let mine = Set(lines), theirs = Set(other.lines)
        let only = lines.filter { !theirs.contains($0) }.prefix(3), missing = other.lines.filter { !mine.contains($0) }.prefix(3)
        return "only here: \(Array(only)); only there: \(Array(missing))"
    }

    public var description: String { lines.joined(separator: "\n") }

    private static func text(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): "\(number)"
        case .text(let text): "'\(text)'"
        case .blob(let bytes): "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
