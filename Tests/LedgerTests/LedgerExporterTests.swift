import Foundation
@testable import Ledger
import TestSupport
import Testing

@Suite struct LedgerExporterTests {
    /// A store with drafts whose merchants are hard for CSV.
    func ledger() throws -> (TemporaryDirectory, DraftStore, [Int64]) {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: folder.path("ledger.sqlite"))
        let merchants = ["Casa Lucio", "Smith, Jones & Co", "The \"Best\" Bar", "Line\nbreak", "=HYPERLINK(\"x\")",
                         "-2+3", "@home", "\tTabbed", "Café ☕"]
        var ids: [Int64] = []
        for (index, merchant) in merchants.enumerated() {
            guard case .created(let id) = try store.recordNote(path: "/inbox/\(index).txt", text: "note \(index)") else { continue }
            let currency = index == 1 ? "JPY" : "EUR"
            try store.recordFill(draftID: id, Extraction(
                expense: Expense(merchant: merchant, amount: Amount("12.5"), currency: currency, category: .food,
                                 purpose: "p \(index)", date: "2026-11-0\(index + 1)"),
                confidence: [:], origin: .model(.init(name: "m", sha256: "s")), reviewReasons: []), refill: false)
            ids.append(id)
        }
        return (folder, store, ids)
    }

    @Test func aRoundTripThroughACSVReaderMatchesTheStore() throws {
        let (folder, store, ids) = try ledger()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let result = try LedgerExporter(store: store).export(to: folder.path("out"), statuses: [.ready], all: false)
        #expect(result.rows == ids.count)
        let path = try #require(result.path)
        let rows = try CSVReader.rows(String(contentsOfFile: path, encoding: .utf8))
        #expect(rows.first == LedgerExporter.header.split(separator: ",").map(String.init))
        for (row, id) in zip(rows.dropFirst(), ids) {
            let draft = try store.draft(id)
            #expect(row[6] == String(id))
            #expect(row[7] == String(draft.version))
            let merchant = draft.expense.merchant!
            let neutralised = "=+-@\t\r".contains(merchant.first!) ? "'" + merchant : merchant
            #expect(row[1] == neutralised, "merchant of draft \(id)")
            #expect(row[0] == draft.expense.date)
            #expect(row[2] == (draft.expense.currency == "JPY" ? "12" : "12.50"), "minor digits of \(draft.expense.currency!)")
            #expect(row[9] == draft.notePath)
        }
    }

    @Test func eachVersionIsExportedOnceAndAnEditAppearsAgain() throws {
        let (folder, store, ids) = try ledger()
        let exporter = LedgerExporter(store: store)
        #expect(try exporter.export(to: folder.path, statuses: [.ready], all: false).rows == ids.count)
        let nothing = try exporter.export(to: folder.path, statuses: [.ready], all: false)
        #expect(nothing == .init(path: nil, rows: 0))
        try store.edit(ids[2], changes: [("amount", "13.00")])
        let again = try exporter.export(to: folder.path, statuses: [.ready], all: false)
        #expect(again.rows == 1)
        let rows = try CSVReader.rows(String(contentsOfFile: again.path!, encoding: .utf8))
        #expect(rows[1][6] == String(ids[2]))
        #expect(rows[1][7] == "2")
        #expect(try exporter.export(to: folder.path, statuses: [.ready], all: true).rows == ids.count)
        #expect(try exporter.export(to: folder.path, statuses: [.approved], all: true).rows == 0)
    }

    @Test func anUnwritableFolderLeavesNoFileAndMarksNothing() throws {
        let (folder, store, _) = try ledger()
        let exporter = LedgerExporter(store: store)
        // /proc refuses new files even to root: the write fails as on a read-only or full disk.
        let error = try #require(throws: ExportError.self) { try exporter.export(to: "/proc", statuses: [.ready], all: false) }
        #expect(error.description.contains("Nothing was marked exported"))
        #expect(throws: ExportError.notAFolder(folder.path("missing"))) {
            try exporter.export(to: folder.path("missing"), statuses: [.ready], all: false)
        }
        #expect(try store.connection.query("SELECT count(*) FROM draft_exports").first?.int(0) == 0)
    }
}
