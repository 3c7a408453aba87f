import Networking
import NewsModels

/// What the command line said; nil (or false) where it said nothing.
public struct CommandLineSettings: Sendable, Equatable {
    public var sample: Bool
    public var country: String?
    public var language: String?
    public var pageSize: Int?
    public var theme: ThemeChoice?
    public var layout: LayoutChoice?
    public var splitMinColumns: Int?
    /// `--offline`: never touch the network.
    public var offline: Bool
    public var images: ImagesChoice?
    public var logLevel: LogLevelChoice?

    public init(
        sample: Bool = false, country: String? = nil, language: String? = nil, pageSize: Int? = nil,
        theme: ThemeChoice? = nil, layout: LayoutChoice? = nil, splitMinColumns: Int? = nil,
        offline: Bool = false,
        images: ImagesChoice? = nil, logLevel: LogLevelChoice? = nil
    ) {
        self.sample = sample
        self.country = country
        self.language = language
        self.pageSize = pageSize
        self.theme = theme
        self.layout = layout
        self.splitMinColumns = splitMinColumns
        self.offline = offline
        self.images = images
        self.logLevel = logLevel
    }
}

/// The settings a run uses, each taken from the first source that has it: the command line, then
/// the environment, then the config file, then the default.
public struct Settings: Sendable, Equatable {
    /// Where the NewsAPI key comes from.
    public enum KeySource: Sendable, Equatable {
        /// No key: the sample edition (also when `--sample` asks for it).
        case none
        /// `NEWSAPI_KEY`, which wins over `key_file`.
        case environment(APIKey)
        /// The config file's `key_file`, still to be read.
        case file(KeyFile)
    }

    public var country: String?
    public var language: String?
    public var pageSize: Int
    public var theme: ThemeChoice
    public var layout: LayoutChoice
    public var splitMinColumns: Int
    public var key: KeySource
    /// Answer from the local store only; never touch the network.
    public var offline: Bool
    public var images: ImagesChoice
    /// Days a stored article is kept after it was last fetched, unless saved.
    public var retentionDays: Int
    /// `request_timeout`: seconds a NewsAPI request or a picture may take in all.
    public var requestTimeout: Int
    /// How feeds are refreshed: feeds at once, seconds each may take, items kept per feed.
    public var feeds: FeedSettings
    /// `--log-level`; nil for the default (info).
    public var logLevel: LogLevelChoice?
    /// `full_text`: when an article's page is fetched as it opens (reader mode).
    public var fullText: FullTextMode
    /// `newsapi_refresh`: when a stored NewsAPI section answers without a request.
    public var newsapiRefresh: NewsAPIRefresh
    /// `newsapi_daily_limit`: NewsAPI requests a day the plan allows.
    public var newsapiDailyLimit: Int
    /// `browser`: the command that opens addresses, in `$BROWSER`'s form.
    public var browser: String?
    /// `download_dir`; nil for the default (see ``DownloadFolder``).
    public var downloadDirectory: String?
    /// `player`: the command that plays a downloaded file; nil for the system's opener.
    public var player: String?
    /// `hyperlinks`: whether links are drawn as OSC 8 hyperlinks.
    public var hyperlinks: HyperlinksChoice

    public init(
        country: String? = nil, language: String? = nil, pageSize: Int, theme: ThemeChoice,
        layout: LayoutChoice,
        splitMinColumns: Int, key: KeySource, offline: Bool = false, images: ImagesChoice = .auto,
        retentionDays: Int = Self.defaults.retentionDays!,
        requestTimeout: Int = Self.defaults.requestTimeout!,
        feeds: FeedSettings = FeedSettings(), logLevel: LogLevelChoice? = nil, fullText: FullTextMode = .auto,
        newsapiRefresh: NewsAPIRefresh = Self.defaults.newsapiRefresh!,
        newsapiDailyLimit: Int = Self.defaults.newsapiDailyLimit!, browser: String? = nil,
        downloadDirectory: String? = nil, player: String? = nil, hyperlinks: HyperlinksChoice = .auto
    ) {
        self.country = country
        self.language = language
        self.pageSize = pageSize
        self.theme = theme
        self.layout = layout
        self.splitMinColumns = splitMinColumns
        self.key = key
        self.offline = offline
        self.images = images
        self.retentionDays = retentionDays
        self.requestTimeout = requestTimeout
        self.feeds = feeds
        self.logLevel = logLevel
        self.fullText = fullText
        self.newsapiRefresh = newsapiRefresh
        self.newsapiDailyLimit = newsapiDailyLimit
        self.browser = browser
        self.downloadDirectory = downloadDirectory
        self.player = player
        self.hyperlinks = hyperlinks
    }

    /// The top headlines' edition for live news: the chosen one, else `us`.
    public var liveCountry: String { country ?? Self.defaults.country! }

    /// The config file's defaults, as ``ConfigurationKeys`` declares them (each has one).
    public static var defaults: Configuration { ConfigurationKeys.defaults }

    public static func resolve(
        commandLine: CommandLineSettings,
        environment: [String: String],
        file: Configuration,
        home: String? = nil
    ) -> Settings {
        let key: KeySource
        if commandLine.sample {
            key = .none
        } else if let fromEnvironment = environment["NEWSAPI_KEY"].flatMap(APIKey.init) {
            key = .environment(fromEnvironment)
        } else if let path = file.keyFile {
            key = .file(KeyFile(path: path, home: home))
        } else {
            key = .none
        }
        return Settings(
            country: commandLine.country ?? file.country,
            language: commandLine.language ?? file.language,
            pageSize: commandLine.pageSize ?? file.pageSize ?? defaults.pageSize!,
            theme: commandLine.theme ?? file.theme ?? defaults.theme!,
            layout: commandLine.layout ?? file.layout ?? defaults.layout!,
            splitMinColumns: commandLine.splitMinColumns ?? file.splitMinColumns ?? defaults.splitMinColumns!,
            key: key,
            offline: commandLine.offline,
            images: commandLine.images ?? file.images ?? defaults.images!,
            retentionDays: file.retentionDays ?? defaults.retentionDays!,
            requestTimeout: file.requestTimeout ?? defaults.requestTimeout!,
            feeds: FeedSettings(
                concurrency: file.refreshConcurrency ?? defaults.refreshConcurrency!,
                hostConnections: file.hostConnections ?? defaults.hostConnections!,
                timeout: file.refreshTimeout ?? defaults.refreshTimeout!,
                maxItemsPerFeed: file.maxItemsPerFeed ?? defaults.maxItemsPerFeed!,
                refreshInterval: file.refreshInterval ?? defaults.refreshInterval!,
                killfile: file.killfile, ignoreMode: file.ignoreMode ?? defaults.ignoreMode!,
                rules: file.feedRules),
            logLevel: commandLine.logLevel,
            fullText: file.fullText ?? defaults.fullText!,
            newsapiRefresh: file.newsapiRefresh ?? defaults.newsapiRefresh!,
            newsapiDailyLimit: file.newsapiDailyLimit ?? defaults.newsapiDailyLimit!,
            browser: file.browser,
            downloadDirectory: file.downloadDirectory,
            player: file.player,
            hyperlinks: file.hyperlinks ?? defaults.hyperlinks!)
    }
}

/// The config file's feed settings, with their defaults.
public struct FeedSettings: Sendable, Equatable {
    /// `refresh_concurrency`: feeds fetched at once (at most ``hostConnections`` from one host).
    public var concurrency: Int
    /// `host_connections`: feeds fetched at once from one host.
    public var hostConnections: Int
    /// `refresh_timeout`: seconds a feed may take to answer in all.
    public var timeout: Int
    /// `max_items_per_feed`: read items kept per feed.
    public var maxItemsPerFeed: Int
    /// `refresh_interval`: minutes after which the app refreshes a feed at launch.
    public var refreshInterval: Int
    /// `ignore_article`: the killfile, applied as items arrive.
    public var killfile: [KillRule]
    /// `ignore_mode`.
    public var ignoreMode: IgnoreMode
    /// `[[feed]]`: settings for some feeds.
    public var rules: [FeedRule]

    public init(
        concurrency: Int = Settings.defaults.refreshConcurrency!,
        hostConnections: Int = Settings.defaults.hostConnections!,
        timeout: Int = Settings.defaults.refreshTimeout!,
        maxItemsPerFeed: Int = Settings.defaults.maxItemsPerFeed!,
        refreshInterval: Int = Settings.defaults.refreshInterval!, killfile: [KillRule] = [],
        ignoreMode: IgnoreMode = Settings.defaults.ignoreMode!, rules: [FeedRule] = []
    ) {
        self.concurrency = concurrency
        self.hostConnections = hostConnections
        self.timeout = timeout
        self.maxItemsPerFeed = maxItemsPerFeed
        self.refreshInterval = refreshInterval
        self.killfile = killfile
        self.ignoreMode = ignoreMode
        self.rules = rules
    }
}
