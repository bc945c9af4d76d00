import Foundation
import Ledger
import Synchronization

/// The review web app over one ledger: the queue, the draft form, approve and refill. Pure
/// request → response: `HTTPServer` carries it, tests can call `respond(to:)` directly.
///
/// Security, since note text is hostile input and the ledger holds money records:
/// - every value is HTML-escaped (`Page.escape`), and a Content-Security-Policy allows only the
///   app's own stylesheet and script, never inline script;
/// - every state-changing request is a POST carrying the process's CSRF token;
/// - only the app's routes are served (no files from disk);
/// - on a loopback address the Host header must name it (a rebinding site cannot reach it); on any
///   other address every request carries the access token (a cookie set by `?token=`, or
///   `Authorization: Bearer`).
public final class WebApp: Sendable {
    private let store: Mutex<StoreBox>
    private let csrfToken: String
    private let accessToken: String?
    private let listen: ListenAddress
    /// Where notes written on the page are saved as files, as if dropped there.
    private let inbox: String?
    /// Set once the server knows the port it got.
    private let boundPort = Atomic<Int>(0)
    /// Set by `stop()`: open event streams end.
    private let stopping = Atomic<Bool>(false)

    static let pageSize = 50

    /// - Parameters:
    ///   - accessToken: required on every request (a non-loopback address), nil on loopback.
    ///   - inbox: the folder notes typed on the page are written to (nil: the page cannot take notes).
    public init(store: DraftStore, listen: ListenAddress, accessToken: String?, inbox: String? = nil) {
        self.store = Mutex(StoreBox(store: store))
        self.listen = listen
        self.accessToken = accessToken
        self.inbox = inbox
        csrfToken = Self.randomToken()
    }

    /// Ends the open event streams (before the server stops, which waits for them).
    public func stop() { stopping.store(true, ordering: .releasing) }

    /// Tells the app the port the server listens on (for the Host check).
    public func bound(to port: Int) { boundPort.store(port, ordering: .releasing) }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    // MARK: - Routing

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        response.headers += Self.securityHeaders
        return response
    }

    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        if let refused = checkHost(request) ?? checkAccess(request) { return refused }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let isGet = request.method == "GET" || request.method == "HEAD"
        if parts == [""] {
            return isGet ? queue(request) : Self.methodNotAllowed("GET")
        }
        if parts == ["app.css"] {
            guard isGet else { return Self.methodNotAllowed("GET") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/css; charset=utf-8")], body: Data(Page.stylesheet.utf8))
        }
        if parts == ["app.js"] {
            guard isGet else { return Self.methodNotAllowed("GET") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")], body: Data(Page.script.utf8))
        }
        if parts == ["notes", "new"] {
            guard isGet else { return Self.methodNotAllowed("GET") }
            return .html(Page.newNote(csrf: csrfToken, inbox: inbox))
        }
        if parts == ["notes"] {
            guard request.method == "POST" else { return Self.methodNotAllowed("POST") }
            guard Self.sameToken(request.form["csrf"], csrfToken) else { return Self.staleForm }
            return newNote(request.form["note"] ?? "")
        }
        if parts.count == 3, parts[0] == "drafts", parts[2] == "events" {
            guard isGet else { return Self.methodNotAllowed("GET") }
            return withDraftID(parts[1]) { events($0) }
        }
        if parts.count == 2, parts[0] == "drafts" {
            guard isGet else { return Self.methodNotAllowed("GET") }
            return withDraftID(parts[1]) { draftPage($0, notice: request.query["done"].flatMap { Self.notices[$0] }) }
        }
        if parts.count == 3, parts[0] == "drafts", ["save", "approve", "refill"].contains(parts[2]) {
            guard request.method == "POST" else { return Self.methodNotAllowed("POST") }
            guard Self.sameToken(request.form["csrf"], csrfToken) else { return Self.staleForm }
            return withDraftID(parts[1]) { id in
                switch parts[2] {
                case "save": save(id, form: request.form)
                case "approve": approve(id)
                default: refill(id)
                }
            }
        }
        return .html(Page.message(title: "Not found", text: "There is no page at this address. Go to the queue: /"), status: 404)
    }

    private static let staleForm = HTTPResponse.html(
        Page.message(title: "Not saved", text: "This form is out of date or came from another site, "
                     + "so nothing was changed. Reload the page and try again."), status: 403)

    private static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        HTTPResponse(status: 405, headers: [("Allow", allowed), ("Content-Type", "text/plain; charset=utf-8")],
                     body: Data("this address takes \(allowed) only\n".utf8))
    }

    private static let notices = ["saved": "Saved. The fields you changed are locked: a later fill keeps them.",
                                  "approved": "Approved.",
                                  "unchanged": "Nothing changed, so nothing was saved.",
                                  "refill": "Queued for a refill. `noteledger watch` fills it again; locked fields are kept."]

    private func withDraftID(_ text: String, _ body: (Int64) -> HTTPResponse) -> HTTPResponse {
        guard let id = Int64(text), id > 0 else {
            return .html(Page.message(title: "Not found", text: "'\(text)' is not a draft number."), status: 404)
        }
        return body(id)
    }

    /// Constant-time comparison of a submitted token with the expected one.
    static func sameToken(_ given: String?, _ expected: String) -> Bool {
        guard let given, given.utf8.count == expected.utf8.count else { return false }
        return zip(given.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    // MARK: - Who may ask

    /// On loopback, the Host header must name this server: a page on another site that rebinds
    /// its name to 127.0.0.1 sends its own name.
    private func checkHost(_ request: HTTPRequest) -> HTTPResponse? {
        guard accessToken == nil else { return nil }
        let port = boundPort.load(ordering: .acquiring)
        let host = request.headers["host"] ?? ""
        let allowed = ["127.0.0.1", "localhost", "[::1]", listen.urlHost]
            .flatMap { [$0, "\($0):\(port)"] }
        if allowed.contains(host.lowercased()) { return nil }
        return .html(Page.message(title: "Refused", text: "This server answers only at its own address, "
                                  + "http://\(listen.urlHost):\(port)/"), status: 403)
    }

    private func checkAccess(_ request: HTTPRequest) -> HTTPResponse? {
        guard let accessToken else { return nil }
        let bearer = request.headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        if Self.sameToken(bearer, accessToken) || Self.sameToken(request.cookies[Self.tokenCookie], accessToken) { return nil }
        if request.method == "GET", Self.sameToken(request.query["token"], accessToken) {
            // Keep it in a cookie, and take it out of the address bar.
            return HTTPResponse(status: 303, headers: [
                ("Location", request.path),
                ("Set-Cookie", "\(Self.tokenCookie)=\(accessToken); HttpOnly; SameSite=Strict; Path=/"),
            ])
        }
        return .html(Page.message(title: "Access token needed", text: "This NoteLedger listens beyond this machine and needs "
                                  + "its access token: open the address with ?token= and the text of the token file."), status: 401)
    }

    /// The cookie that carries the access token after `?token=`.
    public static let tokenCookie = "noteledger_token"

    // MARK: - Pages

    private func queue(_ request: HTTPRequest) -> HTTPResponse {
        let search = request.query["q"] ?? ""
        let status = request.query["status"].flatMap(DraftStatus.init(rawValue:))
        let before = request.query["before"].flatMap(Int64.init)
        do {
            var terms = search.split(whereSeparator: \.isWhitespace).map(String.init)
            if let status { terms.append("status:\(status.rawValue)") }
            var query = try DraftQuery(terms, limit: Self.pageSize + 1)
            query.before = before
            let drafts = try store.withLock { box in
                let drafts = try box.store.drafts(matching: query)
                // As `noteledger query` does: statistics for the planner (rarely any work; without
                // them a search such as category:food amount>20 sorts a quarter of a large ledger).
                try? box.store.refreshQueryStatistics()
                return drafts
            }
            return .html(Page.queue(drafts: Array(drafts.prefix(Self.pageSize)), search: search, status: status,
                                    olderFrom: drafts.count > Self.pageSize ? drafts[Self.pageSize - 1].id : nil))
        } catch let error as DraftQuery.TermError {
            return .html(Page.queue(drafts: [], search: search, status: status, olderFrom: nil, error: error.description), status: 400)
        } catch {
            return failure(error)
        }
    }

    private func draftPage(_ id: Int64, notice: String? = nil, error: String? = nil, typed: [String: String] = [:]) -> HTTPResponse {
        do {
            let view = try store.withLock { box -> Page.DraftView? in
                let store = box.store
                let draft: DraftRecord
                do { draft = try store.draft(id) } catch StoreError.noSuchDraft { return nil }
                return Page.DraftView(draft: draft, history: try store.history(id), confidence: try store.confidence(id),
                                      sources: try store.fieldSources(id))
            }
            guard let view else {
                return .html(Page.message(title: "Not found", text: "There is no draft \(id)."), status: 404)
            }
            return .html(Page.draft(view, csrf: csrfToken, notice: notice, error: error, typed: typed), status: error == nil ? 200 : 400)
        } catch {
            return failure(error)
        }
    }

    /// Saves the fields whose value the form changed, exactly as `noteledger edit` would: each
    /// is checked first, and one bad value changes nothing.
    private func save(_ id: Int64, form: [String: String]) -> HTTPResponse {
        do {
            let current = try store.withLock { try $0.store.draft(id) }
            var changes: [(field: String, value: String)] = []
            var probe = Expense()
            for field in Expense.fieldNames {
                guard let typed = form[field] else { continue }
                let value = typed.trimmingCharacters(in: .whitespaces)
                guard value != (current.expense.text(of: field) ?? "") else { continue }
                do { try probe.set(field, to: value) } catch let error as FieldValueError {
                    return draftPage(id, error: error.description, typed: form)
                }
                // "23,45" and "23.45" are the same amount.
                if field == "amount", let amount = probe.amount, amount == current.expense.amount { continue }
                changes.append((field, value))
            }
            guard !changes.isEmpty else { return .redirect(to: "/drafts/\(id)?done=unchanged") }
            _ = try store.withLock { try $0.store.edit(id, changes: changes) }
            return .redirect(to: "/drafts/\(id)?done=saved")
        } catch {
            return failure(error)
        }
    }

    private func approve(_ id: Int64) -> HTTPResponse {
        do {
            try store.withLock { try $0.store.approve([id]) }
            return .redirect(to: "/drafts/\(id)?done=approved")
        } catch {
            return failure(error)
        }
    }

    private func refill(_ id: Int64) -> HTTPResponse {
        do {
            _ = try store.withLock { try $0.store.enqueueRefill([id]) }
            return .redirect(to: "/drafts/\(id)?done=refill")
        } catch {
            return failure(error)
        }
    }

    // MARK: - New notes and live fills

    /// Saves `text` as a file in the inbox, as if dropped there, records it in the ledger (queued
    /// for a fill) and sends the browser to its draft, which fills live.
    private func newNote(_ typed: String) -> HTTPResponse {
        let text = typed.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let inbox else {
            return .html(Page.message(title: "Not saved", text: "This server has no inbox for new notes; start it "
                                      + "with --inbox DIR or --watch DIR."), status: 409)
        }
        guard !text.isEmpty else {
            return .html(Page.newNote(csrf: csrfToken, inbox: inbox, error: "Write a note first."), status: 400)
        }
        do {
            let path = try Self.writeNote(text, into: inbox)
            let change = try store.withLock { try $0.store.recordNote(path: path, text: text) }
            switch change {
            case .created(let id), .changed(let id), .unchanged(let id?):
                return .redirect(to: "/drafts/\(id)")
            case .unchanged(nil), .duplicate:
                return .html(Page.message(title: "Already in the ledger", text: "The same note is already in the ledger, "
                                          + "so no second draft was made. Search for it in the queue."))
            }
        } catch {
            return failure(error)
        }
    }

    /// Writes `text` to a new file `web-<time>-<random>.txt` in `inbox`: first under a hidden
    /// name, then renamed, so a watcher reads it only whole.
    static func writeNote(_ text: String, into inbox: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: inbox, isDirectory: &isFolder), isFolder.boolValue else {
            throw WebError(description: "the inbox \(inbox) is not a folder; create it, or start serve with --inbox DIR")
        }
        let stamp = Timestamp.string(Date()).filter(\.isNumber)
        let name = "web-\(stamp)-\(String(randomToken().prefix(6))).txt"
        let folder = URL(fileURLWithPath: inbox)
        let hidden = folder.appendingPathComponent("." + name + ".part")
        let final = folder.appendingPathComponent(name)
        do {
            // Exactly the text recorded: the watcher reading the file finds it unchanged.
            try Data(text.utf8).write(to: hidden)
            try FileManager.default.moveItem(at: hidden, to: final)
        } catch {
            try? FileManager.default.removeItem(at: hidden)
            throw WebError(description: "cannot write the note into \(inbox): \(error.localizedDescription); nothing was recorded")
        }
        return final.standardizedFileURL.path
    }

    /// Server-sent events for draft `id`: its fields, status and sources each time they change
    /// (a snapshot written by the filling model, a saved edit), until it is no longer being filled.
    private func events(_ id: Int64) -> HTTPResponse {
        let cursor = EventCursor()
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8")], stream: { [self] in
            while !stopping.load(ordering: .acquiring), !cursor.finished {
                guard let event = try? store.withLock({ try Self.event($0.store, id) }) else { return nil }
                if cursor.last != event.json {
                    cursor.last = event.json
                    cursor.idle = 0
                    // After the fill ends, one last event and the stream closes.
                    cursor.finished = !event.filling
                    return Data("event: draft\ndata: \(event.json)\n\n".utf8)
                }
                cursor.idle += 1
                // A comment now and then: a closed connection is noticed and released.
                if cursor.idle % 100 == 0 { return Data(": waiting\n\n".utf8) }
                Thread.sleep(forTimeInterval: 0.15)
            }
            return nil
        })
    }

    /// The draft as the page's script reads it.
    static func event(_ store: DraftStore, _ id: Int64) throws -> (json: String, filling: Bool) {
        let draft = try store.draft(id)
        let sources = try store.fieldSources(id)
        let confidence = try store.confidence(id)
        var fields: [String: Any] = [:]
        var origins: [String: Any] = [:]
        for field in Expense.fieldNames {
            fields[field] = draft.expense.text(of: field) ?? ""
            origins[field] = draft.locked.contains(field) ? "user · locked" : sources[field]?.rawValue ?? "-"
        }
        let object: [String: Any] = ["id": id, "status": draft.status.rawValue, "version": draft.version,
                                     "reason": draft.statusReason ?? "", "fields": fields, "sources": origins,
                                     "confidence": confidence]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return (String(decoding: data, as: UTF8.self), [.queued, .filling].contains(draft.status))
    }

    private func failure(_ error: any Error) -> HTTPResponse {
        if case StoreError.noSuchDraft(let id)? = error as? StoreError {
            return .html(Page.message(title: "Not found", text: "There is no draft \(id)."), status: 404)
        }
        return .html(Page.message(title: "Something went wrong", text: "\(error)"), status: 500)
    }
}

/// Where one event stream is: read and written only by its connection's thread, one call at a time.
private final class EventCursor: @unchecked Sendable {
    var last: String?
    var finished = false
    var idle = 0
}

struct WebError: Error, CustomStringConvertible {
    let description: String
}

/// The ledger's store, used by one request at a time (SQLite connections are not shared).
struct StoreBox: @unchecked Sendable {
    let store: DraftStore
}
