import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX socket calls the server makes, with the differences between Linux and Darwin kept
/// here. All of them block; only the server's own thread calls the waiting ones.
enum Socket {
    /// The `poll(2)` events for data (or end of file) to read.
    static let readable = Int16(POLLIN)
    /// The `poll(2)` events for room to write.
    static let writable = Int16(POLLOUT)

    /// A TCP socket bound to 127.0.0.1 on a free port.
    static func boundToLoopback() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw POSIXError.last("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(0).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError.last("bind")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket listening on 127.0.0.1 on a free port.
    static func listening() throws -> (descriptor: Int32, port: Int) {
        let (descriptor, port) = try boundToLoopback()
        guard listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError.last("listen")
        }
        return (descriptor, port)
    }

    /// The next connection on `listener`, or nil once `stopping` is raised.
    static func nextConnection(on listener: Int32, unless stopping: Trigger) -> Int32? {
        while wait(for: [(stopping.descriptor, readable), (listener, readable)]) == 1 {
            let connection = accept(listener, nil, nil)
            if connection >= 0 {
                preventSIGPIPE(connection)
                return connection
            }
        }
        return nil
    }

    /// Blocks until one of `descriptors` is ready for its events and returns the index of the
    /// first one that is, so earlier entries take precedence; nil when `timeout` passes first or
    /// polling fails. Interrupted waits are resumed.
    static func wait(for descriptors: [(descriptor: Int32, events: Int16)], timeout: Duration? = nil) -> Int?
    {
        var polled = descriptors.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
        let milliseconds = timeout.map { timeout in
            let (seconds, attoseconds) = timeout.components
            return Int32(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
        }
        while true {
            let result = poll(&polled, nfds_t(polled.count), milliseconds ?? -1)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            return polled.firstIndex { $0.revents != 0 }
        }
    }

    /// Sends as much of `bytes` as one call takes: the count sent, or zero or less when the
    /// client is gone. Never raises SIGPIPE.
    static func sendSome(_ bytes: Data, to connection: Int32) -> Int {
        bytes.withUnsafeBytes { raw in send(connection, raw.baseAddress, raw.count, sendFlags) }
    }
}

// MARK: - Platform differences

#if canImport(Glibc)
    private let streamType = Int32(SOCK_STREAM.rawValue)
    /// Writing to a connection the client closed fails with EPIPE instead of killing the process.
    private let sendFlags = Int32(MSG_NOSIGNAL)
    private func preventSIGPIPE(_ connection: Int32) {}
#else
    private let streamType = SOCK_STREAM
    private let sendFlags: Int32 = 0
    private func preventSIGPIPE(_ connection: Int32) {
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
#endif

extension POSIXError {
    /// The error in `errno`, naming the call that failed.
    static func last(_ call: String) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: call])
    }
}
