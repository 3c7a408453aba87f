import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client of Nextcloud News's REST API v1.3 (`/index.php/apps/news/api/v1-3`), written from
/// its published document, docs/api/api-v1-3.md in github.com/nextcloud/news: the folders and
/// feeds (a feed's folder becomes its one tag), the items paged with `batchSize` and `offset`
/// at the first sync and asked with `items/updated?lastModified=` afterwards, and marks sent
/// with `POST items/{read,unread,star,unstar}/multiple` and `{"itemIds": […]}`. (The document's
/// "How To Sync" overview still shows v1.2's `PUT` with `{"items": …}`; its list of endpoints,
/// which this follows, gives v1.3's.)
///
/// The API is stateless: every request carries the user and the password in
/// `Authorization: Basic`, never in an address; Networking drops the header on a redirect to
/// another origin and refuses to carry a body to one. Every request has a deadline and a cap on
/// its answer counted as the bytes arrive, and a 429 or 503 with a `Retry-After` is waited for as
/// ``ReaderAPIClient`` waits.
public struct NextcloudNewsClient: Sendable {
    public typealias Options = ReaderAPIClient.Options

    /// The API's path below the server's address.
    public static let apiPath = "/index.php/apps/news/api/v1-3"
    /// The most items asked for in one page: the API has no limit of its own (`batchSize=-1`
    /// is all of them), and a page must fit ``Options/pageBytes``.
    public static let pageLimit = 1_000

    /// The API's base, `https://HOST/index.php/apps/news/api/v1-3`.
    public let endpoint: URL
    let authorization: String
    let http: any HTTPFetching
    public let options: Options
    let sleep: ReaderAPIClient.Sleep
    let now: ReaderAPIClient.Now

    /// A client of the server at `base` (its address, or the API's own).
    public init(
        base: URL, user: String, password: String, http: any HTTPFetching, options: Options = Options(),
        sleep: @escaping ReaderAPIClient.Sleep = { try await Task.sleep(for: $0) },
        now: @escaping ReaderAPIClient.Now = { Date() }
    ) {
        endpoint = Self.endpoint(base)
        authorization = NextcloudNewsRequest.authorization(user: user, password: password)
        self.http = http
        self.options = options
        self.sleep = sleep
        self.now = now
    }

    /// `base`'s API: the address given when it is the API's, else the API below it (below its
    /// `index.php` when it names one).
    public static func endpoint(_ base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(apiPath) { return URL(string: text) ?? base }
        if text.hasSuffix("/index.php") { text.removeLast("/index.php".count) }
        return URL(string: text + apiPath) ?? base
    }

    public var host: String { endpoint.shownHost }

    // MARK: - Signing in

    /// The News app's version (`GET /version`): proves the address, the user and the password.
    @discardableResult
    public func version() async throws(SyncError) -> String {
        let answer = try await send(.get, "/version", maxBytes: 64 << 10)
        let version = try read(answer, "version", "its version") { reader throws(JSONPullReader.Failure) in
            try reader.readScalarText(limit: 64)
        }
        guard let version = version ?? nil, !version.isEmpty else {
            throw .malformed("\(host) does not answer as Nextcloud News: its version says no version")
        }
        return Clean.line(version)
    }

    // MARK: - Reading

    /// The subscriptions; a feed's folder is its one label.
    public func subscriptions() async throws(SyncError) -> [ServiceFeed] {
        let folders = try await read(
            send(.get, "/folders"), "folders", "its folders", NextcloudNewsAnswer.folders)
        let answer = try await send(.get, "/feeds")
        return try read(answer, "feeds", "its feeds") { reader throws(JSONPullReader.Failure) in
            try NextcloudNewsAnswer.feeds(&reader, folders: folders ?? [:])
        } ?? []
    }

    /// A page of items, newest first: all of them (type 3) or the starred (type 2), the unread
    /// only when `excluding` is the read tag, from the id `continuation` down. With `since`, the
    /// items changed since then (`items/updated`, in one answer: the API does not page it), and
    /// the newest change among them is where the next sync asks from.
    func streamPage(
        _ stream: String, count: Int, excluding: String?, since: Int64?, continuation: String?
    ) async throws(SyncError) -> StreamPage {
        if let since {
            let answer = try await send(
                .get, "/items/updated", query: [("lastModified", String(since)), ("type", "3"), ("id", "0")],
                maxBytes: options.pageBytes)
            var read = try items(answer, limit: NextcloudNewsAnswer.listLimit)
            read.page.bytes = answer.body.count
            read.page.newestCrawl = read.newestModified.map { $0.saturatingMultiply(1_000) }
            return read.page
        }
        let limit = min(max(1, count), Self.pageLimit)
        let answer = try await send(
            .get, "/items",
            query: Self.selection(stream, excluding: excluding, limit: limit, continuation: continuation),
            maxBytes: options.pageBytes)
        var read = try items(answer, limit: limit)
        // A server that counts `offset` itself in gives it again first: it was read already.
        if let offset = try Self.offset(continuation) {
            read.page.items.removeAll { $0.id.value >= offset }
        }
        read.page.bytes = answer.body.count
        read.page.newestCrawl = read.newestModified.map { $0.saturatingMultiply(1_000) }
        if read.entries == limit, let lowest = read.lowestID { read.page.continuation = String(lowest) }
        return read.page
    }

    /// A page of the ids of the unread (`excluding` the read tag) or starred items. The API
    /// has no list of ids: the items are asked for and all but their ids skipped unbuilt.
    func itemIDs(_ stream: String, excluding: String?, count: Int, continuation: String?)
        async throws(SyncError) -> IDPage
    {
        let limit = min(max(1, count), Self.pageLimit)
        let answer = try await send(
            .get, "/items",
            query: Self.selection(stream, excluding: excluding, limit: limit, continuation: continuation),
            maxBytes: options.pageBytes)
        let read =
            try read(answer, "items", "its items") { reader throws(JSONPullReader.Failure) in
                try NextcloudNewsAnswer.ids(&reader, limit: limit)
            } ?? (ids: [], entries: 0, unreadable: 0, lowestID: nil)
        let offset = try Self.offset(continuation)
        var page = IDPage(
            ids: read.ids.filter { id in offset.map { id.value < $0 } ?? true },
            continuation: read.entries == limit ? read.lowestID.map(String.init) : nil,
            unreadable: read.unreadable)
        page.bytes = answer.body.count
        return page
    }

    /// The numbers of unread and of starred items, from `feeds`: the sum of each feed's
    /// `unreadCount`, and `starredCount`. A change of a mark sets the item's `lastModified`,
    /// so `items/updated` brings it; an item purged is gone from both, and lowers a number.
    func markCounts() async throws(SyncError) -> MarkCounts? {
        let answer = try await send(.get, "/feeds")
        switch NextcloudNewsAnswer.counts(answer.body) {
        case .success(let counts): return counts
        case .failure(let failure):
            throw .malformed(
                "\(host) does not answer as Nextcloud News: its feeds cannot be read (\(failure.reason) at byte \(failure.offset))"
            )
        }
    }

    /// The items with `ids`, with their marks. The API gives no item by its id: each is asked
    /// for as the page of two from just above it down, and an item the service no longer has is
    /// left out.
    func items(_ ids: [ItemID]) async throws(SyncError) -> StreamPage {
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        for id in ids where id.value < Int64.max {
            let answer = try await send(
                .get, "/items",
                query: [
                    ("type", "3"), ("id", "0"), ("getRead", "true"), ("batchSize", "2"),
                    ("offset", String(id.value + 1)),
                ], maxBytes: options.pageBytes)
            let read = try items(answer, limit: 2)
            page.bytes += answer.body.count
            if let marks = read.page.marks[id] { page.marks[id] = marks }
            if let item = read.page.items.first(where: { $0.id == id }) {
                page.items.append(item)
            } else if read.page.marks[id] != nil {
                page.skipped += 1
            }
        }
        return page
    }

    // MARK: - Changes

    /// Marks `ids` read or unread, starred or not, in one request.
    func editTag(_ ids: [ItemID], kind: MarkChange.Kind, value: Bool) async throws(SyncError) {
        guard !ids.isEmpty else { return }
        let path =
            switch kind {
            case .read: value ? "/items/read/multiple" : "/items/unread/multiple"
            case .starred: value ? "/items/star/multiple" : "/items/unstar/multiple"
            }
        _ = try await send(.post, path, json: NextcloudNewsRequest.itemIDs(ids))
    }

    /// Subscribes to the feed at `url` (outside any folder); the service fetches it at once.
    /// Returns its stream id (`feed/ID`) and title.
    public func subscribe(to url: URL) async throws(SyncError) -> (streamID: String, title: String?) {
        let body = "{\"url\":" + TinyTinyRSSRequest.encode(url.absoluteString) + ",\"folderId\":null}"
        let answer: HTTPResponse
        do {
            answer = try await send(.post, "/feeds", json: body)
        } catch .status(409, _) {
            throw .refused("\(host) has this feed already")
        } catch .status(422, _) {
            throw .refused("\(host) could not read a feed at that address")
        }
        let feeds = try read(answer, "feeds", "the feed it added") { reader throws(JSONPullReader.Failure) in
            try NextcloudNewsAnswer.feeds(&reader, folders: [:])
        }
        guard let feed = feeds?.first else { throw .malformed("\(host) subscribed but named no feed") }
        return (feed.streamID, feed.title)
    }

    /// Puts the feed `streamID` in the folder `label` (made when missing: a feed is in one folder
    /// at most), and renames it to `title` when given.
    public func edit(_ streamID: String, addLabel label: String?, title: String?) async throws(SyncError) {
        let feed = try Self.feedNumber(streamID, host: host)
        if let title, !title.isEmpty {
            _ = try await send(
                .post, "/feeds/\(feed)/rename",
                json: "{\"feedTitle\":" + TinyTinyRSSRequest.encode(title) + "}")
        }
        guard let label, !label.isEmpty else { return }
        let folder = try await folderID(named: label)
        _ = try await send(.post, "/feeds/\(feed)/move", json: "{\"folderId\":\(folder)}")
    }

    /// Unsubscribes from `streamID` (`feed/ID`): the service deletes the feed and its items.
    public func unsubscribe(_ streamID: String) async throws(SyncError) {
        let feed = try Self.feedNumber(streamID, host: host)
        _ = try await send(.delete, "/feeds/\(feed)")
    }

    /// The id of the folder `name`, made when there is none.
    private func folderID(named name: String) async throws(SyncError) -> Int64 {
        func find() async throws(SyncError) -> Int64? {
            let folders =
                try await read(send(.get, "/folders"), "folders", "its folders", NextcloudNewsAnswer.folders)
                ?? [:]
            return folders.first { $0.value == Clean.line(name) }.flatMap { Int64($0.key) }
        }
        if let known = try await find() { return known }
        do {
            let answer = try await send(
                .post, "/folders", json: "{\"name\":" + TinyTinyRSSRequest.encode(name) + "}")
            let made = try read(answer, "folders", "the folder it made", NextcloudNewsAnswer.folders)
            if let id = made?.keys.first.flatMap({ Int64($0) }) { return id }
        } catch .status(409, _) {
            // Made meanwhile by another client.
        }
        guard let id = try await find() else {
            throw .malformed("\(host) made the folder but does not list it")
        }
        return id
    }

    // MARK: - Exchanges

    /// The query of `/items` for `stream` without `excluding`.
    private static func selection(_ stream: String, excluding: String?, limit: Int, continuation: String?)
        -> [(String, String)]
    {
        var query = [
            ("type", stream == StreamTag.starred ? "2" : "3"), ("id", "0"),
            ("getRead", excluding == StreamTag.read ? "false" : "true"), ("batchSize", String(limit)),
        ]
        if let continuation { query.append(("offset", continuation)) }
        return query
    }

    /// The id a continuation says the next page starts below.
    private static func offset(_ continuation: String?) throws(SyncError) -> Int64? {
        guard let continuation else { return nil }
        guard let offset = Int64(continuation), offset > 0 else {
            throw .malformed("a stored place in the list of items cannot be read")
        }
        return offset
    }

    private static func feedNumber(_ streamID: String, host: String) throws(SyncError) -> Int64 {
        guard streamID.hasPrefix("feed/"), let number = Int64(streamID.dropFirst(5)), number > 0 else {
            throw .refused("“\(Clean.line(String(streamID.prefix(80))))” is not a feed of \(host)")
        }
        return number
    }

    /// Sends a request, waiting as a `Retry-After` asks; returns an answer of status 2xx.
    func send(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], json: String? = nil,
        maxBytes: Int? = nil
    ) async throws(SyncError) -> HTTPResponse {
        let request = NextcloudNewsRequest.make(
            method, endpoint, path, query: query, json: json, authorization: authorization,
            timeout: options.timeout, maxBytes: maxBytes ?? options.answerBytes)
        let answer = try await ReaderAPIClient.sendWaiting(
            request, http: http, host: host, options: options, sleep: sleep, now: now)
        // Redirected to another origin, the request arrived there without the login, which every
        // call of the API needs: whatever answered is not the account's service.
        if answer.url.host != endpoint.host || answer.url.port != endpoint.port
            || answer.url.scheme != endpoint.scheme
        {
            throw .loginNotCarried(host: host, to: answer.url.shownHost)
        }
        switch answer.status {
        case 200..<300: return answer
        case 401, 403: throw .loginRefused(host: host, service: .nextcloud)
        case 404, 405, 410: throw .notFound(host: host, status: answer.status, service: .nextcloud)
        default: throw .status(answer.status, host: host)
        }
    }

    private func items(_ answer: HTTPResponse, limit: Int) throws(SyncError) -> NextcloudNewsAnswer.ItemsRead
    {
        do {
            return try read(answer, "items", "its items") { reader throws(JSONPullReader.Failure) in
                try NextcloudNewsAnswer.items(&reader, limit: limit)
            } ?? NextcloudNewsAnswer.ItemsRead()
        } catch .malformed(let reason) where reason == NextcloudNewsAnswer.tooMany {
            throw .malformed("\(host) sent more than \(limit) items in one answer")
        }
    }

    /// The member `key` of `answer`'s object, read with `body`; nil when it has none.
    private func read<T>(
        _ answer: HTTPResponse, _ key: String, _ what: String,
        _ body: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T
    ) throws(SyncError) -> T? {
        switch NextcloudNewsAnswer.member(key, of: answer.body, body) {
        case .success(let value): return value
        case .failure(let failure) where failure.reason == NextcloudNewsAnswer.tooMany:
            throw .malformed(NextcloudNewsAnswer.tooMany)
        case .failure(let failure):
            throw .malformed(
                "\(host) does not answer as Nextcloud News: \(what) cannot be read (\(failure.reason) at byte \(failure.offset))"
            )
        }
    }
}

extension NextcloudNewsClient: SyncServiceClient, SyncClient {
    public var connection: SyncConnection { SyncConnection(client: self) }
}

extension Int64 {
    /// `self × other`, stopping at the ends instead of trapping.
    func saturatingMultiply(_ other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
