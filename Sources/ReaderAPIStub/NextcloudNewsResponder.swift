import Foundation
import NewsModels

/// The Nextcloud News stub's behaviour without the sockets: records each request, then answers
/// it as Nextcloud News's API v1.3 would, from its ``ReaderAPIAccount`` (a feed's first label is
/// its folder), unless a ``ReaderAPIStubServer/Fault`` says otherwise. Each item's
/// `lastModified` is the time of its last change through the stub, else its publication.
final class NextcloudNewsResponder: FaultLayered {
    let options: NextcloudNewsStubServer.Options
    private let state: Locked<State>
    var faultState: Locked<State> { state }
    var latency: Duration { options.latency }

    struct State: StubFaultState {
        var account: ReaderAPIAccount
        /// The folders' names; a folder's id is its place here, from 1.
        var folders: [String] = []
        /// The seconds of each item's last change, when it changed after it was added.
        var changed: [Int64: Int64] = [:]
        var fault: ReaderAPIStubServer.Fault?
        var requests: [ReaderAPIRequest] = []
        var requestCount = 0
        var edits: [ReaderAPIStubServer.EditTag] = []
        var held: [CheckedContinuation<Void, Never>] = []
        var stopped = false

        /// The folder `name`'s id, made when missing.
        mutating func folder(_ name: String) -> Int {
            if let index = folders.firstIndex(of: name) { return index + 1 }
            folders.append(name)
            return folders.count
        }

        func folderID(_ feed: ReaderAPIAccount.Feed) -> Int? {
            feed.labels.first.flatMap { folders.firstIndex(of: $0) }.map { $0 + 1 }
        }

        func modified(_ item: ReaderAPIAccount.Item) -> Int64 {
            if case .updated(let value)? = fault { return value }
            return changed[item.id] ?? item.published
        }

        /// Changes the account as `body` does, stamping every item whose marks changed, and every
        /// new one, with the time now.
        mutating func change<T>(_ body: (inout ReaderAPIAccount) -> T) -> T {
            var before: [Int64: (Bool, Bool)] = [:]
            for item in account.items { before[item.id] = (item.read, item.starred) }
            let result = body(&account)
            let now = Int64(Date().timeIntervalSince1970)
            for item in account.items {
                if let old = before[item.id], old == (item.read, item.starred) { continue }
                changed[item.id] = now
            }
            for feed in account.feeds { if let label = feed.labels.first { _ = folder(label) } }
            return result
        }
    }

    init(account: ReaderAPIAccount, options: NextcloudNewsStubServer.Options) {
        self.options = options
        var state = State(account: account)
        for feed in account.feeds { if let label = feed.labels.first { _ = state.folder(label) } }
        self.state = Locked(state)
    }

    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    func respond(to request: ReaderAPIRequest) async -> ReaderAPIAnswer {
        let (fault, shared) = await sharedAnswer(to: request)
        if let shared { return shared }
        switch fault {
        case .refuseContinuation(let status)? where request.query("offset") != nil:
            return .json(status, #"{"message":"Unknown offset"}"#)
        default:
            let answer = route(request, fault: fault)
            return fault == .trailingBytes ? answer.appending("\n{\"items\":[]}") : answer
        }
    }

    // MARK: - Routing

    private func route(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?) -> ReaderAPIAnswer {
        guard request.path.hasPrefix(options.basePath + "/") else {
            return .json(404, #"{"message":"Not found"}"#)
        }
        let route = String(request.path.dropFirst(options.basePath.count))
        let expected = "Basic " + Data((options.user + ":" + options.password).utf8).base64EncodedString()
        guard request.header("Authorization") == expected, fault != .expiredLogin else {
            return .json(401, #"{"message":"Current user is not logged in"}"#)
        }
        let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
        let parts = route.split(separator: "/").map(String.init)
        switch (request.method, parts) {
        case ("GET", ["version"]): return .json(200, #"{"version":"25.0.0"}"#)
        case ("GET", ["status"]):
            return .json(
                200,
                #"{"version":"25.0.0","warnings":{"improperlyConfiguredCron":false,"incorrectDbCharset":false}}"#
            )
        case ("GET", ["folders"]): return folders()
        case ("POST", ["folders"]): return addFolder(body["name"] as? String)
        case ("GET", ["feeds"]): return feeds()
        case ("POST", ["feeds"]): return addFeed(body["url"] as? String, folder: body["folderId"] as? Int)
        case ("DELETE", let path) where path.count == 2 && path[0] == "feeds":
            let done = state.withLock { $0.change { $0.unsubscribe("feed/\(path[1])") } }
            return done ? .json(200, "") : .json(404, #"{"message":"Feed not found"}"#)
        case ("POST", let path) where path.count == 3 && path[0] == "feeds" && path[2] == "move":
            return moveFeed(path[1], folder: body["folderId"] as? Int)
        case ("POST", let path) where path.count == 3 && path[0] == "feeds" && path[2] == "rename":
            let done = state.withLock {
                $0.change { $0.set("feed/\(path[1])", title: body["feedTitle"] as? String) }
            }
            return done ? .json(200, "") : .json(404, #"{"message":"Feed not found"}"#)
        case ("GET", ["items"]): return items(request, fault: fault)
        case ("GET", ["items", "updated"]): return updatedItems(request, fault: fault)
        case ("POST", let path) where path.count == 3 && path[0] == "items" && path[2] == "multiple":
            return mark(path[1], ids: (body["itemIds"] as? [Any] ?? []).compactMap(Self.number), fault: fault)
        default: return .json(404, #"{"message":"Not found"}"#)
        }
    }

    private static func number(_ value: Any) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        return (value as? String).flatMap { Int64($0) }
    }

    // MARK: - Folders and feeds

    private func folders() -> ReaderAPIAnswer {
        let names = state.withLock { $0.folders }
        return .json(200, NextcloudNewsJSON.folders(names.enumerated().map { ($0.offset + 1, $0.element) }))
    }

    private func addFolder(_ name: String?) -> ReaderAPIAnswer {
        guard let name, !name.isEmpty else {
            return .json(422, #"{"message":"Folder name can not be empty"}"#)
        }
        let id = state.withLock { state -> Int? in
            guard !state.folders.contains(name) else { return nil }
            return state.folder(name)
        }
        guard let id else { return .json(409, #"{"message":"Folder exists already"}"#) }
        return .json(200, NextcloudNewsJSON.folders([(id, name)]))
    }

    private func feeds() -> ReaderAPIAnswer {
        let text = state.withLock { state in
            var unread: [Int: Int] = [:]
            for item in state.account.items where !item.read { unread[item.feed, default: 0] += 1 }
            let current = state
            return NextcloudNewsJSON.feeds(
                current.account.feeds, folderID: current.folderID, unread: unread,
                starredCount: state.account.items.filter(\.starred).count,
                newestItemID: state.account.items.map(\.id).max())
        }
        return .json(200, text)
    }

    private func addFeed(_ url: String?, folder: Int?) -> ReaderAPIAnswer {
        guard let url, url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: url)?.host != nil
        else {
            return .json(422, #"{"message":"Could not read the feed"}"#)
        }
        let text = state.withLock { state -> String? in
            guard !state.account.feeds.contains(where: { $0.url == url }) else { return nil }
            let name = folder.flatMap { $0 >= 1 && $0 <= state.folders.count ? state.folders[$0 - 1] : nil }
            let stream = state.change { account in
                let stream = account.subscribe(url)
                _ = account.set(stream, labels: name.map { [$0] } ?? [])
                return stream
            }
            let current = state
            let feeds = current.account.feeds.filter { $0.streamID == stream }
            return NextcloudNewsJSON.feeds(
                feeds, folderID: current.folderID, unread: [:], starredCount: nil, newestItemID: nil)
        }
        guard let text else { return .json(409, #"{"message":"Feed exists already"}"#) }
        return .json(200, text)
    }

    private func moveFeed(_ id: String, folder: Int?) -> ReaderAPIAnswer {
        let done = state.withLock { state -> Bool in
            let name = folder.flatMap { $0 >= 1 && $0 <= state.folders.count ? state.folders[$0 - 1] : nil }
            return state.change { $0.set("feed/\(id)", labels: name.map { [$0] } ?? []) }
        }
        return done ? .json(200, "") : .json(404, #"{"message":"Feed not found"}"#)
    }

    // MARK: - Items

    /// `GET /items`: newest first, `batchSize` of them (-1: all) below the id `offset`, of
    /// `type` 0 (a feed), 1 (a folder), 2 (starred) or 3 (all), the read ones when `getRead`.
    private func items(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?) -> ReaderAPIAnswer {
        let batch = Int(request.query("batchSize") ?? "-1") ?? -1
        let offset = fault == .continuationLoop ? nil : request.query("offset").flatMap { Int64($0) }
        let getRead = request.query("getRead").map { $0 == "true" || $0 == "1" } ?? true
        let text = state.withLock { state in
            var selected = Self.select(state, type: request.query("type"), id: request.query("id"))
            if !getRead { selected = selected.filter { !$0.read } }
            if let offset, offset > 0 { selected = selected.filter { $0.id < offset } }
            if batch > 0 { selected = Array(selected.prefix(batch)) }
            let current = state
            return NextcloudNewsJSON.items(
                selected, modified: current.modified, missingFields: fault == .missingFields,
                wordFirstID: fault == .unreadableID)
        }
        return .json(200, text)
    }

    /// `GET /items/updated`: every item of `type` changed since `lastModified` (seconds, or
    /// microseconds as newer servers read it), newest first.
    private func updatedItems(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?)
        -> ReaderAPIAnswer
    {
        guard var since = request.query("lastModified").flatMap({ Int64($0) }) else {
            return .json(400, #"{"message":"lastModified is missing"}"#)
        }
        if since >= 100_000_000_000 { since /= 1_000_000 }
        let text = state.withLock { state in
            let current = state
            let selected = Self.select(current, type: request.query("type"), id: request.query("id"))
                .filter { current.modified($0) >= since }
            return NextcloudNewsJSON.items(
                selected, modified: current.modified, missingFields: fault == .missingFields)
        }
        return .json(200, text)
    }

    private static func select(_ state: State, type: String?, id: String?) -> [ReaderAPIAccount.Item] {
        let items = state.account.items.sorted { $0.id > $1.id }
        let number = id.flatMap { Int($0) } ?? 0
        switch type {
        case "0": return items.filter { $0.feed == number }
        case "1":
            let feeds = Set(state.account.feeds.filter { state.folderID($0) == number }.map(\.id))
            return items.filter { feeds.contains($0.feed) }
        case "2": return items.filter(\.starred)
        default: return items
        }
    }

    private func mark(_ action: String, ids: [Int64], fault: ReaderAPIStubServer.Fault?) -> ReaderAPIAnswer {
        let change: (tag: String, add: Bool)
        switch action {
        case "read": change = ("read", true)
        case "unread": change = ("read", false)
        case "star": change = ("starred", true)
        case "unstar": change = ("starred", false)
        default: return .json(404, #"{"message":"Not found"}"#)
        }
        guard fault != .dropsEdits else { return .json(200, "") }
        state.withLock { state in
            state.edits.append(ReaderAPIStubServer.EditTag(tag: change.tag, add: change.add, ids: ids))
            state.change { account in
                if change.tag == "read" {
                    account.mark(ids, read: change.add)
                } else {
                    account.mark(ids, starred: change.add)
                }
            }
        }
        return .json(200, "")
    }
}

extension ReaderAPIAnswer {
    static func json(_ status: Int, _ text: String) -> ReaderAPIAnswer {
        ReaderAPIAnswer(status: status, contentType: "application/json; charset=utf-8", body: Data(text.utf8))
    }

    func appending(_ text: String) -> ReaderAPIAnswer {
        var answer = self
        answer.body.append(Data(text.utf8))
        return answer
    }
}
