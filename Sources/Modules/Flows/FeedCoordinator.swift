import Coordinators
import NewsModels
import TerminalText

/// The headlines: the front page, a category's whole list pushed over it, and the articles
/// opened from either.
///
/// Deep links: `category/<name>` opens the category's list over the front page; `headline/<n>`
/// opens the n-th headline of the front page once it has loaded (`category/<name>/headline/<n>`:
/// of the category's list).
@MainActor
public final class FeedCoordinator: BaseCoordinator {
    private let router: any NavigationRoutable
    private let modules: any ModuleFactory
    private weak var frontPage: (any FrontPageModule)?
    /// A category's whole list, over the front page.
    private weak var list: (any ArticleListModule)?
    /// Prints one-off lines; set by the parent.
    var post: (@MainActor ([StyledLine]) -> Void)?
    /// Starts refreshing the feeds in the background (`r` on the front page); set by the parent.
    var onRefreshFeeds: (@MainActor () -> Void)?

    public init(router: any NavigationRoutable, modules: any ModuleFactory) {
        self.router = router
        self.modules = modules
    }

    public override func start() {
        showFrontPage()
    }

    public override func start(with link: DeepLink) {
        var path = link.path[...]
        showFrontPage()
        if path.first == "category", path.count >= 2 {
            if let category = NewsCategory(matching: path[path.startIndex + 1]) { showCategory(category) }
            path = path.dropFirst(2)
        }
        if path.first == "headline", path.count >= 2, let number = Int(path[path.startIndex + 1]) {
            openWhenLoaded(number)
        }
    }

    /// The category whose list is shown, nil when none is or it shows every category.
    public var category: NewsCategory? {
        if case .headlines(let category) = list?.query { return category }
        return nil
    }

    /// Which sources the front page has sections from.
    public var sources: FrontPageSources? { frontPage?.sources }

    /// The front page's section names, for `c NAME` and its completion.
    public var sectionNames: [String] { frontPage?.sectionNames ?? [] }

    /// The front page's section that `name` names.
    public func section(named name: String) -> FrontPageSection? {
        frontPage?.section(named: name)
    }

    /// Shows a category's whole list (nil: every category's) over the front page, closing what is
    /// above it; a category list already shown changes in place.
    public func showCategory(_ category: NewsCategory?) {
        if let list, router.stack.contains(where: { $0 === list }) {
            while let top = router.stack.last, top !== list { router.pop() }
            list.show(.headlines(category))
            return
        }
        if router.stack.count > 1 { router.popToRoot() }
        let list = modules.makeArticleList(.headlines(category))
        list.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        list.onBack = { [weak self] in self?.closeList() }
        router.push(list)
        self.list = list
    }

    /// Reads the front page's read marks again: the reader is back on it from another flow.
    public func frontPageIsShownAgain() {
        frontPage?.updateReadMarks()
    }

    /// The feeds were refreshed: the front page's feed sections load again.
    public func feedsDidRefresh() {
        frontPage?.reloadFeedSections()
    }

    private func showFrontPage() {
        let page = modules.makeFrontPage()
        page.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        page.onRefreshFeeds = { [weak self] in self?.onRefreshFeeds?() }
        router.setRoot(page)
        frontPage = page
    }

    private func closeList() {
        guard let list, router.stack.last === list else { return }
        router.pop()
        frontPage?.updateReadMarks()
    }

    /// Opens headline `number` of the category's list if one is shown, else of the front page,
    /// once it has loaded.
    private func openWhenLoaded(_ number: Int) {
        let screen: (any Presentable)? = list ?? frontPage
        Task { @MainActor [weak self, weak screen] in
            await screen?.activity.settle()
            guard let self else { return }
            let article: Article?
            if let list = self.list {
                article = list.article(numbered: number)
                if let article { list.markOpened(article) }
            } else {
                article = self.frontPage?.article(numbered: number)
                if let article { self.frontPage?.markOpened(article) }
            }
            if let article {
                self.showArticle(article)
            } else {
                self.post?([StyledLine("There is no headline \(number) to open.", .warning)])
            }
        }
    }

    /// Pushes the article; a feed item opened from one of the front page's sections answers `next`
    /// with the section's next unread item, shown in its place.
    private func showArticle(_ article: Article) {
        router.push(makeDetail(article, in: frontPage?.feedScope(of: article)))
    }

    private func makeDetail(_ article: Article, in scope: FeedScope?) -> any ArticleModule {
        let detail = scope.map { modules.makeFeedArticle(article, in: $0) } ?? modules.makeArticle(article)
        detail.onBack = { [weak self] in
            guard let self else { return }
            self.router.pop()
            // A feed item may have been marked unread there (`mark unread`, `toggle read`).
            if article.feedItem != nil, let page = self.frontPage, self.router.stack.last === page {
                page.updateReadMarks()
            }
        }
        guard let scope else { return detail }
        detail.onNext = { [weak self, weak detail] next in
            guard let self, let detail, self.router.stack.last === detail else { return }
            self.frontPage?.markOpened(next)
            self.router.replaceTop(with: self.makeDetail(next, in: scope))
        }
        return detail
    }
}
