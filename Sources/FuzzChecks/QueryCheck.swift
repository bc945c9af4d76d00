import Foundation
import Ledger
import Synchronization

extension FuzzChecks {
    /// A small real ledger the query target searches (made once per process, in a temporary folder).
    private static let ledger = Mutex<DraftStore?>(nil)

    /// The review query language: any terms (the input cut at whitespace, up to eight) are either
    /// refused with a `TermError` or become SQL that runs on a real ledger. No term reaches the SQL
    /// or the full-text syntax as anything but a bound value.
    public static func query(_ bytes: [UInt8]) -> String? {
        let terms = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).prefix(8).map(String.init)
        let query: DraftQuery
        do {
            query = try DraftQuery(terms, limit: 5)
        } catch is DraftQuery.TermError {
            return nil
        } catch {
            return "parsing \(terms) threw \(error)"
        }
        return ledger.withLock { store -> String? in
            do {
                if store == nil { store = try makeLedger() }
                _ = try store!.drafts(matching: query)
                return nil
            } catch {
                return "the query \(terms) failed on a real ledger: \(error)"
            }
        }
    }

    private static func makeLedger() throws -> DraftStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noteledger-fuzz-query-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try DraftStore(path: folder.appendingPathComponent("ledger.sqlite").path)
        // Gone when the process ends (a closure that captures nothing: the folder is found again).
        atexit {
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent("noteledger-fuzz-query-\(getpid())"))
        }
        let notes = ["Lunch at Casa Verde 48.50", "taxi 23,10 airport yesterday", "\"quoted\" 100% _under_ 5.00",
                     "Café Noir * OR NEAR(a b) 3.20"]
        for (index, text) in notes.enumerated() {
            if case .created(let id) = try store.recordNote(path: "/fuzz/\(index).txt", text: text) {
                let expense = RulesExtractor.extract(text, received: received)
                try store.recordFill(draftID: id, Extraction(expense: expense, confidence: [:], origin: .rules, reviewReasons: []),
                                     refill: false)
            }
        }
        try store.edit(1, changes: [("merchant", "Casa Verde")])
        return store
    }
}
