import Foundation
import NewsModels

/// The stub's behaviour without the sockets: records each request, then answers it as NewsAPI
/// would, from a ``NewsService``.
final class StubResponder: Sendable {
    /// How many requests ``recentRequests`` keeps.
    static let requestLogLimit = 1_000

    let options: NewsAPIStubServer.Options
    private let service: any NewsService
    private let state: Locked<State>

    private struct State {
        var fault: NewsAPIStubServer.Fault?
        var requestCount = 0
        var recentRequests: [RecordedRequest] = []
    }

    init(service: any NewsService, options: NewsAPIStubServer.Options) {
        self.service = service
        self.options = options
        state = Locked(State(fault: options.fault))
    }

    var requestCount: Int { state.withLock { $0.requestCount } }
    var recentRequests: [RecordedRequest] { state.withLock { $0.recentRequests } }

    func setFault(_ fault: NewsAPIStubServer.Fault?) {
        state.withLock { $0.fault = fault }
    }

    /// Records `request`, waits for the configured latency, then answers.
    func respond(to request: RecordedRequest) async -> StubResponse {
        let fault = record(request)
        if options.latency > .zero {
            try? await Task.sleep(for: options.latency)
        }
        if let forced = options.faultRule?(request) ?? fault {
            return StubResponse(forced)
        }
        do {
            return try await answer(request)
        } catch {
            return StubResponse(error)
        }
    }

    /// Logs the request and returns the fault in force.
    private func record(_ request: RecordedRequest) -> NewsAPIStubServer.Fault? {
        state.withLock { state in
            state.requestCount += 1
            state.recentRequests.append(request)
            if state.recentRequests.count > Self.requestLogLimit {
                state.recentRequests.removeFirst(state.recentRequests.count - Self.requestLogLimit)
            }
            return state.fault
        }
    }

    // MARK: - Answering

    private func answer(_ request: RecordedRequest) async throws(StubRejection) -> StubResponse {
        guard request.method == "GET" else { throw StubRejection(.methodNotAllowed) }
        let parameters = StubParameters(request)
        switch Self.normalisedPath(request.path) {
        case "/v2/top-headlines":
            try authorize(request)
            return try await headlines(parameters)
        case "/v2/everything":
            try authorize(request)
            return try await everything(parameters)
        case "/v2/top-headlines/sources":
            try authorize(request)
            return try await sources(parameters)
        default:
            throw StubRejection(.routeNotFound)
        }
    }

    private func headlines(_ parameters: StubParameters) async throws(StubRejection) -> StubResponse {
        let query = try parameters.headlines()
        try checkResultCap(page: query.page, pageSize: query.pageSize)
        do {
            return .json(WireFormat.articlesBody(try await service.topHeadlines(query)))
        } catch {
            throw Self.rejection(for: error)
        }
    }

    private func everything(_ parameters: StubParameters) async throws(StubRejection) -> StubResponse {
        let query = try parameters.everything()
        try checkResultCap(page: query.page, pageSize: query.pageSize)
        do {
            return .json(WireFormat.articlesBody(try await service.search(query)))
        } catch {
            throw Self.rejection(for: error)
        }
    }

    private func sources(_ parameters: StubParameters) async throws(StubRejection) -> StubResponse {
        let query = try parameters.sourcesRequest()
        do {
            return .json(WireFormat.sourcesBody(try await service.sources(query)))
        } catch {
            throw Self.rejection(for: error)
        }
    }

    /// The key from `X-Api-Key`, `Authorization` (with or without `Bearer `) or `apiKey`, in that order.
    static func sentKey(_ request: RecordedRequest) -> String? {
        if let key = request.header("X-Api-Key") { return key }
        if var key = request.header("Authorization") {
            if key.lowercased().hasPrefix("bearer ") { key = String(key.dropFirst("bearer ".count)) }
            return key.trimmingCharacters(in: .whitespaces)
        }
        return request.query("apiKey")
    }

    private func authorize(_ request: RecordedRequest) throws(StubRejection) {
        guard let expected = options.apiKey else { return }
        guard let sent = Self.sentKey(request), !sent.isEmpty else { throw StubRejection(.apiKeyMissing) }
        guard sent == expected else { throw StubRejection(.apiKeyInvalid) }
    }

    /// NewsAPI refuses any page past the first that reaches beyond the plan's cap.
    private func checkResultCap(page: Int, pageSize: Int) throws(StubRejection) {
        guard let cap = options.resultCap, page > 1, page * pageSize > cap else { return }
        let message = NewsAPIErrorCode.maximumResultsMessage(
            cap: cap, from: (page - 1) * pageSize, to: page * pageSize)
        throw StubRejection(.maximumResultsReached, message)
    }

    /// The error body NewsAPI would send for a service's error.
    private static func rejection(for error: NewsServiceError) -> StubRejection {
        guard case .api(let code, let message) = error else { return StubRejection(.unexpectedError) }
        let status = NewsAPIErrorCode(rawValue: code)?.httpStatus ?? 400
        return StubRejection(code: code, message: message, status: status)
    }

    private static func normalisedPath(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
