#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns off Nagle's algorithm on the stub's listening socket.
///
/// FlyingFox writes a response's header and body in separate `write` calls and offers no hook for
/// socket options. With Nagle on, the end of the body waits for the client's delayed ACK of the
/// header: a delayed-ACK stall (40 ms on Linux) on many requests on a reused connection, which no real
/// NewsAPI server shows and which would swamp every timing taken against the stub. Accepted
/// connections inherit `TCP_NODELAY` from the listener (on Linux and the BSDs), so the listener is
/// found among the open descriptors by its address and given the option before any client connects.
package enum NagleSwitch {
    /// Sets `TCP_NODELAY` on the IPv4 listening socket bound to 127.0.0.1:`port`.
    ///
    /// - Returns: Whether such a socket was found and the option set.
    @discardableResult
    package static func disable(onListenerAtPort port: Int) -> Bool {
        let listeners = openSockets { local, peer in local == port && peer == nil }
        guard let listener = listeners.first(where: isAccepting) else { return false }
        var on: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        return setsockopt(listener, Int32(IPPROTO_TCP), TCP_NODELAY, &on, size) == 0
    }

    /// This process's IPv4 sockets whose local port and peer port (nil when unconnected) satisfy
    /// `matches`.
    static func openSockets(where matches: (_ local: Int, _ peer: Int?) -> Bool) -> [Int32] {
        (0..<min(Int32(getdtablesize()), 65_536)).filter { descriptor in
            guard let local = port(of: descriptor, getsockname) else { return false }
            return matches(local, port(of: descriptor, getpeername))
        }
    }

    /// The IPv4 port `name` (`getsockname` or `getpeername`) reports for `descriptor`, or nil.
    private static func port(
        of descriptor: Int32,
        _ name: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { name(descriptor, $0, &length) }
        }
        guard result == 0, Int32(address.sin_family) == AF_INET else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether `descriptor` is a listening socket.
    private static func isAccepting(_ descriptor: Int32) -> Bool {
        var accepting: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0 && accepting != 0
    }

    /// Whether `TCP_NODELAY` is set on `descriptor`, for tests.
    static func isDisabled(on descriptor: Int32) -> Bool {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &size) == 0 && value != 0
    }
}
