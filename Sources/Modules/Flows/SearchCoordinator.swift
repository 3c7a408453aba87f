import Coordinators
import NewsModels

/// A search: the results pushed over the feed, and the articles opened from them. The flow ends
/// (``finish()``) when the user leaves the results or the app makes room for another flow; its
/// screens close and its coordinator is released.
@MainActor
public final class SearchCoordinator: BaseCoordinator {
    private let router: any NavigationRoutable
    private let modules: any ModuleFactory
    private let initialQuery: ArticleQuery
    private var results: (any ArticleListModule)?
    private weak var detail: (any ArticleModule)?

    public init(
        router: any NavigationRoutable, modules: any ModuleFactory, words: String, sort: ArticleSortOrder
    ) {
        self.router = router
        self.modules = modules
        initialQuery = .search(words, sort)
    }

    public override func start() {
        let results = modules.makeArticleList(initialQuery)
        results.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        results.onBack = { [weak self] in self?.finish() }
        results.onSortRequested = { [weak self] in self?.chooseSort() }
        router.push(results)
        self.results = results
    }

    /// Searches again in place: closes an open article and shows the new results.
    public func search(_ words: String) {
        guard let results else { return }
        closeDetail()
        let sort: ArticleSortOrder
        if case .search(_, let current) = results.query { sort = current } else { sort = .publishedAt }
        results.show(.search(words, sort))
    }

    /// Presents the sort picker; a choice re-runs the search from page 1.
    private func chooseSort() {
        guard let results, case .search(let words, let current) = results.query else { return }
        let picker = modules.makeSortPicker(words: words, current: current)
        picker.onChoose = { [weak self] order in
            guard let self else { return }
            self.router.dismiss()
            if let order { self.results?.sort(by: order) }
        }
        router.present(picker)
    }

    private func showArticle(_ article: Article) {
        let detail = modules.makeArticle(article)
        detail.onBack = { [weak self] in self?.closeDetail() }
        router.push(detail)
        self.detail = detail
    }

    private func closeDetail() {
        guard let detail, router.stack.last === detail else { return }
        router.pop()
    }

    /// The article, then the results.
    public override func closeScreens() {
        closeDetail()
        if let results, router.stack.last === results { router.pop() }
        results = nil
    }
}
