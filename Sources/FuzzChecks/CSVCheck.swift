import Foundation
import Ledger

extension FuzzChecks {
    /// The CSV writer: cells cut from the input at 0x1F bytes (up to twelve), written as one
    /// record, read back by a strict RFC 4180 reader, are what was written, a cell a spreadsheet
    /// would take for a formula (a leading `=`, `+`, `-`, `@`, tab or CR) with a `'` before it.
    public static func csv(_ bytes: [UInt8]) -> String? {
        let cells = bytes.split(separator: 0x1F, maxSplits: 11, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let record = LedgerExporter.csvRecord(cells)
        guard let read = readRecords(record + "\r\n") else { return "the written record is not RFC 4180: \(record.debugDescription)" }
        guard read.count == 1, let fields = read.first else { return "one record read as \(read.count)" }
        guard fields.count == cells.count else { return "\(cells.count) cells read as \(fields.count)" }
        for (written, field) in zip(cells, fields) {
            let formula = written.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
            let expected = formula ? "'" + written : written
            if field != expected { return "cell \(written.debugDescription) read back as \(field.debugDescription)" }
        }
        return nil
    }

    /// RFC 4180 records (CRLF line breaks, quoted fields with doubled quotes); nil when the text
    /// breaks the format (a quote inside an unquoted field, text after a closing quote, an open quote).
    static func readRecords(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var fields: [String] = []
        var field: [Unicode.Scalar] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var atFieldStart = true
        while index < scalars.count {
            let scalar = scalars[index]
            if atFieldStart && scalar == "\"" {
                index += 1
                while true {
                    guard index < scalars.count else { return nil }
                    if scalars[index] == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(scalars[index])
                    index += 1
                }
                // After a closing quote: a comma or the line break.
                guard index < scalars.count, scalars[index] == "," || scalars[index] == "\r" else { return nil }
                atFieldStart = false
                continue
            }
            switch scalar {
            case ",":
                fields.append(String(String.UnicodeScalarView(field)))
                field = []
                atFieldStart = true
                index += 1
            case "\r":
                guard index + 1 < scalars.count, scalars[index + 1] == "\n" else { return nil }
                fields.append(String(String.UnicodeScalarView(field)))
                records.append(fields)
                fields = []
                field = []
                atFieldStart = true
                index += 2
            case "\"", "\n":
                return nil
            default:
                field.append(scalar)
                atFieldStart = false
                index += 1
            }
        }
        return fields.isEmpty && field.isEmpty ? records : nil
    }
}
