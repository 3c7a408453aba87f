import Coordinators
import NewsModels

/// Makes the app's screens and hands them back as protocol-typed modules, their loads started.
@MainActor
public protocol ModuleFactory {
    /// The front page: a section per category and per feed tag, as the session's sources allow.
    func makeFrontPage() -> any FrontPageModule
    /// A list of headlines, search results, (``ArticleQuery/saved``) the saved articles or
    /// (``ArticleQuery/feed(_:title:unreadOnly:)``) a feed's items.
    func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule
    func makeArticle(_ article: Article) -> any ArticleModule
    /// An item opened from the feed list of `scope`, where its `next` looks for the next unread one.
    func makeFeedArticle(_ article: Article, in scope: FeedScope) -> any ArticleModule
    /// The subscriptions (`feeds`).
    func makeFeedList() -> any FeedListModule
    func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule
    func makeSortPicker(words: String, current: ArticleSortOrder) -> any SortPickerModule
}

/// The app's screens over the services and settings of an ``AppEnvironment``.
@MainActor
public struct NewsModuleFactory: ModuleFactory {
    public let environment: AppEnvironment
    /// The size of a pane in the layout shown now; articles size their pictures by it.
    public let paneSize: @MainActor (Pane) -> TerminalSize
    public let downloadTrigger = DownloadTrigger()
    /// The pages that failed lately in this session, which opening their article does not fetch.
    let unreadablePages = UnreadablePages()

    public init(
        environment: AppEnvironment,
        paneSize: @escaping @MainActor (Pane) -> TerminalSize = { _ in TerminalSize(columns: 80, rows: 24) }
    ) {
        self.environment = environment
        self.paneSize = paneSize
    }

    public func makeFrontPage() -> any FrontPageModule {
        let viewModel = FrontPageViewModel(
            sources: environment.frontPage, service: environment.service, feeds: environment.feeds,
            pageSize: environment.pageSize, country: environment.country,
            readingList: environment.readingList,
            images: environment.images)
        let paneSize = paneSize
        let screen = FrontPageScreen(
            viewModel: viewModel, sources: environment.frontPage, environment: environment.screen,
            images: environment.images,
            paneSize: { paneSize(.primary) })
        screen.refresh()
        return screen
    }

    public func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule {
        let viewModel = ArticleListViewModel(
            query: query, service: environment.service, pageSize: environment.pageSize,
            country: environment.country, language: environment.language,
            readingList: environment.readingList,
            images: environment.images, feeds: environment.feeds,
            prefetchesNextPage: environment.prefetchesNextPage)
        let screen = ArticleListScreen(viewModel: viewModel, environment: environment.screen)
        screen.refresh()
        return screen
    }

    public func makeArticle(_ article: Article) -> any ArticleModule {
        makeArticle(article, scope: nil)
    }

    public func makeFeedArticle(_ article: Article, in scope: FeedScope) -> any ArticleModule {
        makeArticle(article, scope: scope)
    }

    private func makeArticle(_ article: Article, scope: FeedScope?) -> ArticleScreen {
        let paneSize = paneSize
        let feed = article.feedItem?.feed
        let preferences = environment.feedPreferences
        let screen = ArticleScreen(
            article: article, environment: environment.screen, actions: environment.actions,
            readingList: environment.readingList,
            images: feed.flatMap { preferences.images[$0] } ?? environment.images,
            paneSize: { paneSize(.secondary) }, feeds: environment.feeds, scope: scope,
            reader: environment.reader,
            fullText: feed.flatMap { preferences.fullText[$0] } ?? environment.fullText,
            unreadablePages: unreadablePages, downloads: environment.downloads,
            downloadTrigger: downloadTrigger)
        screen.start()
        return screen
    }

    public func makeFeedList() -> any FeedListModule {
        let screen = FeedListScreen(
            viewModel: FeedListViewModel(feeds: environment.feeds), environment: environment.screen)
        screen.refresh()
        return screen
    }

    public func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule {
        let screen = HelpScreen(
            sections: sections, note: environment.sourcesInUse, status: environment.serviceStatus)
        screen.start()
        return screen
    }

    public func makeSortPicker(words: String, current: ArticleSortOrder) -> any SortPickerModule {
        SortPickerScreen(words: words, current: current)
    }
}
