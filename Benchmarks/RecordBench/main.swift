// Times the store work of recording new notes (note row, draft, search row and job), the part of
// `watch` that the recording thread does, without inotify or reading files: 10,000 notes into a
// fresh ledger, in transactions of each given size, automatic checkpoints off as in `watch`.
// Usage: record-bench [BATCH...]   (default 1 5 500); `make bench-record` builds and runs it.
// For counts that do not move with the machine's load, run it under
// `valgrind --tool=callgrind` with ROUNDS=1.
import Foundation
import Ledger

let count = 10_000
let merchants = ["Casa Lucio", "Lupa", "Starbucks", "Uber", "Aral", "MediaMarkt", "Pret", "Hertz"]
let notes = (0..<count).map { index in
    (path: "/inbox/note-\(index).txt",
     text: "Lunch at \(merchants[index % merchants.count]) \(10 + index % 90).\(index % 10)\(index / 10 % 10) note \(index)")
}
let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 5
let batches = CommandLine.arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

print("recording \(count) new notes, best and median of \(rounds) rounds")
for batch in batches.isEmpty ? [1, 5, 500] : batches {
    var seconds: [Double] = []
    for round in 0..<rounds {
        let store = try DraftStore(path: folder.appendingPathComponent("ledger-\(batch)-\(round).sqlite").path)
        try store.connection.disableAutomaticCheckpoints()
        let start = DispatchTime.now().uptimeNanoseconds
        for first in stride(from: 0, to: count, by: batch) {
            _ = try store.recordNotes(Array(notes[first..<min(first + batch, count)]))
        }
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    seconds.sort()
    let perNote = { (time: Double) in String(format: "%.1f µs", time / Double(count) * 1e6) }
    print("  transactions of \(batch): \(perNote(seconds[0])) a note (median \(perNote(seconds[seconds.count / 2])))")
}
