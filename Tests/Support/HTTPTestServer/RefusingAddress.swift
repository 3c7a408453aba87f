import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An address on 127.0.0.1 where nothing listens: a port bound (without `SO_REUSEADDR`, so no
/// other socket can be given it) and never listened on, so every connection is refused.
///
/// Tests that need a refused connection point the client here rather than at a port bound and
/// closed, or at a stopped server's port: once a port is free, the system may give it to the next
/// test's server, which would answer.
public final class RefusingAddress: Sendable {
    private let descriptor: Int32
    public let port: Int

    public init() throws {
        (descriptor, port) = try Socket.boundToLoopback()
    }

    deinit {
        close(descriptor)
    }
}
