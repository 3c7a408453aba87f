import NewsModels
import TerminalText

/// Every key of the config file, declared once as a typed value (``TypedKey``): ``ConfigurationLoader``
/// reads with these declarations, ``Configuration`` and ``Settings`` are read through them
/// (`settings[\.pageSize]`), and `--help`'s example (``helpExample``) and
/// `docs/configuration.md`'s table (``markdownTable``, which a test compares with the file) are
/// written from them. A new key is one declaration here, in ``all``, and its use.
public enum ConfigurationKeys {
    public static let country = TypedKey<String>(
        "country", .code(noun: "country code", examples: "us or gb"), default: "us", example: "gb",
        help: "the edition of live top headlines")
    public static let language = TypedKey<String?>(
        "language", .code(noun: "language code", examples: "en or de"), example: "en",
        help: "the language of live search results")
    public static let pageSize = TypedKey<Int>(
        "page_size", .wholeNumber(1...100, unit: nil), default: 20, example: 30,
        help: "articles per page")
    public static let theme = TypedKey<ThemeChoice>(
        "theme", default: .auto, example: .light,
        help: "colours in a terminal: auto for its background (COLORFGBG, else asked), none without")
    public static let hyperlinks = TypedKey<HyperlinksChoice>(
        "hyperlinks", default: .auto, example: .on,
        help: "links as terminal hyperlinks (OSC 8); auto where the terminal is known to show them")
    public static let layout = TypedKey<LayoutChoice>(
        "layout", default: .auto, example: .split,
        help: "auto splits from split_min_columns, split whenever two panes fit, stack never")
    public static let splitMinColumns = TypedKey<Int>(
        "split_min_columns", .atLeast(40), default: 120, example: 140,
        help: "the narrowest terminal, in columns, that the auto layout splits")
    public static let keyFile = TypedKey<String?>(
        "key_file", .path(noun: "a file holding the NewsAPI key", refusal: "ignoring it"),
        example: "~/.config/newsapp/key",
        help: "a file whose first line is the NewsAPI key (NEWSAPI_KEY wins)")
    public static let images = TypedKey<ImagesChoice>(
        "images", default: .auto, example: .off, help: "article pictures in a terminal")
    public static let retentionDays = TypedKey<Int>(
        "retention_days", .wholeNumber(1...36_500, unit: "days"), default: 30, example: 60,
        help: "how long unsaved articles not fetched again are kept")
    public static let requestTimeout = TypedKey<Int>(
        "request_timeout", .wholeNumber(1...120, unit: "seconds"), default: 10, example: 10,
        help: "how long a NewsAPI request, a picture or a page may take in all")
    public static let refreshConcurrency = TypedKey<Int>(
        "refresh_concurrency", .wholeNumber(1...64, unit: nil), default: 48, example: 48,
        help: "feeds fetched at once, at most host_connections from one server")
    public static let hostConnections = TypedKey<Int>(
        "host_connections", .wholeNumber(1...8, unit: nil), default: 2, example: 2,
        help: "feeds a refresh fetches at once from one server: more is rude to it")
    public static let refreshTimeout = TypedKey<Int>(
        "refresh_timeout", .wholeNumber(1...600, unit: "seconds"), default: 30, example: 30,
        help: "how long a feed may take in all")
    public static let refreshInterval = TypedKey<Int>(
        "refresh_interval", .wholeNumber(1...10_080, unit: "minutes"), default: 30, example: 30,
        help: "how old a feed or a NewsAPI section may get before the app refreshes it at launch")
    public static let maxItemsPerFeed = TypedKey<Int>(
        "max_items_per_feed", .wholeNumber(1...1_000_000, unit: nil), default: 500, example: 500,
        help: "read items kept per feed")
    public static let fullText = TypedKey<FullTextMode>(
        "full_text", default: .auto, example: .auto,
        help:
            "reader mode as an article opens: auto when its text is cut off, on always, off only on full")

    public static let newsapiRefresh = TypedKey<NewsAPIRefresh>(
        "newsapi_refresh", default: .auto, example: .auto,
        help: "a NewsAPI section stored less than refresh_interval ago is shown without a request: "
            + "auto; always asks; manual asks on r")
    public static let newsapiDailyLimit = TypedKey<Int>(
        "newsapi_daily_limit", .wholeNumber(1...10_000_000, unit: "requests"),
        default: DailyRequests.freePlanLimit, example: 100,
        help: "NewsAPI requests a day your plan allows; from 90 % NewsApp asks only on r and n, at the "
            + "limit not at all")

    // MARK: newsboat's (see docs/newsboat.md)

    public static let ignoreArticle = ConfigurationKey(
        name: "ignore_article", kind: .rules(fields: "`feed` (an address, or `\"*\"`) and `filter`"),
        defaultValue: nil, example: nil,
        help: "the killfile: items a filter expression chooses are dropped as they arrive")
    public static let ignoreMode = TypedKey<IgnoreMode>(
        "ignore_mode", default: .download, example: .display,
        help:
            "what the killfile does: download never stores an item, display hides it until its rule goes")
    public static let feedRule = ConfigurationKey(
        name: "feed",
        kind: .rules(
            fields: "one of `url`, `title` or `tag`, then `refresh_interval`, `full_text`, `max_items`, "
                + "`images` or `rename`"),
        defaultValue: nil, example: nil, help: "settings for some feeds")
    public static let browser = TypedKey<String?>(
        "browser", .command, example: "firefox %s",
        help:
            "the command that opens addresses (`o` in an article), in $BROWSER's form; it comes before $BROWSER"
    )
    public static let downloadDirectory = TypedKey<String?>(
        "download_dir", .path(noun: "a folder", refusal: "using the default"), example: "~/Podcasts",
        help: "where podcasts are downloaded")
    public static let player = TypedKey<String?>(
        "player", .command, example: "mpv",
        help: "the command that plays a downloaded file (else the system's opener)")

    /// The keys, in the order the documentation lists them.
    public static let all: [ConfigurationKey] =
        ([
            country, language, pageSize, theme, hyperlinks, layout, splitMinColumns, keyFile, images,
            retentionDays,
            requestTimeout, refreshConcurrency, hostConnections, refreshTimeout, refreshInterval,
            newsapiRefresh,
            newsapiDailyLimit, maxItemsPerFeed, fullText, ignoreArticle, ignoreMode, browser, feedRule,
            downloadDirectory, player,
        ] as [any ConfigurationKeyDeclaring]).map(\.declaration)

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
