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

/// The app's screens over a ``NewsService``.
@MainActor
public struct NewsModuleFactory: ModuleFactory {
    public let service: any NewsService
    public let environment: ScreenEnvironment
    public let pageSize: Int
    /// The edition of the top headlines, e.g. `us`.
    public let country: String?
    /// The language of search results, e.g. `en`; nil for all.
    public let language: String?
    public let actions: any SystemActions
    /// Read marks and saved articles.
    public let readingList: any ReadingList
    /// Article pictures.
    public let images: any ArticleImages
    /// The subscribed feeds and their items.
    public let feeds: any FeedLibrary
    /// The size of a pane in the layout shown now; articles size their pictures by it.
    public let paneSize: @MainActor (Pane) -> TerminalSize
    /// Lists fetch their next page while the reader nears the end.
    public let prefetchesNextPage: Bool
    /// Which sources the front page has sections from.
    public let frontPage: FrontPageSources
    /// Which sources are in use, in a sentence that help shows under its title.
    public let sourcesInUse: String?
    /// Reads a line that help shows under the sources, e.g. NewsAPI's requests today.
    public let serviceStatus: (@Sendable () async -> String?)?
    /// Reader mode: the whole text of articles' pages.
    public let reader: any ArticleReader
    /// When an article's page is fetched as it opens.
    public let fullText: FullTextMode
    /// What some feeds' articles do instead.
    public let feedPreferences: FeedPreferences
    /// Podcast downloads, and who runs them once a file is queued.
    public let downloads: any Downloads
    public let downloadTrigger = DownloadTrigger()
    /// The pages that failed lately in this session, which opening their article does not fetch.
    let unreadablePages = UnreadablePages()

    public init(
        service: any NewsService,
        environment: ScreenEnvironment,
        pageSize: Int = 20,
        country: String? = nil,
        language: String? = nil,
        actions: any SystemActions = NoSystemActions(),
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        paneSize: @escaping @MainActor (Pane) -> TerminalSize = { _ in TerminalSize(columns: 80, rows: 24) },
        prefetchesNextPage: Bool = true,
        frontPage: FrontPageSources = FrontPageSources(),
        sourcesInUse: String? = nil,
        serviceStatus: (@Sendable () async -> String?)? = nil,
        reader: any ArticleReader = NoArticleReader(),
        fullText: FullTextMode = .off,
        feedPreferences: FeedPreferences = FeedPreferences(),
        downloads: any Downloads = NoDownloads()
    ) {
        self.downloads = downloads
        self.service = service
        self.environment = environment
        self.pageSize = pageSize
        self.country = country
        self.language = language
        self.actions = actions
        self.readingList = readingList
        self.images = images
        self.feeds = feeds
        self.paneSize = paneSize
        self.prefetchesNextPage = prefetchesNextPage
        self.frontPage = frontPage
        self.sourcesInUse = sourcesInUse
        self.serviceStatus = serviceStatus
        self.reader = reader
        self.fullText = fullText
        self.feedPreferences = feedPreferences
    }

    public func makeFrontPage() -> any FrontPageModule {
        let viewModel = FrontPageViewModel(
            sources: frontPage, service: service, feeds: feeds, pageSize: pageSize, country: country,
            readingList: readingList, images: images)
        let paneSize = paneSize
        let screen = FrontPageScreen(
            viewModel: viewModel, sources: frontPage, environment: environment, images: images,
            paneSize: { paneSize(.primary) })
        screen.refresh()
        return screen
    }

    public func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule {
        let viewModel = ArticleListViewModel(
            query: query, service: service, pageSize: pageSize, country: country, language: language,
            readingList: readingList, images: images, feeds: feeds, prefetchesNextPage: prefetchesNextPage)
        let screen = ArticleListScreen(viewModel: viewModel, environment: environment)
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
        let screen = ArticleScreen(
            article: article, environment: environment, actions: actions, readingList: readingList,
            images: feed.flatMap { feedPreferences.images[$0] } ?? images, paneSize: { paneSize(.secondary) },
            feeds: feeds, scope: scope, reader: reader,
            fullText: feed.flatMap { feedPreferences.fullText[$0] } ?? fullText,
            unreadablePages: unreadablePages,
            downloads: downloads, downloadTrigger: downloadTrigger)
        screen.start()
        return screen
    }

    public func makeFeedList() -> any FeedListModule {
        let screen = FeedListScreen(viewModel: FeedListViewModel(feeds: feeds), environment: environment)
        screen.refresh()
        return screen
    }

    public func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule {
        let screen = HelpScreen(sections: sections, note: sourcesInUse, status: serviceStatus)
        screen.start()
        return screen
    }

    public func makeSortPicker(words: String, current: ArticleSortOrder) -> any SortPickerModule {
        SortPickerScreen(words: words, current: current)
    }
}
