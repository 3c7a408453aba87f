import Foundation
import HTTPTestServer
import NewsAPIStub
import NewsModels
import SampleEdition

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
    isolation: isolated (any Actor)? = #isolation, _ body: (RunningStub) async throws -> Void
) async throws {
    try await RunningStub.server(options, serving: service).whileRunning { server in
        try await body(RunningStub(server: server))
    }
}

extension RefusingAddress {
    /// `NEWSAPI_BASE_URL` and `NEWSAPI_KEY` for an app whose server is gone.
    var environment: [String: String] {
        ["NEWSAPI_BASE_URL": "http://127.0.0.1:\(port)", "NEWSAPI_KEY": "test-key"]
    }
}
