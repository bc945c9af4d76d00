import Foundation
import Ledger
import LedgerWeb

/// `noteledger serve`: the review web app over the ledger, until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Review drafts in the browser: a local web app over the same ledger."
    static let synopsis = "serve [--listen HOST:PORT] [--token-file PATH] [--inbox DIR | --watch DIR [--backend ...]]"
    static let details = """
          --listen HOST:PORT   where to listen (default 127.0.0.1:8765; port 0: any free port)
          --token-file PATH    a file holding a secret every request must carry; required to listen
                               on an address other than this machine's loopback
          --inbox DIR          where notes typed on the page are saved (default: ./Inbox); run
                               `noteledger watch` beside it to fill them
          --watch DIR          also watch DIR and fill drafts in this process, as `watch --inbox DIR`
        \(Backend.options)
        """

    static let defaultListen = "127.0.0.1:8765"

    var listen: ListenAddress
    var tokenFile: String?
    var inbox: String
    /// Set with --watch: the watch runs in this process too.
    var watch: WatchCommand?

    init(parsing arguments: inout ArgumentList) throws {
        let text = try arguments.option("--listen") ?? Self.defaultListen
        guard let listen = ListenAddress(text) else {
            throw UsageError("--listen \(text) is not HOST:PORT with an IP address, e.g. 127.0.0.1:8765 or [::1]:8765")
        }
        self.listen = listen
        tokenFile = try arguments.option("--token-file")
        let inbox = try arguments.option("--inbox")
        let watched = try arguments.option("--watch")
        guard inbox == nil || watched == nil else { throw UsageError("give --inbox DIR or --watch DIR, not both") }
        let backend = try Backend(parsing: &arguments)
        try arguments.finish()
        if backend != .model && watched == nil { throw UsageError("--backend goes with --watch DIR") }
        self.inbox = URL(fileURLWithPath: watched ?? inbox ?? "Inbox").standardizedFileURL.path
        watch = watched.map { WatchCommand(inbox: $0, backend: backend) }
        guard listen.isLoopback || tokenFile != nil else {
            throw UsageError("listening on \(listen) lets other machines reach your ledger; give --token-file PATH "
                             + "(a file holding a secret that every request must carry), or listen on 127.0.0.1")
        }
    }

    func run(in context: CommandContext) async throws {
        let token = try tokenFile.map(Self.readToken)
        let shutdown = ShutdownSignal()
        let store = try Review.openStore(context)
        let app = WebApp(store: store, listen: listen, accessToken: token, inbox: inbox)
        let server = try HTTPServer(listen: listen) { app.respond(to: $0) }
        app.bound(to: server.port)
        context.console.out("serving http://\(listen.urlHost):\(server.port)/ over the ledger \(store.path); stop with Ctrl-C")
        // With --watch, the watch runs beside the server until the same signal stops both.
        // A watch that stops on its own (its inbox is gone) stops the server too, with its error.
        let watching = watch.map { watch in
            Task {
                defer { shutdown.request() }
                try await watch.run(in: context, until: shutdown)
            }
        }
        while !shutdown.isRequested {
            try await Task.sleep(for: .milliseconds(100))
        }
        app.stop()
        server.stop()
        context.console.err("noteledger: stopped serving")
        try await watching?.value
    }

    /// The token in `path`, whitespace around it removed. - Throws: `CommandFailure` with what to do.
    static func readToken(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the token file \(path); create it with a secret, e.g. "
                                 + "`head -c 24 /dev/urandom | base64 > \(path) && chmod 600 \(path)`")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= 16, token.allSatisfy({ !$0.isWhitespace && $0.isASCII && $0 != ";" && $0 != "," }) else {
            throw CommandFailure("the token file \(path) must hold one secret of at least 16 printable characters "
                                 + "(no spaces, commas or semicolons), e.g. from `head -c 24 /dev/urandom | base64`")
        }
        return token
    }
}
