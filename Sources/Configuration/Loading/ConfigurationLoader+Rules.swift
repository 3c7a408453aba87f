import FilterLanguage
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Killfile and feed rules

/// The config file's rules, written as tables (``ConfigurationKey/Kind/rules(fields:)``): the
/// killfile's `[[ignore_article]]` and the per-feed settings of `[[feed]]`, each rule refused alone.
extension ConfigurationLoader {
    /// The settings a `[[feed]]` rule may hold, read by the rules of the keys they stand for.
    static let feedRuleKeys = [
        "refresh_interval": ConfigurationKeys.refreshInterval.declaration,
        "max_items": ConfigurationKeys.maxItemsPerFeed.declaration,
        "full_text": ConfigurationKeys.fullText.declaration,
        "images": ConfigurationKeys.images.declaration,
    ]

    /// `[[ignore_article]]` tables (or an array of inline tables), each with `feed` (an address as
    /// the urls file writes it, or `*`) and `filter` (an expression). A bad rule is refused alone.
    func killfile(_ entry: TOMLTable.Entry, into configuration: inout Configuration)
        -> [ConfigurationProblem]
    {
        var problems: [ConfigurationProblem] = []
        for (name, table, line) in tables(
            of: entry, rule: "ignore_article rule", holding: "feed and filter", problems: &problems)
        {
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

    /// The tables of `[[KEY]]` (or an array of inline tables), each with its name in messages
    /// (`rule N`) and its first line. Another kind of value, or an element that is not a table, is
    /// a problem and is skipped.
    private func tables(
        of entry: TOMLTable.Entry, rule: String, holding keys: String,
        problems: inout [ConfigurationProblem]
    ) -> [(name: String, table: TOMLTable, line: Int)] {
        guard case .array(let elements) = entry.value else {
            problems.append(
                problem(
                    entry.line,
                    "\(entry.key) must be tables written [[\(entry.key)]] with \(keys) (found "
                        + "\(Self.found(entry.value))); ignoring it."))
            return []
        }
        var tables: [(name: String, table: TOMLTable, line: Int)] = []
        for (index, element) in elements.enumerated() {
            let name = "\(rule) \(index + 1)"
            guard case .table(let table) = element else {
                problems.append(problem(entry.line, "\(name) must be a table with \(keys); ignoring it."))
                continue
            }
            tables.append((name, table, table.entries.first?.line ?? entry.line))
        }
        return tables
    }

    /// `[[feed]]` tables: one of `url`, `title` or `tag`, then the feed's settings.
    func feedRules(_ entry: TOMLTable.Entry, into configuration: inout Configuration)
        -> [ConfigurationProblem]
    {
        var problems: [ConfigurationProblem] = []
        for (ruleName, table, line) in tables(
            of: entry, rule: "feed rule", holding: "url, title or tag and settings", problems: &problems)
        {
            let selectors = table.entries.filter { ["url", "title", "tag"].contains($0.key) }
            guard selectors.count == 1, let selector = selectors.first, let value = selector.value.string,
                !value.isEmpty
            else {
                problems.append(
                    problem(
                        line,
                        "\(ruleName) must name its feeds with one of url, title or tag; ignoring the rule.")
                )
                continue
            }
            var feedRule = FeedRule(
                selector: selector.key == "url"
                    ? .url(value) : selector.key == "title" ? .title(value) : .tag(value),
                line: line)
            for setting in table.entries where !["url", "title", "tag"].contains(setting.key) {
                let name = "\(ruleName) \(TextSanitizer.clean(setting.key))"
                switch setting.key {
                case "refresh_interval", "max_items", "full_text", "images":
                    let declared = Self.feedRuleKeys[setting.key]!.named(name)
                    switch declared.accept(setting.value, expanding: expand) {
                    case .refused(let refusal):
                        problems.append(problem(setting.line, refusal))
                    case .accepted(let value):
                        feedRule.set(setting.key, to: value)
                    }
                case "rename":
                    guard let title = setting.value.string,
                        !title.trimmingSpaces().isEmpty
                    else {
                        problems.append(
                            problem(
                                setting.line,
                                "\(name) must be a name (found \(Self.found(setting.value))); ignoring it."))
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
                            "\(ruleName): unknown key \"\(TextSanitizer.clean(setting.key))\"\(close); ignoring it."
                        ))
                }
            }
            configuration.feedRules.append(feedRule)
        }
        return problems
    }
}

extension FeedRule {
    /// Sets the setting `name` of a `[[feed]]` table to `value`, which its key's rule accepted.
    fileprivate mutating func set(_ name: String, to value: TOMLValue) {
        switch name {
        case "refresh_interval": refreshInterval = ConfigurationKeys.refreshInterval.decode(value)
        case "max_items": maxItems = ConfigurationKeys.maxItemsPerFeed.decode(value)
        case "full_text": fullText = ConfigurationKeys.fullText.decode(value)
        default: images = ConfigurationKeys.images.decode(value)
        }
    }
}
