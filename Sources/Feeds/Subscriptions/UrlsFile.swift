import FilterLanguage
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// newsboat's urls file, the subscription list NewsApp keeps in `$XDG_CONFIG_HOME/newsapp/urls`, so
/// a newsboat user can copy theirs over.
///
/// Each line holds a feed's URL, then its tags, separated by blanks (see ``UrlsLine`` for quoting).
/// A tag starting with `~` renames the feed (the first one counts, as in newsboat). A tag starting
/// with `!` hides the feed in newsboat's feed list, where only query feeds show its items; NewsApp
/// shows the feed, and keeps the `!` tag in the file but not among the subscription's tags.
/// Lines starting with `#` are comments and blank lines are ignored.
///
/// Besides addresses, a line can hold newsboat's other feeds:
/// - `exec:COMMAND`: the output of a command is the feed;
/// - `filter:COMMAND:URL`: the document at URL passed through a command (the command ends at the
///   first `:`, as in newsboat);
/// - `query:NAME:EXPRESSION`: a ``QueryFeed``, the stored items a filter expression chooses.
/// Such lines are usually quoted, since they hold blanks: `"query:Unread:unread = \"yes\""`.
///
/// Lines NewsApp cannot read are ``skipped``, never fatal: addresses that are not http or https, a
/// query whose expression does not read (the reason names the column), and a feed or query name
/// listed again (the first line wins).
///
/// Editing keeps everything it does not change byte for byte: comments, blank lines, skipped lines,
/// spacing and quoting. This type is pure; writing the file is the caller's.
public struct UrlsFile: Sendable, Hashable {
    /// A line that names no feed NewsApp reads, and why.
    public struct SkippedLine: Sendable, Hashable {
        /// 1 for the first line.
        public var line: Int
        public var text: String
        /// One sentence for the user.
        public var reason: String
    }

    /// A feed of the file: one to fetch, or a query over the stored items.
    public enum Entry: Sendable, Hashable {
        case subscription(Subscription)
        case query(QueryFeed)
    }

    /// The feeds to fetch (web addresses and commands), in the order of their lines.
    public private(set) var subscriptions: [Subscription] = []
    /// The query feeds, in the order of their lines.
    public private(set) var queries: [QueryFeed] = []
    /// Every feed, fetched and query alike, in the order of their lines: how they are numbered.
    public private(set) var entries: [Entry] = []
    public private(set) var skipped: [SkippedLine] = []

    /// The lines, without their `\n` (a `\r` before it stays part of the line).
    private var lines: [Substring]
    private var endsWithNewline: Bool
    /// How many times the lines were read through: once, then once for each edit, however many
    /// feeds it adds (the tests of an import's single pass count them).
    private(set) var passes = 0
    /// The line (from 1) that lists each feed, and each query feed's name.
    private var lineOfURL: [URL: Int] = [:]
    private var lineOfQuery: [String: Int] = [:]

    public init(text: String) {
        // By scalars: as a Character, "\r\n" is not "\n".
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(
            Substring.init)
        endsWithNewline = lines.count > 1 && lines.last?.isEmpty == true
        if endsWithNewline || text.isEmpty { lines.removeLast() }
        self.lines = lines
        read()
    }

    /// The file's contents.
    public var text: String {
        guard !lines.isEmpty else { return "" }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    /// Two files are equal when their text is (``passes`` is how they were made, not what they hold).
    public static func == (lhs: UrlsFile, rhs: UrlsFile) -> Bool {
        lhs.lines == rhs.lines && lhs.endsWithNewline == rhs.endsWithNewline
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        hasher.combine(endsWithNewline)
    }

    // MARK: Editing

    /// Adds a line for `subscription` at the end; false when its URL is already listed. Tags
    /// starting with `~` or `!`, which newsboat reads as a title or a hiding mark, are left out.
    @discardableResult
    public mutating func add(_ subscription: Subscription) -> Bool {
        add(contentsOf: [subscription]) == 1
    }

    /// Adds a line for each of `subscriptions` whose URL is not listed yet (nor earlier among
    /// them), in their order, and returns how many were added: one pass over the file and the
    /// list, whatever their sizes (an OPML import of 100,000 feeds).
    @discardableResult
    public mutating func add(contentsOf subscriptions: [Subscription]) -> Int {
        // Every URL a line lists is in `lineOfURL`: a line listing it again is skipped.
        var adding: Set<URL> = []
        let lineEnd = lines.last?.hasSuffix("\r") == true ? "\r" : ""
        let firstNew = lines.count
        var added = 0
        for subscription in subscriptions
        where lineOfURL[subscription.url] == nil && adding.insert(subscription.url).inserted {
            let tags = subscription.tags.filter { !$0.isEmpty && Self.mark(of: $0) == nil }
            let tokens =
                [subscription.address] + tags + (subscription.title.map { ["~" + $0] } ?? [])
            lines.append(Substring(tokens.map(UrlsLine.written).joined(separator: " ") + lineEnd))
            added += 1
        }
        guard added > 0 else { return 0 }
        endsWithNewline = true
        // Only the new lines are read: the others are as they were.
        read(from: firstNew)
        return added
    }

    /// Adds a line for the query feed `name` choosing `expression`, with `tags`; false when a query
    /// of that name is already listed. The name must not hold `:` (newsboat ends it there).
    @discardableResult
    public mutating func addQuery(name: String, expression: String, tags: [String] = []) -> Bool {
        guard !queries.contains(where: { $0.name == name }) else { return false }
        append(["query:\(name):\(expression)"] + tags.filter { !$0.isEmpty && Self.mark(of: $0) == nil })
        return true
    }

    /// Appends a line of `tokens`, quoted as the file writes them, ending as the file's lines end.
    private mutating func append(_ tokens: [String]) {
        let lineEnd = lines.last?.hasSuffix("\r") == true ? "\r" : ""
        lines.append(Substring(tokens.map(UrlsLine.written).joined(separator: " ") + lineEnd))
        endsWithNewline = true
        read()
    }

    /// Removes the query feed `name` (its lines) and returns it; nil when it is not listed.
    @discardableResult
    public mutating func removeQuery(name: String) -> QueryFeed? {
        guard let removed = queries.first(where: { $0.name == name }) else { return nil }
        let wasLast = lines.indices.last.map { queryName(onLine: $0) == name } ?? false
        lines = lines.indices.filter { queryName(onLine: $0) != name }.map { lines[$0] }
        if wasLast { endsWithNewline = true }
        read()
        return removed
    }

    /// Removes the feed at `url` (its line, and any later line listing it again, so that it does not
    /// come back on the next read) and returns it; nil when it is not listed.
    @discardableResult
    public mutating func remove(url: URL) -> Subscription? {
        guard let removed = subscriptions.first(where: { $0.url == url }) else { return nil }
        let wasLast = lines.indices.last.map { self.url(onLine: $0) == url } ?? false
        lines = lines.indices.filter { self.url(onLine: $0) != url }.map { lines[$0] }
        if wasLast { endsWithNewline = true }
        read()
        return removed
    }

    /// Moves the feed at `url` to `newURL` (a permanent redirect): its line keeps its tags, title,
    /// comment and spacing. When `newURL` is already listed, the feed's lines are removed instead.
    public mutating func replace(url: URL, with newURL: URL) {
        guard url != newURL, subscriptions.contains(where: { $0.url == url }) else { return }
        guard !subscriptions.contains(where: { $0.url == newURL }) else {
            remove(url: url)
            return
        }
        for index in lines.indices {
            guard let token = UrlsLine(readable(index)).tokens.first, URL(webAddress: token.text) == url
            else {
                continue
            }
            let line = lines[index]
            lines[index] =
                line[..<token.range.lowerBound] + UrlsLine.written(newURL.absoluteString)
                + line[token.range.upperBound...]
        }
        read()
    }

    // MARK: Reading

    /// Reads the lines from `start` on (from the first, all of them afresh).
    private mutating func read(from start: Int = 0) {
        passes += 1
        if start == 0 {
            subscriptions = []
            queries = []
            entries = []
            skipped = []
            lineOfURL = [:]
            lineOfQuery = [:]
        }
        for index in start..<lines.count {
            let tokens = UrlsLine(readable(index)).tokens
            guard let first = tokens.first else { continue }
            let tags = tokens.dropFirst().map(\.text)
            let reason: String
            switch Self.feed(first.text, tags: tags, line: index + 1) {
            case .success(.subscription(let subscription)):
                if let line = lineOfURL[subscription.url] {
                    reason = "The same feed as line \(line)."
                } else {
                    lineOfURL[subscription.url] = index + 1
                    subscriptions.append(subscription)
                    entries.append(.subscription(subscription))
                    continue
                }
            case .success(.query(let query)):
                if let line = lineOfQuery[query.name] {
                    reason = "The same query feed name as line \(line)."
                } else {
                    lineOfQuery[query.name] = index + 1
                    queries.append(query)
                    entries.append(.query(query))
                    continue
                }
            case .failure(let failure):
                reason = failure.reason
            }
            skipped.append(SkippedLine(line: index + 1, text: String(readable(index)), reason: reason))
        }
    }

    private struct LineFailure: Error {
        var reason: String
    }

    /// The feed a line's first token (and its tags) describe, or why there is none.
    private static func feed(_ first: String, tags: [String], line: Int) -> Result<Entry, LineFailure> {
        let lowercased = first.lowercased()
        let (title, kept) = titleAndTags(tags)
        if lowercased.hasPrefix("query:") {
            let rest = first.dropFirst("query:".count)
            guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex else {
                return .failure(LineFailure(reason: "A query feed is written query:NAME:EXPRESSION."))
            }
            let name = String(rest[..<colon])
            let text = String(rest[rest.index(after: colon)...])
            do {
                let expression = try FilterParser.parse(text)
                return .success(
                    .query(QueryFeed(name: name, text: text, expression: expression, tags: kept, line: line)))
            } catch {
                return .failure(LineFailure(reason: error.sentence))
            }
        }
        if lowercased.hasPrefix("exec:") {
            let command = String(first.dropFirst("exec:".count))
            guard !command.trimmingSpaces().isEmpty else {
                return .failure(LineFailure(reason: "An exec: feed needs a command: exec:COMMAND."))
            }
            return .success(.subscription(Subscription(source: .command(command), tags: kept, title: title)))
        }
        if lowercased.hasPrefix("filter:") {
            let rest = first.dropFirst("filter:".count)
            guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex,
                let target = URL(webAddress: String(rest[rest.index(after: colon)...]))
            else {
                return .failure(
                    LineFailure(
                        reason: "A filter: feed is written filter:COMMAND:URL, with an http or https URL."))
            }
            let command = String(rest[..<colon])
            return .success(
                .subscription(
                    Subscription(source: .filter(command: command, url: target), tags: kept, title: title)))
        }
        guard let url = URL(webAddress: first) else {
            return .failure(
                LineFailure(
                    reason: "“\(QuotedText.oneLine(first, limit: 200))” is not an http or https address."))
        }
        return .success(.subscription(Subscription(url: url, tags: kept, title: title)))
    }

    /// Line `index` as it is read: without a trailing `\r`, and without a byte order mark on line 1.
    private func readable(_ index: Int) -> Substring {
        var line = lines[index]
        if line.hasSuffix("\r") { line = line.dropLast() }
        if index == 0 && line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
        return line
    }

    /// The feed URL line `index` lists, read or skipped as a duplicate; nil for other lines.
    private func url(onLine index: Int) -> URL? {
        guard let first = UrlsLine(readable(index)).tokens.first else { return nil }
        if case .success(.subscription(let subscription)) = Self.feed(first.text, tags: [], line: index + 1) {
            return subscription.url
        }
        return nil
    }

    /// The name of the query feed line `index` lists; nil for other lines.
    private func queryName(onLine index: Int) -> String? {
        guard let first = UrlsLine(readable(index)).tokens.first, first.text.lowercased().hasPrefix("query:")
        else {
            return nil
        }
        let rest = first.text.dropFirst("query:".count)
        return rest.firstIndex(of: ":").map { String(rest[..<$0]) }
    }

    /// The title (the first `~` tag) and the other tags of a line: `!` tags are left out, and each
    /// other tag counts once.
    private static func titleAndTags(_ tags: [String]) -> (title: String?, tags: [String]) {
        var title: String?
        var kept: [String] = []
        for tag in tags {
            switch mark(of: tag) {
            case "~":
                if title == nil { title = String(tag.unicodeScalars.dropFirst()) }
            case nil:
                if !tag.isEmpty && !kept.contains(tag) { kept.append(tag) }
            default:
                break
            }
        }
        return (title?.isEmpty == true ? nil : title, kept)
    }

    /// `~` (a title) or `!` (hidden) when the tag starts with one, read as newsboat reads it: on
    /// the first scalar, since `~` and a combining mark after it are one `Character`.
    private static func mark(of tag: String) -> Unicode.Scalar? {
        guard let first = tag.unicodeScalars.first, first == "~" || first == "!" else { return nil }
        return first
    }
}
