import Coordinators
import FilterLanguage
import Modules
import Store
import TerminalText

/// Reads a config file's text into a ``Configuration`` and the problems found in it, without
/// touching the file system, so every rule can be tested with a string.
///
/// A TOML syntax error refuses the whole file (one problem, with the line and, when one was
/// being read, the key). A bad value or an unknown key refuses only that key (one problem each,
/// on the key's line, in the file's order).
struct ConfigurationLoader: Sendable {
    /// The file as shown in messages, e.g. `~/.config/newsapp/config.toml`.
    var displayPath: String
    /// The home directory, for `~` in `key_file`; nil when unknown.
    var home: String?
    /// The directory a relative `key_file` is resolved against: the config file's own.
    var directory: String?

    /// What a config file says, and what was wrong with it.
    struct Outcome: Sendable, Equatable {
        var configuration = Configuration()
        var problems: [ConfigurationProblem] = []
    }

    /// The keys a config file may hold, in the order the documentation lists them.
    static let keys = [
        "country", "language", "page_size", "theme", "layout", "split_min_columns", "key_file", "images",
        "retention_days", "request_timeout", "refresh_concurrency", "refresh_timeout", "max_items_per_feed",
        "refresh_interval", "full_text", "newsapi_refresh", "newsapi_daily_limit", "ignore_article",
        "ignore_mode",
        "browser", "feed", "download_dir", "player",
    ]

    func load(_ text: String) -> Outcome {
        let table: TOMLTable
        switch TOMLParser.parse(text) {
        case .success(let parsed): table = parsed
        case .failure(let error): return Outcome(problems: [syntaxProblem(error)])
        }
        var outcome = Outcome()
        for entry in table.entries {
            switch entry.key {
            case "ignore_article":
                outcome.problems += killfile(entry, into: &outcome.configuration)
            case "feed":
                outcome.problems += feedRules(entry, into: &outcome.configuration)
            default:
                if let message = apply(entry.key, entry.value, to: &outcome.configuration) {
                    outcome.problems.append(problem(entry.line, message))
                }
            }
        }
        return outcome
    }

    // MARK: Keys

    /// Stores one key's value, or returns why it was refused.
    private func apply(_ key: String, _ value: TOMLValue, to configuration: inout Configuration) -> String? {
        let found = Self.found(value)
        switch key {
        case "country":
            guard let code = value.string.flatMap(SettingLimits.twoLetterCode) else {
                return "country must be a two-letter country code such as us or gb (found \(found)); "
                    + "using the default."
            }
            configuration.country = code
        case "language":
            guard let code = value.string.flatMap(SettingLimits.twoLetterCode) else {
                return "language must be a two-letter language code such as en or de (found \(found)); "
                    + "using the default."
            }
            configuration.language = code
        case "page_size":
            guard let size = value.int, SettingLimits.pageSizes.contains(size) else {
                return "page_size must be a whole number from \(SettingLimits.pageSizes.lowerBound) to "
                    + "\(SettingLimits.pageSizes.upperBound) (found \(found)); using the default."
            }
            configuration.pageSize = size
        case "theme":
            guard let theme = value.string.flatMap(ANSIStyler.Theme.init(rawValue:)) else {
                return "theme must be \(Self.choices(ANSIStyler.Theme.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.theme = theme
        case "layout":
            guard let layout = value.string.flatMap(LayoutChoice.init(rawValue:)) else {
                return "layout must be \(Self.choices(LayoutChoice.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.layout = layout
        case "split_min_columns":
            guard let columns = value.int, columns >= SettingLimits.minimumSplitColumns else {
                return "split_min_columns must be a whole number of at least "
                    + "\(SettingLimits.minimumSplitColumns) (found \(found)); using the default."
            }
            configuration.splitMinColumns = columns
        case "key_file":
            guard let path = value.string, !path.trimmingCharacters(in: .whitespaces).isEmpty else {
                return "key_file must be the path of a file holding the NewsAPI key (found \(found)); "
                    + "ignoring it."
            }
            guard let expanded = expand(path) else {
                return "key_file starts with ~ but HOME is not set; ignoring it."
            }
            configuration.keyFile = expanded
        case "images":
            guard let images = value.string.flatMap(ImagesChoice.init(rawValue:)) else {
                return "images must be \(Self.choices(ImagesChoice.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.images = images
        case "retention_days":
            guard let days = value.int, SettingLimits.retentionDays.contains(days) else {
                return "retention_days must be a whole number of days from "
                    + "\(SettingLimits.retentionDays.lowerBound) to \(SettingLimits.retentionDays.upperBound) "
                    + "(found \(found)); using the default."
            }
            configuration.retentionDays = days
        case "request_timeout":
            guard let seconds = value.int, SettingLimits.requestTimeout.contains(seconds) else {
                return Self.wholeNumber(
                    "request_timeout", SettingLimits.requestTimeout, found, unit: "seconds")
            }
            configuration.requestTimeout = seconds
        case "refresh_concurrency":
            guard let count = value.int, SettingLimits.refreshConcurrency.contains(count) else {
                return Self.wholeNumber("refresh_concurrency", SettingLimits.refreshConcurrency, found)
            }
            configuration.refreshConcurrency = count
        case "refresh_timeout":
            guard let seconds = value.int, SettingLimits.refreshTimeout.contains(seconds) else {
                return Self.wholeNumber(
                    "refresh_timeout", SettingLimits.refreshTimeout, found, unit: "seconds")
            }
            configuration.refreshTimeout = seconds
        case "max_items_per_feed":
            guard let count = value.int, SettingLimits.maxItemsPerFeed.contains(count) else {
                return Self.wholeNumber("max_items_per_feed", SettingLimits.maxItemsPerFeed, found)
            }
            configuration.maxItemsPerFeed = count
        case "refresh_interval":
            guard let minutes = value.int, SettingLimits.refreshInterval.contains(minutes) else {
                return Self.wholeNumber(
                    "refresh_interval", SettingLimits.refreshInterval, found, unit: "minutes")
            }
            configuration.refreshInterval = minutes
        case "full_text":
            guard let mode = value.string.flatMap(FullTextMode.init(rawValue:)) else {
                return "full_text must be \(Self.choices(FullTextMode.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.fullText = mode
        case "newsapi_refresh":
            guard let refresh = value.string.flatMap(RequestBudget.Refresh.init(rawValue:)) else {
                return
                    "newsapi_refresh must be \(Self.choices(RequestBudget.Refresh.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.newsapiRefresh = refresh
        case "newsapi_daily_limit":
            guard let limit = value.int, SettingLimits.newsapiDailyLimit.contains(limit) else {
                return Self.wholeNumber(
                    "newsapi_daily_limit", SettingLimits.newsapiDailyLimit, found, unit: "requests")
            }
            configuration.newsapiDailyLimit = limit
        case "ignore_mode":
            guard let mode = value.string.flatMap(IgnoreMode.init(rawValue:)) else {
                return "ignore_mode must be \(Self.choices(IgnoreMode.allCases)) (found \(found)); "
                    + "using the default."
            }
            configuration.ignoreMode = mode
        case "browser", "player":
            guard let command = value.string, !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                return "\(key) must be a command (found \(found)); ignoring it."
            }
            if key == "browser" { configuration.browser = command } else { configuration.player = command }
        case "download_dir":
            guard let path = value.string, !path.trimmingCharacters(in: .whitespaces).isEmpty else {
                return "download_dir must be the path of a folder (found \(found)); using the default."
            }
            guard let expanded = expand(path) else {
                return "download_dir starts with ~ but HOME is not set; using the default."
            }
            configuration.downloadDirectory = expanded
        default:
            let name = TextSanitizer.clean(key)
            if let close = CommandSuggester.closest(to: key, among: Self.keys) {
                return "unknown key \"\(name)\" (did you mean \(close)?); ignoring it."
            }
            return "unknown key \"\(name)\"; ignoring it."
        }
        return nil
    }

    // MARK: Killfile and feed rules

    /// `[[ignore_article]]` tables (or an array of inline tables), each with `feed` (an address as
    /// the urls file writes it, or `*`) and `filter` (an expression). A bad rule is refused alone.
    private func killfile(_ entry: TOMLTable.Entry, into configuration: inout Configuration)
        -> [ConfigurationProblem]
    {
        guard case .array(let rules) = entry.value else {
            return [
                problem(
                    entry.line,
                    "ignore_article must be rules written [[ignore_article]] with feed and filter (found "
                        + "\(Self.found(entry.value))); ignoring it.")
            ]
        }
        var problems: [ConfigurationProblem] = []
        for (index, rule) in rules.enumerated() {
            let name = "ignore_article rule \(index + 1)"
            guard case .table(let table) = rule else {
                problems.append(
                    problem(entry.line, "\(name) must be a table with feed and filter; ignoring it."))
                continue
            }
            let line = table.entries.first?.line ?? entry.line
            if let unknown = table.entries.first(where: { !["feed", "filter"].contains($0.key) }) {
                problems.append(
                    problem(
                        unknown.line,
                        "\(name) has an unknown key \"\(TextSanitizer.clean(unknown.key))\" (it takes feed and "
                            + "filter); ignoring the rule."))
                continue
            }
            guard let feed = table["feed"]?.string, !feed.isEmpty else {
                problems.append(
                    problem(
                        line, "\(name) needs feed, an address or \"*\" for every feed; ignoring the rule."))
                continue
            }
            guard let text = table["filter"]?.string else {
                problems.append(
                    problem(
                        line,
                        "\(name) needs filter, an expression such as 'title =~ \"sport\"'; ignoring the rule."
                    ))
                continue
            }
            do {
                let expression = try FilterParser.parse(text)
                configuration.killfile.append(
                    KillRule(feed: feed == "*" ? nil : feed, text: text, expression: expression))
            } catch {
                problems.append(problem(line, "\(name): \(error.sentence) Ignoring the rule."))
            }
        }
        return problems
    }

    /// `[[feed]]` tables: one of `url`, `title` or `tag`, then the feed's settings.
    private func feedRules(_ entry: TOMLTable.Entry, into configuration: inout Configuration)
        -> [ConfigurationProblem]
    {
        guard case .array(let rules) = entry.value else {
            return [
                problem(
                    entry.line,
                    "feed must be settings written [[feed]] with url, title or tag (found \(Self.found(entry.value))); "
                        + "ignoring it.")
            ]
        }
        var problems: [ConfigurationProblem] = []
        for (index, rule) in rules.enumerated() {
            let name = "feed rule \(index + 1)"
            guard case .table(let table) = rule else {
                problems.append(problem(entry.line, "\(name) must be a table; ignoring it."))
                continue
            }
            let line = table.entries.first?.line ?? entry.line
            let selectors = table.entries.filter { ["url", "title", "tag"].contains($0.key) }
            guard selectors.count == 1, let selector = selectors.first, let value = selector.value.string,
                !value.isEmpty
            else {
                problems.append(
                    problem(
                        line, "\(name) must name its feeds with one of url, title or tag; ignoring the rule.")
                )
                continue
            }
            var feedRule = FeedRule(
                selector: selector.key == "url"
                    ? .url(value) : selector.key == "title" ? .title(value) : .tag(value),
                line: line)
            for setting in table.entries where !["url", "title", "tag"].contains(setting.key) {
                let found = Self.found(setting.value)
                let key = "\(name) \(TextSanitizer.clean(setting.key))"
                switch setting.key {
                case "refresh_interval":
                    guard let minutes = setting.value.int, SettingLimits.refreshInterval.contains(minutes)
                    else {
                        problems.append(
                            problem(
                                setting.line,
                                Self.wholeNumber(key, SettingLimits.refreshInterval, found, unit: "minutes")))
                        continue
                    }
                    feedRule.refreshInterval = minutes
                case "max_items":
                    guard let count = setting.value.int, SettingLimits.maxItemsPerFeed.contains(count) else {
                        problems.append(
                            problem(setting.line, Self.wholeNumber(key, SettingLimits.maxItemsPerFeed, found))
                        )
                        continue
                    }
                    feedRule.maxItems = count
                case "full_text":
                    guard let mode = setting.value.string.flatMap(FullTextMode.init(rawValue:)) else {
                        problems.append(
                            problem(
                                setting.line,
                                "\(key) must be \(Self.choices(FullTextMode.allCases)) (found \(found)); using the default."
                            ))
                        continue
                    }
                    feedRule.fullText = mode
                case "images":
                    guard let images = setting.value.string.flatMap(ImagesChoice.init(rawValue:)) else {
                        problems.append(
                            problem(
                                setting.line,
                                "\(key) must be \(Self.choices(ImagesChoice.allCases)) (found \(found)); using the default."
                            ))
                        continue
                    }
                    feedRule.images = images
                case "rename":
                    guard let title = setting.value.string,
                        !title.trimmingCharacters(in: .whitespaces).isEmpty
                    else {
                        problems.append(
                            problem(setting.line, "\(key) must be a name (found \(found)); ignoring it."))
                        continue
                    }
                    feedRule.rename = title
                default:
                    let keys = [
                        "url", "title", "tag", "refresh_interval", "full_text", "max_items", "images",
                        "rename",
                    ]
                    let close =
                        CommandSuggester.closest(to: setting.key, among: keys).map {
                            " (did you mean \($0)?)"
                        } ?? ""
                    problems.append(
                        problem(
                            setting.line,
                            "\(name): unknown key \"\(TextSanitizer.clean(setting.key))\"\(close); ignoring it."
                        ))
                }
            }
            configuration.feedRules.append(feedRule)
        }
        return problems
    }

    /// `refresh_timeout must be a whole number of seconds from 1 to 600 (found "x"); using the default.`
    private static func wholeNumber(
        _ key: String, _ range: ClosedRange<Int>, _ found: String, unit: String = ""
    ) -> String {
        "\(key) must be a whole number \(unit.isEmpty ? "" : "of \(unit) ")from \(range.lowerBound) to "
            + "\(range.upperBound) "
            + "(found \(found)); using the default."
    }

    /// `"dark" or "light"`, `"auto", "stack" or "split"`.
    private static func choices<Choice: RawRepresentable<String>>(_ all: [Choice]) -> String {
        let quoted = all.map { "\"\($0.rawValue)\"" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// How a refused value is quoted back: strings in quotes, numbers as written, other kinds
    /// by name.
    static func found(_ value: TOMLValue) -> String {
        switch value {
        case .string(let string): "\"\(TextWrapper.truncate(TextSanitizer.clean(string), toWidth: 40))\""
        case .integer(let integer): String(integer)
        case .float(let float): String(float)
        case .boolean(let boolean): boolean ? "true" : "false"
        case .table: "a table"
        case .array: "an array"
        case .dateTime: "a date"
        }
    }

    /// `path` with a leading `~` replaced by the home directory and, when relative, resolved
    /// against the config file's directory; nil when it needs a home that is unknown.
    func expand(_ path: String) -> String? {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return nil }
            expanded = home + path.dropFirst()
        }
        if !expanded.hasPrefix("/"), let directory {
            expanded = directory + (directory.hasSuffix("/") ? "" : "/") + expanded
        }
        return expanded
    }

    // MARK: Syntax errors

    /// `TOML syntax error in page_size: … ; ignoring the whole file.`
    private func syntaxProblem(_ error: TOMLSyntaxError) -> ConfigurationProblem {
        // The key, and key names in the reason, are quoted as written: cleaned for the terminal.
        let place =
            error.key.map { " in " + TextWrapper.truncate(TextSanitizer.clean($0), toWidth: 40) } ?? ""
        let reason = TextSanitizer.clean(error.reason)
        return problem(error.line, "TOML syntax error\(place): \(reason); ignoring the whole file.")
    }

    private func problem(_ line: Int?, _ message: String) -> ConfigurationProblem {
        ConfigurationProblem(file: displayPath, line: line, message: message)
    }
}
