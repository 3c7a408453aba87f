import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX socket calls of ``ShapedServer``, Linux's and Darwin's differences kept here.
enum ShapedSocket {
    /// A non-blocking socket listening on `address` (`127.0.0.N`) at `port` (0: a free one).
    static func listening(on address: String, port: Int) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw POSIXError(code(errno)) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port)).bigEndian
        socketAddress.sin_addr.s_addr = inet_addr(address)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound, listen(descriptor, 128) == 0 else {
            let failure = errno
            close(descriptor)
            throw POSIXError(code(failure))
        }
        makeNonBlocking(descriptor)
        return (descriptor, Int(UInt16(bigEndian: socketAddress.sin_port)))
    }

    /// The next waiting connection on `listener`, non-blocking; nil when none waits.
    static func accept(from listener: Int32) -> Int32? {
        #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
        #else
            let connection = Darwin.accept(listener, nil, nil)
        #endif
        guard connection >= 0 else { return nil }
        makeNonBlocking(connection)
        #if !canImport(Glibc)
            var on: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Bytes sent (0 when the socket is full for now), or nil when the client is gone.
    static func send(_ bytes: UnsafeRawBufferPointer, to connection: Int32) -> Int? {
        #if canImport(Glibc)
            let sent = Glibc.send(connection, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
            let sent = Darwin.send(connection, bytes.baseAddress, bytes.count, 0)
        #endif
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    /// Bytes read into `buffer` (0 when none for now), or nil at the end or on an error.
    static func receive(into buffer: inout [UInt8], from connection: Int32) -> Int? {
        let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        if count > 0 { return count }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
        return nil
    }

    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    private static func code(_ value: Int32) -> POSIXErrorCode {
        POSIXErrorCode(rawValue: value) ?? .EIO
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamType = SOCK_STREAM
    #endif
}
