import Foundation
import Ledger

/// `noteledger refill ID... | --all`: extract again, keeping what the user edited.
struct RefillCommand: Command {
    static let name = "refill"
    static let abstract = "Extract drafts again; fields the user edited are kept."
    static let synopsis = "refill ID... | --all [--backend model|rules|server [--server URL]]"
    static let details = """
          --all           refill every draft
        \(Backend.options)
        """

    var ids: [Int64]?
    var backend: Backend

    init(parsing arguments: inout ArgumentList) throws {
        let all = arguments.flag("--all")
        backend = try Backend(parsing: &arguments)
        let rest = try arguments.positionals()
        if all {
            guard rest.isEmpty else { throw UsageError("give draft ids or --all, not both") }
            ids = nil
        } else {
            guard !rest.isEmpty else { throw UsageError("give draft ids, or --all") }
            ids = try rest.map(Review.id)
        }
    }

    func run(in context: CommandContext) async throws {
        let console = context.console
        let store = try Review.openStore(context)
        let queued = try store.enqueueRefill(ids)
        guard queued > 0 else {
            console.out("no drafts to refill")
            return
        }
        let extractor = await ExtractorLoader.load(backend, configuration: context.configuration, console: console)
        let worker = NoteWorker(store: store, extractor: extractor, waitsForModel: true) { console.err("noteledger: " + $0) }
        let progress = ProgressBar(total: queued, enabled: isatty(STDERR_FILENO) != 0)
        let done: Int
        do {
            done = try await worker.drain(onJobDone: { _ in progress.advance() })
        } catch let error as ModelUnreachable {
            progress.finish()
            throw try Review.stillQueued(error, store: store, again: "refill")
        }
        progress.finish()
        console.out("refilled \(done) draft\(done == 1 ? "" : "s")")
    }
}
