import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client of Tiny Tiny RSS's JSON API (`api/`, API level 15 and later): a session opened with
/// the user's password, the subscriptions (categories become tags), the articles paged 200 at a
/// time (the most the service gives), and marks sent back with `updateArticle`.
///
/// The service expires a session after a day unused, so the client keeps the password and signs
/// in again, once, when an answer says `NOT_LOGGED_IN`. Every request is a POST of a JSON body
/// (the API reads no other form) with a User-Agent that never changes, since the service ties a
/// session to it.
public struct TinyTinyRSSClient: Sendable {
    public typealias Options = ReaderAPIClient.Options

    /// The most articles `getHeadlines` gives in one answer.
    public static let pageLimit = 200

    /// The API's endpoint, `https://HOST/tt-rss/api/`.
    public let endpoint: URL
    let user: String
    let password: String
    let http: any HTTPFetching
    public let options: Options
    private let session: Locked<String?>
    let sleep: ReaderAPIClient.Sleep
    let now: ReaderAPIClient.Now

    /// A client of the service at `base` (its address, or its `api/`), with the session `session`
    /// when one is open.
    public init(
        base: URL, user: String, password: String, session: String? = nil, http: any HTTPFetching,
        options: Options = Options(),
        sleep: @escaping ReaderAPIClient.Sleep = { try await Task.sleep(for: $0) },
        now: @escaping ReaderAPIClient.Now = { Date() }
    ) {
        endpoint = Self.endpoint(base)
        self.sleep = sleep
        self.now = now
        self.user = user
        self.password = password
        self.http = http
        self.options = options
        self.session = Locked(session)
    }

    /// `base`'s `api/`: the address given, or the API below it.
    public static func endpoint(_ base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if !text.hasSuffix("/api") { text += "/api" }
        return URL(string: text + "/") ?? base
    }

    public var host: String { endpoint.shownHost }

    /// The session now open, for the account to keep.
    public var currentSession: String? { session.withLock { $0 } }

    // MARK: - Signing in

    /// Opens a session and returns its id; the password goes in the body of one POST.
    @discardableResult
    public func login() async throws(SyncError) -> String {
        let request = TinyTinyRSSRequest.post(
            endpoint, op: "login", sid: nil, [("user", .string(user)), ("password", .string(password))],
            timeout: options.timeout, maxBytes: 64 << 10)
        let answer = try await send(request, op: "login")
        let envelope = try envelope(of: answer, op: "login")
        if envelope.status != 0 {
            if envelope.error == "LOGIN_ERROR" { throw .loginRefused(host: host, service: .ttrss) }
            throw refusal(envelope)
        }
        let sid = try content(answer.body, op: "login") { reader throws(JSONPullReader.Failure) -> String? in
            var sid: String?
            try TinyTinyRSSAnswer.object(&reader) { reader, key throws(JSONPullReader.Failure) in
                if key == "session_id" {
                    sid = try reader.readScalarText(limit: 256)
                } else {
                    try reader.skipValue()
                }
            }
            return sid
        }
        guard let sid, !sid.isEmpty, sid.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
            throw .malformed("\(host) signed in but gave no session id")
        }
        session.withLock { $0 = sid }
        return sid
    }

    /// True when the address answers as Tiny Tiny RSS's API: `isLoggedIn`, asked without a
    /// session or the password, gets the API's envelope back (whatever it says).
    public func answersAsTinyTinyRSS() async throws(SyncError) -> Bool {
        let request = TinyTinyRSSRequest.post(
            endpoint, op: "isLoggedIn", sid: nil, [], timeout: options.timeout, maxBytes: 64 << 10)
        let answer = try await send(request, op: "isLoggedIn")
        guard answer.url.host == endpoint.host, answer.url.port == endpoint.port else { return false }
        if case .success = TinyTinyRSSAnswer.envelope(answer.body) { return true }
        return false
    }

    // MARK: - Reading

    /// The subscriptions; a feed's category is its one label.
    public func subscriptions() async throws(SyncError) -> [ServiceFeed] {
        let categoryAnswer = try await call("getCategories", [("include_empty", .bool(true))])
        let categories = try content(categoryAnswer.body, op: "getCategories", TinyTinyRSSAnswer.categories)
        let feedAnswer = try await call("getFeeds", [("cat_id", .int(-3))])
        return try content(feedAnswer.body, op: "getFeeds") { reader throws(JSONPullReader.Failure) in
            try TinyTinyRSSAnswer.feeds(&reader, categories: categories)
        }
    }

    /// A page of articles: all of them (the virtual feed -4) or the starred (-1), the unread only
    /// when `excluding` is the read tag. The continuation is the number of articles read before.
    /// With `since`, the last page is the first whose articles are all older: the API cannot ask
    /// for articles by the time they arrived, and the ids of the unread and starred ones bring the
    /// rest.
    func streamPage(
        _ stream: String, count: Int, excluding: String?, since: Int64?, continuation: String?
    ) async throws(SyncError) -> StreamPage {
        let limit = min(max(1, count), Self.pageLimit)
        let skip = try Self.offset(continuation)
        let answer = try await call(
            "getHeadlines",
            Self.selection(stream, excluding: excluding) + [
                ("limit", .int(limit)), ("skip", .int(skip)), ("show_content", .bool(true)),
                ("include_attachments", .bool(false)),
            ], maxBytes: options.pageBytes)
        let (read, newest) = try content(answer.body, op: "getHeadlines") {
            reader throws(JSONPullReader.Failure) in
            try TinyTinyRSSAnswer.items(&reader, limit: limit)
        }
        var page = read
        page.bytes = answer.body.count
        let entries = page.items.count + page.skipped
        let older = since.map { since in (newest ?? 0) < Double(since) } ?? false
        if entries == limit, !older { page.continuation = String(skip + entries) }
        return page
    }

    /// A page of the ids of the unread (`excluding` the read tag) or starred articles.
    func itemIDs(_ stream: String, excluding: String?, count: Int, continuation: String?)
        async throws(SyncError) -> IDPage
    {
        let limit = min(max(1, count), Self.pageLimit)
        let skip = try Self.offset(continuation)
        let answer = try await call(
            "getHeadlines",
            Self.selection(stream, excluding: excluding) + [
                ("limit", .int(limit)), ("skip", .int(skip)), ("show_content", .bool(false)),
                ("show_excerpt", .bool(false)),
            ])
        let read = try content(answer.body, op: "getHeadlines") { reader throws(JSONPullReader.Failure) in
            try TinyTinyRSSAnswer.ids(&reader, limit: limit)
        }
        var page = IDPage(
            ids: read.ids, continuation: read.entries == limit ? String(skip + read.entries) : nil,
            unreadable: read.unreadable)
        page.bytes = answer.body.count
        return page
    }

    /// The articles with `ids`, with their marks (`getArticle`).
    func items(_ ids: [ItemID]) async throws(SyncError) -> StreamPage {
        guard !ids.isEmpty else {
            return StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        }
        let list = ids.map { String($0.value) }.joined(separator: ",")
        let answer = try await call(
            "getArticle", [("article_id", .string(list))], maxBytes: options.pageBytes)
        var page = try content(answer.body, op: "getArticle") { reader throws(JSONPullReader.Failure) in
            try TinyTinyRSSAnswer.items(&reader, limit: ids.count).page
        }
        page.bytes = answer.body.count
        return page
    }

    // MARK: - Changes

    /// Marks `ids` read or unread (field 2), starred or not (field 0), in one request.
    func editTag(_ ids: [ItemID], kind: MarkChange.Kind, value: Bool) async throws(SyncError) {
        guard !ids.isEmpty else { return }
        let (field, mode) =
            switch kind {
            case .read: (2, value ? 0 : 1)
            case .starred: (0, value ? 1 : 0)
            }
        let list = ids.map { String($0.value) }.joined(separator: ",")
        _ = try await call(
            "updateArticle", [("article_ids", .string(list)), ("mode", .int(mode)), ("field", .int(field))])
    }

    /// Subscribes to the feed at `url` and has the service fetch it now; returns its stream id
    /// (`feed/ID`).
    public func subscribe(to url: URL) async throws(SyncError) -> (streamID: String, title: String?) {
        let answer = try await call("subscribeToFeed", [("feed_url", .string(url.absoluteString))])
        let (code, feed, message) = try content(answer.body, op: "subscribeToFeed") {
            reader throws(JSONPullReader.Failure) -> (Int?, String?, String?) in
            var code: Int?
            var feed: String?
            var message: String?
            try TinyTinyRSSAnswer.object(&reader) { reader, key throws(JSONPullReader.Failure) in
                guard key == "status" else { return try reader.skipValue() }
                try TinyTinyRSSAnswer.object(&reader) { reader, key throws(JSONPullReader.Failure) in
                    switch key {
                    case "code": code = try reader.readDouble().flatMap { Int(exactly: $0) }
                    case "feed_id": feed = try reader.readScalarText()
                    case "message": message = try reader.readOptionalString(limit: 512)
                    default: try reader.skipValue()
                    }
                }
            }
            return (code, feed, message)
        }
        switch code {
        case 0?, 1?:
            guard let feed, let number = Int64(feed), number > 0 else {
                throw .malformed("\(host) subscribed but named no feed")
            }
            // The service fetches a new feed only at its updater's next round (every half hour
            // or so); asked now, it fetches it inside the request, so the sync that follows
            // brings its items. When it cannot, its updater will.
            _ = try? await call("updateFeed", [("feed_id", .int(Int(number)))])
            return ("feed/\(number)", nil)
        case 2?: throw .refused("\(host) finds the feed's address invalid")
        case 3?: throw .refused("\(host) found a web page without a feed at that address")
        case 4?: throw .refused("\(host) found several feeds at that address: give one of them")
        case 5?:
            throw .refused(
                "\(host) could not fetch the feed"
                    + (message.map { " (\(Clean.line(String($0.prefix(160)))))" } ?? ""))
        default: throw .malformed("\(host) answered the subscription with no code NewsApp knows")
        }
    }

    /// Unsubscribes from `streamID` (`feed/ID`).
    public func unsubscribe(_ streamID: String) async throws(SyncError) {
        guard streamID.hasPrefix("feed/"), let number = Int(streamID.dropFirst(5)) else {
            throw .refused("“\(Clean.line(String(streamID.prefix(80))))” is not a feed of \(host)")
        }
        _ = try await call("unsubscribeFeed", [("feed_id", .int(number))])
    }

    // MARK: - Exchanges

    /// The virtual feed and view of `stream` without `excluding`.
    private static func selection(_ stream: String, excluding: String?) -> [(
        String, TinyTinyRSSRequest.Value
    )] {
        let feed = stream == StreamTag.starred ? -1 : -4
        let view = excluding == StreamTag.read ? "unread" : "all_articles"
        return [("feed_id", .int(feed)), ("is_cat", .bool(false)), ("view_mode", .string(view))]
    }

    /// The number of articles a continuation says were read before.
    private static func offset(_ continuation: String?) throws(SyncError) -> Int {
        guard let continuation else { return 0 }
        guard let skip = Int(continuation), skip >= 0 else {
            throw .malformed("a stored place in the list of articles cannot be read")
        }
        return skip
    }

    /// Sends `op` in the open session (opening one first when none is), signing in again once
    /// when the service says the session is gone; returns an answer of status 0.
    func call(_ op: String, _ parameters: [(String, TinyTinyRSSRequest.Value)], maxBytes: Int? = nil)
        async throws(SyncError) -> HTTPResponse
    {
        var signedIn = false
        var sid = session.withLock { $0 }
        if sid == nil {
            sid = try await login()
            signedIn = true
        }
        while true {
            let request = TinyTinyRSSRequest.post(
                endpoint, op: op, sid: sid, parameters, timeout: options.timeout,
                maxBytes: maxBytes ?? options.answerBytes)
            let answer = try await send(request, op: op)
            let envelope = try envelope(of: answer, op: op)
            if envelope.status == 0 { return answer }
            if envelope.error == "NOT_LOGGED_IN" {
                if signedIn { throw .loginExpired(host: host) }
                signedIn = true
                sid = try await login()
                continue
            }
            throw refusal(envelope)
        }
    }

    private func send(_ request: HTTPRequest, op: String) async throws(SyncError) -> HTTPResponse {
        // A 429 or 503 with a Retry-After is waited for as the Reader API client waits.
        let answer = try await ReaderAPIClient.sendWaiting(
            request, http: http, host: host, options: options, sleep: sleep, now: now)
        switch answer.status {
        case 200..<300: return answer
        case 404, 405, 410: throw .notFound(host: host, status: answer.status, service: .ttrss)
        default: throw .status(answer.status, host: host)
        }
    }

    private func envelope(of answer: HTTPResponse, op: String) throws(SyncError) -> TinyTinyRSSAnswer.Envelope
    {
        switch TinyTinyRSSAnswer.envelope(answer.body) {
        case .success(let envelope): return envelope
        case .failure(let failure):
            throw .malformed(
                "\(host) does not answer \(op) as a Tiny Tiny RSS API (\(failure.reason) at byte \(failure.offset))"
            )
        }
    }

    private func content<T>(
        _ body: Data, op: String, _ read: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T
    ) throws(SyncError) -> T {
        switch TinyTinyRSSAnswer.content(body, read) {
        case .success(let value): return value
        case .failure(let failure) where failure.reason == TinyTinyRSSAnswer.tooMany:
            throw .malformed("\(host) sent more articles than asked for in one answer to \(op)")
        case .failure(let failure):
            throw .malformed(
                "its answer to \(op) cannot be read (\(failure.reason) at byte \(failure.offset))")
        }
    }

    private func refusal(_ envelope: TinyTinyRSSAnswer.Envelope) -> SyncError {
        switch envelope.error {
        case "API_DISABLED"?:
            return .serviceRefused(
                host: host, reason: "its API is off for this user (Preferences › Enable API access)")
        case "NOT_LOGGED_IN"?: return .loginExpired(host: host)
        case "LOGIN_ERROR"?: return .loginRefused(host: host, service: .ttrss)
        case let error?:
            var reason = Clean.line(String(error.prefix(80)))
            if let message = envelope.message {
                reason += " (" + Clean.line(String(message.prefix(160))) + ")"
            }
            return .serviceRefused(host: host, reason: reason)
        case nil: return .serviceRefused(host: host, reason: "it answered with status \(envelope.status)")
        }
    }
}

extension TinyTinyRSSClient: SyncServiceClient, SyncClient {
    public var connection: SyncConnection { SyncConnection(client: self) }
}
