import FilterLanguage
import NewsModels

/// What NewsApp carries over from newsboat's config file (`~/.newsboat/config`): its killfile
/// (`ignore-article`, `ignore-mode`), how often feeds are reloaded (`reload-time`), how many items
/// a feed keeps (`max-items`), the browser (`browser`) and podcasts' folder and player
/// (`download-path`, `player`). Every other line is listed in
/// ``notRead`` with the reason, so nothing is dropped silently.
///
/// Lines are split as newsboat splits them (the same tokens as the urls file, see ``UrlsLine``):
/// `ignore-article "*" "title =~ \"Gentoo\""`.
public struct NewsboatConfig: Sendable, Equatable {
    /// An `ignore-article` line: a feed's address (nil for `*`) and a filter expression.
    public struct IgnoreRule: Sendable, Equatable {
        public var feed: String?
        public var expression: String
        public var line: Int
    }

    public private(set) var ignoreRules: [IgnoreRule] = []
    /// `download` or `display`.
    public private(set) var ignoreMode: String?
    /// `reload-time`: minutes between reloads.
    public private(set) var reloadMinutes: Int?
    /// `max-items`: items kept per feed; 0 is newsboat's "all of them".
    public private(set) var maxItems: Int?
    /// `browser`, in `$BROWSER`'s form (newsboat's `%u` becomes `%s`).
    public private(set) var browser: String?
    /// `download-path`: where podcasts go.
    public private(set) var downloadPath: String?
    /// `player`: what plays them.
    public private(set) var player: String?
    /// The lines not carried over, and why.
    public private(set) var notRead: [UrlsFile.SkippedLine] = []

    public init(text: String) {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(
            Substring.init)
        for (index, raw) in lines.enumerated() {
            var line = raw
            if line.hasSuffix("\r") { line = line.dropLast() }
            if index == 0 && line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let tokens = UrlsLine(line).tokens.map(\.text)
            guard let command = tokens.first else { continue }
            if let reason = read(command, Array(tokens.dropFirst()), line: index + 1) {
                notRead.append(UrlsFile.SkippedLine(line: index + 1, text: String(line), reason: reason))
            }
        }
    }

    /// Reads one command; returns why it is not carried over, or nil.
    private mutating func read(_ command: String, _ arguments: [String], line: Int) -> String? {
        switch command {
        case "ignore-article":
            // An empty address names no feed: carried over, it would be a rule that config.toml
            // then refuses.
            guard arguments.count == 2, !arguments[0].isEmpty else {
                return "ignore-article takes a feed's address (or \"*\") and a filter expression."
            }
            do {
                _ = try FilterParser.parse(arguments[1])
            } catch {
                return error.sentence
            }
            ignoreRules.append(
                IgnoreRule(
                    feed: arguments[0] == "*" ? nil : arguments[0], expression: arguments[1], line: line))
        case "ignore-mode":
            guard arguments.count == 1, ["download", "display"].contains(arguments[0]) else {
                return "ignore-mode is \"download\" or \"display\"."
            }
            ignoreMode = arguments[0]
        case "reload-time":
            guard arguments.count == 1, let minutes = Int(arguments[0]), minutes >= 1 else {
                return "reload-time is a number of minutes."
            }
            reloadMinutes = minutes
        case "max-items":
            guard arguments.count == 1, let count = Int(arguments[0]), count >= 0 else {
                return "max-items is a number of items (0 for all of them)."
            }
            maxItems = count
        case "browser":
            guard arguments.count == 1, !arguments[0].isEmpty else { return "browser takes one command." }
            browser = arguments[0].replacing("%u", with: "%s")
        case "download-path":
            guard arguments.count == 1, !arguments[0].isEmpty else {
                return "download-path takes one folder."
            }
            downloadPath = arguments[0]
        case "player":
            guard arguments.count == 1, !arguments[0].isEmpty else { return "player takes one command." }
            player = arguments[0]
        default:
            return Self.reason(notReading: command)
        }
        return nil
    }

    /// Why NewsApp does not carry over `command`.
    private static func reason(notReading command: String) -> String {
        if ["bind-key", "unbind-key", "macro", "color", "highlight", "highlight-article", "highlight-feed"]
            .contains(command)
            || command.hasPrefix("articlelist-") || command.hasSuffix("-format")
        {
            return "NewsApp has its own commands and colours."
        }
        if ["auto-reload", "refresh-on-startup", "prepopulate-query-feeds"].contains(command) {
            return
                "NewsApp refreshes feeds older than refresh_interval at launch, and query feeds as they are shown."
        }
        if ["urls-source", "include"].contains(command) || command.contains("-login")
            || command.contains("-password")
        {
            return "NewsApp reads its own urls file, and no sync service through newsboat's settings."
        }
        return "NewsApp does not read \(QuotedText.oneLine(command))."
    }

    /// True when `text` reads as a newsboat config file rather than a urls file: no line names a
    /// feed, and some line starts with one of newsboat's config commands.
    public static func looksLikeConfig(_ text: String) -> Bool {
        var commands = 0
        for raw in text.unicodeScalars.split(separator: "\n") {
            guard let first = UrlsLine(Substring(raw)).tokens.first?.text.lowercased() else { continue }
            if first.contains("://") || ["query:", "exec:", "filter:"].contains(where: first.hasPrefix) {
                return false
            }
            if known.contains(first) { commands += 1 }
        }
        return commands > 0
    }

    /// Commands of newsboat's config file, enough to recognise one.
    private static let known: Set<String> = [
        "ignore-article", "ignore-mode", "reload-time", "max-items", "browser", "bind-key", "unbind-key",
        "color",
        "highlight", "macro", "auto-reload", "reload-threads", "show-read-feeds", "show-read-articles",
        "confirm-exit", "cleanup-on-quit", "download-path", "player", "notify-program", "article-sort-order",
        "feed-sort-order", "text-width", "include", "urls-source", "prepopulate-query-feeds",
        "keep-articles-days",
        "refresh-on-startup", "save-path", "html-renderer", "pager", "podcast-auto-enqueue", "max-downloads",
    ]
}
