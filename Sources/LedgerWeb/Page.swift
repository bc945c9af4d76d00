import Foundation
import Ledger

/// The app's HTML. Everything that comes from a note, a draft or a request goes through
/// `escape`; no page carries inline script or style (the Content-Security-Policy forbids both).
enum Page {
    /// `text` safe inside HTML text and inside a double- or single-quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` as one component of a URL query.
    static func queryComponent(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func layout(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · NoteLedger</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header><a href="/" class="brand">NoteLedger</a> <a href="/notes/new" class="new">New note</a></header>
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }

    static func message(title: String, text: String) -> String {
        layout(title: title, body: "<h1>\(escape(title))</h1>\n<p class=\"message\">\(escape(text))</p>\n<p><a href=\"/\">Back to the queue</a></p>")
    }

    // MARK: - Queue

    /// The statuses offered as filters, the ones that need a person first.
    static let filters: [DraftStatus?] = [nil, .review, .ready, .approved, .failed, .queued, .filling]

    static func queue(drafts: [DraftRecord], search: String, status: DraftStatus?, olderFrom: Int64?, error: String? = nil) -> String {
        var html = "<h1>Drafts</h1>\n"
        html += """
            <form class="search" method="get" action="/">
            <input type="search" name="q" value="\(escape(search))" placeholder="category:food amount>20 lucio" aria-label="Search">
            \(status.map { "<input type=\"hidden\" name=\"status\" value=\"\(escape($0.rawValue))\">" } ?? "")
            <button type="submit">Search</button>
            </form>

            """
        html += "<nav class=\"filters\">"
        for filter in filters {
            var parts: [String] = []
            if !search.isEmpty { parts.append("q=" + queryComponent(search)) }
            if let filter { parts.append("status=" + filter.rawValue) }
            let link = "/" + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
            let label = filter?.rawValue ?? "all"
            html += filter == status ? " <strong>\(label)</strong>" : " <a href=\"\(escape(link))\">\(label)</a>"
        }
        html += "</nav>\n"
        if let error { html += "<p class=\"error\" role=\"alert\">\(escape(error))</p>\n" }
        guard !drafts.isEmpty else {
            return layout(title: "Drafts", body: html + (error == nil ? "<p class=\"empty\">No drafts match.</p>" : ""))
        }
        html += """
            <table class="queue">
            <thead><tr><th>ID</th><th>Merchant</th><th class="num">Amount</th><th>Currency</th><th>Category</th><th>Date</th><th>Status</th><th>Why</th></tr></thead>
            <tbody>

            """
        for draft in drafts {
            let expense = draft.expense
            html += "<tr data-id=\"\(draft.id)\"><td><a href=\"/drafts/\(draft.id)\">\(draft.id)</a></td>"
                + "<td><a href=\"/drafts/\(draft.id)\">\(escape(expense.merchant ?? "—"))</a></td>"
                + "<td class=\"num\">\(escape(expense.amount?.description ?? ""))</td>"
                + "<td>\(escape(expense.currency ?? ""))</td><td>\(escape(expense.category?.rawValue ?? ""))</td>"
                + "<td>\(escape(expense.date ?? ""))</td><td class=\"status \(draft.status.rawValue)\">\(draft.status.rawValue)</td>"
                + "<td class=\"why\">\(escape(draft.statusReason ?? ""))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if let olderFrom {
            var parts = ["before=\(olderFrom)"]
            if !search.isEmpty { parts.append("q=" + queryComponent(search)) }
            if let status { parts.append("status=" + status.rawValue) }
            html += "<p class=\"paging\"><a rel=\"next\" href=\"/?\(escape(parts.joined(separator: "&")))\">Older drafts →</a></p>\n"
        }
        return layout(title: "Drafts", body: html)
    }

    // MARK: - Draft

    struct DraftView {
        let draft: DraftRecord
        let history: [DraftVersion]
        let confidence: [String: Double]
        let sources: [String: FieldSource]
    }

    static func draft(_ view: DraftView, csrf: String, notice: String?, error: String?, typed: [String: String]) -> String {
        let draft = view.draft
        var html = "<section class=\"draft\" data-draft=\"\(draft.id)\" data-status=\"\(draft.status.rawValue)\">\n"
        html += "<h1>Draft \(draft.id) <span class=\"status \(draft.status.rawValue)\" id=\"status\">\(draft.status.rawValue)</span></h1>\n"
        switch draft.status {
        case .queued:
            html += "<p class=\"filling\" id=\"progress\">Waiting to be filled: `noteledger watch` (or `serve --watch`) fills it; "
                + "the fields appear here as they are written.</p>\n"
        case .filling:
            html += "<p class=\"filling\" id=\"progress\">Filling: the fields appear as the model writes them.</p>\n"
        default:
            break
        }
        if let notice { html += "<p class=\"notice\" role=\"status\">\(escape(notice))</p>\n" }
        if let error { html += "<p class=\"error\" role=\"alert\">\(escape(error)). Nothing was changed.</p>\n" }
        if let reason = draft.statusReason {
            html += "<p class=\"reasons\" id=\"reason\">Needs review: \(escape(reason))</p>\n"
        }
        html += "<section class=\"note\"><h2>Note</h2><pre>\(escape(draft.noteText))</pre>"
            + "<p class=\"path\">\(escape(draft.notePath))\(draft.noteMissing ? " (the file is gone)" : "")</p></section>\n"
        html += "<form class=\"fields\" method=\"post\" action=\"/drafts/\(draft.id)/save\">\n"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(escape(csrf))\">\n"
        for field in Expense.fieldNames {
            let value = typed[field] ?? draft.expense.text(of: field) ?? ""
            let locked = draft.locked.contains(field)
            let origin = locked ? "user" : view.sources[field]?.rawValue ?? "-"
            let confidence = view.confidence[field].map { String(format: "%.2f", $0) } ?? "-"
            html += "<div class=\"field\"><label for=\"f-\(field)\">\(field)</label>"
            switch field {
            case "category":
                html += "<select id=\"f-category\" name=\"category\"><option value=\"\"\(value.isEmpty ? " selected" : "")>—</option>"
                for category in Category.allCases {
                    html += "<option value=\"\(category.rawValue)\"\(value == category.rawValue ? " selected" : "")>\(category.rawValue)</option>"
                }
                html += "</select>"
            case "amount":
                html += "<input id=\"f-amount\" name=\"amount\" inputmode=\"decimal\" value=\"\(escape(value))\" placeholder=\"0.00\">"
            case "date":
                html += "<input id=\"f-date\" name=\"date\" value=\"\(escape(value))\" placeholder=\"YYYY-MM-DD\">"
            default:
                html += "<input id=\"f-\(field)\" name=\"\(field)\" value=\"\(escape(value))\">"
            }
            html += "<span class=\"origin\" data-field=\"\(field)\">\(origin)\(locked ? " · locked" : "")</span>"
                + "<span class=\"confidence\" data-field=\"\(field)\">\(confidence)</span></div>\n"
        }
        html += "<button type=\"submit\">Save</button>\n</form>\n"
        html += "<div class=\"actions\">"
        for (action, label) in [("approve", "Approve"), ("refill", "Refill")] {
            html += "<form method=\"post\" action=\"/drafts/\(draft.id)/\(action)\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"\(escape(csrf))\"><button type=\"submit\">\(label)</button></form>"
        }
        html += "</div>\n"
        html += "<section class=\"history\"><h2>History</h2><table><thead><tr><th>Version</th><th>By</th><th>When</th><th>Changed</th></tr></thead><tbody>\n"
        for version in view.history.reversed() {
            let by = switch version.origin {
            case .edit: "user"
            case .rules: "rules"
            case .fill, .refill: version.modelName.map { "model (\($0))" } ?? "model"
            }
            html += "<tr><td>\(version.version)</td><td>\(escape(by))</td><td>\(escape(version.createdAt))</td>"
                + "<td>\(escape(version.changed.joined(separator: ", ")))</td></tr>\n"
        }
        html += "</tbody></table></section>\n</section>\n<p><a href=\"/\">Back to the queue</a></p>"
        return layout(title: "Draft \(draft.id)", body: html)
    }

    // MARK: - New note

    static func newNote(csrf: String, inbox: String?, error: String? = nil) -> String {
        var html = "<h1>New note</h1>\n"
        if let error { html += "<p class=\"error\" role=\"alert\">\(escape(error))</p>\n" }
        guard let inbox else {
            return layout(title: "New note", body: html + "<p class=\"message\">This server has no inbox for new notes; "
                          + "start it with --inbox DIR or --watch DIR.</p>")
        }
        html += """
            <form class="new-note" method="post" action="/notes">
            <input type="hidden" name="csrf" value="\(escape(csrf))">
            <textarea name="note" rows="5" required placeholder="Lunch with Ana at Café Verde, 32.40 for the team offsite"></textarea>
            <button type="submit">Fill in the form</button>
            </form>
            <p class="path">Saved as a file in \(escape(inbox)), like a note your phone syncs, and recorded in the ledger.</p>
            """
        return layout(title: "New note", body: html)
    }

    // MARK: - Script

    /// The only script: on a draft being filled, the fields follow the ledger (server-sent events
    /// from `/drafts/ID/events`). Values are set as text, never as HTML.
    static let script = """
        "use strict";
        document.addEventListener("DOMContentLoaded", () => {
          const draft = document.querySelector("section.draft");
          if (!draft || !["queued", "filling"].includes(draft.dataset.status)) return;
          const source = new EventSource("/drafts/" + draft.dataset.draft + "/events");
          source.addEventListener("draft", (message) => {
            const event = JSON.parse(message.data);
            for (const [field, value] of Object.entries(event.fields)) {
              const input = document.querySelector('[name="' + field + '"]');
              if (input && document.activeElement !== input) input.value = value;
              const origin = document.querySelector('.origin[data-field="' + field + '"]');
              if (origin) origin.textContent = event.sources[field];
              const confidence = document.querySelector('.confidence[data-field="' + field + '"]');
              if (confidence && field in event.confidence) confidence.textContent = event.confidence[field].toFixed(2);
            }
            const status = document.getElementById("status");
            status.textContent = event.status;
            status.className = "status " + event.status;
            draft.dataset.status = event.status;
            if (!["queued", "filling"].includes(event.status)) {
              source.close();
              const progress = document.getElementById("progress");
              if (progress) progress.textContent = event.reason ? "Filled. Needs review: " + event.reason : "Filled.";
            }
          });
        });
        """

    // MARK: - Style

    static let stylesheet = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
        header { background: #1f3a5f; padding: .6em 1.2em; }
        header .brand { color: #fff; font-weight: 600; text-decoration: none; }
        header .new { color: #dbe7f5; margin-left: 1.2em; }
        .filling { background: #e4eefb; padding: .5em .8em; }
        .new-note textarea { width: 100%; font: inherit; padding: .5em; }
        main { max-width: 64em; margin: 1em auto; padding: 0 1em; }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { text-align: left; padding: .35em .6em; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .status { font-size: .85em; padding: .1em .45em; border-radius: .3em; background: #eee; }
        .status.review { background: #fff1c2; } .status.approved { background: #d9f2dd; } .status.failed { background: #f8d3d3; }
        .why, .path, .confidence { color: #666; font-size: .9em; }
        .search input[type=search] { width: 60%; padding: .35em; }
        .filters { margin: .6em 0 1em; } .filters a, .filters strong { margin-right: .6em; }
        .note pre { white-space: pre-wrap; background: #fff; border: 1px solid #ddd; padding: .8em; }
        .field { display: grid; grid-template-columns: 7em 1fr 9em 3.5em; gap: .6em; align-items: center; margin: .35em 0; }
        .field input, .field select { padding: .3em; }
        .origin { font-size: .85em; color: #1f3a5f; }
        .actions { display: flex; gap: .6em; margin: 1em 0; }
        button { padding: .4em 1em; }
        .notice { background: #d9f2dd; padding: .5em .8em; } .error { background: #f8d3d3; padding: .5em .8em; }
        .reasons { background: #fff1c2; padding: .5em .8em; }
        """
}
