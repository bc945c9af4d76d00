import Foundation
import Testing
import TestSupport

/// An https:// inference server: the real llama-server behind a TLS front (`tls_proxy.py`) whose
/// certificate a CA of the test's own signed (made with the `openssl` command). Trusted with
/// `--server-ca-file`, the fields are those of the plain http:// server; without it the note is
/// not sent and the message says what to pass; `--server-insecure` works and warns.
@Suite(.serialized) struct ServerTLSTests {
    /// A CA and a certificate for 127.0.0.1 it signed, in `folder`: ca.pem, server.pem, server.key.
    static func makeCertificates(in folder: TemporaryDirectory) throws {
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["openssl"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ServerTestError("openssl \(arguments.first ?? "") failed") }
        }
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: folder.path("san.cnf"), atomically: true, encoding: .utf8)
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
                     "-subj", "/CN=NoteLedger test CA"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                     "-out", "server.pem", "-days", "2", "-extfile", "san.cnf"])
    }

    /// The TLS front for `upstream`, ready; stopped when the process is terminated.
    static func startFront(_ folder: TemporaryDirectory, upstream: URL) throws -> (process: Process, url: String) {
        let (process, port) = try startFixtureServer("tls_proxy.py", [folder.path("server.pem"), folder.path("server.key"), "0",
                                                               upstream.absoluteString])
        return (process, "https://127.0.0.1:\(port)")
    }

    /// The fields read from the note or chosen among options, and whether a purpose was written: not
    /// the purpose's words, free text that a near-tie may tip (the second request meets the server's
    /// prompt cache, so its batches are split otherwise).
    static func fields(_ stdout: String) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        var fields: [String: String] = [:]
        for key in ["merchant", "amount", "currency", "category", "date"] {
            fields[key] = object[key].map { "\($0)" }
        }
        fields["purpose"] = (object["purpose"] as? String)?.isEmpty == false ? "written" : "missing"
        return fields
    }

    @Test func anHTTPSServerTrustedByItsCAFileGivesTheSameFieldsAndAnUntrustedOneIsNotSentTheNote() async throws {
        let folder = try TemporaryDirectory()
        try Self.makeCertificates(in: folder)
        let server = try await RunningServer()
        let (front, url) = try Self.startFront(folder, upstream: server.url)
        defer { front.kill9() }
        let note = "Lunch with Ana at Casa Verde, 48.50 for the team offsite"

        let plain = try runNoteLedger(["extract", "--backend", "server", "--server", server.url.absoluteString, note])
        #expect(plain.status == 0, "\(plain.stderr)")
        let trusted = try runNoteLedger(["extract", "--backend", "server", "--server", url, "--server-ca-file", folder.path("ca.pem"), note])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(try Self.fields(trusted.stdout) == Self.fields(plain.stdout), "\(trusted.stdout) vs \(plain.stdout)")
        #expect(trusted.stdout.contains("\"origin\": \"model gemma-3-270m-q4_k_m.gguf at \(url)\""),
                "filled by the server's model, provenance the https:// URL: \(trusted.stdout)")
        #expect(!trusted.stderr.contains("warning"), "\(trusted.stderr)")

        // The system's authorities do not know the test's CA: nothing is sent, the message says what to pass.
        let untrusted = try runNoteLedger(["extract", "--backend", "server", "--server", url, note])
        #expect(untrusted.stderr.contains("is not trusted") && untrusted.stderr.contains("--server-ca-file"), "\(untrusted.stderr)")
        #expect(untrusted.stdout.contains("\"origin\": \"rules\""), "\(untrusted.stdout)")

        let insecure = try runNoteLedger(["extract", "--backend", "server", "--server", url, "--server-insecure", note])
        #expect(insecure.status == 0, "\(insecure.stderr)")
        #expect(insecure.stderr.contains("warning: --server-insecure"), "\(insecure.stderr)")
        #expect(try Self.fields(insecure.stdout) == Self.fields(plain.stdout))

        let doctor = try runNoteLedger(["doctor", "--server", url, "--server-ca-file", folder.path("ca.pem")])
        #expect(doctor.stdout.contains("certificate checked against \(folder.path("ca.pem"))"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("slot"), "the server answered through TLS: \(doctor.stdout)")
    }
}
