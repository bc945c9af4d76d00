import CCurl
import Foundation
import Synchronization

/// How to trust an `https://` server.
public struct TLSOptions: Sendable, Equatable {
    /// A PEM file of the certificate authorities to trust instead of the system's (a household's
    /// or an office's own CA).
    public var caFile: String?
    /// Accept any certificate for any name. Whoever can reach the connection can then read and
    /// change the notes and the answers: the command line warns when this is on.
    public var skipsVerification: Bool

    public init(caFile: String? = nil, skipsVerification: Bool = false) {
        self.caFile = caFile
        self.skipsVerification = skipsVerification
    }
}

/// A server's answer, whatever its status.
struct HTTPAnswer: Sendable {
    let status: Int
    /// The `Retry-After` header's value, when the answer has one.
    let retryAfter: String?
    let body: Data
}

/// Why a request got no answer.
enum TransportFailure: Error, Equatable {
    /// Nothing, or not all of it, within the time-out.
    case timedOut
    /// The server's certificate was not accepted, or the CA file could not be used.
    case certificate(String)
    /// No connection, or it broke.
    case failed(String)
}

/// HTTP requests over libcurl's easy interface (FoundationNetworking on Linux is libcurl too, but
/// it cannot be given a CA file or told to skip verification). A request runs on a Dispatch
/// thread; connections are kept for the next request (a pool of easy handles); cancelling the
/// task aborts the transfer.
final class CurlTransport: Sendable {
    let tls: TLSOptions
    let timeout: TimeInterval
    private let idle = Mutex<[EasyHandle]>([])

    /// libcurl's global set-up, once per process, before any handle (it is not thread-safe).
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    init(tls: TLSOptions, timeout: TimeInterval) {
        self.tls = tls
        self.timeout = timeout
        _ = Self.globalInit
    }

    deinit {
        for handle in idle.withLock({ $0 }) { curl_easy_cleanup(handle.pointer) }
    }

    /// Sends `body` with POST (GET without one) and returns the answer, any status.
    /// - Parameter onData: when given, a successful (2xx) answer's body is handed to it piece by
    ///   piece as it arrives, on the transfer's thread, and not kept (the answer's `body` is then
    ///   empty); any other answer is kept whole as usual. It returns false when it wants no more:
    ///   the transfer is then closed, and the answer returned as it stands.
    func send(_ url: URL, headers: [(String, String)], body: Data?,
              onData: (@Sendable (Data) -> Bool)? = nil) async throws -> HTTPAnswer {
        let exchange = Exchange(onData: onData)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try self.perform(url, headers: headers, body: body, exchange) })
                }
            }
        } onCancel: {
            exchange.cancelled.store(true, ordering: .relaxed)
        }
    }

    private func perform(_ url: URL, headers: [(String, String)], body: Data?, _ exchange: Exchange) throws -> HTTPAnswer {
        guard Self.globalInit == CURLE_OK else { throw TransportFailure.failed("libcurl could not be initialised") }
        let handle = idle.withLock { $0.popLast() } ?? curl_easy_init().map(EasyHandle.init)
        guard let handle else { throw TransportFailure.failed("libcurl could not make a request handle") }
        let curl = handle.pointer
        var list: UnsafeMutablePointer<curl_slist>?
        // No "Expect: 100-continue" round trip before a body.
        for line in headers.map({ "\($0.0): \($0.1)" }) + ["Expect:"] { list = curl_slist_append(list, line) }
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errors.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer {
            curl_slist_free_all(list)
            // Reset, not cleaned up: the handle keeps its open connections for the next request.
            curl_easy_reset(curl)
            idle.withLock { $0.append(handle) }
            errors.deallocate()
        }
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        let milliseconds = max(1, Int(timeout * 1000))
        var settings: [CURLcode] = [
            noteledger_curl_set_pointer(curl, CURLOPT_URL, url.absoluteString),
            noteledger_curl_set_pointer(curl, CURLOPT_HTTPHEADER, list),
            noteledger_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errors),
            // Threads: no signals for time-outs.
            noteledger_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
            noteledger_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds),
            noteledger_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            noteledger_curl_set_data_callback(curl, CURLOPT_WRITEFUNCTION, Exchange.receiveBody),
            noteledger_curl_set_pointer(curl, CURLOPT_WRITEDATA, context),
            noteledger_curl_set_data_callback(curl, CURLOPT_HEADERFUNCTION, Exchange.receiveHeader),
            noteledger_curl_set_pointer(curl, CURLOPT_HEADERDATA, context),
            noteledger_curl_set_long(curl, CURLOPT_NOPROGRESS, 0),
            noteledger_curl_set_progress_callback(curl, Exchange.progress),
            noteledger_curl_set_pointer(curl, CURLOPT_XFERINFODATA, context),
        ]
        if let body {
            settings.append(noteledger_curl_set_long(curl, CURLOPT_POSTFIELDSIZE, body.count))
            // Copied by libcurl, so the bytes need not outlive this call.
            settings.append(body.withUnsafeBytes { noteledger_curl_set_pointer(curl, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
        }
        if let caFile = tls.caFile {
            settings.append(noteledger_curl_set_pointer(curl, CURLOPT_CAINFO, caFile))
        }
        if tls.skipsVerification {
            settings.append(noteledger_curl_set_long(curl, CURLOPT_SSL_VERIFYPEER, 0))
            settings.append(noteledger_curl_set_long(curl, CURLOPT_SSL_VERIFYHOST, 0))
        }
        if let failed = settings.first(where: { $0 != CURLE_OK }) {
            throw TransportFailure.failed("libcurl refused an option: " + String(cString: curl_easy_strerror(failed)))
        }
        let result = curl_easy_perform(curl)
        // The receiver had what it wanted and closed the transfer.
        guard result == CURLE_OK || result == CURLE_WRITE_ERROR && exchange.stopped else {
            let detail = errors.pointee == 0 ? String(cString: curl_easy_strerror(result)) : String(cString: errors)
            switch result {
            case CURLE_ABORTED_BY_CALLBACK: throw CancellationError()
            case CURLE_OPERATION_TIMEDOUT: throw TransportFailure.timedOut
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CONNECT_ERROR:
                throw TransportFailure.certificate(detail)
            default: throw TransportFailure.failed(detail)
            }
        }
        var status = 0
        _ = noteledger_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return HTTPAnswer(status: status, retryAfter: exchange.retryAfter, body: exchange.body)
    }
}

/// A libcurl easy handle, moved between the Dispatch threads that run requests, one at a time.
private struct EasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// What one transfer has received so far, and whether its task was cancelled. libcurl's
/// callbacks get it back from the opaque pointer they are given.
private final class Exchange: @unchecked Sendable {
    // Written only by the thread running the transfer, read after it ends.
    var body = Data()
    var retryAfter: String?
    /// The status of the last status line (a 100 is followed by the real one).
    var status = 0
    let onData: (@Sendable (Data) -> Bool)?
    /// The receiver wanted no more of the answer.
    var stopped = false
    let cancelled = Atomic<Bool>(false)

    init(onData: (@Sendable (Data) -> Bool)?) {
        self.onData = onData
    }

    static let receiveBody: noteledger_curl_data_callback = { data, size, count, context in
        let exchange = Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue()
        guard let data else { return size * count }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        if let onData = exchange.onData, (200..<300).contains(exchange.status) {
            // Zero bytes taken closes the transfer.
            guard onData(Data(bytes: bytes, count: size * count)) else {
                exchange.stopped = true
                return 0
            }
        } else {
            exchange.body.append(bytes, count: size * count)
        }
        return size * count
    }

    /// One header line at a time; a new status line (after a redirect or a 100) starts over.
    static let receiveHeader: noteledger_curl_data_callback = { data, size, count, context in
        let exchange = Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue()
        guard let data else { return size * count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            exchange.retryAfter = nil
            exchange.status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        }
        if let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "retry-after" {
            exchange.retryAfter = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return size * count
    }

    /// Non-zero aborts the transfer: the task waiting for it was cancelled.
    static let progress: noteledger_curl_progress_callback = { context, _, _, _, _ in
        Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue().cancelled.load(ordering: .relaxed) ? 1 : 0
    }
}
