import Coordinators
import Networking

/// The top headlines and the articles opened from them.
@MainActor
public final class FeedCoordinator: BaseCoordinator {
    private let router: any NavigationRoutable
    private let modules: any ModuleFactory

    public init(router: any NavigationRoutable, modules: any ModuleFactory) {
        self.router = router
        self.modules = modules
    }

    public override func start() {
        showHeadlines()
    }

    private func showHeadlines() {
        let list = modules.makeArticleList(.headlines(nil))
        list.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        router.setRoot(list)
    }

    private func showArticle(_ article: Article) {
        let detail = modules.makeArticle(article)
        detail.onBack = { [weak self] in self?.router.pop() }
        router.push(detail)
    }
}
