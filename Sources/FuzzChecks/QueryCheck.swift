import Foundation
import Ledger
import Synchronization

extension FuzzChecks {
    /// A small real ledger the query target searches (made once per process, in a temporary folder).
    private static let ledger = Mutex<DraftStore?>(nil)

    /// The review query language: any terms (the input cut at whitespace, up to eight) are either
    /// refused with a `TermError` or understood; then printing the query and parsing it again gives
    /// the same query, and on a real ledger its SQL selects exactly the drafts that this file's own
    /// reading of the terms selects (for full-text words, those of ASCII letters and digits). No
    /// term reaches the SQL or the full-text syntax as anything but a bound value.
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
        do {
            let again = try DraftQuery(query.printed, limit: 5)
            if again != query { return "\(terms) printed as \(query.printed) reads back as \(again.printed)" }
        } catch {
            return "\(terms) printed as \(query.printed) is refused: \(error)"
        }
        return ledger.withLock { store -> String? in
            do {
                if store == nil { store = try makeLedger() }
                let found = try store!.drafts(matching: query).map(\.id)
                guard query.terms.allSatisfy(isCheckable) else { return nil }
                let every = try store!.drafts(matching: DraftQuery([]))
                let expected = every.filter { draft in query.terms.allSatisfy { holds($0, for: draft) } }.prefix(5).map(\.id)
                return found == Array(expected) ? nil : "\(query.printed) selects \(found) in SQL, \(Array(expected)) read here"
            } catch {
                return "the query \(terms) failed on a real ledger: \(error)"
            }
        }
    }

    // MARK: - The terms' meaning, read here (independently of their SQL)

    /// Full-text words are read here only when made of ASCII letters and digits (one token each).
    private static func isCheckable(_ term: DraftQuery.Term) -> Bool {
        guard case .word(let word) = term else { return true }
        return word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    private static func holds(_ term: DraftQuery.Term, for draft: DraftRecord) -> Bool {
        switch term {
        case .edited:
            return !draft.locked.isEmpty
        case .amount(let comparison, let bound):
            guard let amount = draft.expense.amount else { return false }
            let (value, limit) = (DraftStore.amountE4(amount), DraftStore.amountE4(bound))
            switch comparison {
            case .less: return value < limit
            case .lessOrEqual: return value <= limit
            case .greater: return value > limit
            case .greaterOrEqual: return value >= limit
            case .equal: return value == limit
            }
        case .status(let status):
            return draft.status == status
        case .category(let category):
            return draft.expense.category == category
        case .merchant(let text):
            // SQLite's LIKE: ASCII letters without case, everything else scalar by scalar.
            guard let merchant = draft.expense.merchant else { return false }
            return contains(asciiLowercased(merchant), asciiLowercased(text))
        case .since(let day):
            return (draft.expense.date ?? String(draft.receivedAt.prefix(10))) >= day
        case .until(let day):
            return (draft.expense.date ?? String(draft.receivedAt.prefix(10))) <= day
        case .word(let word):
            let prefix = word.lowercased()
            let texts = [draft.noteText, draft.expense.merchant ?? "", draft.expense.purpose ?? ""]
            return texts.contains { text in
                text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                    .split { !$0.isLetter && !$0.isNumber }.contains { $0.hasPrefix(prefix) }
            }
        }
    }

    private static func asciiLowercased(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }
    }

    private static func contains(_ text: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard part.count <= text.count else { return false }
        return part.isEmpty || (0...(text.count - part.count)).contains { Array(text[$0..<($0 + part.count)]) == part }
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
