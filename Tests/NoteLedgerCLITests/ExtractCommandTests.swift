import Foundation
import TestSupport
import Testing

/// `noteledger extract`, end to end with the built binary and the real model.
@Suite(.serialized) struct ExtractCommandTests {
    let note = "Lunch with Ana at Casa Lucio, 48.50 for the team offsite"

    func json(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
    }

    @Test func extractsTheReferenceNote() throws {
        let result = try runNoteLedger(["extract", note, "--received", "2026-11-20"])
        #expect(result.status == 0, "\(result.stderr)")
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["merchant"] as? String == "Casa Lucio")
        #expect(expense["amount"] as? String == "48.50")
        #expect(expense["category"] as? String == "food")
        #expect((expense["origin"] as? String)?.hasPrefix("model gemma-3-270m") == true)
    }

    /// What the writer did opens the note in their language ("Almocei": I had lunch); the name
    /// the note puts after "no" (at the) is the merchant, never the verb.
    @Test func theNameAfterAPlaceWordIsTheMerchantNotTheVerbOpeningTheNote() throws {
        let result = try runNoteLedger(["extract", "Almocei no Boteco Seu Zé, R$ 48", "--received", "2026-11-20"])
        #expect(result.status == 0, "\(result.stderr)")
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["merchant"] as? String == "Boteco Seu Zé")
        #expect(expense["amount"] as? String == "48" && expense["currency"] as? String == "BRL")
    }

    /// A well-known brand the note names is who was paid, also when the model copies no one from
    /// a note in lower case; a common word before a brand is not part of its name.
    /// The name opening a written note before a dash charged, whatever the model copies after it.
    @Test func theNameBeforeTheDashIsWhoCharged() throws {
        let result = try runNoteLedger(["extract", "Gigbox - Arctic Lanterns x2 £170", "--received", "2026-11-20"])
        #expect(result.status == 0, "\(result.stderr)")
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["merchant"] as? String == "Gigbox", "\(result.stdout)")
        #expect(expense["amount"] as? String == "170" && expense["currency"] as? String == "GBP")
        // A sender before a colon is not who charged when the message names the payee after "at".
        let sent = try runNoteLedger(["extract", "Kestrelpay: £6.45 at Ardent Deli. Balance £212.30", "--received", "2026-11-20"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let payment = try json(Substring(sent.stdout.trimmingCharacters(in: .newlines)))
        #expect(payment["merchant"] as? String == "Ardent Deli", "\(sent.stdout)")
        // Where the model stops inside the name the message introduces, the name is taken whole.
        let person = try runNoteLedger(["extract", "Sent $45.00 to Marta Ruiz with Kestrelpay.", "--received", "2026-11-20"])
        #expect(person.status == 0, "\(person.stderr)")
        let transfer = try json(Substring(person.stdout.trimmingCharacters(in: .newlines)))
        #expect(transfer["merchant"] as? String == "Marta Ruiz", "\(person.stdout)")
    }

    /// Each note through `extract` with the model: its merchant is the one given.
    private func expectMerchants(_ cases: [(note: String, merchant: String?)]) throws {
        for (note, merchant) in cases {
            let result = try runNoteLedger(["extract", note, "--received", "2026-11-20"])
            #expect(result.status == 0, "\(result.stderr)")
            let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
            #expect(expense["merchant"] as? String == merchant, "\(note): \(result.stdout)")
        }
    }

    @Test func aBrandTheNoteNamesIsTheMerchantWhenTheModelCopiesNoOne() throws {
        try expectMerchants([("petrol 55.30 esso", "esso"), ("Big Adidas haul 120", "Adidas")])
    }

    /// An institution named with "of" is whole where the model copied only the name after it, and a
    /// name after "for" that goes on over "of" or "&" is the note's only name, so the payee (invented).
    @Test func anInstitutionKeepsItsKindAndAForNameGoesOnOverItsJoiner() throws {
        try expectMerchants([("Museum of Lumo entry 15", "Museum of Lumo"), ("tickets for the Museum of Lumo 15", "Museum of Lumo")])
    }

    /// Beside a name, what was had ("Lunch", "점심") is not offered as the merchant: the model
    /// copies the name. With no name, a generic place is not who was paid. A name keeps the word
    /// it closes with ("Electronics") where the model stops before it.
    @Test func aNameIsCopiedRatherThanTheMealBesideIt() throws {
        try expectMerchants([("점심 김밥천국 8,000원", "김밥천국"), ("ランチ 1,100円 カフェ・コルボ", "カフェ・コルボ"),
                             ("Car park at the beach 5", nil), ("Gigbox Electronics cable 9.99", "Gigbox Electronics")])
    }

    /// A name goes on over capitalised words to the word it closes with ("Kestrel Oyster Bar"), and
    /// "Grand" opening a name is part of it, not a thousand (invented).
    @Test func aNameGoesOnToItsClosingWordAndGrandOpensAName() throws {
        try expectMerchants([("Kestrel Oyster Bar 85", "Kestrel Oyster Bar"), ("Grand Kestrel Bar 85", "Grand Kestrel Bar")])
    }

    /// A note written all in capitals is read in lower case: the name after "AT" is the merchant,
    /// copied back as the note writes it, and a currency code still counts; a name after "for" that
    /// closes with a kind of place is no one it was bought for (invented).
    @Test func aNoteInCapitalsIsReadInLowerCaseAndAPlaceIsNoBeneficiary() throws {
        try expectMerchants([("LUNCH AT HALDEN DELI 14.20", "HALDEN DELI"), ("ticket for Halden Museum 18", "Halden Museum")])
        let result = try runNoteLedger(["extract", "DINNER AT CORVO GRILL 45 EUR"])
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["merchant"] as? String == "CORVO GRILL" && expense["currency"] as? String == "EUR", "\(result.stdout)")
    }

    /// The category priors are measured once per model, prompt and thread count and kept in the
    /// cache folder: the next run reads them and answers the same; a damaged file is measured
    /// again and replaced; another thread count has its own file.
    @Test func keepsTheCategoryPriorsBetweenRuns() throws {
        let cache = try TemporaryDirectory()
        let folder = cache.url.appendingPathComponent("noteledger/calibration")
        func run(threads: Int) throws -> String {
            let result = try runNoteLedger(["extract", note, "--received", "2026-11-20"], environment: [
                "XDG_CACHE_HOME": cache.url.path, "NOTELEDGER_MODEL": TestEnvironment.modelURL.path,
                "NOTELEDGER_THREADS": "\(threads)",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        func files() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
        }
        // The first run also keeps the prompt's KV cache, which later runs load: measured after that.
        _ = try run(threads: 2)
        try FileManager.default.removeItem(at: folder)
        let measured = try run(threads: 2)
        let kept = try #require(try files().first)
        #expect(try files().count == 1)
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: kept)) as? [String: [String: Double]])
        let category = try #require(table["category"])
        // The model's words for the four categories ("services" is how it is asked for `other`).
        #expect(Set(category.keys.map { $0.filter(\.isLetter) }) == ["food", "travel", "shopping", "services"], "\(category)")
        #expect(abs(category.values.reduce(0, +) - 1) < 1e-9)
        let written = try Data(contentsOf: kept)
        #expect(try run(threads: 2) == measured)
        #expect(try Data(contentsOf: kept) == written)
        try Data("{\"category\": 7".utf8).write(to: kept)
        #expect(try run(threads: 2) == measured)
        #expect(try Data(contentsOf: kept) == written)
        _ = try run(threads: 1)
        #expect(try files().count == 2)
    }

    /// The same note through a real llama-server: the fields read from the text (merchant, amount)
    /// and the calibrated category agree, and the origin names the server's model and URL.
    @Test func extractsThroughAnInferenceServer() async throws {
        let server = try await RunningServer()
        // `doctor` checks the server: what it runs and its slots; a server that is down is a problem it names.
        let doctor = try runNoteLedger(["doctor", "--server", server.url.absoluteString, "--db", "/tmp/noteledger-doctor-\(UUID()).sqlite"])
        #expect(doctor.status == 0, "\(doctor.stderr)")
        #expect(doctor.stdout.contains("server model    gemma-3-270m-q4_k_m.gguf; 1 slot"), "\(doctor.stdout)")
        let down = try runNoteLedger(["doctor", "--server", "http://127.0.0.1:\(freePort())",
                                      "--db", "/tmp/noteledger-doctor-\(UUID()).sqlite"])
        #expect(down.status == 1)
        #expect(down.stderr.contains("is unreachable") && down.stderr.contains("start it, or check --server"), "\(down.stderr)")
        let note = "croissants and coffee at Maison Pell 7.80"
        let local = try runNoteLedger(["extract", note])
        let remote = try runNoteLedger(["extract", note, "--backend", "server", "--server", server.url.absoluteString])
        #expect(remote.status == 0, "\(remote.stderr)")
        let served = try json(Substring(remote.stdout.trimmingCharacters(in: .newlines)))
        let inProcess = try json(Substring(local.stdout.trimmingCharacters(in: .newlines)))
        #expect(served["merchant"] as? String == inProcess["merchant"] as? String)
        #expect(served["amount"] as? String == inProcess["amount"] as? String)
        // The category is scored option by option and calibrated on the server too.
        #expect(served["category"] as? String == inProcess["category"] as? String)
        // The purpose is free text, the first field generated: where two continuations are nearly
        // tied, the server's batched arithmetic and the in-process one can pick differently
        // ("Coffee" against "Coffee and croissant"), so each is held to the purpose's grammar (a
        // capital first, up to six words of letters), which the server must have applied, not to
        // the other engine's words.
        for purpose in [served["purpose"], inProcess["purpose"]] {
            let purpose = try #require(purpose as? String)
            let words = purpose.split(separator: " ")
            #expect(purpose.first?.isUppercase == true && (1...6).contains(words.count)
                    && words.allSatisfy { $0 == "&" || $0.contains(where: \.isLetter) }, "\(purpose)")
        }
        #expect(served["origin"] as? String == "model gemma-3-270m-q4_k_m.gguf at \(server.url.absoluteString)")
    }

    /// The model writes the space before a number it may not put in the purpose; the purpose
    /// then ends there instead of being pushed into letters it never meant ("Hotel Adlon nde nde").
    @Test(arguments: ["Hotel Adlon 2 Nächte 1.240,00 EUR", "Tankstelle Aral 68,40 EUR diesel"])
    func aPurposeEndsWhereTheModelWantedANumber(note: String) throws {
        let result = try runNoteLedger(["extract", note, "--received", "2026-11-20"])
        #expect(result.status == 0, "\(result.stderr)")
        let purpose = try #require(try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))["purpose"] as? String)
        let words = purpose.split(separator: " ")
        #expect(!words.isEmpty && !zip(words, words.dropFirst()).contains { $0 == $1 }, "repeated word in \(purpose)")
        // Words of the note, whole words, or the little words English joins them with ("Hotel stay in Berlin").
        let joining: Set<Substring> = ["in", "at", "to", "of", "on", "for", "and", "the", "a", "with", "by"]
        #expect(words.allSatisfy { note.localizedCaseInsensitiveContains($0) || $0.count >= 4 || joining.contains($0) },
                "fragment in \(purpose)")
        #expect(purpose == purpose.trimmingCharacters(in: .whitespaces))
    }

    @Test func streamPrintsGrowingSnapshotsThenTheResult() throws {
        let result = try runNoteLedger(["extract", "--stream", "Pizza at Luigi's Trattoria 31,90 with the sales team"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 4)
        var previousFilled = 0
        for line in lines.dropLast() {
            let snapshot = try json(line)
            let filled = snapshot.values.filter { !($0 is NSNull) }.count
            #expect(filled >= previousFilled, "a snapshot lost a field: \(line)")
            previousFilled = filled
        }
        #expect(try json(lines.last!)["confidence"] != nil)
    }

    @Test func readsTheNoteFromStdin() throws {
        let result = try runNoteLedger(["extract", "-", "--backend", "rules"], stdin: "taxi 23,10 airport")
        #expect(result.status == 0)
        #expect(try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))["amount"] as? String == "23.10")
    }

    @Test func batchWritesOneLinePerNoteAndReportsBadLines() throws {
        let folder = try TemporaryDirectory()
        let input = try folder.write("""
            {"id": "a", "note": "uber 23,10 airport", "received": "2026-11-20"}
            this is not json
            {"id": "b", "note": "reminder: renew the parking permit"}

            """, to: "notes.jsonl")
        let result = try runNoteLedger(["extract", "--jsonl", input])
        #expect(result.status == 1)
        #expect(result.stderr.contains("notes.jsonl:2: not a JSON object"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try json(lines[0])
        #expect(first["id"] as? String == "a")
        #expect(first["amount"] as? String == "23.10")
        for key in ["merchant", "currency", "category", "purpose", "date", "confidence"] {
            #expect(first.keys.contains(key), "missing \(key)")
        }
        #expect(try json(lines[1])["amount"] is NSNull, "a reminder has no amount")
    }

    @Test(arguments: [
        ("/nonexistent/model.gguf", "no such file"),
        ("corrupt", "corrupt or unsupported GGUF"),
    ])
    func anUnusableModelFallsBackToTheRulesAndSaysSoOnce(model: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        let path = model == "corrupt" ? try folder.write("GGUF\u{3}\0\0\0 broken", to: "bad.gguf") : model
        let result = try runNoteLedger(["extract", note, "--model", path])
        #expect(result.status == 0)
        #expect(result.stderr.contains(reason))
        #expect(result.stderr.contains("using the rules extractor instead"))
        #expect(result.stderr.components(separatedBy: "using the rules extractor").count == 2, "said once")
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["origin"] as? String == "rules")
        #expect((expense["review"] as? [String])?.isEmpty == false)
    }

    @Test func aNoteLongerThanTheContextWindowFallsBackWithTheReason() throws {
        let long = String(repeating: "taxi 23.10 to the airport and back again, ", count: 300)
        let result = try runNoteLedger(["extract", long])
        #expect(result.status == 0)
        let expense = try json(Substring(result.stdout.trimmingCharacters(in: .newlines)))
        #expect(expense["origin"] as? String == "rules")
        let reasons = (expense["review"] as? [String]) ?? []
        #expect(reasons.contains { $0.contains("context window") }, "\(reasons)")
    }

    @Test(arguments: [
        (["extract", "--received", "yesterday", "x"], "--received must be a date"),
        (["extract", "--backend", "gpt", "x"], "--backend must be"),
        (["extract", "--backend", "server", "x"], "--backend server needs --server URL"),
        (["extract", "--backend", "server", "--server", "gpu-box:8080", "x"], "--server must be an http:// or https:// URL"),
        (["extract", "--server", "http://127.0.0.1:8080", "x"], "go with --backend server"),
        (["extract", "--backend", "server", "--server", "http://127.0.0.1:8080", "--server-concurrency", "0", "x"],
         "--server-concurrency must be a whole number"),
        (["extract", "--jsonl", "f.jsonl", "text"], "--jsonl reads its notes from the file"),
        (["extract", "--server-insecure", "x"], "go with --backend server"),
        (["extract", "--backend", "server", "--server", "https://127.0.0.1:8443", "--server-ca-file", "/nonexistent/ca.pem", "x"],
         "cannot read the CA file /nonexistent/ca.pem"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runNoteLedger(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }
}
