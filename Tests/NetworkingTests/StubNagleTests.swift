import Dispatch
import Testing

@testable import NewsAPIStub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stub's connections send without Nagle's delay, so timings taken against it are the
/// client's and not a 40 ms wait for a delayed ACK between a response's header and body.
@Suite("NewsAPIStubServer without Nagle", .timeLimit(.minutes(1)))
struct StubNagleTests {
    @Test("an accepted connection has TCP_NODELAY, inherited from the listener")
    func acceptedConnectionsHaveNoDelay() async throws {
        let stub = try NewsAPIStubServer.sample()
        let port = try await stub.start()
        defer { Task { await stub.stop() } }

        let client = try Self.connect(port: port)
        defer { close(client) }
        // Blocking socket calls run off the cooperative pool, which the stub itself runs on.
        let head = await Self.offThePool { Self.exchange(on: client) }
        #expect(head.hasPrefix("HTTP/1.1 200"))

        let accepted = NagleSwitch.openSockets { local, peer in local == port && peer != nil }
        try #require(accepted.count == 1)
        #expect(NagleSwitch.isDisabled(on: accepted[0]))
        // The check can tell: a plain client socket keeps Nagle's algorithm.
        #expect(!NagleSwitch.isDisabled(on: client))
    }

    /// Sends a headlines request on `client` and returns the first 16 bytes of the answer.
    static func exchange(on client: Int32) -> String {
        let request =
            "GET /v2/top-headlines?country=us HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: test-key\r\n\r\n"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ write(client, $0.baseAddress, $0.count) }) == bytes.count else {
            return ""
        }
        var buffer = [UInt8](repeating: 0, count: 16)
        var received = 0
        while received < buffer.count {
            let count = buffer.withUnsafeMutableBytes {
                read(client, $0.baseAddress! + received, $0.count - received)
            }
            guard count > 0 else { break }
            received += count
        }
        return String(decoding: buffer[..<received], as: UTF8.self)
    }

    /// Runs blocking `work` on a Dispatch thread.
    static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// A blocking TCP socket connected to 127.0.0.1:`port`.
    static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let client = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(client >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                #if canImport(Glibc)
                    Glibc.connect(client, address, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(client, address, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        try #require(connected == 0)
        return client
    }
}
