import Foundation
import NewsAPIStub

/// A Nextcloud News server on 127.0.0.1 speaking the News app's API v1.3
/// (`/index.php/apps/news/api/v1-3`: basic auth, `folders`, `feeds`, `items` paged with
/// `batchSize` and `offset`, `items/updated`, the `…/multiple` marks, `POST /feeds`, `DELETE
/// /feeds/{id}`), written from its published document, serving an in-memory
/// ``ReaderAPIAccount`` for the sync's tests, the benchmark and manual runs. A feed's first label
/// is its folder.
///
/// It records every request and every mark it applied, and misbehaves as a
/// ``ReaderAPIStubServer/Fault`` says, where the fault means something for this API.
///
/// ```swift
/// var account = ReaderAPIAccount()
/// account.addItems(to: account.addFeed(title: "Orbit", url: "https://orbit.example/feed"), count: 20)
/// try await NextcloudNewsStubServer(account: account).whileRunning { server in
///     // sign in at server.baseURL as "reader" with "api-password"
/// }
/// ```
public final class NextcloudNewsStubServer: StubServing {
    public struct Options: Sendable {
        public var user: String
        public var password: String
        /// The API's path, as Nextcloud's.
        public var basePath: String
        /// Added before every answer.
        public var latency: Duration

        public init(
            user: String = "reader", password: String = "api-password",
            basePath: String = "/index.php/apps/news/api/v1-3", latency: Duration = .zero
        ) {
            self.user = user
            self.password = password
            self.basePath = basePath
            self.latency = latency
        }
    }

    public var options: Options { responder.options }

    private let responder: NextcloudNewsResponder
    private let listener = StubListener()

    public init(account: ReaderAPIAccount = ReaderAPIAccount(), options: Options = Options()) {
        responder = NextcloudNewsResponder(account: account, options: options)
    }

    // MARK: - Running

    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves; returns the port.
    @discardableResult
    public func start(port: UInt16 = 0) async throws -> Int {
        responder.withState { $0.stopped = false }
        return try await listener.start(port: port, handler: NextcloudNewsHTTPHandler(responder: responder))
    }

    /// Stops listening, closes open connections (a silent answer among them) and waits.
    public func stop() async {
        await listener.stop(beforeClosing: responder.stop)
    }

    public var port: Int { listener.port }

    /// `http://127.0.0.1:PORT`, the server's address as a person gives it.
    public var baseURL: URL {
        // An IP address and a number always make a valid URL.
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// The API's own address, `http://127.0.0.1:PORT/index.php/apps/news/api/v1-3`.
    public var apiURL: URL {
        URL(string: "http://127.0.0.1:\(port)\(options.basePath)")!
    }

    // MARK: - The account

    /// Reads or changes the account (as another client would) while the server runs; an item
    /// whose marks change, or that is added, has its `lastModified` set to now.
    @discardableResult
    public func account<T>(_ body: (inout ReaderAPIAccount) -> T) -> T {
        responder.withState { $0.change(body) }
    }

    /// The folders' names, by id from 1.
    public var folders: [String] { responder.withState { $0.folders } }

    // MARK: - Faults and inspection

    /// Misbehaves as `fault` says from now on, or serves normally again when nil.
    public func setFault(_ fault: ReaderAPIStubServer.Fault?) {
        responder.withState { $0.fault = fault }
    }

    /// The requests received, oldest first (the last 10,000).
    public var requests: [ReaderAPIRequest] { responder.withState { $0.requests } }

    /// How many requests arrived.
    public var requestCount: Int { responder.withState { $0.requestCount } }

    /// Every mark applied, in order: the tag `read` or `starred`, set or cleared.
    public var edits: [ReaderAPIStubServer.EditTag] { responder.withState { $0.edits } }
}
