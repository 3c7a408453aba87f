import Foundation
import NewsAPIStub
import NewsModels

/// A Miniflux server on 127.0.0.1 speaking Miniflux's own REST API (`/v1/`, as
/// https://miniflux.app/docs/api.html describes it): `GET /v1/me`, `/v1/feeds`,
/// `/v1/categories`, `/v1/entries` with its filters (`status`, `starred`, `order=id`,
/// `after_entry_id`, `changed_after`, `limit`), `/v1/entries/{id}`, `PUT /v1/entries`,
/// `PUT /v1/entries/{id}/bookmark` (a toggle), `POST /v1/feeds`, `PUT` and `DELETE
/// /v1/feeds/{id}`, `POST /v1/categories`, `/healthcheck` and `/version`. It serves an in-memory
/// ``ReaderAPIAccount`` (a feed's first label is its one category, “All” when it has none), for
/// the sync's tests, the benchmark and manual runs (`reader-api-stub --miniflux`).
///
/// It accepts an API key in `X-Auth-Token` or the user's password with basic auth, records
/// every request, and misbehaves as a ``ReaderAPIStubServer/Fault`` says where the fault means
/// something here (see ``setFault(_:)``).
public final class MinifluxStubServer: StubServing {
    public struct Options: Sendable {
        public var user: String
        public var password: String
        /// The API key `X-Auth-Token` carries.
        public var apiKey: String
        /// Added before every answer.
        public var latency: Duration

        public init(
            user: String = "reader", password: String = "miniflux-password",
            apiKey: String = "miniflux-api-key-0123456789", latency: Duration = .zero
        ) {
            self.user = user
            self.password = password
            self.apiKey = apiKey
            self.latency = latency
        }
    }

    public var options: Options { responder.options }

    private let responder: MinifluxResponder
    private let listener = StubListener()

    public init(account: ReaderAPIAccount = ReaderAPIAccount(), options: Options = Options()) {
        responder = MinifluxResponder(account: account, options: options)
    }

    // MARK: - Running

    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves; returns the port.
    @discardableResult
    public func start(port: UInt16 = 0) async throws -> Int {
        responder.withState { $0.stopped = false }
        return try await listener.start(port: port, handler: MinifluxHTTPHandler(responder: responder))
    }

    /// Stops listening, closes open connections (a silent answer among them) and waits.
    public func stop() async {
        await listener.stop(beforeClosing: responder.stop)
    }

    public var port: Int { listener.port }

    /// `http://127.0.0.1:PORT`, the address to sign in at.
    public var baseURL: URL {
        // An IP address and a number always make a valid URL.
        URL(string: "http://127.0.0.1:\(port)")!
    }

    // MARK: - The account

    /// Reads or changes the account (as another client would) while the server runs: the
    /// entries it adds, and those whose marks it changes, are changed now for `changed_after`.
    @discardableResult
    public func account<T>(_ body: (inout ReaderAPIAccount) -> T) -> T {
        responder.changeAccount(body)
    }

    // MARK: - Faults and inspection

    /// Misbehaves as `fault` says from now on, or serves normally again when nil. Those that
    /// mean something here: `expiredLogin` (401 to all), `status`, `neverAnswers`, `redirect`
    /// (every GET), `retryAfter` and `retryAfterValue`, `continuationLoop` (`after_entry_id`
    /// ignored), `refuseContinuation` (a request with `after_entry_id` refused), `missingFields`,
    /// `unreadableID` (the first entry of a list has a word for an id), `emptyItemContents` (no
    /// entry found by id), `partialItemContents` (every other entry asked by id not found),
    /// `dropsEdits` (changes of marks answered and not applied), `trailingBytes` (bytes after a
    /// list of entries) and `padding`. The others are treated as none.
    public func setFault(_ fault: ReaderAPIStubServer.Fault?) {
        responder.withState { $0.fault = fault }
    }

    /// The requests received, oldest first (the last 10,000); a change's JSON body is its one
    /// form field `json`.
    public var requests: [ReaderAPIRequest] { responder.withState { $0.requests } }

    /// How many requests arrived.
    public var requestCount: Int { responder.withState { $0.requestCount } }

    /// Every change of marks applied, in order: tag `read` or `starred`.
    public var edits: [ReaderAPIStubServer.EditTag] { responder.withState { $0.edits } }
}
