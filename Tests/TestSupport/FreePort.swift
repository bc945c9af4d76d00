import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP port nothing listens on now, below Linux's ephemeral range (32768 and up by
/// default), so a server a test starts there cannot meet an outgoing connection's local port.
/// Checked by binding it once; a test that starts its server at once is all but sure to get it.
public func freePort() -> Int {
    while true {
        let port = Int.random(in: 20_000..<32_768)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return port }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound == 0 { return port }
    }
}
