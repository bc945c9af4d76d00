import Foundation
import Guided
import Ledger

/// `noteledger extract`: one note (or a JSONL batch) to expense JSON.
struct ExtractCommand: Command {
    static let name = "extract"
    static let abstract = "Extract the expense from one note and print it as JSON."
    static let synopsis = "extract [TEXT | -] [--stream] [--backend model|rules|server [--server URL]] [--received DATE] | --jsonl FILE"
    static let details = """
          TEXT              the note; `-` or nothing reads it from stdin
          --stream          print each partial snapshot as a JSON line, then the result
        \(Backend.options)
          --received DATE   when the note was written (YYYY-MM-DD), for relative dates; default today
          --jsonl FILE      batch: one {"id","note","received"?} per line in, one expense per line out
        """

    var text: String?
    var stream: Bool
    var backend: Backend
    var received: Date?
    var jsonl: String?

    init(parsing arguments: inout ArgumentList) throws {
        stream = arguments.flag("--stream")
        backend = try Backend(parsing: &arguments)
        if let date = try arguments.option("--received") {
            guard let parsed = DateResolver.parse(date) else {
                throw UsageError("--received must be a date like 2026-11-20, not '\(date)'")
            }
            received = parsed
        }
        jsonl = try arguments.option("--jsonl")
        let rest = try arguments.positionals()
        guard rest.count <= 1 else { throw UsageError("give the note as one argument (quote it), or on stdin") }
        text = rest.first
        if jsonl != nil && (text != nil || stream) {
            throw UsageError("--jsonl reads its notes from the file; it takes no TEXT and no --stream")
        }
    }

    func run(in context: CommandContext) async throws {
        let extractor = await ExtractorLoader.load(backend, configuration: context.configuration, console: context.console,
                                             batch: jsonl != nil)
        if let jsonl {
            try await runBatch(jsonl, extractor: extractor, console: context.console)
            return
        }
        let note: String
        if let text, text != "-" {
            note = text
        } else {
            note = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        guard note.contains(where: { !$0.isWhitespace }) else { throw UsageError("the note is empty") }
        let console = context.console
        let result = await extractor.extract(note, received: received ?? Date()) { partial in
            if stream { console.out(partial.content.jsonString) }
        }
        console.out(result.content(includeDetails: true).jsonString)
    }

    // MARK: - Batch

    private func runBatch(_ path: String, extractor: ExpenseExtractor, console: Console) async throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path); check the path and its permissions")
        }
        var bad = 0
        var notes: [(id: GeneratedContent, note: String, received: Date?)] = []
        for (offset, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let note = object["note"] as? String else {
                console.err("noteledger: \(path):\(offset + 1): not a JSON object with a \"note\"; skipped")
                bad += 1
                continue
            }
            let id: GeneratedContent = (object["id"] as? String).map(GeneratedContent.string)
                ?? (object["id"] as? NSNumber).map { .number($0.stringValue) } ?? .null
            notes.append((id, note, (object["received"] as? String).flatMap(DateResolver.parse)))
        }
        // As many notes in flight as the extractor runs at once; lines come out in input order.
        await withTaskGroup(of: (Int, Extraction).self) { group in
            var next = 0
            var ready: [Int: Extraction] = [:]
            var printed = 0
            func start() {
                guard next < notes.count else { return }
                let (index, item) = (next, notes[next])
                group.addTask { (index, await extractor.extract(item.note, received: item.received)) }
                next += 1
            }
            for _ in 0..<extractor.parallelRequests { start() }
            for await (index, extraction) in group {
                ready[index] = extraction
                while let result = ready.removeValue(forKey: printed) {
                    console.out(result.content(id: notes[printed].id, includeDetails: false).jsonString)
                    printed += 1
                }
                start()
            }
        }
        if bad > 0 { throw CommandFailure("\(bad) line(s) of \(path) were not notes; see the messages above") }
    }
}
