import Coordinators
import Modules
import NewsModels

/// Rendering and layout of a loaded 100-article list at 200 columns through each router, as the
/// shell asks for it on every redraw: ``StackRouter`` (the list alone) and ``SplitRouter`` (the
/// list on the left, the first article open on the right).
@MainActor
enum RenderBenchmark {
    static let size = TerminalSize(columns: 200, rows: 50)

    struct Result {
        var stack: Samples
        var split: Samples
        var stackLines: Int
        var splitLines: Int
    }

    static func run(corpus: Corpus, runs: Int) async -> Result {
        let service = GeneratedNewsService(corpus: corpus, total: 1_000)
        let environment = ScreenEnvironment()

        let stack = StackRouter()
        let stackList = await loadedList(service, environment)
        stack.setRoot(stackList)
        precondition(stackList.viewModel.state.list.count == 100, "the list did not load 100 articles")

        let split = SplitRouter()
        let splitList = await loadedList(service, environment)
        split.setRoot(splitList)
        if let first = splitList.article(numbered: 1) {
            split.push(ArticleScreen(article: first, environment: environment, actions: NoSystemActions()))
        }

        var stackLines = 0
        let stackSamples = measure(runs: runs, warmup: 50) { stackLines = stack.render(size: size).count }
        var splitLines = 0
        let splitSamples = measure(runs: runs, warmup: 50) { splitLines = split.render(size: size).count }
        return Result(
            stack: stackSamples, split: splitSamples, stackLines: stackLines, splitLines: splitLines)
    }

    private static func loadedList(_ service: any NewsService, _ environment: ScreenEnvironment) async
        -> ArticleListScreen
    {
        let viewModel = ArticleListViewModel(
            query: .headlines(nil), service: service, pageSize: 100, country: "us")
        await viewModel.reload()
        return ArticleListScreen(viewModel: viewModel, environment: environment)
    }
}
