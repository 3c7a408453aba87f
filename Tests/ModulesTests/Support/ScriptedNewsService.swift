import NewsModels

/// A request a test double of ``NewsService`` received.
enum ServiceRequest: Sendable, Equatable {
    case headlines(HeadlinesRequest)
    case search(SearchRequest)

    /// The page asked for.
    var page: Int {
        switch self {
        case .headlines(let request): request.page
        case .search(let request): request.page
        }
    }

    /// The search's order, nil for headlines.
    var sortBy: ArticleSortOrder? {
        if case .search(let request) = self { return request.sortBy }
        return nil
    }
}

/// A ``NewsService`` that answers each request with the next entry of a script and records what it
/// was asked. When the script runs out it fails with a sentence naming the request, so a test that
/// asks for more than it scripted fails visibly instead of hanging.
final class ScriptedNewsService: NewsService {
    typealias Answer = Result<ArticlePage, NewsServiceError>

    private struct State {
        var answers: [Answer]
        var requests: [ServiceRequest] = []
    }

    private let state: Locked<State>

    init(_ answers: [Answer]) {
        state = Locked(State(answers: answers))
    }

    /// Every request received, oldest first.
    var requests: [ServiceRequest] { state.withLock { $0.requests } }

    /// The answers not used yet.
    var unusedAnswers: Int { state.withLock { $0.answers.count } }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try answer(.headlines(request))
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try answer(.search(request))
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }

    private func answer(_ request: ServiceRequest) throws(NewsServiceError) -> ArticlePage {
        let answer: Answer? = state.withLock { state in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw .unavailable("The script has no answer for \(request).") }
        return try answer.get()
    }
}

/// A ``NewsService`` whose requests wait until the test answers them, for interleavings such as a
/// response that arrives after the user changed the query. A request whose task is cancelled is
/// answered `.cancelled` at once and recorded, so a test can prove the caller cancelled it.
final class GatedNewsService: NewsService {
    private struct Pending {
        let id: Int
        let request: ServiceRequest
        let continuation: CheckedContinuation<Result<ArticlePage, NewsServiceError>, Never>
    }

    private struct State {
        var pending: [Pending] = []
        var requests: [ServiceRequest] = []
        var cancelled: [ServiceRequest] = []
        /// Requests cancelled before they were waiting.
        var cancelledEarly: Set<Int> = []
        var nextID = 0
        var waiters: [Waiter] = []

        /// Removes and returns the waiters whose count has been reached.
        mutating func readyWaiters() -> [CheckedContinuation<Void, Never>] {
            let requestCount = requests.count
            let cancelledCount = cancelled.count
            let isReady = { (waiter: Waiter) in
                (waiter.cancellations ? cancelledCount : requestCount) >= waiter.count
            }
            let ready = waiters.filter(isReady).map(\.continuation)
            waiters.removeAll(where: isReady)
            return ready
        }
    }

    private struct Waiter {
        let cancellations: Bool
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Locked(State())

    /// Returns once `count` requests have arrived in all.
    func waitForRequests(_ count: Int) async {
        await wait(cancellations: false, count)
    }

    /// Returns once `count` requests have been cancelled in all.
    func waitForCancellations(_ count: Int) async {
        await wait(cancellations: true, count)
    }

    /// Every request received, oldest first.
    var requests: [ServiceRequest] { state.withLock { $0.requests } }

    /// The requests whose callers cancelled them, oldest first.
    var cancelledRequests: [ServiceRequest] { state.withLock { $0.cancelled } }

    /// The requests waiting for an answer, oldest first.
    var pendingRequests: [ServiceRequest] { state.withLock { $0.pending.map(\.request) } }

    /// Answers the oldest waiting request that matches `request`.
    func answer(_ request: (ServiceRequest) -> Bool, with result: Result<ArticlePage, NewsServiceError>) {
        let continuation = state.withLock { state in
            state.pending.firstIndex { request($0.request) }.map { state.pending.remove(at: $0).continuation }
        }
        continuation?.resume(returning: result)
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await wait(.headlines(request)).get()
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await wait(.search(request)).get()
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }

    private typealias Answer = Result<ArticlePage, NewsServiceError>

    private func wait(_ request: ServiceRequest) async -> Answer {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let (cancelled, ready): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    state.requests.append(request)
                    if state.cancelledEarly.remove(id) != nil {
                        state.cancelled.append(request)
                        return (true, state.readyWaiters())
                    }
                    state.pending.append(Pending(id: id, request: request, continuation: continuation))
                    return (false, state.readyWaiters())
                }
                if cancelled { continuation.resume(returning: .failure(.cancelled)) }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let (continuation, ready):
                (CheckedContinuation<Answer, Never>?, [CheckedContinuation<Void, Never>]) =
                    state.withLock { state in
                        guard let index = state.pending.firstIndex(where: { $0.id == id }) else {
                            state.cancelledEarly.insert(id)
                            return (nil, [])
                        }
                        let pending = state.pending.remove(at: index)
                        state.cancelled.append(pending.request)
                        return (pending.continuation, state.readyWaiters())
                    }
            continuation?.resume(returning: .failure(.cancelled))
            for waiter in ready { waiter.resume() }
        }
    }

    private func wait(cancellations: Bool, _ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if (cancellations ? state.cancelled.count : state.requests.count) >= count { return true }
                state.waiters.append(
                    Waiter(cancellations: cancellations, count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// A ``StoringNewsService`` over a ``GatedNewsService``: the network waits for the test, the
/// stored pages (by page number, for any query) answer at once.
final class StoringGatedNewsService: StoringNewsService {
    let network = GatedNewsService()
    private let stored: Locked<[Int: ArticlePage]>
    private let storedAsks = Locked(0)

    init(stored: [Int: ArticlePage]) {
        self.stored = Locked(stored)
    }

    /// How many times a stored page was asked for.
    var storedRequestCount: Int { storedAsks.withLock { $0 } }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await network.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await network.search(request)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }

    func storedHeadlines(_ request: HeadlinesRequest) async -> ArticlePage? {
        storedAsks.withLock { $0 += 1 }
        return stored.withLock { $0[request.page] }
    }

    func storedSearch(_ request: SearchRequest) async -> ArticlePage? {
        storedAsks.withLock { $0 += 1 }
        return stored.withLock { $0[request.page] }
    }
}
