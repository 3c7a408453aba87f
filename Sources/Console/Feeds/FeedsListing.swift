import Account
import Configuration
import Feeds
import Modules
import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp feeds`: every feed with its title, address, tags, items, unread items, last refresh and
/// last error (a query feed with its expression and counts), then the lines of the urls file
/// NewsApp skips.
public struct FeedsListing {
    public var file: String
    public var lines: [Catalogue.Line]
    public var skipped: [UrlsFile.SkippedLine]

    // MARK: Text

    /// Where the feeds come from: "3 in FILE", and "2 synced with HOST" for each feed service's.
    public static func origins(of lines: [Catalogue.Line], file: String) -> String {
        let services = lines.compactMap { line -> String? in
            if case .feed(let entry) = line { entry.service } else { nil }
        }
        let local = lines.count - services.count
        var counts: [String: Int] = [:]
        for service in services { counts[service, default: 0] += 1 }
        let synced = counts.sorted { $0.key < $1.key }.map { "\($0.value) synced with \($0.key)" }
        return (["\(local) in \(file)"] + synced).joined(separator: " · ")
    }

    public func lines(width: Int, time: TimeFormatting) -> [StyledLine] {
        guard !lines.isEmpty else {
            var lines = [
                StyledLine("No feeds yet.", .strong),
                StyledLine(
                    "Add one with newsapp feeds add URL, or import a list with newsapp feeds import FILE "
                        + "(OPML or newsboat's urls file).", .muted),
            ]
            lines += skippedLines(width: width)
            return lines.flatMap { $0.wrapped(toWidth: width) }
        }
        var result = StyledLine([
            Span("Feeds", .heading), Span(" · " + Self.origins(of: lines, file: file), .muted),
        ]).wrapped(toWidth: width)
        result.append(.blank)
        let numberWidth = String(lines.count).count
        let indent = String(repeating: " ", count: numberWidth + 2)
        for (offset, line) in lines.enumerated() {
            let number = String(offset + 1)
            let label = String(repeating: " ", count: numberWidth - number.count) + number + "  "
            switch line {
            case .feed(let entry):
                var title = StyledLine(entry.title, .strong)
                title.append("  " + Self.counts(entry.stored), .muted)
                result += StyledLine.hanging(Span(label, .accent), title, width: width)
                var address = StyledLine([Span(indent), Span(entry.subscription.shownAddress, .link)])
                if !entry.subscription.tags.isEmpty {
                    address.append(" · " + entry.subscription.tags.joined(separator: ", "), .muted)
                }
                if let service = entry.service { address.append(" · synced with \(service)", .muted) }
                result.append(address)
                result += StyledLine.hanging(
                    Span(indent), StyledLine(Self.refreshed(entry.stored, time: time), .muted), width: width)
                if let error = entry.stored?.lastError {
                    result += StyledLine.hanging(
                        Span(indent), StyledLine("✗ " + ShownAddress.hidingPasswords(in: error), .warning),
                        width: width)
                } else if let warning = entry.stored?.lastWarning {
                    result += StyledLine.hanging(
                        Span(indent), StyledLine("! " + warning, .warning), width: width)
                }
            case .query(let entry):
                var title = StyledLine(entry.query.name, .strong)
                let items = entry.items == 1 ? "1 item" : "\(Amount.grouped(entry.items)) items"
                title.append("  \(Amount.grouped(entry.unread)) unread of \(items)", .muted)
                result += StyledLine.hanging(Span(label, .accent), title, width: width)
                var query = StyledLine([Span("query: ", .muted), Span(entry.query.text)])
                if !entry.query.tags.isEmpty {
                    query.append(" · " + entry.query.tags.joined(separator: ", "), .muted)
                }
                result += StyledLine.hanging(Span(indent), query, width: width)
            }
        }
        let skipped = skippedLines(width: width)
        if !skipped.isEmpty { result.append(.blank) }
        return result + skipped
    }

    private func skippedLines(width: Int) -> [StyledLine] {
        guard !skipped.isEmpty else { return [] }
        var lines = StyledLine("Skipped in \(file) (NewsApp does not read these lines):", .muted)
            .wrapped(toWidth: width)
        for line in skipped {
            lines += StyledLine.hanging(
                Span("  "),
                StyledLine(
                    "line \(line.line): \(ShownAddress.hidingPasswords(in: line.text)) — \(line.reason)",
                    .muted),
                width: width)
        }
        return lines
    }

    public static func counts(_ stored: StoredFeedSummary?) -> String {
        guard let stored else { return "not refreshed yet" }
        let items = stored.itemCount == 1 ? "1 item" : "\(Amount.grouped(stored.itemCount)) items"
        return "\(Amount.grouped(stored.unreadCount)) unread of \(items)"
    }

    public static func refreshed(_ stored: StoredFeedSummary?, time: TimeFormatting) -> String {
        guard let stored, let attempt = stored.lastAttemptAt else { return "never refreshed" }
        var text = "refreshed \(time.relative(attempt))"
        if stored.lastError != nil {
            text = "last tried \(time.relative(attempt))"
            if let success = stored.lastSuccessAt { text += ", last read \(time.relative(success))" }
        }
        if let wait = stored.retryAfter, wait > time.now {
            text += " · the server asked to wait until \(time.absolute(wait))"
        }
        return text
    }

    // MARK: JSON

    public struct Document: Encodable {
        public struct Feed: Encodable {
            var number: Int
            /// `web`, `exec`, `filter` or `query`.
            var kind: String
            /// The address as the urls file writes it (`exec:…`, `filter:…`, `query:NAME:EXPRESSION`).
            var url: String
            var title: String
            var tags: [String]
            var items: Int
            var unread: Int
            var lastRefresh: String?
            var lastSuccess: String?
            var lastError: String?
            var lastWarning: String?
            var retryAfter: String?
            /// The settings in force; null for a query feed.
            var settings: Settings?
            /// The feed service it comes from, null for the urls file's.
            var service: String?

            struct Settings: Encodable {
                /// Minutes.
                var refreshInterval: Int
                var fullText: String
                var maxItems: Int
                var images: String
                /// The name a `[[feed]]` rule gives it, null when none does.
                var rename: String?

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(refreshInterval, forKey: .refreshInterval)
                    try container.encode(fullText, forKey: .fullText)
                    try container.encode(maxItems, forKey: .maxItems)
                    try container.encode(images, forKey: .images)
                    try container.encode(rename, forKey: .rename)
                }

                private enum CodingKeys: String, CodingKey {
                    case refreshInterval, fullText, maxItems, images, rename
                }
            }

            /// Absent values are written as `null`, so every feed has every key.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(number, forKey: .number)
                try container.encode(kind, forKey: .kind)
                try container.encode(url, forKey: .url)
                try container.encode(title, forKey: .title)
                try container.encode(tags, forKey: .tags)
                try container.encode(items, forKey: .items)
                try container.encode(unread, forKey: .unread)
                try container.encode(lastRefresh, forKey: .lastRefresh)
                try container.encode(lastSuccess, forKey: .lastSuccess)
                try container.encode(lastError, forKey: .lastError)
                try container.encode(lastWarning, forKey: .lastWarning)
                try container.encode(retryAfter, forKey: .retryAfter)
                try container.encode(settings, forKey: .settings)
                try container.encode(service, forKey: .service)
            }

            private enum CodingKeys: String, CodingKey {
                case number, kind, url, title, tags, items, unread, lastRefresh, lastSuccess, lastError,
                    lastWarning
                case retryAfter, settings, service
            }
        }

        public struct Skipped: Encodable {
            var line: Int
            var text: String
            var reason: String
        }

        public var file: String
        public var feeds: [Feed]
        public var skipped: [Skipped]
    }

    public var document: Document {
        Document(
            file: file,
            feeds: lines.enumerated().map { offset, line in
                switch line {
                case .feed(let entry):
                    return Document.Feed(
                        number: offset + 1, kind: Self.kind(entry.subscription),
                        url: entry.subscription.shownAddress,
                        title: entry.title, tags: entry.subscription.tags,
                        items: entry.stored?.itemCount ?? 0,
                        unread: entry.stored?.unreadCount ?? 0,
                        lastRefresh: entry.stored?.lastAttemptAt.map(Timestamp.format),
                        lastSuccess: entry.stored?.lastSuccessAt.map(Timestamp.format),
                        lastError: entry.stored?.lastError.map { ShownAddress.hidingPasswords(in: $0) },
                        lastWarning: entry.stored?.lastWarning,
                        retryAfter: entry.stored?.retryAfter.map(Timestamp.format),
                        settings: entry.settings.map {
                            Document.Feed.Settings(
                                refreshInterval: $0.refreshInterval, fullText: $0.fullText.rawValue,
                                maxItems: $0.maxItems, images: $0.images.rawValue, rename: $0.rename)
                        }, service: entry.service)
                case .query(let entry):
                    return Document.Feed(
                        number: offset + 1, kind: "query", url: entry.query.address, title: entry.query.name,
                        tags: entry.query.tags, items: entry.items, unread: entry.unread)
                }
            },
            skipped: skipped.map {
                Document.Skipped(
                    line: $0.line, text: ShownAddress.hidingPasswords(in: $0.text), reason: $0.reason)
            })
    }

    private static func kind(_ subscription: Subscription) -> String {
        switch subscription.source {
        case .web: "web"
        case .command: "exec"
        case .filter: "filter"
        }
    }
}
