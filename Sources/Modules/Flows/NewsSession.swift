import Coordinators
import NewsModels
import TerminalText

/// The whole app on a terminal: the adaptive router, the factories, the app coordinator and the
/// shell, wired together. The executable and the transcript tests build sessions the same way.
@MainActor
public final class NewsSession {
    /// How a session looks and behaves.
    public struct Options: Sendable {
        public var layout: AdaptiveRouter.Policy
        public var pageSize: Int
        /// The edition of the top headlines, e.g. `us`.
        public var country: String?
        /// The language of search results, e.g. `en`.
        public var language: String?
        /// Opening a browser and the clipboard.
        public var actions: any SystemActions
        /// Drawn across the top of every screen, e.g. the sample edition's notice.
        public var banner: StyledLine?
        public var environment: ScreenEnvironment
        /// Read marks and saved articles (`save`, `unsave`, `saved`); none by default.
        public var readingList: any ReadingList
        /// Article pictures; none by default.
        public var images: any ArticleImages
        /// The subscribed feeds (`feeds`, `feed NAME`); none by default.
        public var feeds: any FeedLibrary
        /// Lists fetch their next page while the reader nears the end.
        public var prefetchesNextPage: Bool
        /// At the start, the feeds not refreshed for this long are refreshed in the background;
        /// nil: none is (pipes, `--offline`).
        public var refreshFeedsOlderThan: Duration?
        /// Which sources the front page has sections from: the categories by default.
        public var frontPage: FrontPageSources
        /// Which sources are in use, in a sentence that help (`?`) shows under its title.
        public var sourcesInUse: String?
        /// Reads a line that help shows under the sources: NewsAPI's requests today.
        public var serviceStatus: (@Sendable () async -> String?)?
        /// Reader mode (`full`); none by default.
        public var reader: any ArticleReader
        /// When an article's page is fetched as it opens; never by default.
        public var fullText: FullTextMode
        /// What some feeds' articles do instead (`[[feed]]` rules).
        public var feedPreferences = FeedPreferences()
        /// Podcast downloads; none by default.
        public var downloads: any Downloads = NoDownloads()

        public init(
            layout: AdaptiveRouter.Policy = .automatic(splitFromColumns: 120),
            pageSize: Int = 20,
            country: String? = nil,
            language: String? = nil,
            actions: any SystemActions = NoSystemActions(),
            banner: StyledLine? = nil,
            environment: ScreenEnvironment = ScreenEnvironment(),
            readingList: any ReadingList = NoReadingList(),
            images: any ArticleImages = NoArticleImages(),
            feeds: any FeedLibrary = NoFeedLibrary(),
            prefetchesNextPage: Bool = true,
            refreshFeedsOlderThan: Duration? = nil,
            frontPage: FrontPageSources = FrontPageSources(),
            sourcesInUse: String? = nil,
            serviceStatus: (@Sendable () async -> String?)? = nil,
            reader: any ArticleReader = NoArticleReader(),
            fullText: FullTextMode = .off,
            feedPreferences: FeedPreferences = FeedPreferences(),
            downloads: any Downloads = NoDownloads()
        ) {
            self.feedPreferences = feedPreferences
            self.downloads = downloads
            self.layout = layout
            self.pageSize = pageSize
            self.country = country
            self.language = language
            self.actions = actions
            self.banner = banner
            self.environment = environment
            self.readingList = readingList
            self.images = images
            self.feeds = feeds
            self.prefetchesNextPage = prefetchesNextPage
            self.refreshFeedsOlderThan = refreshFeedsOlderThan
            self.frontPage = frontPage
            self.sourcesInUse = sourcesInUse
            self.serviceStatus = serviceStatus
            self.reader = reader
            self.fullText = fullText
        }
    }

    public let router: AdaptiveRouter
    public let app: AppCoordinator
    public let shell: Shell
    /// Refreshes the feeds in the shell's background work (`r` on the feed screens, and at the start).
    public let feedRefresh: FeedRefreshCenter
    /// Runs the download queue in the shell's background work once a file is queued.
    public let downloadCenter: DownloadCenter
    private let refreshFeedsOlderThan: Duration?

    public init(service: any NewsService, terminal: any Terminal, options: Options = Options()) {
        let router = AdaptiveRouter(
            policy: options.layout, columns: terminal.size.columns,
            placeholder: [StyledLine("Type an article’s number to read it here.", .muted)])
        let banner = options.banner
        let paneSize: @MainActor (Pane) -> TerminalSize = { [weak router, weak terminal] pane in
            guard let router, let terminal else { return TerminalSize(columns: 80, rows: 24) }
            let size = terminal.size
            let rows = size.rows - (banner?.wrapped(toWidth: size.columns).count ?? 0)
            guard router.layout == .split else { return TerminalSize(columns: size.columns, rows: rows) }
            let widths = PaneWidths(total: size.columns)
            return TerminalSize(columns: pane == .primary ? widths.left : widths.right, rows: rows)
        }
        let modules = NewsModuleFactory(
            service: service, environment: options.environment, pageSize: options.pageSize,
            country: options.country, language: options.language, actions: options.actions,
            readingList: options.readingList, images: options.images, feeds: options.feeds,
            paneSize: paneSize, prefetchesNextPage: options.prefetchesNextPage, frontPage: options.frontPage,
            sourcesInUse: options.sourcesInUse, serviceStatus: options.serviceStatus, reader: options.reader,
            fullText: options.fullText, feedPreferences: options.feedPreferences, downloads: options.downloads
        )
        self.router = router
        app = AppCoordinator(
            router: router, factory: NewsCoordinatorFactory(modules: modules), modules: modules,
            feeds: options.feeds)
        shell = Shell(
            terminal: terminal, router: router, globals: app, promptName: "news", banner: options.banner)
        let shell = shell
        feedRefresh = FeedRefreshCenter(library: options.feeds, activity: shell.background) {
            [weak shell] line in
            shell?.showStatus(line)
        }
        let center = DownloadCenter(downloads: options.downloads, activity: shell.background) {
            [weak shell] line in
            shell?.showStatus(line)
        }
        downloadCenter = center
        modules.downloadTrigger.action = { [weak center] in center?.start() }
        refreshFeedsOlderThan = options.refreshFeedsOlderThan
        app.onRefreshFeeds = { [weak feedRefresh] in feedRefresh?.start() }
        feedRefresh.observe(app) { [weak app] in app?.feedsDidRefresh() }
        app.post = { [weak terminal] lines in terminal?.write(lines) }
        app.helpSections = { [weak shell] in
            (shell?.commandGroups ?? []).map { HelpScreen.Section(title: $0.title, commands: $0.commands) }
        }
    }

    /// Starts the app (at `link`, if given) and runs until the user quits or input ends.
    @discardableResult
    public func run(from link: DeepLink? = nil) async -> Shell.Ending {
        if let link { app.start(with: link) } else { app.start() }
        if let interval = refreshFeedsOlderThan { feedRefresh.start(olderThan: interval) }
        return await shell.run()
    }
}
