import Coordinators
import NewsModels

/// The feeds: the subscriptions (`feeds`), a feed's or a tag's items, and the items opened from
/// them, pushed over whatever was on screen. The flow ends (``finish()``) when the user leaves the
/// first of its screens or the app makes room for another flow; its screens close and its
/// coordinator is released.
///
/// `next` on an item shows the list's next unread item in its place, so `b` still goes back to
/// the list; coming back from a list to the subscriptions loads them again (their unread counts
/// changed).
@MainActor
public final class FeedsCoordinator: BaseCoordinator {
    /// Where the flow starts.
    public enum Start: Sendable, Hashable {
        /// The subscriptions.
        case subscriptions
        /// The subscriptions, then the items of the feed titled `named` (or whose title starts
        /// with it).
        case feed(named: String)
        /// The items of `scope` under `title`, e.g. a tag's from the front page.
        case list(FeedScope, title: String)
    }

    private let router: any NavigationRoutable
    private let modules: any ModuleFactory
    private let startingPoint: Start
    private var subscriptions: (any FeedListModule)?
    private var list: (any ArticleListModule)?
    private weak var detail: (any ArticleModule)?
    /// Refreshes the feeds in the background when the user types `r` on the subscriptions or a
    /// list; set by the parent.
    public var onRefreshFeeds: (@MainActor () -> Void)?

    public init(router: any NavigationRoutable, modules: any ModuleFactory, start: Start) {
        self.router = router
        self.modules = modules
        startingPoint = start
    }

    public override func start() {
        switch startingPoint {
        case .subscriptions: showSubscriptions()
        case .feed(let name): openFeed(named: name)
        case .list(let scope, let title): showList(scope, title: title)
        }
    }

    /// Shows the subscriptions, loaded again: closes the list and item above them, or the list the
    /// flow started with.
    public func showSubscriptions() {
        closeList()
        if let subscriptions {
            subscriptions.refresh()
        } else {
            pushSubscriptions()
        }
    }

    /// Shows the subscriptions and opens the feed titled `name` (or the only one whose title starts
    /// with it); the subscriptions say so when there is none.
    public func openFeed(named name: String) {
        closeList()
        if subscriptions == nil { pushSubscriptions() }
        subscriptions?.open(named: name)
    }

    /// Shows the items of `scope` under `title`: in place of the list shown (closing an open item),
    /// else above the subscriptions or whatever is on screen.
    public func showList(_ scope: FeedScope, title: String) {
        closeDetail()
        let query = ArticleQuery.feed(scope, title: title, unreadOnly: false)
        if let list {
            list.show(query)
            return
        }
        let list = modules.makeArticleList(query)
        list.onArticleSelected = { [weak self] article in self?.showArticle(article) }
        list.onBack = { [weak self] in self?.leaveList() }
        list.onRefreshFeeds = { [weak self] in self?.onRefreshFeeds?() }
        router.push(list)
        self.list = list
    }

    /// The feeds were refreshed: the subscriptions and the list shown load again.
    public func feedsDidRefresh() {
        subscriptions?.refresh()
        list?.refresh()
    }

    /// The item, the list, then the subscriptions.
    public override func closeScreens() {
        closeList()
        if let subscriptions, router.stack.last === subscriptions { router.pop() }
        subscriptions = nil
    }

    // MARK: Screens

    private func pushSubscriptions() {
        let subscriptions = modules.makeFeedList()
        subscriptions.onFeedSelected = { [weak self] feed in
            self?.showList(.feed(feed.url), title: feed.title)
        }
        subscriptions.onBack = { [weak self] in self?.finish() }
        subscriptions.onRefreshFeeds = { [weak self] in self?.onRefreshFeeds?() }
        router.push(subscriptions)
        self.subscriptions = subscriptions
    }

    /// Back from a list: to the subscriptions, loaded again, or out of the flow when it started at
    /// the list.
    private func leaveList() {
        guard let subscriptions else { return finish() }
        closeList()
        subscriptions.refresh()
    }

    private func showArticle(_ article: Article) {
        guard let scope = list?.query.feedScope else { return }
        router.push(makeDetail(article, in: scope))
    }

    /// The next unread item, in place of the one shown.
    private func showNext(_ article: Article) {
        guard let detail, router.stack.last === detail, let scope = list?.query.feedScope else { return }
        list?.markOpened(article)
        router.replaceTop(with: makeDetail(article, in: scope))
    }

    private func makeDetail(_ article: Article, in scope: FeedScope) -> any ArticleModule {
        let detail = modules.makeFeedArticle(article, in: scope)
        detail.onBack = { [weak self] in self?.closeDetail() }
        detail.onNext = { [weak self] next in self?.showNext(next) }
        self.detail = detail
        return detail
    }

    private func closeDetail() {
        guard let detail, router.stack.last === detail else { return }
        router.pop()
    }

    /// Closes the list and an item opened from it.
    private func closeList() {
        closeDetail()
        guard let list else { return }
        if router.stack.last === list { router.pop() }
        self.list = nil
    }
}
