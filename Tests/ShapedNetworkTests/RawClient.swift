import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking socket client that records when each byte of an answer arrives.
enum RawClient {
    struct Failure: Error {}

    /// The arrival times (monotonic seconds) of the first `count` bytes of the answer to a GET
    /// of `path` at `address:port`, read one byte at a time.
    static func firstBytes(_ count: Int, from address: String, port: Int, path: String) throws -> [Double] {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure() }
        defer { close(descriptor) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port)).bigEndian
        socketAddress.sin_addr.s_addr = inet_addr(address)
        let connected = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failure() }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(address)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count
        else {
            throw Failure()
        }
        var times: [Double] = []
        var byte: UInt8 = 0
        while times.count < count, recv(descriptor, &byte, 1, 0) == 1 {
            times.append(Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
        }
        return times
    }
}
