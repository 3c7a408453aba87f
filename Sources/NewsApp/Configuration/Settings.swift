import Configuration
import Modules
import Networking
import NewsModels
import Store

/// What the command line said; nil (or false) where it said nothing.
struct CommandLineSettings: Sendable, Equatable {
    var sample = false
    var country: String?
    var language: String?
    var pageSize: Int?
    var theme: ANSIStyler.Theme?
    var layout: LayoutChoice?
    var splitMinColumns: Int?
    /// `--offline`: never touch the network.
    var offline = false
    var images: ImagesChoice?
    var logLevel: LogLevelChoice?
}

/// The settings a run uses, each taken from the first source that has it: the command line, then
/// the environment, then the config file, then the default.
struct Settings: Sendable, Equatable {
    /// Where the NewsAPI key comes from.
    enum KeySource: Sendable, Equatable {
        /// No key: the sample edition (also when `--sample` asks for it).
        case none
        /// `NEWSAPI_KEY`, which wins over `key_file`.
        case environment(APIKey)
        /// The config file's `key_file`, still to be read.
        case file(KeyFile)
    }

    var country: String?
    var language: String?
    var pageSize: Int
    var theme: ANSIStyler.Theme
    var layout: LayoutChoice
    var splitMinColumns: Int
    var key: KeySource
    /// Answer from the local store only; never touch the network.
    var offline = false
    var images: ImagesChoice = .auto
    /// Days a stored article is kept after it was last fetched, unless saved.
    var retentionDays = Self.defaults.retentionDays!
    /// `request_timeout`: seconds a NewsAPI request or a picture may take in all.
    var requestTimeout = Self.defaults.requestTimeout!
    /// How feeds are refreshed: feeds at once, seconds each may take, items kept per feed.
    var feeds = FeedSettings()
    /// `--log-level`; nil for the default (info).
    var logLevel: LogLevelChoice?
    /// `full_text`: when an article's page is fetched as it opens (reader mode).
    var fullText: FullTextMode = .auto
    /// `newsapi_refresh`: when a stored NewsAPI section answers without a request.
    var newsapiRefresh = Self.defaults.newsapiRefresh!
    /// `newsapi_daily_limit`: NewsAPI requests a day the plan allows.
    var newsapiDailyLimit = Self.defaults.newsapiDailyLimit!
    /// `browser`: the command that opens addresses, in `$BROWSER`'s form.
    var browser: String?
    /// `download_dir`; nil for the default (see ``DownloadFolder``).
    var downloadDirectory: String?
    /// `player`: the command that plays a downloaded file; nil for the system's opener.
    var player: String?
    /// `hyperlinks`: whether links are drawn as OSC 8 hyperlinks.
    var hyperlinks: HyperlinksChoice = .auto

    /// The top headlines' edition for live news: the chosen one, else `us`.
    var liveCountry: String { country ?? Self.defaults.country! }

    /// The config file's defaults, as ``ConfigurationKeys`` declares them (each has one).
    static var defaults: Configuration { ConfigurationKeys.defaults }

    static func resolve(
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
struct FeedSettings: Sendable, Equatable {
    /// `refresh_concurrency`: feeds fetched at once (at most ``hostConnections`` from one host).
    var concurrency = Settings.defaults.refreshConcurrency!
    /// `host_connections`: feeds fetched at once from one host.
    var hostConnections = Settings.defaults.hostConnections!
    /// `refresh_timeout`: seconds a feed may take to answer in all.
    var timeout = Settings.defaults.refreshTimeout!
    /// `max_items_per_feed`: read items kept per feed.
    var maxItemsPerFeed = Settings.defaults.maxItemsPerFeed!
    /// `refresh_interval`: minutes after which the app refreshes a feed at launch.
    var refreshInterval = Settings.defaults.refreshInterval!
    /// `ignore_article`: the killfile, applied as items arrive.
    var killfile: [KillRule] = []
    /// `ignore_mode`.
    var ignoreMode = Settings.defaults.ignoreMode!
    /// `[[feed]]`: settings for some feeds.
    var rules: [FeedRule] = []
}
