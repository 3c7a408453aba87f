import Foundation
import NewsAPIStub
import NewsModels

/// A Google Reader API server on 127.0.0.1, in FreshRSS's dialect (`/api/greader.php`,
/// ClientLogin, a write token, `subscription/list`, `stream/contents` with continuations,
/// `stream/items/ids`, `stream/items/contents`, `edit-tag`, `subscription/quickadd` and `edit`),
/// serving an in-memory ``ReaderAPIAccount``, for the sync's tests, the benchmark and manual runs.
///
/// It records every request and every `edit-tag` it applied, and answers with a ``Fault`` when
/// told, to exercise a client's handling of a rejected token, an expired login, a failing or
/// silent server, a continuation that loops, items with missing fields.
///
/// ```swift
/// var account = ReaderAPIAccount()
/// account.addItems(to: account.addFeed(title: "Orbit", url: "https://orbit.example/feed"), count: 20)
/// try await ReaderAPIStubServer(account: account).whileRunning { server in
///     // sign in at server.baseURL as "reader" with "api-password"
/// }
/// ```
public final class ReaderAPIStubServer: StubServing {
    /// Who may sign in, with which tokens, and where the API lives.
    public struct Options: Sendable {
        public var user: String
        public var password: String
        /// The login token ClientLogin gives.
        public var auth: String
        /// The write token `token` gives.
        public var writeToken: String
        /// The API's path, as FreshRSS's.
        public var basePath: String
        /// Added before every answer.
        public var latency: Duration

        public init(
            user: String = "reader", password: String = "api-password",
            auth: String = "reader/0123456789abcdef",
            writeToken: String = "write-token-0123456789", basePath: String = "/api/greader.php",
            latency: Duration = .zero
        ) {
            self.user = user
            self.password = password
            self.auth = auth
            self.writeToken = writeToken
            self.basePath = basePath
            self.latency = latency
        }
    }

    /// One `edit-tag` applied: a tag added to (or removed from) items.
    public struct EditTag: Sendable, Equatable {
        public var tag: String
        public var add: Bool
        public var ids: [Int64]
    }

    public var options: Options { responder.options }

    private let responder: ReaderAPIResponder
    private let listener = StubListener()

    public init(account: ReaderAPIAccount = ReaderAPIAccount(), options: Options = Options()) {
        responder = ReaderAPIResponder(account: account, options: options)
    }

    // MARK: - Running

    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves; returns the port.
    @discardableResult
    public func start(port: UInt16 = 0) async throws -> Int {
        responder.withState { $0.stopped = false }
        return try await listener.start(port: port, handler: ReaderAPIHTTPHandler(responder: responder))
    }

    /// Stops listening, closes open connections (a silent answer among them) and waits.
    public func stop() async {
        await listener.stop(beforeClosing: responder.stop)
    }

    public var port: Int { listener.port }

    /// `http://127.0.0.1:PORT/api/greader.php`, the address to sign in at.
    public var baseURL: URL {
        // An IP address, a number and our own path always make a valid URL.
        URL(string: "http://127.0.0.1:\(port)\(options.basePath)")!
    }

    // MARK: - The account

    /// Reads or changes the account (as another client would) while the server runs.
    @discardableResult
    public func account<T>(_ body: (inout ReaderAPIAccount) -> T) -> T {
        responder.withState { body(&$0.account) }
    }

    // MARK: - Faults and inspection

    /// Misbehaves as `fault` says from now on, or serves normally again when nil.
    public func setFault(_ fault: Fault?) {
        responder.withState { $0.fault = fault }
    }

    /// The requests received, oldest first (the last 10,000).
    public var requests: [ReaderAPIRequest] { responder.withState { $0.requests } }

    /// How many requests arrived.
    public var requestCount: Int { responder.withState { $0.requestCount } }

    /// Every `edit-tag` applied, in order.
    public var edits: [EditTag] { responder.withState { $0.edits } }

    /// Holds the answers to the requests after the `count`-th until ``release()``: their work is
    /// done (an edit applied), only the answer waits, as when a connection breaks after the
    /// service acted.
    public func holdAnswers(afterRequests count: Int) {
        responder.hold(after: count)
    }

    /// Answers the held requests, and every later one at once.
    public func release() {
        responder.release()
    }

    /// Returns once `count` requests have arrived since the server was made.
    public func waitForRequests(_ count: Int) async {
        await responder.waitForRequests(count)
    }
}
