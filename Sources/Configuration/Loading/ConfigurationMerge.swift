/// Carries a newsboat config file over into the text of `config.toml`, keeping everything the user
/// wrote: a setting already there stays as it is (and is reported), new top-level settings go
/// before the first table, and each `ignore-article` becomes an `[[ignore_article]]` table at the
/// end, unless the same rule is there already.
public struct ConfigurationMerge {
    /// The merged text, what was carried over and what was kept, one line each.
    public var text: String
    public var carried: [String] = []
    public var kept: [String] = []

    public struct Failure: Error, Equatable {
        public var reason: String
    }

    /// The settings of a newsboat config file this merge carries over, as newsboat wrote them.
    public struct Newsboat: Sendable, Equatable {
        /// An `ignore-article` line: a feed's address (nil for `*`) and a filter expression.
        public struct IgnoreRule: Sendable, Equatable {
            public var feed: String?
            public var expression: String

            public init(feed: String?, expression: String) {
                self.feed = feed
                self.expression = expression
            }
        }

        public var ignoreRules: [IgnoreRule]
        /// `ignore-mode`: `download` or `display`.
        public var ignoreMode: String?
        /// `reload-time`: minutes between reloads.
        public var reloadMinutes: Int?
        /// `max-items`: items kept per feed; 0 is newsboat's "all of them".
        public var maxItems: Int?
        /// `browser`, in `$BROWSER`'s form.
        public var browser: String?
        /// `download-path`.
        public var downloadPath: String?
        /// `player`.
        public var player: String?

        public init(
            ignoreRules: [IgnoreRule] = [], ignoreMode: String? = nil, reloadMinutes: Int? = nil,
            maxItems: Int? = nil, browser: String? = nil, downloadPath: String? = nil, player: String? = nil
        ) {
            self.ignoreRules = ignoreRules
            self.ignoreMode = ignoreMode
            self.reloadMinutes = reloadMinutes
            self.maxItems = maxItems
            self.browser = browser
            self.downloadPath = downloadPath
            self.player = player
        }
    }

    public init(_ config: Newsboat, into original: String) throws(Failure) {
        let table: TOMLTable
        switch TOMLParser.parse(original) {
        case .success(let parsed): table = parsed
        case .failure(let error):
            throw Failure(reason: "it is not valid TOML (line \(error.line): \(error.reason)); fix it first")
        }
        text = original
        var settings: [(key: String, value: String, from: String)] = []
        if let mode = config.ignoreMode { settings.append(("ignore_mode", Self.string(mode), "ignore-mode")) }
        if let minutes = config.reloadMinutes {
            let clamped = min(
                max(minutes, ConfigurationKeys.refreshInterval.range.lowerBound),
                ConfigurationKeys.refreshInterval.range.upperBound)
            settings.append(("refresh_interval", String(clamped), "reload-time"))
        }
        if let items = config.maxItems {
            let count =
                items == 0
                ? ConfigurationKeys.maxItemsPerFeed.range.upperBound
                : min(items, ConfigurationKeys.maxItemsPerFeed.range.upperBound)
            settings.append(("max_items_per_feed", String(count), "max-items"))
        }
        if let browser = config.browser { settings.append(("browser", Self.string(browser), "browser")) }
        if let path = config.downloadPath {
            settings.append(("download_dir", Self.string(path), "download-path"))
        }
        if let player = config.player { settings.append(("player", Self.string(player), "player")) }
        var added: [String] = []
        for setting in settings {
            if let existing = table[setting.key] {
                kept.append(
                    "\(setting.from): kept your \(setting.key) = \(ConfigurationLoader.found(existing)) "
                        + "(newsboat's would be \(setting.value))")
            } else {
                added.append("\(setting.key) = \(setting.value)")
                carried.append("\(setting.from) → \(setting.key) = \(setting.value)")
            }
        }
        if !added.isEmpty { insertTopLevel(added) }

        guard !config.ignoreRules.isEmpty else { return }
        if Self.writesInlineRules(original) {
            kept.append(
                "ignore-article: your ignore_article is an inline array, so the \(config.ignoreRules.count) rules "
                    + "were not added; write them as [[ignore_article]] tables")
            return
        }
        var existing: Set<[String]> = []
        if case .array(let rules)? = table["ignore_article"] {
            for case .table(let rule) in rules {
                existing.insert([rule["feed"]?.string ?? "", rule["filter"]?.string ?? ""])
            }
        }
        var blocks: [String] = []
        var count = 0
        var carriedRules: Set<[String]> = []
        var (alreadyThere, repeated) = (0, 0)
        for rule in config.ignoreRules {
            let key = [rule.feed ?? "*", rule.expression]
            if existing.contains(key) {
                alreadyThere += 1
            } else if !carriedRules.insert(key).inserted {
                repeated += 1
            } else {
                blocks.append(
                    "[[ignore_article]]\nfeed = \(Self.string(rule.feed ?? "*"))\nfilter = \(Self.string(rule.expression))\n"
                )
                count += 1
            }
        }
        if count > 0 {
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            if !text.isEmpty { text += "\n" }
            text += "# Carried over from newsboat's ignore-article lines\n" + blocks.joined(separator: "\n")
            carried.append("ignore-article → \(count) [[ignore_article]] rule\(count == 1 ? "" : "s")")
        }
        if alreadyThere > 0 {
            kept.append(
                "ignore-article: \(alreadyThere) rule\(alreadyThere == 1 ? " was" : "s were") in config.toml already"
            )
        }
        if repeated > 0 {
            // A rule written twice in newsboat's file is carried once, and said so: "there
            // already" would be wrong.
            kept.append(
                "ignore-article: \(repeated) line\(repeated == 1 ? "" : "s") repeated a rule of an earlier line"
            )
        }
    }

    /// Adds `lines` at the top level: before the first table header, else at the end.
    private mutating func insertTopLevel(_ lines: [String]) {
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = all.firstIndex { $0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("[") }
        let block = ["# Carried over from newsboat's config"] + lines
        if let header {
            all.insert(contentsOf: block + [""], at: header)
        } else {
            if all.last == "" { all.removeLast() }
            if !all.isEmpty { all.append("") }
            all += block + [""]
        }
        text = all.joined(separator: "\n")
    }

    /// True when the file writes `ignore_article = [...]`, which tables cannot extend.
    private static func writesInlineRules(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("ignore_article") else { return false }
            return trimmed.dropFirst("ignore_article".count).drop(while: { $0 == " " || $0 == "\t" })
                .hasPrefix("=")
        }
    }

    /// `text` as a TOML string: a literal one ('…') when it can be, else a basic one with escapes.
    public static func string(_ text: String) -> String {
        let plain = !text.unicodeScalars.contains { $0 == "'" || $0.value < 0x20 || $0.value == 0x7F }
        if plain { return "'" + text + "'" }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
