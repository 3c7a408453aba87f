import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client of a Google Reader API service (FreshRSS's `/api/greader.php`, Miniflux, Inoreader,
/// The Old Reader, BazQux): signing in, the subscriptions, streams of items and their ids, and
/// the changes (marks, subscriptions) sent back.
///
/// The login token travels only in the `Authorization` header (`GoogleLogin auth=…`), never in
/// an address; Networking's client drops it on a redirect to another origin and refuses to carry
/// a form (a password, a write token) to one. Every request has a deadline for the whole exchange
/// and a cap on its answer's size, counted as the bytes arrive.
public struct ReaderAPIClient: Sendable {
    public struct Options: Sendable, Equatable {
        /// Seconds one request may take in all.
        public var timeout: TimeInterval
        /// The largest page of items accepted, after decompression.
        public var pageBytes: Int
        /// The largest other answer accepted.
        public var answerBytes: Int
        /// The longest `Retry-After` waited for (a 429 or a 503 asking to come back later); a
        /// longer one fails the request at once, with the wait in its sentence.
        public var longestRetryAfter: Duration
        /// Requests retried so, at most, per request.
        public var retries: Int

        public init(
            timeout: TimeInterval = 30, pageBytes: Int = 16 << 20, answerBytes: Int = 8 << 20,
            longestRetryAfter: Duration = .seconds(60), retries: Int = 3
        ) {
            self.timeout = timeout
            self.pageBytes = pageBytes
            self.answerBytes = answerBytes
            self.longestRetryAfter = longestRetryAfter
            self.retries = max(0, retries)
        }
    }

    /// Waits as long as a `Retry-After` asks: `Task.sleep`, or a test's clock.
    public typealias Sleep = @Sendable (Duration) async throws -> Void
    /// The time a `Retry-After` date is read against: this machine's clock, or a test's.
    public typealias Now = @Sendable () -> Date

    /// The API's base, e.g. `https://rss.example.org/api/greader.php`.
    public let base: URL
    let auth: String
    let http: any HTTPFetching
    public let options: Options
    let sleep: Sleep
    let now: Now
    /// The write token (`T`), fetched at the first change and again once when refused.
    private let writeToken = Locked<String?>(nil)

    public init(
        base: URL, auth: String, http: any HTTPFetching, options: Options = Options(),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }, now: @escaping Now = { Date() }
    ) {
        self.base = base
        self.auth = auth
        self.http = http
        self.options = options
        self.sleep = sleep
        self.now = now
    }

    /// The service as sentences name it: its host, and its port when not the scheme's.
    public var host: String { base.shownHost }

    /// `url`'s host, and its port when it has one, as sentences about a service name it.
    public static func host(of url: URL) -> String { url.shownHost }

    // MARK: - Signing in

    /// Signs in with ClientLogin and returns the login token; `password` goes in the body of one
    /// POST to `base` and nowhere else.
    public static func login(
        base: URL, user: String, password: String, http: any HTTPFetching, options: Options = Options()
    ) async throws(SyncError) -> String {
        let request = ReaderRequest.post(
            base, "/accounts/ClientLogin", form: [("Email", user), ("Passwd", password)], auth: nil,
            timeout: options.timeout, maxBytes: 64 << 10)
        let answer = try await send(request, http: http, host: base.shownHost, timeout: options.timeout)
        switch answer.status {
        case 200..<300:
            guard let token = ClientLoginAnswer.token(in: answer.body) else {
                throw .notReaderAPI(host: base.shownHost, reason: "its sign-in answer has no Auth line")
            }
            return token
        case 401, 403:
            throw .loginRefused(host: base.shownHost, service: .greader)
        case 404, 405, 410:
            throw .notFound(host: base.shownHost, status: answer.status, service: .greader)
        case 400:
            throw .notReaderAPI(host: base.shownHost, reason: "it refused the sign-in as a bad request")
        default:
            throw .status(answer.status, host: base.shownHost)
        }
    }

    // MARK: - Reading

    /// The subscriptions, with their labels.
    public func subscriptions() async throws(SyncError) -> [ServiceFeed] {
        let answer = try await get("/reader/api/0/subscription/list", [("output", "json")])
        let base = base
        return try SubscriptionListReader.read(answer.body) { id in
            ReaderRequest.address(base, "/reader/api/0/stream/contents/" + id, query: [])
        }
    }

    /// A page of `stream`'s items, newest first: at most `count`, from `continuation`, only those
    /// crawled since `since` (seconds, the service's clock), without those tagged `excluding`.
    func streamPage(
        _ stream: String, count: Int, excluding: String? = nil, since: Int64? = nil,
        continuation: String? = nil
    ) async throws(SyncError) -> StreamPage {
        var query = [("n", String(count))]
        if let excluding { query.append(("xt", excluding)) }
        if let since { query.append(("ot", String(since))) }
        if let continuation { query.append(("c", continuation)) }
        query.append(("output", "json"))
        let answer = try await get(
            "/reader/api/0/stream/contents/" + stream, query, maxBytes: options.pageBytes)
        var page = try StreamPageReader.read(answer.body, itemLimit: count)
        page.bytes = answer.body.count
        return page
    }

    /// A page of the ids of `stream`'s items, without those tagged `excluding`.
    func itemIDs(_ stream: String, excluding: String? = nil, count: Int, continuation: String? = nil)
        async throws(SyncError) -> IDPage
    {
        var query = [("s", stream)]
        if let excluding { query.append(("xt", excluding)) }
        query.append(("n", String(count)))
        if let continuation { query.append(("c", continuation)) }
        query.append(("output", "json"))
        let answer = try await get("/reader/api/0/stream/items/ids", query)
        var page = try ItemIDsReader.read(answer.body, limit: count)
        page.bytes = answer.body.count
        return page
    }

    /// The items with `ids`, with their marks.
    func items(_ ids: [ItemID]) async throws(SyncError) -> StreamPage {
        let form = ids.map { ("i", $0.longForm) } + [("output", "json")]
        let answer = try await post(
            "/reader/api/0/stream/items/contents", form, writes: false, maxBytes: options.pageBytes)
        var page = try StreamPageReader.read(answer.body, itemLimit: max(ids.count, 1))
        page.bytes = answer.body.count
        return page
    }

    // MARK: - Exchanges

    func get(_ path: String, _ query: [(String, String)], maxBytes: Int? = nil) async throws(SyncError)
        -> HTTPResponse
    {
        let request = ReaderRequest.get(
            base, path, query: query, auth: auth, timeout: options.timeout,
            maxBytes: maxBytes ?? options.answerBytes)
        let answer = try await sendWaiting(request)
        try check(answer)
        return answer
    }

    /// POSTs `form`; a change (`writes`) carries the write token, fetched again once when the
    /// service refuses it.
    func post(_ path: String, _ form: [(String, String)], writes: Bool = true, maxBytes: Int? = nil)
        async throws(SyncError) -> HTTPResponse
    {
        var refetched = false
        while true {
            var fields = form
            if writes { fields.append(("T", try await token(fresh: refetched))) }
            let request = ReaderRequest.post(
                base, path, form: fields, auth: auth, timeout: options.timeout,
                maxBytes: maxBytes ?? options.answerBytes)
            let answer = try await sendWaiting(request)
            // FreshRSS answers a bad write token as it answers a bad login: 401, with
            // `Google-Bad-Token`. Only a fresh token tells them apart.
            if writes, answer.status == 401, !refetched {
                refetched = true
                continue
            }
            try check(answer)
            return answer
        }
    }

    /// The write token: the one fetched before, unless `fresh`.
    private func token(fresh: Bool) async throws(SyncError) -> String {
        if !fresh, let token = writeToken.withLock({ $0 }) { return token }
        let answer = try await get("/reader/api/0/token", [])
        let token = String(decoding: answer.body.prefix(4096), as: UTF8.self)
            .trimmingWhitespace()
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw .notReaderAPI(host: host, reason: "it gave no write token")
        }
        writeToken.withLock { $0 = token }
        return token
    }

    /// Sends `request`; a 429 or 503 with a `Retry-After` of at most ``Options/longestRetryAfter``
    /// (seconds, or an HTTP-date in any of its three forms: none when past) is waited for and
    /// sent again, up to ``Options/retries`` times. A `Retry-After` that is neither form is not
    /// waited for: the answer stands. (An edit sent again is the same edit: setting a mark twice
    /// is one mark.)
    private func sendWaiting(_ request: HTTPRequest) async throws(SyncError) -> HTTPResponse {
        try await Self.sendWaiting(request, http: http, host: host, options: options, sleep: sleep, now: now)
    }

    /// ``sendWaiting(_:)`` for any client of a service: the waits as `options` bound them.
    static func sendWaiting(
        _ request: HTTPRequest, http: any HTTPFetching, host: String, options: Options, sleep: Sleep, now: Now
    ) async throws(SyncError) -> HTTPResponse {
        var retried = 0
        while true {
            let answer = try await send(request, http: http, host: host, timeout: options.timeout)
            let moment = now()
            guard answer.status == 429 || answer.status == 503, let until = answer.retryAfter(now: moment)
            else { return answer }
            // Whole seconds, as the header gives them; a date is read against a clock with a fraction.
            let wait = Duration.seconds(Int64(until.timeIntervalSince(moment).rounded()))
            guard wait <= options.longestRetryAfter, retried < options.retries else {
                throw .retryLater(answer.status, host: host, after: wait)
            }
            retried += 1
            do {
                try await sleep(wait)
            } catch {
                throw .transport(.cancelled, host: host, timeout: options.timeout)
            }
        }
    }

    /// Throws for an answer that is not a success.
    private func check(_ answer: HTTPResponse) throws(SyncError) {
        switch answer.status {
        case 200..<300: return
        case 401, 403:
            // Redirected to another origin, the request arrived without the login: the login
            // is not at fault, the redirect is.
            if answer.url.host != base.host || answer.url.port != base.port
                || answer.url.scheme != base.scheme
            {
                throw .loginNotCarried(host: host, to: answer.url.shownHost)
            }
            throw .loginExpired(host: host)
        default: throw .status(answer.status, host: host)
        }
    }

    static func send(_ request: HTTPRequest, http: any HTTPFetching, host: String, timeout: TimeInterval)
        async throws(SyncError) -> HTTPResponse
    {
        do {
            return try await http.fetch(request)
        } catch {
            throw .transport(error, host: host, timeout: timeout)
        }
    }
}
