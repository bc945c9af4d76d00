// Commands whose names and options DESIGN.md fixes but whose behaviour later work builds.
// Each documents its options and, when run, says plainly that it is not built yet (exit 1).

struct IngestCommand: PlannedCommand {
    static let name = "ingest"
    static let abstract = "Enqueue notes from files or folders, process them, and exit."
    static let synopsis = "ingest PATH..."
    static let details = "  PATH            a note file, or a folder whose notes are all ingested"
}

struct QueryCommand: PlannedCommand {
    static let name = "query"
    static let abstract = "List drafts that match search terms."
    static let synopsis = "query [TERMS...] [--json | --csv] [--limit N]"
    static let details = """
          TERMS           status:review  category:food  merchant:lucio  amount>20  amount<=100
                          since:2026-11-01  until:2026-11-30  edited  and bare words (full text)
          --json          one JSON array of drafts
          --csv           CSV with a header row
          --limit N       at most N drafts
        """
}

struct ShowCommand: PlannedCommand {
    static let name = "show"
    static let abstract = "Show one draft: every field with its origin and confidence, and the note."
    static let synopsis = "show ID"
    static let details = ""
}

struct EditCommand: PlannedCommand {
    static let name = "edit"
    static let abstract = "Correct fields of a draft; edited fields are locked against later fills."
    static let synopsis = "edit ID field=value..."
    static let details = "  field=value     merchant, amount, currency, category, purpose or date"
}

struct ApproveCommand: PlannedCommand {
    static let name = "approve"
    static let abstract = "Mark drafts as approved."
    static let synopsis = "approve ID..."
    static let details = ""
}

struct HistoryCommand: PlannedCommand {
    static let name = "history"
    static let abstract = "Show every version of a draft: what changed and who changed it."
    static let synopsis = "history ID"
    static let details = ""
}

struct RefillCommand: PlannedCommand {
    static let name = "refill"
    static let abstract = "Extract drafts again; fields the user edited are kept."
    static let synopsis = "refill ID... | --all"
    static let details = "  --all           refill every draft"
}

struct ExportCommand: PlannedCommand {
    static let name = "export"
    static let abstract = "Write a ledger CSV of the drafts not exported yet."
    static let synopsis = "export [--to DIR] [--all] [--status ready,approved]"
    static let details = """
          --to DIR        the folder to write to (default: the current folder)
          --all           export the whole ledger, not only what is new
          --status LIST   the statuses to export (default: ready,approved)
        """
}
