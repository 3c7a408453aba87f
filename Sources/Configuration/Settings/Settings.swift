import Networking
import NewsModels

/// What the command line said; nil (or false) where it said nothing.
public struct CommandLineSettings: Sendable, Equatable {
    /// `--sample`: the sample edition, whatever key there is.
    public var sample: Bool
    /// `--offline`: never touch the network.
    public var offline: Bool
    public var logLevel: LogLevelChoice?
    /// The config file's keys the options set (`--page-size`, `--theme`…), which win over the file.
    public var keys: Configuration

    public init(
        sample: Bool = false, country: String? = nil, language: String? = nil, pageSize: Int? = nil,
        theme: ThemeChoice? = nil, layout: LayoutChoice? = nil, splitMinColumns: Int? = nil,
        offline: Bool = false,
        images: ImagesChoice? = nil, logLevel: LogLevelChoice? = nil
    ) {
        self.sample = sample
        self.offline = offline
        self.logLevel = logLevel
        keys = Configuration()
        keys[\.country] = country
        keys[\.language] = language
        keys[\.pageSize] = pageSize
        keys[\.theme] = theme
        keys[\.layout] = layout
        keys[\.splitMinColumns] = splitMinColumns
        keys[\.images] = images
    }
}

/// The settings a run uses, each taken from the first source that has it: the command line, then
/// the environment, then the config file, then the default. A config key's value is
/// `settings[\.pageSize]` (``ConfigurationKeys``).
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

    /// The config keys the command line set.
    public var commandLine: Configuration
    /// The config keys the config file set.
    public var file: Configuration
    public var key: KeySource
    /// Answer from the local store only; never touch the network.
    public var offline: Bool
    /// `--log-level`; nil for the default (info).
    public var logLevel: LogLevelChoice?

    public init(
        commandLine: Configuration = Configuration(), file: Configuration = Configuration(),
        key: KeySource = .none, offline: Bool = false, logLevel: LogLevelChoice? = nil
    ) {
        self.commandLine = commandLine
        self.file = file
        self.key = key
        self.offline = offline
        self.logLevel = logLevel
    }

    /// The value of the key `path` names: the command line's, else the config file's, else the
    /// key's default.
    public subscript<Value>(path: KeyPath<ConfigurationKeys.Type, TypedKey<Value>>) -> Value {
        get { commandLine[path] ?? file[path] ?? ConfigurationKeys.self[keyPath: path].fallback }
        set { commandLine[path] = newValue }
    }

    /// The top headlines' edition the user chose; nil when none was.
    public var country: String? { commandLine[\.country] ?? file[\.country] }

    /// The top headlines' edition for live news: the chosen one, else the default.
    public var liveCountry: String { self[\.country] }

    /// How feeds are refreshed: feeds at once, seconds each may take, items kept per feed.
    public var feeds: FeedSettings {
        FeedSettings(
            concurrency: self[\.refreshConcurrency], hostConnections: self[\.hostConnections],
            timeout: self[\.refreshTimeout], maxItemsPerFeed: self[\.maxItemsPerFeed],
            refreshInterval: self[\.refreshInterval], killfile: file.killfile,
            ignoreMode: self[\.ignoreMode],
            rules: file.feedRules)
    }

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
        } else if let path = file[\.keyFile] ?? nil {
            key = .file(KeyFile(path: path, home: home))
        } else {
            key = .none
        }
        return Settings(
            commandLine: commandLine.keys, file: file, key: key, offline: commandLine.offline,
            logLevel: commandLine.logLevel)
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
        concurrency: Int = ConfigurationKeys.refreshConcurrency.fallback,
        hostConnections: Int = ConfigurationKeys.hostConnections.fallback,
        timeout: Int = ConfigurationKeys.refreshTimeout.fallback,
        maxItemsPerFeed: Int = ConfigurationKeys.maxItemsPerFeed.fallback,
        refreshInterval: Int = ConfigurationKeys.refreshInterval.fallback, killfile: [KillRule] = [],
        ignoreMode: IgnoreMode = ConfigurationKeys.ignoreMode.fallback, rules: [FeedRule] = []
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
