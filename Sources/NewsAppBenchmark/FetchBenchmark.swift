import Coordinators
import Foundation
import Modules
import Networking
import NewsAPIStub
import NewsModels

/// A 100-article page fetched from the NewsAPI stub on 127.0.0.1 (in this process), decoded by
/// ``NewsAPIService`` and drawn: the list's load as the app runs it (`ArticleListScreen.refresh`,
/// its view model, the live HTTP client) and the router's render at 200 columns.
@MainActor
enum FetchBenchmark {
    static let key = "bench-key"

    struct Result {
        var samples: Samples
        var lines: Int
    }

    static func run(corpus: Corpus, runs: Int) async throws -> Result {
        let stub = NewsAPIStubServer(
            service: GeneratedNewsService(corpus: corpus, total: 1_000),
            options: NewsAPIStubServer.Options(apiKey: key, resultCap: nil))
        return try await stub.whileRunning { stub in try await measure(baseURL: stub.baseURL, runs: runs) }
    }

    private static func measure(baseURL: URL, runs: Int) async throws -> Result {
        let service = try liveService(baseURL: baseURL)
        let viewModel = ArticleListViewModel(
            query: .headlines(nil), service: service, pageSize: 100, country: "us")
        let screen = ArticleListScreen(viewModel: viewModel, environment: ScreenEnvironment())
        let router = StackRouter()
        router.setRoot(screen)
        var lines = 0
        let samples = await NewsAppBenchmark.measure(runs: runs, warmup: 10) {
            screen.refresh()
            await screen.activity.settle()
            lines = router.render(size: RenderBenchmark.size).count
        }
        guard viewModel.state.list.count == 100 else {
            throw ColdStart.Failure(
                description: "the fetched page held \(viewModel.state.list.count) articles")
        }
        return Result(samples: samples, lines: lines)
    }

    /// The live service, configured the way the app reads `NEWSAPI_BASE_URL`.
    static func liveService(baseURL: URL) throws -> NewsAPIService {
        let url = try NewsAPIConfiguration.baseURL(environment: ["NEWSAPI_BASE_URL": baseURL.absoluteString])
        return NewsAPIService(configuration: NewsAPIConfiguration(baseURL: url, apiKey: APIKey(key)!))
    }
}
