import Coordinators
import Networking

/// An article list as its coordinator sees it: a screen that reports the article the user picked.
@MainActor
public protocol ArticleListModule: Presentable {
    /// The user picked an article.
    var onArticleSelected: (@MainActor (Article) -> Void)? { get set }
    /// The user wants to leave the list; when nil, the list does not answer `b`.
    var onBack: (@MainActor () -> Void)? { get set }
    /// What the list shows.
    var query: ArticleQuery { get }
    /// Shows another query in place and loads it.
    func show(_ query: ArticleQuery)
    /// The article numbered `number` (1-based), once loaded.
    func article(numbered number: Int) -> Article?
}

/// Top headlines or search results: a numbered list the user opens by number and extends with
/// `n`, as the terminal's infinite scroll.
@MainActor
public final class ArticleListScreen: ArticleListModule {
    public let activity = ScreenActivity()
    public var onArticleSelected: (@MainActor (Article) -> Void)?
    public var onBack: (@MainActor () -> Void)?
    public let viewModel: ArticleListViewModel
    private let environment: ScreenEnvironment

    public init(viewModel: ArticleListViewModel, environment: ScreenEnvironment) {
        self.viewModel = viewModel
        self.environment = environment
    }

    public var title: String { ArticleListRenderer.title(viewModel.state.query) }
    public var query: ArticleQuery { viewModel.state.query }

    public func show(_ query: ArticleQuery) {
        viewModel.change(to: query)
        activity.setNeedsDisplay()
        refresh()
    }

    public func article(numbered number: Int) -> Article? {
        viewModel.article(numbered: number)
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        ArticleListRenderer.render(
            viewModel.state, width: width, height: height, context: environment.renderContext)
    }

    // MARK: Commands

    public var commands: [CommandDescriptor] {
        let count = viewModel.state.list.count
        return [
            .number(in: count > 0 ? 1...count : nil, summary: "Open that article"),
            CommandDescriptor(["n", "more"], summary: "Show more articles"),
            CommandDescriptor(["r", "refresh"], summary: "Load the list again from the start"),
        ] + (onBack == nil ? [] : [CommandDescriptor(["b", "back"], summary: "Leave this list")])
    }

    public func handle(_ command: Command) -> Bool {
        if let number = command.number {
            open(number)
            return true
        }
        switch command.verb {
        case "n", "more":
            more()
        case "r", "refresh":
            refresh()
        case "b", "back":
            guard let onBack else { return false }
            onBack()
        default:
            return false
        }
        return true
    }

    // MARK: Actions

    /// Loads the list from page 1.
    public func refresh() {
        activity.cancelAll()
        activity.run("Loading \(ArticleListRenderer.subject(viewModel.state.query))") {
            [viewModel, activity] in
            await viewModel.reload()
            activity.setNeedsDisplay()
        }
    }

    private func more() {
        let state = viewModel.state
        guard state.phase == .loaded else {
            return activity.post([StyledLine("The list is not loaded yet.", .muted)])
        }
        guard state.list.nextPage != nil else {
            return activity.post([StyledLine("End of results: there are no more articles.", .muted)])
        }
        guard !state.isLoadingMore else { return }
        activity.run("Loading more") { [viewModel, activity] in
            await viewModel.loadMore()
            activity.setNeedsDisplay()
        }
    }

    private func open(_ number: Int) {
        guard let article = viewModel.article(numbered: number) else {
            let count = viewModel.state.list.count
            let range = count == 0 ? "the list is empty" : "choose 1–\(count)"
            return activity.post([StyledLine("There is no article \(number) here: \(range).", .warning)])
        }
        onArticleSelected?(article)
    }
}
