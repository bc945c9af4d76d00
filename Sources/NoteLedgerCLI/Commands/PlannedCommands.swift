// Commands whose names and options DESIGN.md fixes but whose behaviour later work builds.
// Each documents its options and, when run, says plainly that it is not built yet (exit 1).

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
