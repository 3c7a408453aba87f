import Foundation
import NewsModels
import SampleEdition

/// A NewsAPI-compatible HTTP server on 127.0.0.1, serving any ``NewsService`` (normally the
/// sample edition) with NewsAPI's paths, parameters, JSON bodies, key check, result cap and error
/// codes.
///
/// It records every request so tests can check what a client sent, and can add latency or answer
/// with a ``Fault`` to exercise a client's error handling.
///
/// ```swift
/// try await NewsAPIStubServer.sample().whileRunning { stub in
///     // point a client at stub.baseURL, with the key "test-key"
/// }
/// ```
public final class NewsAPIStubServer: StubServing {
    /// Why the server did not start.
    public enum StartError: Error, Equatable {
        /// ``start(port:)`` was called while the server runs.
        case alreadyRunning
        /// The server stopped before it was ready, e.g. because the port is taken.
        case couldNotListen(String)
    }

    /// The options the server was created with.
    public var options: Options { responder.options }

    private let responder: StubResponder
    private let listener = StubListener()

    /// A server answering from `service`.
    public init(service: any NewsService, options: Options = Options()) {
        responder = StubResponder(service: service, options: options)
    }

    /// A server answering from the sample edition bundled with NewsApp.
    public static func sample(options: Options = Options()) throws(NewsServiceError) -> NewsAPIStubServer {
        NewsAPIStubServer(service: SampleNewsService(edition: try SampleEdition.bundled()), options: options)
    }

    // MARK: - Running

    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts serving. When this returns, the
    /// server accepts connections.
    ///
    /// - Returns: The port the server listens on.
    @discardableResult
    public func start(port: UInt16 = 0) async throws -> Int {
        try await listener.start(port: port, handler: StubHTTPHandler(responder: responder))
    }

    /// Stops listening, closes open connections and waits for the server to finish.
    public func stop() async {
        await listener.stop()
    }

    /// The port of the running server; that of the last one after ``stop()``, 0 before ``start(port:)``.
    public var port: Int { listener.port }

    /// `http://127.0.0.1:PORT`, the base URL to give a client.
    public var baseURL: URL {
        // An IP address and a number always make a valid URL.
        URL(string: "http://127.0.0.1:\(port)")!
    }

    // MARK: - Faults and inspection

    /// Answers every following request with `fault`, or normally again when nil. Replaces
    /// ``Options/fault``; ``Options/faultRule`` still comes first.
    public func setFault(_ fault: Fault?) {
        responder.setFault(fault)
    }

    /// How many requests arrived since the server was created.
    public var requestCount: Int { responder.requestCount }

    /// The most recent request, or nil before the first.
    public var lastRequest: RecordedRequest? { responder.recentRequests.last }

    /// The most recent requests, oldest first; at most 1,000.
    public var recentRequests: [RecordedRequest] { responder.recentRequests }
}
