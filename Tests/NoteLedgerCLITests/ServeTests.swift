import Foundation
import Ledger
import LedgerWeb
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `noteledger serve` over a real ledger and real HTTP: the queue, the draft form, saving with
/// the CSRF token, approving, and the same outcome as the command line, both ways. Every note
/// here is invented; some are hostile.
@Suite(.serialized) struct ServeTests {
    static let hostile = #"<script>alert(1)</script> taxi "><svg onload=alert(2)> 12 <img src=x onerror=alert(3)>"#

    /// A ledger filled by the rules from three notes, one of them hostile, and `serve` over it.
    func served() async throws -> (TemporaryDirectory, ServeProcess, [String: String?]) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        try folder.write("Lunch with Ana at Casa Lucio, 48.50 for the team offsite", to: "Inbox/lunch.txt")
        try folder.write("uber 23,10 airport", to: "Inbox/uber.txt")
        try folder.write(Self.hostile, to: "Inbox/hostile.txt")
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite")]
        let ingest = try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (folder, try await ServeProcess(environment: environment), environment)
    }

    func draftID(_ environment: [String: String?], note suffix: String) throws -> Int {
        let result = try runNoteLedger(["query", "--json"], environment: environment)
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return try #require(drafts.first { ($0["note"] as? String)?.hasSuffix(suffix) == true }?["id"] as? Int, "\(result.stdout) \(result.stderr)")
    }

    @Test func theQueueAndTheFormShowTheLedgerAndHostileNotesStayText() async throws {
        let (folder, serve, environment) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let queue = try await serve.get("/")
        #expect(queue.status == 200)
        #expect(queue.text.contains("Casa Lucio") && queue.text.contains("48.50"))
        #expect(queue.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(queue.headers["content-security-policy"]?.contains("unsafe-inline") == false)
        let id = try draftID(environment, note: "hostile.txt")
        let form = try await serve.get("/drafts/\(id)")
        #expect(form.status == 200)
        for page in [queue.text, form.text] {
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<svg"))
            #expect(!page.contains("<img"))
        }
        #expect(form.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Every field is in the form with where its value came from.
        for field in Expense.fieldNames { #expect(form.text.contains("name=\"\(field)\"")) }
        #expect(form.text.contains("data-field=\"amount\">rules"))
    }

    @Test func savingOnThePageLocksTheFieldsAsEditDoesAndEditShowsOnThePage() async throws {
        let (folder, serve, environment) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let id = try draftID(environment, note: "uber.txt")
        let token = try #require(try await serve.csrfToken(draft: id))
        // A decimal comma is accepted; the category comes from the picker.
        let saved = try await serve.post("/drafts/\(id)/save", ["csrf": token, "amount": "23,45", "category": "travel",
                                                                 "merchant": "uber"])
        #expect(saved.status == 200)
        #expect(saved.text.contains("Saved."))
        let show = try runNoteLedger(["show", String(id)], environment: environment)
        let amountLine = try #require(show.stdout.split(separator: "\n").first { $0.contains("amount") })
        #expect(amountLine.contains("23.45") && amountLine.contains("locked"))
        // The other way: a change made with `edit` is on the page, locked.
        let edit = try runNoteLedger(["edit", String(id), "purpose=Airport ride"], environment: environment)
        #expect(edit.status == 0, "\(edit.stderr)")
        let page = try await serve.get("/drafts/\(id)")
        #expect(page.text.contains("value=\"Airport ride\""))
        #expect(page.text.contains("data-field=\"purpose\">user · locked"))
        // And an approval with `approve` is the page's status.
        #expect(try runNoteLedger(["approve", String(id)], environment: environment).status == 0)
        #expect(try await serve.get("/drafts/\(id)").text.contains(#"id="status">approved"#))
    }

    @Test func aBadValueOrAMissingCSRFTokenChangesNothing() async throws {
        let (folder, serve, environment) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let id = try draftID(environment, note: "lunch.txt")
        let before = try runNoteLedger(["history", String(id)], environment: environment).stdout
        let token = try #require(try await serve.csrfToken(draft: id))
        let bad = try await serve.post("/drafts/\(id)/save", ["csrf": token, "amount": "12 abc", "category": "food"])
        #expect(bad.status == 400)
        #expect(bad.text.contains("amount must be a number such as 48.50"))
        // A token one digit off (the first digit changed, whatever it was).
        let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
        for form in [["amount": "1.00"], ["csrf": wrong, "amount": "1.00"], ["csrf": "", "amount": "1.00"]] {
            #expect(try await serve.post("/drafts/\(id)/save", form).status == 403)
            #expect(try await serve.post("/drafts/\(id)/approve", form).status == 403)
        }
        // A state change is never made by GET.
        #expect(try await serve.get("/drafts/\(id)/approve").status == 405)
        #expect(try runNoteLedger(["history", String(id)], environment: environment).stdout == before)
        #expect(try runNoteLedger(["query", "status:approved", "--json"], environment: environment).stdout == "[]\n")
    }

    @Test func approveAndSearchOnThePageAreTheLedgersAsTheCommandLineSeesThem() async throws {
        let (folder, serve, environment) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let id = try draftID(environment, note: "lunch.txt")
        let token = try #require(try await serve.csrfToken(draft: id))
        let approved = try await serve.post("/drafts/\(id)/approve", ["csrf": token])
        #expect(approved.text.contains("Approved."))
        let query = try runNoteLedger(["query", "status:approved", "--json"], environment: environment)
        #expect(query.stdout.contains("\"id\": \(id)") || query.stdout.contains("\"id\":\(id)"))
        let found = try await serve.get("/?q=" + "lucio amount>40".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(found.text.contains("Casa Lucio"))
        #expect(!found.text.contains("uber"))
        let filtered = try await serve.get("/?status=approved")
        #expect(filtered.text.contains("data-id=\"\(id)\""))
        #expect(filtered.text.components(separatedBy: "<tr data-id=").count == 2)
        let wrong = try await serve.get("/?q=amount%3Elots")
        #expect(wrong.status == 400)
        #expect(wrong.text.contains("the amount must be a number"))
    }

    @Test func onlyTheAppsOwnAddressesAreServed() async throws {
        let (folder, serve, _) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        #expect(try await serve.get("/app.css").status == 200)
        for path in ["/ledger.sqlite", "/Inbox/lunch.txt", "/../ledger.sqlite", "/%2e%2e/ledger.sqlite", "/drafts/abc",
                     "/drafts/999", "/drafts/1/delete"] {
            let response = try await serve.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(!response.text.contains("SQLite format"))
        }
    }

    @Test func pagesGoFiftyDraftsAtATimeNewestFirst() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        for index in 1...57 { try folder.write("coffee \(index).50 at Kiosk \(index)", to: "Inbox/n\(index).txt") }
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite")]
        #expect(try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment).status == 0)
        let serve = try await ServeProcess(environment: environment)
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let first = try await serve.get("/")
        let ids = first.rowIDs
        #expect(ids.count == 50)
        #expect(ids == ids.sorted(by: >))
        let next = try #require(first.text.firstMatch(of: /href="(\/\?before=\d+)"/).map { String($0.output.1) })
        let second = try await serve.get(next)
        #expect(second.rowIDs.count == 7)
        #expect(Set(ids).isDisjoint(with: second.rowIDs))
        #expect(!second.text.contains("Older drafts"))
    }

    @Test func listeningBeyondThisMachineNeedsATokenFile() throws {
        let result = try runNoteLedger(["serve", "--listen", "0.0.0.0:0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("lets other machines reach your ledger; give --token-file PATH"))
        let folder = try TemporaryDirectory()
        let short = try folder.write("abc", to: "token")
        let weak = try runNoteLedger(["serve", "--listen", "0.0.0.0:0", "--token-file", short],
                                     environment: ["NOTELEDGER_DB": folder.path("ledger.sqlite")])
        #expect(weak.status == 1)
        #expect(weak.stderr.contains("at least 16 printable characters"))
    }

    /// *Fill in the form*: the note is saved in the inbox as a file and recorded like a dropped
    /// one; with `--watch` the real model fills it, and the page's event stream follows the fill.
    @Test func aNoteTypedOnThePageIsFiledAndFillsLive() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite")]
        let serve = try await ServeProcess(environment: environment, arguments: ["--watch", folder.path("Inbox")])
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let form = try await serve.get("/notes/new")
        let token = try #require(form.text.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/).map { String($0.output.1) })
        let note = "flat white and a croissant 6.40 at Café Lindqvist"
        let posted = try await serve.post("/notes", ["csrf": token, "note": note])
        #expect(posted.status == 200)
        let id = try #require(posted.text.firstMatch(of: /data-draft="(\d+)"/).map { Int($0.output.1)! })
        // Saved as a file beside the synced notes, the text exactly as typed.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("Inbox"))
        #expect(files.count == 1 && files[0].hasPrefix("web-") && files[0].hasSuffix(".txt"))
        #expect(try String(contentsOfFile: folder.path("Inbox/" + files[0]), encoding: .utf8) == note)
        // The stream ends once the fill is done; each event holds the draft as the ledger had it.
        let stream = try await serve.get("/drafts/\(id)/events")
        #expect(stream.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        let events = stream.text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8)) as? [String: Any]
        }
        #expect(!events.isEmpty)
        let last = try #require(events.last)
        #expect(["ready", "review"].contains(last["status"] as? String))
        let fields = try #require(last["fields"] as? [String: String])
        #expect(fields["amount"] == "6.40")
        #expect(fields["category"] == "food")
        #expect((last["sources"] as? [String: String])?["category"] == "model")
        // A field once filled stays filled in later events: snapshots only add.
        var filled = Set<String>()
        for event in events {
            let values = event["fields"] as? [String: String] ?? [:]
            #expect(filled.allSatisfy { values[$0]?.isEmpty == false })
            filled.formUnion(values.filter { !$0.value.isEmpty }.keys)
        }
        // The watcher saw the file and found it already recorded: one draft, filled once.
        let history = try runNoteLedger(["history", String(id)], environment: environment)
        #expect(history.stdout.split(separator: "\n").filter { $0.hasPrefix("v") }.count == 1, "\(history.stdout)")
        let page = try await serve.get("/drafts/\(id)")
        #expect(page.text.contains(#"value="6.40""#))
        #expect(page.text.contains(#"script src="/app.js""#))
        #expect(try await serve.post("/notes", ["csrf": token, "note": "   "]).status == 400)
        #expect(try await serve.post("/notes", ["note": "taxi 12"]).status == 403)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("Inbox")).count == 1)
    }

    /// With no model to load, the rules fill a note typed on the page, and the page says so.
    @Test func withoutAModelTheRulesFillItAndThePageSaysSo() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite"),
                                              "NOTELEDGER_MODEL": folder.path("no-such-model.gguf")]
        let serve = try await ServeProcess(environment: environment, arguments: ["--watch", folder.path("Inbox")])
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let token = try #require(try await serve.get("/notes/new").text.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)
            .map { String($0.output.1) })
        let posted = try await serve.post("/notes", ["csrf": token, "note": "parking garage 14.50"])
        let id = try #require(posted.text.firstMatch(of: /data-draft="(\d+)"/).map { Int($0.output.1)! })
        let stream = try await serve.get("/drafts/\(id)/events")
        #expect(stream.text.contains(#""reason":"extracted by rules"#))
        let page = try await serve.get("/drafts/\(id)")
        #expect(page.text.contains("Needs review: extracted by rules"))
        #expect(page.text.contains(#"value="14.50""#))
    }

    /// *Refill* on the page queues the draft; the watch fills it again and keeps the locked field.
    @Test func refillOnThePageKeepsTheLockedFields() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("Inbox"), withIntermediateDirectories: true)
        try folder.write("uber 23,10 airport", to: "Inbox/uber.txt")
        let environment: [String: String?] = ["NOTELEDGER_DB": folder.path("ledger.sqlite")]
        #expect(try runNoteLedger(["ingest", folder.path("Inbox"), "--backend", "rules"], environment: environment).status == 0)
        let serve = try await ServeProcess(environment: environment, arguments: ["--watch", folder.path("Inbox"), "--backend", "rules"])
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        let id = try draftID(environment, note: "uber.txt")
        let token = try #require(try await serve.csrfToken(draft: id))
        #expect(try await serve.post("/drafts/\(id)/save", ["csrf": token, "amount": "25.00"]).text.contains("Saved."))
        let queued = try await serve.post("/drafts/\(id)/refill", ["csrf": token])
        #expect(queued.text.contains("Queued for a refill"))
        // The watch fills it again: a third version, by the rules, with the amount still the user's.
        var versions: [Substring] = []
        for _ in 0..<100 {
            versions = try runNoteLedger(["history", String(id)], environment: environment).stdout.split(separator: "\n")
                .filter { $0.hasPrefix("v") }
            if versions.count == 3 { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(versions.count == 3)
        let page = try await serve.get("/drafts/\(id)")
        #expect(page.text.contains(#"name="amount" inputmode="decimal" value="25.00""#))
        #expect(page.text.contains("data-field=\"amount\">user · locked"))
    }

    /// Form bodies are hostile input too: malformed escapes, invalid UTF-8 and odd separators are
    /// read without stopping the server.
    @Test func malformedFormBodiesAreReadAndRefusedNotFatal() async throws {
        let bodies: [[UInt8]] = [Array("csrf=%zz&note=%".utf8), Array("note=%E2%82&csrf".utf8), [0x6e, 0x3d, 0xff, 0xfe, 0x00],
                                 Array("=&&=x&note=a+b%20c".utf8)]
        for body in bodies { _ = HTTPRequest(method: "POST", path: "/notes", body: Data(body)).form }
        #expect(HTTPRequest(method: "POST", path: "/", body: Data("note=a+b%20c&x=%zz".utf8)).form == ["note": "a b c", "x": "%zz"])
        let (folder, serve, _) = try await served()
        defer { serve.stop(); withExtendedLifetime(folder) {} }
        for body in bodies {
            var request = URLRequest(url: URL(string: serve.base.absoluteString + "notes")!)
            request.httpMethod = "POST"
            request.httpBody = Data(body)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 403)
        }
        #expect(try await serve.get("/").status == 200)
    }

    /// The access rules, asked of the app directly: a Host header naming another site is refused on
    /// loopback; beyond it, every request carries the token.
    @Test func aRebindingHostOrAMissingTokenIsRefused() throws {
        let folder = try TemporaryDirectory()
        let store = try DraftStore(path: folder.path("ledger.sqlite"))
        let local = WebApp(store: store, listen: try #require(ListenAddress("127.0.0.1:0")), accessToken: nil)
        local.bound(to: 8765)
        #expect(local.respond(to: HTTPRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:8765"])).status == 200)
        #expect(local.respond(to: HTTPRequest(method: "GET", path: "/", headers: ["host": "localhost:8765"])).status == 200)
        #expect(local.respond(to: HTTPRequest(method: "GET", path: "/", headers: ["host": "attacker.example:8765"])).status == 403)
        #expect(local.respond(to: HTTPRequest(method: "GET", path: "/")).status == 403)

        let secret = "s3cret-token-0123456789"
        let shared = WebApp(store: store, listen: try #require(ListenAddress("0.0.0.0:0")), accessToken: secret)
        #expect(shared.respond(to: HTTPRequest(method: "GET", path: "/")).status == 401)
        #expect(shared.respond(to: HTTPRequest(method: "GET", path: "/", query: ["token": "wrong-token-0123456789"])).status == 401)
        let login = shared.respond(to: HTTPRequest(method: "GET", path: "/", query: ["token": secret]))
        #expect(login.status == 303)
        #expect(login.headers.contains { $0.0 == "Set-Cookie" && $0.1.contains("HttpOnly") && $0.1.contains(secret) })
        #expect(shared.respond(to: HTTPRequest(method: "GET", path: "/", cookies: [WebApp.tokenCookie: secret])).status == 200)
        #expect(shared.respond(to: HTTPRequest(method: "GET", path: "/", headers: ["authorization": "Bearer \(secret)"])).status == 200)
    }
}

/// `noteledger serve --listen 127.0.0.1:0` for one test, and requests to it.
final class ServeProcess: @unchecked Sendable {
    private let process = Process()
    let base: URL

    struct Reply {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let text: String
        /// The draft ids of a queue page's rows, in order.
        var rowIDs: [Int] { text.matches(of: /<tr data-id="(\d+)"/).compactMap { Int($0.output.1) } }
    }

    init(environment: [String: String?], arguments: [String] = []) async throws {
        process.executableURL = TestEnvironment.binaryURL
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens.
        var line = Data()
        let handle = out.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /serving (http:\/\/[^ ]+\/)/), let url = URL(string: String(match.output.1)) else {
            process.terminate()
            throw ServeTestError(message: "serve did not say where it listens: \(text)")
        }
        base = url
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }

    func get(_ path: String) async throws -> Reply {
        try await send(URLRequest(url: URL(string: String(base.absoluteString.dropLast()) + path)!))
    }

    func post(_ path: String, _ form: [String: String]) async throws -> Reply {
        var request = URLRequest(url: URL(string: String(base.absoluteString.dropLast()) + path)!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&").utf8)
        return try await send(request)
    }

    /// The CSRF token in draft `id`'s form.
    func csrfToken(draft id: Int) async throws -> String? {
        try await get("/drafts/\(id)").text.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/).map { String($0.output.1) }
    }

    private func send(_ request: URLRequest) async throws -> Reply {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return Reply(status: http.statusCode, headers: headers, text: String(decoding: data, as: UTF8.self))
    }
}

struct ServeTestError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
