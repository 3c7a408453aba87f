import Coordinators
import NewsModels

/// The saved articles: a list pushed over the feed, and the articles opened from it. The flow
/// ends (``finish()``) when the user leaves the list or the app makes room for another flow; its
/// screens close and its coordinator is released.
///
/// Coming back from an article reloads the list, so an article unsaved there is gone from it.
@MainActor
public final class SavedCoordinator: BaseCoordinator {
    private let router: any NavigationRoutable
    private let modules: any ModuleFactory
    private var list: (any ArticleListModule)?
    private weak var detail: (any ArticleModule)?

    public init(router: any NavigationRoutable, modules: any ModuleFactory) {
        self.router = router
        self.modules = modules
    }

    public override func start() {
        let list = modules.makeArticleList(.saved)
        list.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        list.onBack = { [weak self] in self?.finish() }
        router.push(list)
        self.list = list
    }

    /// Shows the list again: closes an open article and reloads.
    public func reopen() {
        closeDetail()
        list?.refresh()
    }

    /// The article, then the list.
    public override func closeScreens() {
        closeDetail()
        if let list, router.stack.last === list { router.pop() }
        list = nil
    }

    private func showArticle(_ article: Article) {
        let detail = modules.makeArticle(article)
        detail.onBack = { [weak self] in self?.reopen() }
        router.push(detail)
        self.detail = detail
    }

    private func closeDetail() {
        guard let detail, router.stack.last === detail else { return }
        router.pop()
    }
}
