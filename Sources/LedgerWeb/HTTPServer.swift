import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP request as the app sees it: method, path, query, headers, cookies and body.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The path without the query ("/drafts/12").
    public let path: String
    public let query: [String: String]
    /// Header names lowercased.
    public let headers: [String: String]
    public let cookies: [String: String]
    public let body: Data

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// The body read as an HTML form (`application/x-www-form-urlencoded`); the last value of a name
    /// wins. Any bytes are accepted: a malformed escape is kept as written, invalid UTF-8 replaced.
    /// (Not URLComponents: its setter stops the process on a malformed escape such as "%zz".)
    public var form: [String: String] {
        func decoded(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[decoded(parts[0])] = parts.count == 2 ? decoded(parts[1]) : ""
        }
        return fields
    }
}

/// A response: status, headers and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data
    /// A body sent as it is produced (server-sent events): called on the connection's thread
    /// for the next piece, which it may wait for; nil ends the response.
    public var stream: (@Sendable () -> Data?)?

    public init(status: Int, headers: [(String, String)] = [], body: Data = Data(), stream: (@Sendable () -> Data?)? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    public static func html(_ page: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(page.utf8))
    }

    /// "303 See Other" to `location`: where a form's POST sends the browser next.
    public static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)])
    }
}

/// Where the server listens: an IPv4 or IPv6 address and a port (0: the system chooses).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    let isIPv6: Bool

    /// Reads "127.0.0.1:8765", "[::1]:8765" or "localhost:8765".
    public init?(_ text: String) {
        let host: Substring, port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            port = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard let number = Int(port), (0...65535).contains(number) else { return nil }
        let name = host == "localhost" ? "127.0.0.1" : String(host)
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            isIPv6 = true
        } else {
            return nil
        }
        self.host = name
        self.port = number
    }

    /// True for 127.0.0.0/8 and ::1: only this machine can connect.
    public var isLoopback: Bool {
        isIPv6 ? host == "::1" : host.hasPrefix("127.")
    }

    /// The host as a URL writes it: an IPv6 address in brackets.
    public var urlHost: String { isIPv6 ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// An HTTP server on GNU libmicrohttpd: one thread per connection, each request answered by
/// `handler`. Bodies larger than `maximumBody` are refused with 413.
public final class HTTPServer: @unchecked Sendable {
    // Set once in init, read by libmicrohttpd's threads; `daemon` is cleared only by `stop()`.
    private var daemon: OpaquePointer?
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let maximumBody: Int
    /// The port the server listens on (the one the system chose when asked for port 0).
    public private(set) var port: Int = 0

    public init(listen address: ListenAddress, maximumBody: Int = 1 << 20,
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        self.maximumBody = maximumBody
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = withSocketAddress(address) { pointer in
            noteledger_mhd_start(pointer, address.isIPv6 ? 1 : 0, accessHandler, requestCompleted, context, 64, 30)
        }
        guard let started else {
            throw HTTPServerError(description: "cannot listen on \(address): the address is in use or not this machine's "
                                  + "(choose another with --listen HOST:PORT)")
        }
        daemon = started
        port = Int(noteledger_mhd_port(started))
    }

    /// Stops listening and waits for the connection threads to end.
    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { stop() }

    fileprivate func respond(to request: HTTPRequest) -> HTTPResponse { handler(request) }
    fileprivate var bodyLimit: Int { maximumBody }
}

/// A request's body as it arrives in pieces.
private final class PendingBody {
    var data = Data()
    var tooLarge = false
}

private func withSocketAddress<T>(_ address: ListenAddress, _ body: (UnsafePointer<sockaddr>) -> T) -> T {
    if address.isIPv6 {
        var socket = sockaddr_in6()
        socket.sin6_family = sa_family_t(AF_INET6)
        socket.sin6_port = in_port_t(UInt16(address.port).bigEndian)
        _ = inet_pton(AF_INET6, address.host, &socket.sin6_addr)
        return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
    var socket = sockaddr_in()
    socket.sin_family = sa_family_t(AF_INET)
    socket.sin_port = in_port_t(UInt16(address.port).bigEndian)
    _ = inet_pton(AF_INET, address.host, &socket.sin_addr)
    return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
}

/// Called by libmicrohttpd: first with no body state (create it), then with each piece of the
/// body, then once more with none left (answer).
private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    guard let context, let connection, let state, let uploadSize else { return MHD_Result.NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard let pointer = state.pointee else {
        state.pointee = Unmanaged.passRetained(PendingBody()).toOpaque()
        return MHD_Result.YES
    }
    let pending = Unmanaged<PendingBody>.fromOpaque(pointer).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let upload, !pending.tooLarge {
            if pending.data.count + uploadSize.pointee > server.bodyLimit {
                pending.tooLarge = true
                pending.data = Data()
            } else {
                pending.data.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
            }
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    let response: HTTPResponse
    if pending.tooLarge {
        response = HTTPResponse(status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                body: Data("the request is too large\n".utf8))
    } else {
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            query: values(of: connection, .GET_ARGUMENT_KIND, lowercased: false),
            headers: values(of: connection, .HEADER_KIND, lowercased: true),
            cookies: values(of: connection, .COOKIE_KIND, lowercased: false),
            body: pending.data)
        response = server.respond(to: request)
    }
    return queue(response, on: connection)
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<PendingBody>.fromOpaque(pointer).release()
    state.pointee = nil
}

private final class Collected {
    var values: [String: String] = [:]
    let lowercased: Bool
    init(lowercased: Bool) { self.lowercased = lowercased }
}

private func values(of connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
    let collected = Collected(lowercased: lowercased)
    let context = Unmanaged.passUnretained(collected).toOpaque()
    _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
        guard let context, let key else { return MHD_Result.YES }
        let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
        let name = String(cString: key)
        collected.values[collected.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
        return MHD_Result.YES
    }, context)
    return withExtendedLifetime(collected) { collected.values }
}

/// What a streamed response has produced and not yet sent.
private final class StreamState {
    let next: @Sendable () -> Data?
    var pending = Data()
    init(_ next: @escaping @Sendable () -> Data?) { self.next = next }
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    guard let made = makeResponse(response) else { return MHD_Result.NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// libmicrohttpd's response for `response`'s body: copied, or read from its stream as it is produced.
private func makeResponse(_ response: HTTPResponse) -> OpaquePointer? {
    if let stream = response.stream {
        let state = Unmanaged.passRetained(StreamState(stream)).toOpaque()
        let made = noteledger_mhd_stream({ context, _, buffer, maximum in
            guard let context, let buffer else { return noteledger_mhd_end_of_stream }
            let state = Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
            while state.pending.isEmpty {
                guard let piece = state.next() else { return noteledger_mhd_end_of_stream }
                state.pending = piece
            }
            let count = min(maximum, state.pending.count)
            state.pending.copyBytes(to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
            state.pending = state.pending.dropFirst(count)
            return count
        }, state, { context in
            if let context { Unmanaged<StreamState>.fromOpaque(context).release() }
        })
        if made == nil { Unmanaged<StreamState>.fromOpaque(state).release() }
        return made
    }
    return response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
}
