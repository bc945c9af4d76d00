import Foundation
import Ledger

/// `noteledger ingest PATH...`: record notes, fill them, exit.
struct IngestCommand: Command {
    static let name = "ingest"
    static let abstract = "Enqueue notes from files or folders, process them, and exit."
    static let synopsis = "ingest PATH... [--backend model|rules|server [--server URL]]"
    static let details = """
          PATH            a note file, or a folder whose notes are all ingested
        \(Backend.options)
        """

    var paths: [String]
    var backend: Backend

    init(parsing arguments: inout ArgumentList) throws {
        backend = try Backend(parsing: &arguments)
        paths = try arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give at least one file or folder") }
    }

    func run(in context: CommandContext) async throws {
        let console = context.console
        let store = try Review.openStore(context)
        let intake = NoteIntake(store: store, inbox: nil, logQueued: false) { console.err("noteledger: " + $0) }
        var outcomes: [NoteIntake.Outcome] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw CommandFailure("\(path) does not exist")
            }
            outcomes += isDirectory.boolValue ? try intake.scan(absolute) : [try intake.take(absolute)]
        }
        let pending = try store.pendingJobCount()
        var filled = 0
        if pending > 0 {
            let extractor = await ExtractorLoader.load(backend, configuration: context.configuration, console: console)
            let worker = NoteWorker(store: store, extractor: extractor, waitsForModel: true) { console.err("noteledger: " + $0) }
            let progress = ProgressBar(total: pending, enabled: isatty(STDERR_FILENO) != 0)
            do {
                filled = try await worker.drain(onJobDone: { _ in progress.advance() })
            } catch let error as ModelUnreachable {
                progress.finish()
                throw try Review.stillQueued(error, store: store, again: "ingest")
            }
            progress.finish()
        }
        func count(_ match: (NoteIntake.Outcome) -> Bool) -> Int { outcomes.filter(match).count }
        let created = count { if case .recorded(.created) = $0 { true } else { false } }
        let changed = count { if case .recorded(.changed) = $0 { true } else { false } }
        let unchanged = count { if case .recorded(.unchanged) = $0 { true } else { false } }
        let duplicates = count { if case .recorded(.duplicate) = $0 { true } else { false } }
        let skipped = count { if case .recorded = $0 { false } else { true } }
        console.out("\(outcomes.count) files: \(created) new, \(changed) changed, \(unchanged) unchanged, "
            + "\(duplicates) duplicates, \(skipped) skipped; \(filled) drafts filled")
    }
}

/// A one-line progress bar on stderr, redrawn in place; silent when stderr is not a terminal.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private var done = 0

    init(total: Int, enabled: Bool) {
        self.total = max(total, 1)
        self.enabled = enabled
    }

    func advance() {
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if enabled && done > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
