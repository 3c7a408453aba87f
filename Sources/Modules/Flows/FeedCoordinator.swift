import Coordinators
import Networking

/// The top headlines, by category, and the articles opened from them.
///
/// Deep links: `category/<name>` starts in a category; `headline/<n>` opens the n-th headline
/// once the list has loaded (`category/<name>/headline/<n>` combines them).
@MainActor
public final class FeedCoordinator: BaseCoordinator {
    private let router: any NavigationRoutable
    private let modules: any ModuleFactory
    private weak var list: (any ArticleListModule)?
    /// Prints one-off lines; set by the parent.
    var post: (@MainActor ([StyledLine]) -> Void)?

    public init(router: any NavigationRoutable, modules: any ModuleFactory) {
        self.router = router
        self.modules = modules
    }

    public override func start() {
        showHeadlines(category: nil)
    }

    public override func start(with link: DeepLink) {
        var path = link.path[...]
        var category: NewsCategory?
        if path.first == "category", path.count >= 2 {
            category = NewsCategory(matching: path[path.startIndex + 1])
            path = path.dropFirst(2)
        }
        showHeadlines(category: category)
        if path.first == "headline", path.count >= 2, let number = Int(path[path.startIndex + 1]) {
            openWhenLoaded(number)
        }
    }

    /// The category shown, nil for all.
    public var category: NewsCategory? {
        if case .headlines(let category) = list?.query { return category }
        return nil
    }

    /// Shows a category's headlines on the root list, closing anything above it.
    public func showCategory(_ category: NewsCategory?) {
        if router.stack.count > 1 { router.popToRoot() }
        list?.show(.headlines(category))
    }

    private func showHeadlines(category: NewsCategory?) {
        let list = modules.makeArticleList(.headlines(category))
        list.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        router.setRoot(list)
        self.list = list
    }

    private func openWhenLoaded(_ number: Int) {
        guard let list else { return }
        Task { @MainActor [weak self, weak list] in
            await list?.activity.settle()
            guard let self, let list else { return }
            if let article = list.article(numbered: number) {
                list.markOpened(article)
                self.showArticle(article)
            } else {
                self.post?([StyledLine("There is no headline \(number) to open.", .warning)])
            }
        }
    }

    private func showArticle(_ article: Article) {
        let detail = modules.makeArticle(article)
        detail.onBack = { [weak self] in self?.router.pop() }
        router.push(detail)
    }
}
