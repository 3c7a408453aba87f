import NewsModels
import TerminalText

/// Every key of the config file, declared once (``ConfigurationKey``): ``ConfigurationLoader``
/// reads with these declarations, ``Settings`` takes its defaults from them, and `--help`'s
/// example (``helpExample``) and `docs/configuration.md`'s table (``markdownTable``, which a test
/// compares with the file) are written from them.
public enum ConfigurationKeys {
    public static let country = ConfigurationKey(
        name: "country", kind: .code(noun: "country code", examples: "us or gb") { $0.country = $1 },
        defaultValue: .string("us"), example: .string("gb"), help: "the edition of live top headlines")
    public static let language = ConfigurationKey(
        name: "language", kind: .code(noun: "language code", examples: "en or de") { $0.language = $1 },
        defaultValue: nil, example: .string("en"), help: "the language of live search results")
    public static let pageSize = ConfigurationKey(
        name: "page_size", kind: .wholeNumber(1...100, unit: nil) { $0.pageSize = $1 },
        defaultValue: .integer(20),
        example: .integer(30), help: "articles per page")
    public static let theme = choice(
        "theme", default: ThemeChoice.auto, example: .light,
        help: "colours in a terminal: auto for its background (COLORFGBG, else asked), none without"
    ) { $0.theme = $1 }
    public static let hyperlinks = choice(
        "hyperlinks", default: HyperlinksChoice.auto, example: .on,
        help: "links as terminal hyperlinks (OSC 8); auto where the terminal is known to show them"
    ) { $0.hyperlinks = $1 }
    public static let layout = choice(
        "layout", default: LayoutChoice.auto, example: .split,
        help: "auto splits from split_min_columns, split whenever two panes fit, stack never"
    ) { $0.layout = $1 }
    public static let splitMinColumns = ConfigurationKey(
        name: "split_min_columns", kind: .atLeast(40) { $0.splitMinColumns = $1 },
        defaultValue: .integer(120),
        example: .integer(140), help: "the narrowest terminal, in columns, that the auto layout splits")
    public static let keyFile = ConfigurationKey(
        name: "key_file",
        kind: .path(noun: "a file holding the NewsAPI key", refusal: "ignoring it") { $0.keyFile = $1 },
        defaultValue: nil,
        example: .string("~/.config/newsapp/key"),
        help: "a file whose first line is the NewsAPI key (NEWSAPI_KEY wins)")
    public static let images = choice(
        "images", default: ImagesChoice.auto, example: .off, help: "article pictures in a terminal"
    ) { $0.images = $1 }
    public static let retentionDays = ConfigurationKey(
        name: "retention_days", kind: .wholeNumber(1...36_500, unit: "days") { $0.retentionDays = $1 },
        defaultValue: .integer(30), example: .integer(60),
        help: "how long unsaved articles not fetched again are kept")
    public static let requestTimeout = ConfigurationKey(
        name: "request_timeout", kind: .wholeNumber(1...120, unit: "seconds") { $0.requestTimeout = $1 },
        defaultValue: .integer(10), example: .integer(10),
        help: "how long a NewsAPI request, a picture or a page may take in all")
    public static let refreshConcurrency = ConfigurationKey(
        name: "refresh_concurrency", kind: .wholeNumber(1...64, unit: nil) { $0.refreshConcurrency = $1 },
        defaultValue: .integer(48), example: .integer(48),
        help: "feeds fetched at once, at most host_connections from one server")
    public static let hostConnections = ConfigurationKey(
        name: "host_connections", kind: .wholeNumber(1...8, unit: nil) { $0.hostConnections = $1 },
        defaultValue: .integer(2), example: .integer(2),
        help: "feeds a refresh fetches at once from one server: more is rude to it")
    public static let refreshTimeout = ConfigurationKey(
        name: "refresh_timeout", kind: .wholeNumber(1...600, unit: "seconds") { $0.refreshTimeout = $1 },
        defaultValue: .integer(30), example: .integer(30), help: "how long a feed may take in all")
    public static let refreshInterval = ConfigurationKey(
        name: "refresh_interval", kind: .wholeNumber(1...10_080, unit: "minutes") { $0.refreshInterval = $1 },
        defaultValue: .integer(30), example: .integer(30),
        help: "how old a feed or a NewsAPI section may get before the app refreshes it at launch")
    public static let maxItemsPerFeed = ConfigurationKey(
        name: "max_items_per_feed", kind: .wholeNumber(1...1_000_000, unit: nil) { $0.maxItemsPerFeed = $1 },
        defaultValue: .integer(500), example: .integer(500), help: "read items kept per feed")
    public static let fullText = choice(
        "full_text", default: FullTextMode.auto, example: .auto,
        help: "reader mode as an article opens: auto when its text is cut off, on always, off only on full"
    ) { $0.fullText = $1 }

    public static let newsapiRefresh = choice(
        "newsapi_refresh", default: NewsAPIRefresh.auto, example: .auto,
        help: "a NewsAPI section stored less than refresh_interval ago is shown without a request: "
            + "auto; always asks; manual asks on r"
    ) { $0.newsapiRefresh = $1 }
    public static let newsapiDailyLimit = ConfigurationKey(
        name: "newsapi_daily_limit",
        kind: .wholeNumber(1...10_000_000, unit: "requests") { $0.newsapiDailyLimit = $1 },
        defaultValue: .integer(Int64(DailyRequests.freePlanLimit)), example: .integer(100),
        help: "NewsAPI requests a day your plan allows; from 90 % NewsApp asks only on r and n, at the "
            + "limit not at all")

    // MARK: newsboat's (see docs/newsboat.md)

    public static let ignoreArticle = ConfigurationKey(
        name: "ignore_article", kind: .rules(fields: "`feed` (an address, or `\"*\"`) and `filter`"),
        defaultValue: nil, example: nil,
        help: "the killfile: items a filter expression chooses are dropped as they arrive")
    public static let ignoreMode = choice(
        "ignore_mode", default: IgnoreMode.download, example: .display,
        help: "what the killfile does: download never stores an item, display hides it until its rule goes"
    ) { $0.ignoreMode = $1 }
    public static let feedRule = ConfigurationKey(
        name: "feed",
        kind: .rules(
            fields: "one of `url`, `title` or `tag`, then `refresh_interval`, `full_text`, `max_items`, "
                + "`images` or `rename`"),
        defaultValue: nil, example: nil, help: "settings for some feeds")
    public static let browser = ConfigurationKey(
        name: "browser", kind: .command { $0.browser = $1 }, defaultValue: nil,
        example: .string("firefox %s"),
        help:
            "the command that opens addresses (`o` in an article), in $BROWSER's form; it comes before $BROWSER"
    )
    public static let downloadDirectory = ConfigurationKey(
        name: "download_dir",
        kind: .path(noun: "a folder", refusal: "using the default") { $0.downloadDirectory = $1 },
        defaultValue: nil, example: .string("~/Podcasts"), help: "where podcasts are downloaded")
    public static let player = ConfigurationKey(
        name: "player", kind: .command { $0.player = $1 }, defaultValue: nil, example: .string("mpv"),
        help: "the command that plays a downloaded file (else the system's opener)")

    /// The keys, in the order the documentation lists them.
    public static let all = [
        country, language, pageSize, theme, hyperlinks, layout, splitMinColumns, keyFile, images,
        retentionDays,
        requestTimeout, refreshConcurrency, hostConnections, refreshTimeout, refreshInterval, newsapiRefresh,
        newsapiDailyLimit,
        maxItemsPerFeed, fullText, ignoreArticle, ignoreMode, browser, feedRule, downloadDirectory, player,
    ]

    /// The declaration named `name`, if any.
    public static func named(_ name: String) -> ConfigurationKey? {
        all.first { $0.name == name }
    }

    /// The configuration the defaults make, read as a config file holding them would be.
    public static let defaults: Configuration = {
        var configuration = Configuration()
        for key in all {
            guard let value = key.defaultValue else { continue }
            let refusal = key.apply(value, to: &configuration, expanding: { $0 })
            precondition(refusal == nil, "the default of \(key.name) is refused: \(refusal ?? "")")
        }
        return configuration
    }()

    /// A key of one of `Choice`'s cases.
    private static func choice<Choice: CaseIterable & RawRepresentable<String> & Sendable>(
        _ name: String, default: Choice, example: Choice, help: String,
        store: @escaping @Sendable (inout Configuration, Choice) -> Void
    ) -> ConfigurationKey {
        ConfigurationKey(
            name: name,
            kind: .choice(Choice.allCases.map(\.rawValue)) { configuration, raw in
                if let choice = Choice(rawValue: raw) { store(&configuration, choice) }
            },
            defaultValue: .string(`default`.rawValue), example: .string(example.rawValue), help: help)
    }

    // MARK: Documentation

    /// The config file every key set, as `--help` shows it: `name = example`, then a comment of
    /// what the key does, what it takes and its default, wrapped to stay within `width` columns
    /// (`#` aligned), each line indented by two spaces.
    public static func helpExample(width: Int = 78) -> String {
        let commentColumn = 29
        var lines: [String] = []
        for key in all {
            guard let example = key.example else { continue }
            let setting = "  \(key.name) = \(ConfigurationKey.literal(example))"
            var details: [String] = []
            if let range = key.rangeDescription { details.append(range) }
            if let value = key.defaultDescription { details.append("default \(value)") }
            let comment = key.help + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
            let start = max(commentColumn, DisplayWidth.of(setting) + 3)
            let wrapped = TextWrapper.wrap(comment, width: width - start - 2)
            for (index, part) in wrapped.enumerated() {
                let lead = index == 0 ? setting : ""
                lines.append(
                    lead + String(repeating: " ", count: start - DisplayWidth.of(lead)) + "# " + part)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The table of keys in `docs/configuration.md`.
    public static var markdownTable: String {
        var rows = ["| Key | Takes | Default | What it sets |", "|---|---|---|---|"]
        for key in all {
            let value = key.defaultDescription.map { "`\($0)`" } ?? "none"
            rows.append("| `\(key.name)` | \(key.valueDescription) | \(value) | \(key.help) |")
        }
        return rows.joined(separator: "\n")
    }
}
