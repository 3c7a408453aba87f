import CoordinatorsTesting
import Foundation
import HTTPTestServer
import Modules
import Networking
import NewsModels
import Testing

/// Leaving a screen cancels its load all the way down: a whole session on the real NewsAPI
/// client, against a server on 127.0.0.1 that holds the search's answer.
@MainActor
@Suite("Leaving a screen cancels its loads", .timeLimit(.minutes(1)))
struct LeavingCancelsTests {
    nonisolated static let headlines = """
        {"status":"ok","totalResults":1,"articles":[{"source":{"id":null,"name":"Wire"},
        "title":"Harbour reopens","url":"https://example.org/harbour","publishedAt":"2026-11-22T10:00:00Z"}]}
        """

    @Test("b while a search loads: the load sees the cancellation and its connection is closed")
    func leavingSearchClosesItsConnection() async throws {
        // The headlines are answered; every other request is held.
        let isHeld: @Sendable (String) -> Bool = { !$0.hasPrefix("GET /v2/top-headlines") }
        let headlines = RawHTTPServer.response(body: Data(Self.headlines.utf8))
        let server = try RawHTTPServer(.routed { isHeld($0) ? .silence : .reply(headlines) })
        // The timeout is past the suite's time limit: only the cancellation can end the search.
        let configuration = NewsAPIConfiguration(
            baseURL: server.baseURL, apiKey: APIKey("test-key")!, timeout: 120)
        let service = ObservedNewsService(wrapping: NewsAPIService(configuration: configuration))
        let (session, terminal) = TestFixtures.session(["/mars"], service: service, interactive: true)
        let run = Task { await session.run() }

        await server.waitForRequests(1, where: isHeld)
        #expect(server.requestHeads.first(where: isHeld)?.hasPrefix("GET /v2/everything?") == true)
        #expect(server.clientCloses(where: isHeld) == 0)
        terminal.send("b")

        #expect(await service.nextSearchOutcome() == .failed(.cancelled))
        await server.waitForClientCloses(1, where: isHeld)
        #expect(server.clientCloses(where: isHeld) == 1)
        #expect(session.router.stack.map(\.title) == ["Front page"])

        terminal.send("q")
        #expect(await run.value == .quit)
        // The search was never drawn: the prompt named the front page, still shown.
        #expect(terminal.text.contains("news › Front page › b"))
        await server.stop()
        withExtendedLifetime(service) {}
    }
}

/// Passes every call to a real service and reports how each search ended.
final class ObservedNewsService: NewsService {
    /// How a call ended.
    enum Outcome: Sendable, Equatable {
        case answered
        case failed(NewsServiceError)
    }

    private let wrapped: any NewsService
    private let searches = Locked(Searches())

    private struct Searches {
        var outcomes: [Outcome] = []
        var waiters: [CheckedContinuation<Outcome, Never>] = []
    }

    init(wrapping service: any NewsService) {
        wrapped = service
    }

    /// The outcome of the oldest search not reported yet, once it has ended.
    func nextSearchOutcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = searches.withLock { searches -> Outcome? in
                guard !searches.outcomes.isEmpty else {
                    searches.waiters.append(continuation)
                    return nil
                }
                return searches.outcomes.removeFirst()
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await wrapped.topHeadlines(request)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        do {
            let page = try await wrapped.search(request)
            report(.answered)
            return page
        } catch {
            report(.failed(error))
            throw error
        }
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        try await wrapped.sources(request)
    }

    private func report(_ outcome: Outcome) {
        let waiter = searches.withLock { searches -> CheckedContinuation<Outcome, Never>? in
            guard !searches.waiters.isEmpty else {
                searches.outcomes.append(outcome)
                return nil
            }
            return searches.waiters.removeFirst()
        }
        waiter?.resume(returning: outcome)
    }
}
