import Networking
import Synchronization

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

    private let state: Mutex<State>

    init(_ answers: [Answer]) {
        state = Mutex(State(answers: answers))
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
/// response that arrives after the user changed the query.
final class GatedNewsService: NewsService {
    private struct Pending {
        let request: ServiceRequest
        let continuation: CheckedContinuation<Result<ArticlePage, NewsServiceError>, Never>
    }

    private struct State {
        var pending: [Pending] = []
        var arrived = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Returns once `count` requests have arrived in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.arrived >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

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

    private func wait(_ request: ServiceRequest) async -> Result<ArticlePage, NewsServiceError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                state.pending.append(Pending(request: request, continuation: continuation))
                state.arrived += 1
                let arrived = state.arrived
                let ready = state.waiters.filter { $0.count <= arrived }.map(\.continuation)
                state.waiters.removeAll { $0.count <= arrived }
                return ready
            }
            for waiter in ready { waiter.resume() }
        }
    }
}
