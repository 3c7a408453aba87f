import Foundation
import NewsModels

/// The server's behaviour without the sockets: records each request, then answers it as a Google
/// Reader API service (FreshRSS's dialect) would, from its ``ReaderAPIAccount``, unless a
/// ``ReaderAPIStubServer/Fault`` says otherwise.
final class ReaderAPIResponder: Sendable {
    let options: ReaderAPIStubServer.Options
    private let state: Locked<State>

    struct State: StubFaultState {
        var account: ReaderAPIAccount
        var fault: ReaderAPIStubServer.Fault?
        var requests: [ReaderAPIRequest] = []
        var requestCount = 0
        var edits: [ReaderAPIStubServer.EditTag] = []
        /// Answers to requests after this many are held (their work done) until released.
        var holdAfter: Int?
        var held: [CheckedContinuation<Void, Never>] = []
        var stopped = false
        /// Tests waiting for a number of requests.
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    init(account: ReaderAPIAccount, options: ReaderAPIStubServer.Options) {
        self.options = options
        state = Locked(State(account: account))
    }

    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Records `request`, waits for the latency, then answers it.
    func respond(to request: ReaderAPIRequest) async -> ReaderAPIAnswer {
        let answer = await work(request)
        // The work is done (an edit applied); only the answer waits.
        let held = state.withLock { state in state.holdAfter.map { state.requestCount > $0 } ?? false }
        if held {
            await StubFaults.park(in: state) { $0.holdAfter != nil }
        }
        return answer
    }

    /// Holds the answers to requests after the `count`-th (their work done) until ``release()``.
    func hold(after count: Int) {
        state.withLock { $0.holdAfter = count }
    }

    /// Answers the held requests and every later one at once, and holds none from now on: the
    /// server is stopping.
    func stop() {
        state.withLock { $0.stopped = true }
        release()
    }

    /// Answers the held requests (those of ``ReaderAPIStubServer/Fault/neverAnswers`` too), and
    /// every later one at once.
    func release() {
        let held = state.withLock { state in
            state.holdAfter = nil
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Returns once `count` requests have arrived in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.requestCount < count else { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func work(_ request: ReaderAPIRequest) async -> ReaderAPIAnswer {
        let (fault, ready) = state.withLock {
            state -> (ReaderAPIStubServer.Fault?, [CheckedContinuation<Void, Never>]) in
            state.requestCount += 1
            state.requests.append(request)
            if state.requests.count > StubFaults.requestLogLimit { state.requests.removeFirst() }
            let count = state.requestCount
            let ready = state.countWaiters.filter { $0.count <= count }.map(\.continuation)
            state.countWaiters.removeAll { $0.count <= count }
            return (state.fault, ready)
        }
        for waiter in ready { waiter.resume() }
        if let answer = await StubFaults.answer(fault, to: request, in: state, latency: options.latency) {
            return answer
        }
        switch fault {
        case .refuseContinuation(let status)? where request.query("c") != nil || request.field("c") != nil:
            return .text(status, "Unknown continuation")
        default:
            return answer(request, fault: fault)
        }
    }

    // MARK: - Routing

    private func answer(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?) -> ReaderAPIAnswer {
        guard request.path.hasPrefix(options.basePath) else { return .text(404, "Not Found") }
        let route = String(request.path.dropFirst(options.basePath.count))
        if route == "/accounts/ClientLogin" { return login(request) }
        guard request.header("Authorization") == "GoogleLogin auth=\(options.auth)", fault != .expiredLogin
        else {
            return ReaderAPIAnswer(
                status: 401, contentType: "text/plain; charset=UTF-8", body: Data("Unauthorized!".utf8),
                headers: ["Google-Bad-Token": "true"])
        }
        let api = "/reader/api/0/"
        guard route.hasPrefix(api) else { return .text(400, "Bad Request!") }
        let call = String(route.dropFirst(api.count))
        if request.method == "POST",
            ["edit-tag", "subscription/quickadd", "subscription/edit"].contains(call)
        {
            guard request.field("T") == options.writeToken, !rejectOnce(fault) else {
                return ReaderAPIAnswer(
                    status: 401, contentType: "text/plain; charset=UTF-8", body: Data("Unauthorized!".utf8),
                    headers: ["Google-Bad-Token": "true"])
            }
        }
        switch call {
        case "token": return .text(200, options.writeToken + "\n")
        case "subscription/list": return subscriptionList()
        case "stream/items/ids": return itemIDs(request, fault: fault)
        case "stream/items/contents": return itemContents(request, fault: fault)
        case "edit-tag": return fault == .dropsEdits ? .text(200, "OK") : editTag(request)
        case "subscription/quickadd": return quickAdd(request)
        case "subscription/edit": return editSubscription(request)
        default:
            if call.hasPrefix("stream/contents/") {
                return streamContents(String(call.dropFirst("stream/contents/".count)), request, fault: fault)
            }
            return .text(400, "Bad Request!")
        }
    }

    /// True once, for the first write while ``ReaderAPIStubServer/Fault/rejectWriteTokenOnce``
    /// holds; the fault is then cleared.
    private func rejectOnce(_ fault: ReaderAPIStubServer.Fault?) -> Bool {
        guard fault == .rejectWriteTokenOnce else { return false }
        state.withLock { $0.fault = nil }
        return true
    }

    private func login(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        let user = request.field("Email") ?? request.query("Email")
        let password = request.field("Passwd") ?? request.query("Passwd")
        guard user != nil, password != nil else { return .text(400, "Bad Request!") }
        guard user == options.user, password == options.password else {
            return ReaderAPIAnswer(
                status: 401, contentType: "text/plain; charset=UTF-8", body: Data(),
                headers: ["Google-Bad-Token": "true"])
        }
        return .text(200, "SID=\(options.auth)\nLSID=null\nAuth=\(options.auth)\n")
    }

    // MARK: - Reading

    private func subscriptionList() -> ReaderAPIAnswer {
        let feeds = state.withLock { $0.account.feeds }
        return .json(ReaderAPIJSON.subscriptions(feeds))
    }

    private func streamContents(
        _ stream: String, _ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?
    )
        -> ReaderAPIAnswer
    {
        let stream = stream.removingPercentEncoding ?? stream
        let count = max(1, min(Int(request.query("n") ?? "20") ?? 20, 100_000))
        let continuation = request.query("c").flatMap(Self.number)
        let (items, feeds) = state.withLock { state in
            (
                Self.select(
                    state.account.items, stream: stream, excluding: request.query("xt"),
                    since: request.query("ot").flatMap { Int64($0) }),
                state.account.feeds
            )
        }
        // A looping service ignores the continuation: the first page again and again.
        let loops = fault == .continuationLoop || fault == .endlessContinuation
        let after =
            continuation.map { token in loops ? items[...] : items.drop { Self.newer($0.id, than: token) } }
            ?? items[...]
        let page = Array(after.prefix(count))
        var next = page.count == count && after.count > count ? page.last.map { Self.decimal($0.id) } : nil
        switch fault {
        case .continuationLoop?: next = "1234"
        case .endlessContinuation?: next = String((continuation ?? 1) + 1)
        case .longContinuation(let bytes)?:
            next = next.map { String(repeating: "0", count: max(0, bytes - $0.count)) + $0 }
        default: break
        }
        let padding = if case .padding(let bytes)? = fault { bytes } else { 0 }
        let text = ReaderAPIJSON.stream(
            page, feeds: feeds, continuation: next, updated: Self.clock(fault),
            missingFields: fault == .missingFields, padding: padding)
        return .json(fault == .trailingBytes ? text + "\n{\"items\":[]}" : text)
    }

    private func itemIDs(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?) -> ReaderAPIAnswer {
        let stream = request.query("s") ?? ""
        let count = max(1, min(Int(request.query("n") ?? "20") ?? 20, 100_000))
        let continuation = request.query("c").flatMap(Self.number)
        let items = state.withLock {
            Self.select($0.account.items, stream: stream, excluding: request.query("xt"), since: nil)
        }
        if fault == .endlessIDs {
            // The same id on every page, and a continuation never seen before.
            let next = String((continuation ?? 1) &+ 1)
            return .json(ReaderAPIJSON.itemIDs(items.prefix(1).map(\.id), continuation: next))
        }
        let after = continuation.map { token in items.drop { Self.newer($0.id, than: token) } } ?? items[...]
        let page = Array(after.prefix(count))
        let next = page.count == count && after.count > count ? page.last.map { Self.decimal($0.id) } : nil
        return .json(
            ReaderAPIJSON.itemIDs(page.map(\.id), continuation: next, unreadableFirst: fault == .unreadableID)
        )
    }

    private func itemContents(_ request: ReaderAPIRequest, fault: ReaderAPIStubServer.Fault?)
        -> ReaderAPIAnswer
    {
        let asked = request.fields("i").compactMap(Self.itemID)
        let answered =
            fault == .partialItemContents
            ? asked.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) : asked
        let wanted = Set(answered)
        let (items, feeds) = state.withLock { state in
            (state.account.items.filter { wanted.contains($0.id) }, state.account.feeds)
        }
        if fault == .emptyItemContents {
            return .json(
                ReaderAPIJSON.stream(
                    [], feeds: feeds, continuation: nil, updated: Self.clock(fault), missingFields: false,
                    padding: 0))
        }
        return .json(
            ReaderAPIJSON.stream(
                items, feeds: feeds, continuation: nil, updated: Self.clock(fault),
                missingFields: fault == .missingFields, padding: 0))
    }

    /// The items of `stream` (the reading list, the starred, a feed or a label), without those
    /// tagged `excluding`, crawled since `since` (seconds), newest first.
    static func select(
        _ items: [ReaderAPIAccount.Item], stream: String, excluding: String?, since: Int64?
    ) -> [ReaderAPIAccount.Item] {
        items.filter { item in
            if stream.hasSuffix("state/com.google/starred"), !item.starred { return false }
            if stream.hasPrefix("feed/"), "feed/\(item.feed)" != stream { return false }
            if excluding?.hasSuffix("state/com.google/read") == true, item.read { return false }
            if excluding?.hasSuffix("state/com.google/starred") == true, item.starred { return false }
            if let since, !newer(item.id, than: since.multipliedReportingOverflow(by: 1_000_000).partialValue)
            {
                return false
            }
            return true
        }
    }

    /// The service's clock as an answer gives it: ours, unless a fault says otherwise.
    private static func clock(_ fault: ReaderAPIStubServer.Fault?) -> Int64 {
        if case .updated(let value)? = fault { return value }
        return Int64(Date().timeIntervalSince1970)
    }

    /// An id in the long (hexadecimal) or short (decimal, signed or unsigned) form.
    static func itemID(_ text: String) -> Int64? {
        let prefix = "tag:google.com,2005:reader/item/"
        if text.hasPrefix(prefix) {
            return UInt64(text.dropFirst(prefix.count), radix: 16).map { Int64(bitPattern: $0) }
        }
        return number(text)
    }

    /// A decimal id or continuation, signed or unsigned.
    static func number(_ text: String) -> Int64? {
        Int64(text) ?? UInt64(text).map { Int64(bitPattern: $0) }
    }

    /// The id in unsigned decimal, as a service with ids past 2^63 writes it.
    static func decimal(_ id: Int64) -> String { String(UInt64(bitPattern: id)) }

    /// True when `id` is newer than (or the same as) `other`: ids are 64-bit unsigned numbers.
    static func newer(_ id: Int64, than other: Int64) -> Bool {
        UInt64(bitPattern: id) >= UInt64(bitPattern: other)
    }

    // MARK: - Changes

    private func editTag(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        let ids = request.fields("i").compactMap(Self.itemID)
        let add = request.field("a")
        let remove = request.field("r")
        state.withLock { state in
            for (tag, value) in [(add, true), (remove, false)] {
                guard let tag else { continue }
                state.edits.append(ReaderAPIStubServer.EditTag(tag: tag, add: value, ids: ids))
                if tag.hasSuffix("state/com.google/read") { state.account.mark(ids, read: value) }
                if tag.hasSuffix("state/com.google/starred") { state.account.mark(ids, starred: value) }
            }
        }
        return .text(200, "OK")
    }

    private func quickAdd(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        guard let url = request.field("quickadd") ?? request.query("quickadd"), url.hasPrefix("http") else {
            return .json(#"{"numResults":0,"error":"not a feed address"}"#)
        }
        let (stream, title) = state.withLock { state in
            let stream = state.account.subscribe(url)
            return (stream, state.account.feeds.first { $0.streamID == stream }?.title ?? url)
        }
        return .json(ReaderAPIJSON.quickAdd(url: url, stream: stream, title: title))
    }

    private func editSubscription(_ request: ReaderAPIRequest) -> ReaderAPIAnswer {
        guard let stream = request.field("s"), let action = request.field("ac") else {
            return .text(400, "Bad Request!")
        }
        let label = request.field("a").flatMap { tag in
            tag.range(of: "/label/").map { String(tag[$0.upperBound...]) }
        }
        let done = state.withLock { state in
            switch action {
            case "edit": state.account.edit(stream, addLabel: label, title: request.field("t"))
            case "unsubscribe": state.account.unsubscribe(stream)
            default: false
            }
        }
        return done ? .text(200, "OK") : .text(400, "Bad Request!")
    }
}
