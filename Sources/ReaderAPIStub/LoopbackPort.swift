import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ports of 127.0.0.1 for the servers that tests and the benchmark start in other processes
/// (FreshRSS, `python3 -m http.server`), which must be told a port before they listen.
public enum LoopbackPort {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A port free now: bound to 0, read, let go. (Another process could take it before the
    /// server does; the servers started with it say so when they cannot listen.)
    public static func free() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw Failure(description: "socket: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
