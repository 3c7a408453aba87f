import Coordinators
import NewsModels

/// The services and settings the screens need, in one value: the composition root builds it once
/// and hands it to a ``NewsSession`` (or straight to a ``NewsModuleFactory``), so a new dependency
/// is one field here and its use, not a parameter restated at every layer.
public struct AppEnvironment: Sendable {
    /// Where the articles come from: NewsAPI, the sample edition, the store, the feeds.
    public var service: any NewsService
    /// The clock and time zone the screens date articles by.
    public var screen: ScreenEnvironment
    public var pageSize: Int
    /// The edition of the top headlines, e.g. `us`.
    public var country: String?
    /// The language of search results, e.g. `en`; nil for all.
    public var language: String?
    /// Opening a browser, the pager and the clipboard.
    public var actions: any SystemActions
    /// Read marks and saved articles (`save`, `unsave`, `saved`); none by default.
    public var readingList: any ReadingList
    /// Article pictures; none by default.
    public var images: any ArticleImages
    /// The subscribed feeds and their items (`feeds`, `feed NAME`); none by default.
    public var feeds: any FeedLibrary
    /// Lists fetch their next page while the reader nears the end.
    public var prefetchesNextPage: Bool
    /// Which sources the front page has sections from: the categories by default.
    public var frontPage: FrontPageSources
    /// Which sources are in use, in a sentence that help (`?`) shows under its title.
    public var sourcesInUse: String?
    /// Reads a line that help shows under the sources, e.g. NewsAPI's requests today.
    public var serviceStatus: (@Sendable () async -> String?)?
    /// Reader mode (`full`): the whole text of articles' pages; none by default.
    public var reader: any ArticleReader
    /// When an article's page is fetched as it opens; never by default.
    public var fullText: FullTextMode
    /// What some feeds' articles do instead (`[[feed]]` rules).
    public var feedPreferences: FeedPreferences
    /// Podcast downloads; none by default.
    public var downloads: any Downloads

    public init(
        service: any NewsService,
        screen: ScreenEnvironment = ScreenEnvironment(),
        pageSize: Int = 20,
        country: String? = nil,
        language: String? = nil,
        actions: any SystemActions = NoSystemActions(),
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        prefetchesNextPage: Bool = true,
        frontPage: FrontPageSources = FrontPageSources(),
        sourcesInUse: String? = nil,
        serviceStatus: (@Sendable () async -> String?)? = nil,
        reader: any ArticleReader = NoArticleReader(),
        fullText: FullTextMode = .off,
        feedPreferences: FeedPreferences = FeedPreferences(),
        downloads: any Downloads = NoDownloads()
    ) {
        self.service = service
        self.screen = screen
        self.pageSize = pageSize
        self.country = country
        self.language = language
        self.actions = actions
        self.readingList = readingList
        self.images = images
        self.feeds = feeds
        self.prefetchesNextPage = prefetchesNextPage
        self.frontPage = frontPage
        self.sourcesInUse = sourcesInUse
        self.serviceStatus = serviceStatus
        self.reader = reader
        self.fullText = fullText
        self.feedPreferences = feedPreferences
        self.downloads = downloads
    }
}
