import Foundation
import NewsModels

/// A ``MinifluxStubServer``'s behaviour without the sockets: records each request, then answers
/// it as Miniflux's API would from the account, unless a fault says otherwise.
final class MinifluxResponder: FaultLayered {
    typealias Fault = ReaderAPIStubServer.Fault

    let options: MinifluxStubServer.Options
    private let state: Locked<State>
    var faultState: Locked<State> { state }
    var latency: Duration { options.latency }

    struct State: StubFaultState {
        var account: ReaderAPIAccount
        /// When each entry last changed (seconds): made, marked read or starred. An entry not
        /// here changed when it was made (its id, in microseconds).
        var changed: [Int64: Int64] = [:]
        /// The categories by id (1 is “All”, Miniflux's own), in the order made.
        var categories: [String] = ["All"]
        var fault: Fault?
        var requests: [ReaderAPIRequest] = []
        var requestCount = 0
        var entryReads = 0
        var edits: [ReaderAPIStubServer.EditTag] = []
        var held: [CheckedContinuation<Void, Never>] = []
        var stopped = false

        /// The id of the category `title`, made when missing.
        mutating func category(_ title: String) -> Int {
            if let index = categories.firstIndex(of: title) { return index + 1 }
            categories.append(title)
            return categories.count
        }

        /// A feed's one category: its first label, “All” when it has none.
        mutating func category(of feed: ReaderAPIAccount.Feed) -> (id: Int, title: String) {
            let title = feed.labels.first ?? "All"
            return (category(title), title)
        }

        func changedAt(_ item: ReaderAPIAccount.Item) -> Int64 { changed[item.id] ?? item.id / 1_000_000 }
    }

    init(account: ReaderAPIAccount, options: MinifluxStubServer.Options) {
        self.options = options
        var state = State(account: account)
        for feed in account.feeds { _ = state.category(of: feed) }
        self.state = Locked(state)
    }

    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Changes the account as another client would: the entries added or marked change now.
    func changeAccount<T>(_ body: (inout ReaderAPIAccount) -> T) -> T {
        state.withLock { state in
            let before = Dictionary(
                state.account.items.map { ($0.id, ($0.read, $0.starred)) },
                uniquingKeysWith: { first, _ in first })
            let value = body(&state.account)
            let now = Int64(Date().timeIntervalSince1970)
            for item in state.account.items {
                guard let marks = before[item.id] else {
                    state.changed[item.id] = now
                    continue
                }
                if marks != (item.read, item.starred) { state.changed[item.id] = now }
            }
            for feed in state.account.feeds { _ = state.category(of: feed) }
            return value
        }
    }

    func respond(to request: ReaderAPIRequest) async -> ReaderAPIAnswer {
        let (fault, shared) = await sharedAnswer(to: request)
        if let shared { return shared }
        switch fault {
        case .refuseContinuation(let status)? where request.query("after_entry_id") != nil:
            return ReaderAPIAnswer(
                status: status, contentType: "application/json",
                body: Data(MinifluxJSON.error("bad request").utf8))
        default:
            return answer(request, fault: fault)
        }
    }

    // MARK: - Routing

    private static func json(_ status: Int, _ text: String) -> ReaderAPIAnswer {
        ReaderAPIAnswer(status: status, contentType: "application/json", body: Data(text.utf8))
    }

    private static let noContent = ReaderAPIAnswer(status: 204, contentType: "text/plain", body: Data())

    private func answer(_ request: ReaderAPIRequest, fault: Fault?) -> ReaderAPIAnswer {
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/healthcheck"): return .text(200, "OK")
        case ("GET", "/version"): return .text(200, "2.2.3")
        default: break
        }
        guard path.hasPrefix("/v1/") else { return .text(404, "404 page not found") }
        guard authorized(request), fault != .expiredLogin else {
            return Self.json(401, MinifluxJSON.error("Access Unauthorized"))
        }
        let parts = path.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch (request.method, parts.count, parts.first ?? "") {
        case ("GET", 1, "me"): return Self.json(200, MinifluxJSON.user(id: 1, name: options.user))
        case ("GET", 1, "feeds"): return feeds()
        case ("GET", 1, "categories"): return categories()
        case ("POST", 1, "categories"): return makeCategory(request)
        case ("GET", 1, "entries"): return entries(request, fault: fault)
        case ("PUT", 1, "entries"): return setStatus(request, fault: fault)
        case ("GET", 2, "entries"): return entry(parts[1], fault: fault)
        case ("PUT", 3, "entries") where parts[2] == "bookmark": return toggleBookmark(parts[1], fault: fault)
        case ("POST", 1, "feeds"): return subscribe(request)
        case ("PUT", 2, "feeds"): return editFeed(parts[1], request)
        case ("DELETE", 2, "feeds"): return unsubscribe(parts[1])
        default: return Self.json(404, MinifluxJSON.error("Not Found"))
        }
    }

    private func authorized(_ request: ReaderAPIRequest) -> Bool {
        if let token = request.header("X-Auth-Token") { return token == options.apiKey }
        guard let header = request.header("Authorization"), header.hasPrefix("Basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)))
        else { return false }
        return String(decoding: decoded, as: UTF8.self) == "\(options.user):\(options.password)"
    }

    /// A whole number as JSONSerialization gives it.
    private static func number(_ value: Any?) -> Int64? {
        switch value {
        case let number as Int: Int64(number)
        case let number as Int64: number
        case let number as Double: Int64(exactly: number)
        case let number as NSNumber: number.int64Value
        default: nil
        }
    }

    /// The JSON body of a change, as an object.
    private static func body(_ request: ReaderAPIRequest) -> [String: Any]? {
        guard let text = request.field("json"), let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    // MARK: - Reading

    private func feeds() -> ReaderAPIAnswer {
        let text = state.withLock { state in
            state.account.feeds.map { MinifluxJSON.feed($0, category: state.category(of: $0)) }
        }
        return Self.json(200, "[" + text.joined(separator: ",") + "]")
    }

    private func categories() -> ReaderAPIAnswer {
        let categories = state.withLock { $0.categories }
        return Self.json(
            200,
            "["
                + categories.enumerated().map { MinifluxJSON.category(id: $0.offset + 1, title: $0.element) }
                .joined(separator: ",") + "]")
    }

    private func makeCategory(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        guard let title = Self.body(request)?["title"] as? String, !title.isEmpty else {
            return Self.json(400, MinifluxJSON.error("The title is mandatory."))
        }
        let made = state.withLock { state -> Int? in
            guard !state.categories.contains(title) else { return nil }
            return state.category(title)
        }
        guard let made else { return Self.json(400, MinifluxJSON.error("This category already exists.")) }
        return Self.json(201, MinifluxJSON.category(id: made, title: title))
    }

    private func entries(_ request: ReaderAPIRequest, fault: Fault?) -> ReaderAPIAnswer {
        let limit = max(1, min(Int(request.query("limit") ?? "100") ?? 100, 100_000))
        let after = fault == .continuationLoop ? nil : request.query("after_entry_id").flatMap { Int64($0) }
        let changedAfter = request.query("changed_after").flatMap { Int64($0) }
        let status = request.query("status")
        let starred = request.query("starred").map { $0 == "true" || $0 == "1" }
        let text = state.withLock { state -> String in
            // Oldest id first, as `order=id&direction=asc` asks.
            let selected = state.account.items.reversed().filter { item in
                if let status, status != (item.read ? "read" : "unread") { return false }
                if let starred, starred != item.starred { return false }
                if let after, item.id <= after { return false }
                if let changedAfter, state.changedAt(item) <= changedAfter { return false }
                return true
            }
            let page = selected.prefix(limit)
            let feeds = state.account.feeds
            var parts: [String] = []
            for (index, item) in page.enumerated() {
                var missing: Set<String> = []
                if fault == .missingFields {
                    if index == 0 { missing.insert("id") }
                    if index == 2 { missing.insert("feed") }
                    if index % 2 == 1 { missing.insert("sparse") }
                }
                let feed = feeds.first { $0.id == item.feed }
                let feedText = feed.map { MinifluxJSON.feed($0, category: state.category(of: $0)) } ?? "null"
                let padding = if case .padding(let bytes)? = fault { bytes } else { 0 }
                parts.append(
                    MinifluxJSON.entry(
                        item, feed: feedText, changed: state.changedAt(item), missing: missing,
                        wordID: fault == .unreadableID && index == 0, padding: padding))
            }
            return #"{"total":\#(selected.count),"entries":[\#(parts.joined(separator: ","))]}"#
        }
        return Self.json(200, fault == .trailingBytes ? text + "\n{\"entries\":[]}" : text)
    }

    private func entry(_ id: String, fault: Fault?) -> ReaderAPIAnswer {
        let text = state.withLock { state -> String? in
            state.entryReads += 1
            if fault == .emptyItemContents { return nil }
            if fault == .partialItemContents, state.entryReads % 2 == 0 { return nil }
            guard let number = Int64(id), let item = state.account.item(number) else { return nil }
            let feed = state.account.feeds.first { $0.id == item.feed }
            let feedText = feed.map { MinifluxJSON.feed($0, category: state.category(of: $0)) } ?? "null"
            return MinifluxJSON.entry(item, feed: feedText, changed: state.changedAt(item))
        }
        guard let text else { return Self.json(404, MinifluxJSON.error("Not Found")) }
        return Self.json(200, text)
    }

    // MARK: - Changes

    private func setStatus(_ request: ReaderAPIRequest, fault: Fault?) -> ReaderAPIAnswer {
        guard let body = Self.body(request), let list = body["entry_ids"] as? [Any],
            let status = body["status"] as? String, ["read", "unread", "removed"].contains(status)
        else { return Self.json(400, MinifluxJSON.error("Invalid JSON payload")) }
        guard !list.isEmpty else {
            return Self.json(400, MinifluxJSON.error("The list of entries cannot be empty"))
        }
        guard fault != .dropsEdits else { return Self.noContent }
        let numbers = list.compactMap(Self.number)
        state.withLock { state in
            state.edits.append(
                ReaderAPIStubServer.EditTag(tag: "read", add: status != "unread", ids: numbers))
            state.account.mark(numbers, read: status != "unread")
            let now = Int64(Date().timeIntervalSince1970)
            for id in numbers { state.changed[id] = now }
        }
        return Self.noContent
    }

    private func toggleBookmark(_ id: String, fault: Fault?) -> ReaderAPIAnswer {
        let done = state.withLock { state -> Bool in
            guard let number = Int64(id), let item = state.account.item(number) else { return false }
            guard fault != .dropsEdits else { return true }
            state.edits.append(ReaderAPIStubServer.EditTag(tag: "starred", add: !item.starred, ids: [number]))
            state.account.mark([number], starred: !item.starred)
            state.changed[number] = Int64(Date().timeIntervalSince1970)
            return true
        }
        return done ? Self.noContent : Self.json(404, MinifluxJSON.error("Not Found"))
    }

    private func subscribe(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        guard let body = Self.body(request), let url = body["feed_url"] as? String,
            let category = Self.number(body["category_id"]).map({ Int($0) })
        else { return Self.json(400, MinifluxJSON.error("Invalid JSON payload")) }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return Self.json(400, MinifluxJSON.error("The feed URL is not valid"))
        }
        let made = state.withLock { state -> Int? in
            guard (1...state.categories.count).contains(category) else { return nil }
            guard !state.account.feeds.contains(where: { $0.url == url }) else { return -1 }
            let stream = state.account.subscribe(url)
            _ = state.account.setLabel(stream, state.categories[category - 1])
            return Int(stream.dropFirst(5))
        }
        switch made {
        case nil:
            return Self.json(
                400, MinifluxJSON.error("This category does not exist or does not belong to this user."))
        case .some(-1): return Self.json(409, MinifluxJSON.error("This feed already exists."))
        case let id?: return Self.json(201, #"{"feed_id":\#(id)}"#)
        }
    }

    private func editFeed(_ id: String, _ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        guard let body = Self.body(request) else {
            return Self.json(400, MinifluxJSON.error("Invalid JSON payload"))
        }
        let text = state.withLock { state -> String? in
            guard let number = Int(id), state.account.feed(number) != nil else { return nil }
            let stream = "feed/\(number)"
            if let category = Self.number(body["category_id"]).map({ Int($0) }),
                (1...state.categories.count).contains(category)
            {
                _ = state.account.setLabel(stream, state.categories[category - 1])
            }
            if let title = body["title"] as? String {
                _ = state.account.edit(stream, addLabel: nil, title: title)
            }
            guard let feed = state.account.feed(number) else { return nil }
            return MinifluxJSON.feed(feed, category: state.category(of: feed))
        }
        guard let text else { return Self.json(404, MinifluxJSON.error("Not Found")) }
        return Self.json(201, text)
    }

    private func unsubscribe(_ id: String) -> ReaderAPIAnswer {
        let done = state.withLock { state in
            guard let number = Int(id) else { return false }
            return state.account.unsubscribe("feed/\(number)")
        }
        return done ? Self.noContent : Self.json(404, MinifluxJSON.error("Not Found"))
    }
}
