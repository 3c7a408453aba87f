import Foundation
import Networking
import NewsAPIStub
import SampleEdition
import Testing

/// Starts stub servers serving the bundled sample edition, and clients for them.
enum StubHarness {
    /// The key the stub expects by default.
    static let key = "test-key"

    /// A whole second, so the edition's rebased dates keep millisecond precision.
    static let now = Date(timeIntervalSince1970: 1_789_400_000)

    /// The sample edition, dated relative to ``now``.
    static func edition() throws -> SampleEdition {
        try SampleEdition.bundled(now: now)
    }

    /// The same data the stub serves, asked directly.
    static func sampleService() throws -> SampleNewsService {
        SampleNewsService(edition: try edition())
    }

    /// The live service over the real URLSession client, pointed at `stub`.
    static func client(
        for stub: NewsAPIStubServer, key: String = key,
        limits: URLSessionHTTPClient.Limits = .init(timeout: 60)
    ) -> NewsAPIService {
        service(baseURL: stub.baseURL, key: key, limits: limits)
    }

    /// The live service over the real URLSession client, pointed at `baseURL`.
    static func service(
        baseURL: URL, key: String = key, limits: URLSessionHTTPClient.Limits = .init(timeout: 60)
    ) -> NewsAPIService {
        let configuration = NewsAPIConfiguration(
            baseURL: baseURL, apiKey: APIKey(key)!, timeout: limits.timeout)
        return NewsAPIService(configuration: configuration, client: URLSessionHTTPClient(limits: limits))
    }

    /// Runs `body` with a started stub, and stops the stub afterwards whatever happens.
    static func withStub<Value>(
        _ options: NewsAPIStubServer.Options = .init(),
        _ body: (NewsAPIStubServer) async throws -> Value
    ) async throws -> Value {
        try await NewsAPIStubServer(service: try sampleService(), options: options).whileRunning(body)
    }
}
