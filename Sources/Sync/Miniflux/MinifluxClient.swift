import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client of Miniflux's own REST API (`/v1/`), written from its published document,
/// https://miniflux.app/docs/api.html, and its Go client (github.com/miniflux/v2, `client/`):
/// the user (`GET /v1/me`), the subscriptions (`GET /v1/feeds`: a feed's one category becomes
/// its one tag), the entries (`GET /v1/entries`, ordered by id and paged with `after_entry_id`;
/// `status=unread`, `starred=true`, and `changed_after` for what changed since the last sync),
/// the read marks sent back in one `PUT /v1/entries` per batch, and subscriptions added
/// (`POST /v1/feeds`), moved (`PUT /v1/feeds/{id}`) and removed (`DELETE /v1/feeds/{id}`).
///
/// The API stars an entry only with a toggle (`PUT /v1/entries/{id}/bookmark`): a toggle sent
/// twice is no change at all. So a star is set by reading the entry's `starred` first and
/// toggling only when it differs, and a toggle is never sent again blindly: after a 429 or 503
/// the entry is read again before it is.
///
/// The credentials are an API key (`X-Auth-Token`) or the user's name and password (basic
/// auth), in a header only; Networking drops both headers on a redirect to another origin.
public struct MinifluxClient: Sendable {
    public typealias Options = ReaderAPIClient.Options

    /// How the client proves who it is.
    public enum Credentials: Sendable, Equatable {
        /// An API key made in Miniflux's settings (Settings › API Keys).
        case apiKey(String)
        /// The user's name and password, sent with basic auth.
        case password(user: String, password: String)
    }

    /// The most entries asked for in one page.
    public static let pageLimit = 1_000
    /// The most entries asked for in one page of ids: the API gives no list of ids alone, so
    /// each entry comes with its text.
    static let idPageLimit = 250

    /// The service's address (`https://HOST`, or `https://HOST/PATH` below which Miniflux
    /// lives), without `/v1`.
    public let base: URL
    let credentials: Credentials
    let http: any HTTPFetching
    public let options: Options
    let sleep: ReaderAPIClient.Sleep
    let now: ReaderAPIClient.Now

    public init(
        base: URL, credentials: Credentials, http: any HTTPFetching, options: Options = Options(),
        sleep: @escaping ReaderAPIClient.Sleep = { try await Task.sleep(for: $0) },
        now: @escaping ReaderAPIClient.Now = { Date() }
    ) {
        self.base = Self.root(base)
        self.credentials = credentials
        self.http = http
        self.options = options
        self.sleep = sleep
        self.now = now
    }

    /// `base` without a trailing `/` or `/v1`: a user may give the API's address or the site's.
    public static func root(_ base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        return URL(string: text) ?? base
    }

    public var host: String { base.shownHost }

    // MARK: - Signing in

    /// The user the credentials are: `GET /v1/me`. A refusal is the login's.
    @discardableResult
    public func me() async throws(SyncError) -> String {
        let answer = try await send(.get, "/v1/me")
        switch answer.status {
        case 200..<300: break
        case 401: throw .loginRefused(host: host, service: .miniflux)
        case 404, 405, 410:
            throw .unusableAddress(
                "Nothing answers as Miniflux's API at \(host)\(Self.path(of: base))/v1/ (\(answer.status)): give "
                    + "Miniflux's own address, such as https://HOST or https://HOST/miniflux.")
        default: try check(answer)
        }
        let name = try decode(answer.body, "its user") { reader throws(JSONPullReader.Failure) in
            try MinifluxAnswer.user(&reader)
        }
        guard let name, !name.isEmpty else {
            throw .malformed("\(host) does not answer /v1/me as Miniflux does (no username)")
        }
        return name
    }

    /// True when a Miniflux answers at `base`: `GET /v1/me` without credentials is refused with
    /// Miniflux's JSON error (`{"error_message": …}`). Nothing secret is sent to a server not
    /// known yet.
    public static func probe(base: URL, http: any HTTPFetching, options: Options = Options()) async -> Bool {
        let root = root(base)
        let request = HTTPRequest(
            url: ReaderRequest.address(root, "/v1/me", query: []),
            headers: ["User-Agent": ReaderRequest.userAgent, "Accept": "application/json"],
            timeout: options.timeout, maxBodyBytes: 64 << 10)
        guard let answer = try? await http.fetch(request), answer.status == 401 else { return false }
        return MinifluxAnswer.errorMessage(answer.body) != nil
    }

    // MARK: - Reading

    /// The subscriptions, each with its category as its one label.
    public func subscriptions() async throws(SyncError) -> [ServiceFeed] {
        let answer = try await get("/v1/feeds", [])
        return try decode(answer.body, "its feeds", MinifluxAnswer.feeds)
    }

    /// The categories.
    func categories() async throws(SyncError) -> [MinifluxAnswer.Category] {
        let answer = try await get("/v1/categories", [])
        return try decode(answer.body, "its categories", MinifluxAnswer.categories)
    }

    /// A page of entries, oldest id first: all of them, or the starred, the unread only when
    /// `excluding` is the read tag, those changed since `since` (`changed_after`: new entries
    /// and marks changed elsewhere alike). The continuation is the last entry's id.
    func streamPage(
        _ stream: String, count: Int, excluding: String?, since: Int64?, continuation: String?
    ) async throws(SyncError) -> StreamPage {
        let limit = min(max(1, count), Self.pageLimit)
        var query = try Self.selection(stream, excluding: excluding, limit: limit, continuation: continuation)
        if let since { query.append(("changed_after", String(since))) }
        let answer = try await get("/v1/entries", query, maxBytes: options.pageBytes)
        let read = try decode(answer.body, "its entries") { reader throws(JSONPullReader.Failure) in
            try MinifluxAnswer.entries(&reader, limit: limit)
        }
        var page = read.page
        page.bytes = answer.body.count
        page.updated = Self.serverClock(answer.headers["Date"])
        if read.count == limit, let last = read.lastID { page.continuation = String(last) }
        return page
    }

    /// A page of the ids of the unread (`excluding` the read tag) or starred entries.
    func itemIDs(_ stream: String, excluding: String?, count: Int, continuation: String?)
        async throws(SyncError) -> IDPage
    {
        let limit = min(max(1, count), Self.idPageLimit)
        let query = try Self.selection(stream, excluding: excluding, limit: limit, continuation: continuation)
        let answer = try await get("/v1/entries", query, maxBytes: options.pageBytes)
        let read = try decode(answer.body, "its entries") { reader throws(JSONPullReader.Failure) in
            try MinifluxAnswer.ids(&reader, limit: limit)
        }
        var page = IDPage(
            ids: read.ids,
            continuation: read.entries == limit ? read.ids.max().map { String($0.value) } : nil,
            unreadable: read.unreadable)
        page.bytes = answer.body.count
        return page
    }

    /// The numbers of unread and of starred entries: the `total` of a list of each one entry
    /// long. Every change of a mark sets the entry's `changed_at` (Miniflux's
    /// `SetEntriesStatus`, `ToggleBookmark`, the marks of a whole feed or category), so
    /// `changed_after` brings them; archiving an entry does not, and lowers a number instead.
    func markCounts() async throws(SyncError) -> MarkCounts? {
        var totals: [Int] = []
        for selection in [("status", "unread"), ("starred", "true")] {
            let answer = try await get(
                "/v1/entries", [selection, ("limit", "1")], maxBytes: options.pageBytes)
            let total = try decode(answer.body, "its entries") { reader throws(JSONPullReader.Failure) in
                try MinifluxAnswer.total(&reader)
            }
            guard let total, total >= 0 else { return nil }
            totals.append(total)
        }
        return MarkCounts(unread: totals[0], starred: totals[1])
    }

    /// The entries with `ids` (`GET /v1/entries/{id}`, one at a time: the API gives no list by
    /// id); an entry the service no longer has is left out.
    func items(_ ids: [ItemID]) async throws(SyncError) -> StreamPage {
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        for id in ids {
            let answer = try await send(.get, "/v1/entries/\(id.value)", maxBytes: options.pageBytes)
            if answer.status == 404 { continue }
            try check(answer)
            try decode(answer.body, "entry \(id.value)") { reader throws(JSONPullReader.Failure) in
                try MinifluxAnswer.entry(&reader, into: &page)
            }
            page.bytes += answer.body.count
        }
        return page
    }

    // MARK: - Changes

    /// Marks `ids` read or unread in one request; stars or unstars them one by one.
    func editTag(_ ids: [ItemID], kind: MarkChange.Kind, value: Bool) async throws(SyncError) {
        guard !ids.isEmpty else { return }
        switch kind {
        case .read:
            _ = try await change(.put, "/v1/entries", json: MinifluxRequest.status(ids, read: value))
        case .starred:
            for id in ids { try await setStarred(id, value) }
        }
    }

    /// Stars (or unstars) the entry `id` when it is not (or is): its `starred` read first, the
    /// toggle sent only when it differs, and after a 429 or 503 read again before another.
    private func setStarred(_ id: ItemID, _ value: Bool) async throws(SyncError) {
        var waited = 0
        while true {
            let entry = try await send(.get, "/v1/entries/\(id.value)", maxBytes: options.pageBytes)
            // Gone from the service: there is nothing left to star.
            if entry.status == 404 { return }
            try check(entry)
            let starred = try decode(entry.body, "entry \(id.value)", MinifluxAnswer.starred)
            guard let starred else {
                throw .malformed("\(host) gave entry \(id.value) without its starred mark")
            }
            if starred == value { return }
            let bookmark = request(.put, "/v1/entries/\(id.value)/bookmark", json: nil)
            let toggle = try await ReaderAPIClient.send(
                bookmark, http: http, host: host, timeout: options.timeout)
            let moment = now()
            if toggle.status == 429 || toggle.status == 503, let until = toggle.retryAfter(now: moment) {
                let wait = Duration.seconds(Int64(until.timeIntervalSince(moment).rounded()))
                guard wait <= options.longestRetryAfter, waited < options.retries else {
                    throw .retryLater(toggle.status, host: host, after: wait)
                }
                waited += 1
                do {
                    try await sleep(wait)
                } catch {
                    throw .transport(.cancelled, host: host, timeout: options.timeout)
                }
                continue
            }
            try check(toggle, change: true)
            return
        }
    }

    /// Subscribes to the feed at `url` in the first category (Miniflux's own, made with the
    /// user); the service fetches it at once. Returns its stream id (`feed/ID`).
    public func subscribe(to url: URL) async throws(SyncError) -> (streamID: String, title: String?) {
        guard let category = try await categories().min(by: { $0.id < $1.id }) else {
            throw .refused("\(host) has no category to put the feed in")
        }
        let answer = try await change(
            .post, "/v1/feeds",
            json: MinifluxRequest.object([
                ("feed_url", .string(url.absoluteString)), ("category_id", .int(Int(category.id))),
            ]))
        let feed = try decode(answer.body, "the subscription", MinifluxAnswer.createdFeed)
        guard let feed, feed > 0 else { throw .malformed("\(host) subscribed but named no feed") }
        return ("feed/\(feed)", nil)
    }

    /// Puts the subscription `streamID` in the category `label` (made when missing: a feed has
    /// one category, so this replaces the one it had), and renames it to `title` when given.
    public func edit(_ streamID: String, addLabel label: String?, title: String?) async throws(SyncError) {
        let feed = try feedID(streamID)
        var fields: [(String, TinyTinyRSSRequest.Value)] = []
        if let label {
            let category: Int64
            if let known = try await categories().first(where: { $0.title == label }) {
                category = known.id
            } else {
                let answer = try await change(
                    .post, "/v1/categories", json: MinifluxRequest.object([("title", .string(label))]))
                guard
                    let made = try decode(answer.body, "the new category", MinifluxAnswer.category)
                else { throw .malformed("\(host) made the category but did not say which") }
                category = made.id
            }
            fields.append(("category_id", .int(Int(category))))
        }
        if let title, !title.isEmpty { fields.append(("title", .string(title))) }
        guard !fields.isEmpty else { return }
        _ = try await change(.put, "/v1/feeds/\(feed)", json: MinifluxRequest.object(fields))
    }

    /// Unsubscribes from `streamID` (`feed/ID`).
    public func unsubscribe(_ streamID: String) async throws(SyncError) {
        let feed = try feedID(streamID)
        _ = try await change(.delete, "/v1/feeds/\(feed)", json: nil)
    }

    // MARK: - Exchanges

    /// The query of a list of entries: oldest id first, from after `continuation`.
    private static func selection(_ stream: String, excluding: String?, limit: Int, continuation: String?)
        throws(SyncError) -> [(String, String)]
    {
        var query: [(String, String)] = []
        if excluding == StreamTag.read { query.append(("status", "unread")) }
        if stream == StreamTag.starred { query.append(("starred", "true")) }
        query += [("order", "id"), ("direction", "asc"), ("limit", String(limit))]
        if let continuation {
            guard let after = Int64(continuation), after >= 0 else {
                throw .malformed("a stored place in the list of entries cannot be read")
            }
            query.append(("after_entry_id", String(after)))
        }
        return query
    }

    private func feedID(_ streamID: String) throws(SyncError) -> Int64 {
        guard streamID.hasPrefix("feed/"), let number = Int64(streamID.dropFirst(5)), number > 0 else {
            throw .refused("“\(Clean.line(String(streamID.prefix(80))))” is not a feed of \(host)")
        }
        return number
    }

    private func request(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], json: String?,
        maxBytes: Int? = nil
    ) -> HTTPRequest {
        MinifluxRequest.make(
            base, method, path, query: query, json: json, credentials: credentials, timeout: options.timeout,
            maxBytes: maxBytes ?? options.answerBytes)
    }

    /// Sends a request, waiting as a `Retry-After` asks; any status is an answer.
    private func send(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], maxBytes: Int? = nil
    )
        async throws(SyncError) -> HTTPResponse
    {
        try await ReaderAPIClient.sendWaiting(
            request(method, path, query: query, json: nil, maxBytes: maxBytes), http: http, host: host,
            options: options, sleep: sleep, now: now)
    }

    func get(_ path: String, _ query: [(String, String)], maxBytes: Int? = nil) async throws(SyncError)
        -> HTTPResponse
    {
        let answer = try await send(.get, path, query: query, maxBytes: maxBytes)
        try check(answer)
        return answer
    }

    /// Sends a change (setting a status, adding or removing a feed: each the same when sent
    /// twice), waiting as a `Retry-After` asks.
    private func change(_ method: HTTPMethod, _ path: String, json: String?) async throws(SyncError)
        -> HTTPResponse
    {
        let answer = try await ReaderAPIClient.sendWaiting(
            request(method, path, json: json), http: http, host: host, options: options, sleep: sleep,
            now: now)
        try check(answer, change: true)
        return answer
    }

    /// Throws for an answer that is not a success; Miniflux's own message says why a change
    /// was refused. A read refused as a bad request is a status, as the engine reads a resume
    /// point the service no longer takes.
    private func check(_ answer: HTTPResponse, change: Bool = false) throws(SyncError) {
        switch answer.status {
        case 200..<300: return
        case 401:
            // Redirected to another origin, the request arrived without the credentials: the
            // redirect is at fault, not the login.
            if answer.url.host != base.host || answer.url.port != base.port
                || answer.url.scheme != base.scheme
            {
                throw .loginNotCarried(host: host, to: answer.url.shownHost)
            }
            throw .loginExpired(host: host)
        case 400 where !change: throw .status(400, host: host)
        case 400, 403, 409, 422:
            throw .serviceRefused(
                host: host,
                reason: MinifluxAnswer.errorMessage(answer.body) ?? "it answered \(answer.status)")
        case 404, 405, 410: throw .notFound(host: host, status: answer.status, service: .miniflux)
        default: throw .status(answer.status, host: host)
        }
    }

    private func decode<T>(
        _ body: Data, _ what: String, _ read: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T
    ) throws(SyncError) -> T {
        switch JSONPullReader.read(body, read) {
        case .success(let value): return value
        case .failure(let failure) where failure.reason == MinifluxAnswer.tooMany:
            throw .malformed("\(host) sent more entries than asked for in one answer")
        case .failure(let failure):
            throw .malformed("\(what) cannot be read (\(failure.reason) at byte \(failure.offset))")
        }
    }

    private static func path(of url: URL) -> String {
        let path = url.path
        return path == "/" ? "" : path
    }

    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The service's clock from an answer's `Date` (`Sun, 06 Nov 1994 08:49:37 GMT`, the one form
    /// servers send), in seconds; nil when absent or in another form.
    static func serverClock(_ header: String?) -> Int64? {
        guard let header else { return nil }
        let words = header.split(separator: " ")
        guard words.count == 6, words[5] == "GMT", let day = Int(words[1]), let year = Int(words[3]),
            let month = months.firstIndex(of: String(words[2]))
        else { return nil }
        let clock = words[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3,
            let date = Timestamp.date(
                year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
        else { return nil }
        return ServiceTime.seconds(of: date)
    }
}

extension MinifluxClient: SyncServiceClient, SyncClient {
    public var connection: SyncConnection { SyncConnection(client: self) }
}
