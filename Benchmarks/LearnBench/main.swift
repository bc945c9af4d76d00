// `make bench-learn`: learning from corrections, measured.
//
//   learn-bench replay STREAM --learning on|off [--model PATH | --rules] [--db PATH]
//     Replays STREAM (lines {"id", "note", "merchant", "category"} from learn_stream.py) in order
//     into a fresh ledger, filling each note as `watch` does; a simulated user then corrects every
//     wrong category and merchant with `edit`. Prints one JSON line per note: what the fill gave,
//     where from, the time spent looking up what was learned, and how many edits of the note's
//     merchant came before.
//   learn-bench lookup STREAM --drafts N --edits M [--db PATH]
//     Builds a ledger of N drafts with M edits spread over merchants as ledgers spread them, then
//     times the look-up of what was learned for every note of STREAM (their merchants among
//     those edited; a tenth of the edits are categories of notes naming no merchant). Prints the
//     mean, median and 99th percentile in microseconds, and the first look-up in milliseconds
//     (it reads those notes into memory).
import Foundation
import GuidedLlama
import Ledger

struct StreamItem: Decodable {
    let id: String
    let note: String
    let merchant: String?
    let category: String
}

func readStream(_ path: String) throws -> [StreamItem] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
        try JSONDecoder().decode(StreamItem.self, from: Data($0.utf8))
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("learn-bench: \(message)\n".utf8))
    exit(64)
}

func option(_ name: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

func microseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
}

func freshLedger(_ path: String) throws -> DraftStore {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    return try DraftStore(path: path)
}

func replay(_ arguments: [String]) async throws {
    guard arguments.count >= 1, let learning = option("--learning", in: arguments), ["on", "off"].contains(learning) else {
        fail("usage: learn-bench replay STREAM --learning on|off [--model PATH | --rules] [--db PATH]")
    }
    let items = try readStream(arguments[0])
    let store = try freshLedger(option("--db", in: arguments) ?? "/tmp/learn-bench-\(learning).sqlite")
    try store.setLearning(on: learning == "on")
    let model: LlamaLanguageModel? = arguments.contains("--rules") ? nil : try LlamaLanguageModel(
        url: URL(fileURLWithPath: option("--model", in: arguments) ?? Configuration.resolve(database: nil, model: nil).modelPath),
        contextLength: 2048, threads: ProcessInfo.processInfo.activeProcessorCount, parallelRequests: 1)
    let extractor = ExpenseExtractor(model: model)
    await extractor.warmUp()
    var editsBefore: [String: Int] = [:]
    for (index, item) in items.enumerated() {
        guard case .created(let id) = try store.recordNote(path: "/inbox/\(index)-\(item.id).txt", text: item.note) else {
            fail("note \(item.id) was not recorded as new")
        }
        guard let job = try store.claimJob() else { fail("no job for \(item.id)") }
        let lookupStart = DispatchTime.now().uptimeNanoseconds
        let hints = try store.learnedHints(for: item.note)
        let lookup = microseconds(since: lookupStart)
        let fillStart = DispatchTime.now().uptimeNanoseconds
        let extraction = await extractor.extract(item.note, received: nil, learned: hints)
        let fill = microseconds(since: fillStart) / 1000
        try store.recordFill(draftID: id, extraction, refill: false, completing: job.id)
        let draft = try store.draft(id)
        let sources = try store.fieldSources(id)
        let key = (item.merchant ?? "").lowercased()
        let result: [String: Any] = [
            "id": item.id, "merchant": draft.expense.merchant as Any, "category": draft.expense.category?.rawValue as Any,
            "merchant_source": sources["merchant"]?.rawValue as Any, "category_source": sources["category"]?.rawValue as Any,
            "lookup_us": lookup, "fill_ms": fill, "edits_before": item.merchant == nil ? 0 : editsBefore[key, default: 0],
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
        // The user corrects what is wrong: the category, and the merchant as they write it.
        var changes: [(field: String, value: String)] = []
        if draft.expense.category?.rawValue != item.category { changes.append(("category", item.category)) }
        if draft.expense.merchant != item.merchant { changes.append(("merchant", item.merchant ?? "")) }
        if !changes.isEmpty {
            try store.edit(id, changes: changes)
            if item.merchant != nil { editsBefore[key, default: 0] += 1 }
        }
    }
}

func lookup(_ arguments: [String]) throws {
    guard arguments.count >= 1, let drafts = option("--drafts", in: arguments).flatMap(Int.init),
          let edits = option("--edits", in: arguments).flatMap(Int.init), drafts > 0, edits > 0, edits <= drafts else {
        fail("usage: learn-bench lookup STREAM --drafts N --edits M [--db PATH]  (0 < M <= N)")
    }
    let items = try readStream(arguments[0])
    let path = option("--db", in: arguments) ?? "/tmp/learn-bench-lookup.sqlite"
    let store = try freshLedger(path)
    let connection = store.connection
    // The stream's merchants are among the edited ones; the rest are invented names.
    let streamMerchants = Array(Set(items.compactMap(\.merchant))).sorted()
    let categories = ["food", "travel", "shopping", "other"]
    let build = DispatchTime.now().uptimeNanoseconds
    try connection.execute("PRAGMA synchronous = OFF")
    try connection.transaction {
        try connection.execute("""
            WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < \(drafts))
            INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at)
            SELECT i, '/inbox/note-' || i || '.txt', printf('%064x', i), 'Note ' || i || ' at Merchant ' || (i % 20000),
                   '2026-11-01T12:00:00.000Z', '2026-11-01T12:00:00.000Z', '2026-11-01T12:00:00.000Z' FROM seq;
            INSERT INTO drafts (id, note_id, status, current_version, merchant, category, created_at, updated_at)
            SELECT id, id, 'ready', 1, 'Merchant ' || (id % 20000), 'other', created_at, created_at FROM notes;
            """)
        // Edits: merchants drawn with a long tail (a few merchants hold most edits), a third of
        // them renames from a written form, every edit on its own draft; one in ten is the
        // category of a note that names no merchant (the stream's such notes, other amounts).
        var random = SystemRandomNumberGenerator()
        let unnamed = items.filter { $0.merchant == nil }
        for index in 0..<edits {
            let draft = Int64(index * (drafts / edits) + 1)
            if index % 10 == 5, !unnamed.isEmpty {
                let item = unnamed[index / 10 % unnamed.count]
                let note = item.note.replacing(/\d+([.,]\d{1,2})?/, with: "\(index % 300).\(index % 100)", maxReplacements: 1)
                try connection.run("UPDATE notes SET text = ? WHERE id = ?", [.text(note), .integer(draft)])
                try connection.run("UPDATE drafts SET merchant = NULL WHERE id = ?", [.integer(draft)])
                try connection.run("""
                    INSERT INTO corrections (draft_id, version, field, old_value, new_value, created_at)
                    VALUES (?, 2, 'category', 'other', ?, '2026-11-15T10:00:00.000Z')
                    """, [.integer(draft), .text(item.category)])
                continue
            }
            let rank = Int(pow(Double.random(in: 0..<1, using: &random), 3) * 20_000)
            let name = rank < streamMerchants.count ? streamMerchants[rank] : "Merchant \(rank)"
            let key = MerchantKey.of(name)
            let category = categories[rank % 4]
            let now = "2026-11-\(String(format: "%02d", 1 + index % 28))T10:00:00.000Z"
            try connection.run("""
                INSERT INTO corrections (draft_id, version, field, old_value, new_value, merchant, merchant_key, written_key, created_at)
                VALUES (?, 2, 'category', 'other', ?, ?, ?, NULL, ?)
                """, [.integer(draft), .text(category), .text(name), .optional(key), .text(now)])
            if index % 3 == 0 {
                let written = name.uppercased() + " \(index % 97)"
                try connection.run("""
                    INSERT INTO corrections (draft_id, version, field, old_value, new_value, merchant, merchant_key, written_key, created_at)
                    VALUES (?, 2, 'merchant', ?, ?, ?, ?, ?, ?)
                    """, [.integer(draft), .text(written), .text(name), .text(name), .optional(key),
                          .optional(MerchantKey.of(written)), .text(now)])
            }
        }
    }
    let built = microseconds(since: build) / 1e6
    let corrections = try connection.query("SELECT count(*) FROM corrections").first?.int(0) ?? 0
    var times: [Double] = []
    var hits = 0
    // The first look-up reads the notes naming no merchant into memory: timed on its own.
    let first = DispatchTime.now().uptimeNanoseconds
    _ = try store.learnedHints(for: "warm up")
    let firstLookup = microseconds(since: first) / 1000
    for _ in 0..<3 {  // three passes: the first warms SQLite's page cache
        times = []
        hits = 0
        for item in items {
            let start = DispatchTime.now().uptimeNanoseconds
            let hints = try store.learnedHints(for: item.note)
            times.append(microseconds(since: start))
            if hints != .none { hits += 1 }
        }
    }
    times.sort()
    let mean = times.reduce(0, +) / Double(times.count)
    let result: [String: Any] = [
        "drafts": drafts, "corrections": corrections, "notes": items.count, "hits": hits, "build_s": built,
        "first_ms": firstLookup,
        "mean_us": mean, "median_us": times[times.count / 2], "p99_us": times[min(times.count - 1, times.count * 99 / 100)],
        "max_us": times.last ?? 0,
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "replay": try await replay(Array(arguments.dropFirst()))
case "lookup": try lookup(Array(arguments.dropFirst()))
default: fail("usage: learn-bench replay STREAM --learning on|off [--model PATH | --rules] | learn-bench lookup STREAM --drafts N --edits M")
}
