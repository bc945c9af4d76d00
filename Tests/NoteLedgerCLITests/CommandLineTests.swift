import Foundation
import Ledger
import TestSupport
import Testing

/// End-to-end tests of the built `noteledger` binary.
@Suite struct CommandLineTests {
    static let commandNames = ["watch", "ingest", "extract", "query", "show", "edit", "approve",
                               "history", "refill", "export", "serve", "doctor", "learned"]

    @Test(arguments: commandNames)
    func everyCommandHasHelpMatchingItsGoldenFile(name: String) throws {
        let result = try runNoteLedger([name, "--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        try expectGolden(result.stdout, named: "help-\(name).txt")
    }

    @Test func theOverviewListsEveryCommand() throws {
        let result = try runNoteLedger(["--help"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, named: "help.txt")
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["doctor", "--colour"], "unknown option '--colour'"),
        (["watch", "--inbox"], "--inbox needs a value"),
        (["doctor", "extra"], "unexpected argument 'extra'"),
        ([], "Usage: noteledger COMMAND"),
    ])
    func usageErrorsExitWith64(arguments: [String], message: String) throws {
        let result = try runNoteLedger(arguments)
        #expect(result.status == 64)
        #expect((result.stdout + result.stderr).contains(message))
    }

    @Test func doctorReportsTheRealModel() throws {
        let folder = try TemporaryDirectory()
        let result = try runNoteLedger(["doctor", "--db", folder.path("ledger.sqlite")],
                                       environment: ["NOTELEDGER_MODEL": TestEnvironment.modelPath])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("model loads     yes"))
        #expect(result.stdout.contains("a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818 (the pinned default model)"))
        #expect(result.stdout.contains("max_user_watches="))
        #expect(result.stdout.contains(folder.path("ledger.sqlite")))
    }

    @Test func doctorReadsTheLedgerWithoutChangingIt() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ledger.sqlite")
        #expect(try runNoteLedger(["query", "--db", path]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try runNoteLedger(["doctor", "--db", path], environment: ["NOTELEDGER_MODEL": TestEnvironment.modelPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("schema          version \(Migration.embedded.last!.id)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("learning        on (nothing learned yet)") || result.stdout.contains("learning        on; 0 edits"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func doctorWithoutAModelSaysWhatToRun() throws {
        let folder = try TemporaryDirectory()
        let result = try runNoteLedger(["doctor", "--model", "/nonexistent/model.gguf", "--db", folder.path("ledger.sqlite")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no model at /nonexistent/model.gguf; run `make deps`"))
    }

    @Test func watchRefusesAMissingInbox() throws {
        let result = try runNoteLedger(["watch", "--inbox", "/nonexistent/inbox"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the inbox /nonexistent/inbox is not a folder"))
    }
}

/// Compares `text` with a saved copy under `Golden/`; `UPDATE_GOLDEN=1` rewrites the copy.
func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let saved = try String(contentsOf: url, encoding: .utf8)
    #expect(text == saved, "differs from Golden/\(name); rerun with UPDATE_GOLDEN=1 if the change is intended",
            sourceLocation: sourceLocation)
}
