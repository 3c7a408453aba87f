import Foundation
import Networking
import NewsAPIStub
import SampleEdition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A started NewsAPI stub serving the sample edition, or another service, (key `test-key`) on
/// 127.0.0.1.
struct RunningStub {
    let server: NewsAPIStubServer

    /// A stub started here, for a test that stops it before its end (``withRunningStub`` otherwise).
    static func start(
        _ options: NewsAPIStubServer.Options = .init(), serving service: (any NewsService)? = nil
    ) async throws -> RunningStub {
        let server = try server(options, serving: service)
        try await server.start()
        return RunningStub(server: server)
    }

    fileprivate static func server(_ options: NewsAPIStubServer.Options, serving service: (any NewsService)?)
        throws -> NewsAPIStubServer
    {
        NewsAPIStubServer(
            service: try service ?? SampleNewsService(edition: SampleEdition.bundled()), options: options)
    }

    /// `NEWSAPI_BASE_URL` and `NEWSAPI_KEY` for the app.
    var environment: [String: String] {
        ["NEWSAPI_BASE_URL": server.baseURL.absoluteString, "NEWSAPI_KEY": "test-key"]
    }

    var requestCount: Int { server.requestCount }

    func stop() async {
        await server.stop()
    }
}

/// Runs `body` with a started stub, stopping it after, also when `body` throws.
func withRunningStub(
    _ options: NewsAPIStubServer.Options = .init(), serving service: (any NewsService)? = nil,
    _ body: (RunningStub) async throws -> Void
) async throws {
    try await RunningStub.server(options, serving: service).whileRunning { server in
        try await body(RunningStub(server: server))
    }
}

/// An address on 127.0.0.1 where nothing listens: a port bound (without `SO_REUSEADDR`, so no
/// other socket can be given it) and never listened on, so every connection is refused.
///
/// Tests that stop a server and run the app again point it here rather than at the old port:
/// once a server stops, the system may give its port to the next test's server.
final class RefusingAddress: Sendable {
    private let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EADDRINUSE)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }

    /// `NEWSAPI_BASE_URL` and `NEWSAPI_KEY` for an app whose server is gone.
    var environment: [String: String] {
        ["NEWSAPI_BASE_URL": "http://127.0.0.1:\(port)", "NEWSAPI_KEY": "test-key"]
    }
}
