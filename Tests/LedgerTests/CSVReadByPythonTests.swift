import Foundation
@testable import FuzzChecks
import Guided
import Ledger
import TestSupport
import Testing

/// The ledger CSV read back by Python's `csv` module (what spreadsheets' importers and most
/// scripts read it with), beside the `csv` fuzz target's own strict reader: hostile cells — quotes,
/// commas, every line break, NUL and control bytes, formulas, non-ASCII — and the saved fuzz inputs
/// come back as written (a formula with a `'` before it), and both readers agree.
struct CSVReadByPythonTests {
    static func hostileRecords() throws -> [[String]] {
        let pieces = ["", "a", "\"", "\"\"", ",", "\r", "\n", "\r\n", "\u{0}", "\u{1F}", "\t", " ", "=1+2", "+33 6", "-5", "@SUM(A1)",
                      "'", "é", "e\u{301}", "€", "😀", "\u{2028}", "Casa Lucio, \"team\"", "line\nbreak", "=HYPERLINK(\"x\")"]
        var generator = SplitMix64(seed: 20261202)
        var records: [[String]] = pieces.map { [$0] }
        for _ in 0..<300 {
            let cells = (0..<Int(generator.next() % 6 + 1)).map { _ in
                (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            }
            records.append(cells)
        }
        // The saved inputs of the fuzz target, cut into cells as it cuts them.
        let folder = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz/csv")
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            let bytes = Array(try Data(contentsOf: file))
            records.append(bytes.split(separator: 0x1F, maxSplits: 11, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) })
        }
        return records
    }

    @Test func pythonsCsvModuleReadsBackWhatWasWritten() throws {
        let records = try Self.hostileRecords()
        let document = records.map(LedgerExporter.csvRecord).joined(separator: "\r\n") + "\r\n"
        let expected = records.map { $0.map { cell in
            (cell.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false) ? "'" + cell : cell
        } }
        #expect(FuzzChecks.readRecords(document) == expected, "the fuzz target's strict reader")

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", """
            import csv, io, json, sys
            text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="").read()
            print(json.dumps(list(csv.reader(io.StringIO(text, newline=""), strict=True))))
            """]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        python.standardInput = input
        python.standardOutput = output
        python.standardError = errors
        try python.run()
        input.fileHandleForWriting.write(Data(document.utf8))
        try input.fileHandleForWriting.close()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0, "\(problem)")
        let rows = try #require(try JSONSerialization.jsonObject(with: read) as? [[String]])
        #expect(rows.count == records.count)
        for (index, (row, want)) in zip(rows, expected).enumerated() where row != want {
            Issue.record("record \(index): Python read \(row.map(\.debugDescription)) for \(want.map(\.debugDescription))")
        }
    }
}
