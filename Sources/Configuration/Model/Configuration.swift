import NewsModels
import TerminalText

/// The settings a config file can hold. Every one is optional: a key that is absent, or whose
/// value was refused, leaves the setting to the command line, the environment or the default.
public struct Configuration: Sendable, Equatable {
    /// The top headlines' edition, a lowercased ISO 3166 code such as `us`.
    public var country: String?
    /// The language of live search results, a lowercased ISO 639-1 code such as `en`.
    public var language: String?
    /// Articles per page, 1–100.
    public var pageSize: Int?
    public var theme: ThemeChoice?
    public var layout: LayoutChoice?
    /// The narrowest terminal the auto layout splits, at least 40.
    public var splitMinColumns: Int?
    /// The file whose first line is the NewsAPI key, `~` expanded and absolute.
    public var keyFile: String?
    /// Whether article pictures are drawn.
    public var images: ImagesChoice?
    /// Days a stored article is kept after it was last fetched, unless saved.
    public var retentionDays: Int?
    /// Seconds a NewsAPI request or a picture may take in all.
    public var requestTimeout: Int?
    /// Feeds fetched at once by a refresh.
    public var refreshConcurrency: Int?
    /// Feeds fetched at once from one host by a refresh.
    public var hostConnections: Int?
    /// Seconds a feed may take to answer in all.
    public var refreshTimeout: Int?
    /// Read items kept per feed beyond which the oldest read ones go.
    public var maxItemsPerFeed: Int?
    /// Minutes after which the app refreshes a feed at launch.
    public var refreshInterval: Int?
    /// When an article's page is fetched as it opens (reader mode).
    public var fullText: FullTextMode?
    /// When a stored NewsAPI section answers without a request.
    public var newsapiRefresh: NewsAPIRefresh?
    /// NewsAPI requests a day the plan allows.
    public var newsapiDailyLimit: Int?
    /// `ignore_article`: the killfile, rules that keep items out as they arrive.
    public var killfile: [KillRule] = []
    /// `ignore_mode`: whether ignored items are not stored (`download`) or stored and hidden.
    public var ignoreMode: IgnoreMode?
    /// `browser`: the command that opens addresses, in `$BROWSER`'s form; wins over `$BROWSER`.
    public var browser: String?
    /// `[[feed]]`: settings for some feeds, named by address, title or tag.
    public var feedRules: [FeedRule] = []
    /// `download_dir`: where podcasts are downloaded, `~` expanded and absolute.
    public var downloadDirectory: String?
    /// `player`: the command that plays a downloaded file.
    public var player: String?
    /// `hyperlinks`: whether links are drawn as OSC 8 hyperlinks.
    public var hyperlinks: HyperlinksChoice?

    public init(
        country: String? = nil,
        language: String? = nil,
        pageSize: Int? = nil,
        theme: ThemeChoice? = nil,
        layout: LayoutChoice? = nil,
        splitMinColumns: Int? = nil,
        keyFile: String? = nil,
        images: ImagesChoice? = nil,
        retentionDays: Int? = nil,
        requestTimeout: Int? = nil,
        refreshConcurrency: Int? = nil,
        hostConnections: Int? = nil,
        refreshTimeout: Int? = nil,
        maxItemsPerFeed: Int? = nil,
        refreshInterval: Int? = nil,
        fullText: FullTextMode? = nil,
        newsapiRefresh: NewsAPIRefresh? = nil,
        newsapiDailyLimit: Int? = nil
    ) {
        self.country = country
        self.language = language
        self.pageSize = pageSize
        self.theme = theme
        self.layout = layout
        self.splitMinColumns = splitMinColumns
        self.keyFile = keyFile
        self.images = images
        self.retentionDays = retentionDays
        self.requestTimeout = requestTimeout
        self.refreshConcurrency = refreshConcurrency
        self.hostConnections = hostConnections
        self.refreshTimeout = refreshTimeout
        self.maxItemsPerFeed = maxItemsPerFeed
        self.refreshInterval = refreshInterval
        self.fullText = fullText
        self.newsapiRefresh = newsapiRefresh
        self.newsapiDailyLimit = newsapiDailyLimit
    }
}

/// Something wrong with a config file (or a file it names), for one line on standard error.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, as shown to the user (`~/.config/newsapp/config.toml`).
    public var file: String
    /// The 1-based line the problem is on, when known.
    public var line: Int?
    /// What is wrong and what happens instead, e.g. `theme must be "dark" or "light" (found
    /// "blue"); using the default.`
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `newsapp: ~/.config/newsapp/config.toml line 3: …`, sanitised, on one line.
    public var description: String {
        let name = TextSanitizer.clean(file)
        let place = line.map { "\(name) line \($0)" } ?? name
        return "newsapp: \(place): " + TextSanitizer.clean(message)
    }
}
