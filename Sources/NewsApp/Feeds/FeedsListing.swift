import Feeds
import Foundation
import Modules
import NewsModels
import Store
import TerminalText

/// `newsapp feeds`: every subscription with its title, address, tags, items, unread items, last
/// refresh and last error, then the lines of the urls file NewsApp skips.
struct FeedsListing {
    /// One feed: its subscription and what the store knows of it (nil before its first refresh).
    struct Entry {
        var subscription: Subscription
        var stored: StoredFeedSummary?
        /// The feed service it comes from (its host), when it does.
        var service: String? = nil

        /// The user's name for it, else the feed's own, else its host.
        var title: String {
            subscription.title ?? stored?.title.flatMap { $0.isEmpty ? nil : $0 } ?? subscription.url.host
                ?? subscription.url.absoluteString
        }
    }

    var file: String
    var entries: [Entry]
    var skipped: [UrlsFile.SkippedLine]

    // MARK: Text

    /// Where the feeds come from: "3 in FILE", and "2 synced with HOST" for each feed service's.
    static func origins(of entries: [Entry], file: String) -> String {
        let local = entries.filter { $0.service == nil }.count
        var services: [String: Int] = [:]
        for service in entries.compactMap(\.service) { services[service, default: 0] += 1 }
        let synced = services.sorted { $0.key < $1.key }.map { "\($0.value) synced with \($0.key)" }
        return (["\(local) in \(file)"] + synced).joined(separator: " · ")
    }

    func lines(width: Int, time: TimeFormatting) -> [StyledLine] {
        guard !entries.isEmpty else {
            var lines = [
                StyledLine("No feeds yet.", .strong),
                StyledLine(
                    "Add one with newsapp feeds add URL, or import a list with newsapp feeds import FILE "
                        + "(OPML or newsboat's urls file).", .muted),
            ]
            lines += skippedLines(width: width)
            return lines.flatMap { $0.wrapped(toWidth: width) }
        }
        var lines = StyledLine([
            Span("Feeds", .heading), Span(" · " + Self.origins(of: entries, file: file), .muted),
        ])
        .wrapped(toWidth: width)
        lines.append(.blank)
        let numberWidth = String(entries.count).count
        let indent = String(repeating: " ", count: numberWidth + 2)
        for (offset, entry) in entries.enumerated() {
            let number = String(offset + 1)
            let label = String(repeating: " ", count: numberWidth - number.count) + number + "  "
            var title = StyledLine(entry.title, .strong)
            title.append("  " + Self.counts(entry.stored), .muted)
            lines += StyledLine.hanging(Span(label, .accent), title, width: width)
            var address = StyledLine([Span(indent), Span(entry.subscription.url.absoluteString, .link)])
            if !entry.subscription.tags.isEmpty {
                address.append(" · " + entry.subscription.tags.joined(separator: ", "), .muted)
            }
            if let service = entry.service { address.append(" · synced with \(service)", .muted) }
            lines.append(address)
            lines += StyledLine.hanging(
                Span(indent), StyledLine(Self.refreshed(entry.stored, time: time), .muted), width: width)
            if let error = entry.stored?.lastError {
                lines += StyledLine.hanging(Span(indent), StyledLine("✗ " + error, .warning), width: width)
            } else if let warning = entry.stored?.lastWarning {
                lines += StyledLine.hanging(Span(indent), StyledLine("! " + warning, .warning), width: width)
            }
        }
        let skipped = skippedLines(width: width)
        if !skipped.isEmpty { lines.append(.blank) }
        return lines + skipped
    }

    private func skippedLines(width: Int) -> [StyledLine] {
        guard !skipped.isEmpty else { return [] }
        var lines = StyledLine("Skipped in \(file) (NewsApp does not read these lines):", .muted)
            .wrapped(toWidth: width)
        for line in skipped {
            lines += StyledLine.hanging(
                Span("  "), StyledLine("line \(line.line): \(line.text) — \(line.reason)", .muted),
                width: width)
        }
        return lines
    }

    static func counts(_ stored: StoredFeedSummary?) -> String {
        guard let stored else { return "not refreshed yet" }
        let items = stored.itemCount == 1 ? "1 item" : "\(Amount.grouped(stored.itemCount)) items"
        return "\(Amount.grouped(stored.unreadCount)) unread of \(items)"
    }

    static func refreshed(_ stored: StoredFeedSummary?, time: TimeFormatting) -> String {
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

    struct Document: Encodable {
        struct Feed: Encodable {
            var number: Int
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
            /// The feed service it comes from, null for the urls file's.
            var service: String?

            /// Absent values are written as `null`, so every feed has every key.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(number, forKey: .number)
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
                try container.encode(service, forKey: .service)
            }

            private enum CodingKeys: String, CodingKey {
                case number, url, title, tags, items, unread, lastRefresh, lastSuccess, lastError, lastWarning
                case retryAfter, service
            }
        }

        struct Skipped: Encodable {
            var line: Int
            var text: String
            var reason: String
        }

        var file: String
        var feeds: [Feed]
        var skipped: [Skipped]
    }

    var document: Document {
        Document(
            file: file,
            feeds: entries.enumerated().map { offset, entry in
                Document.Feed(
                    number: offset + 1, url: entry.subscription.url.absoluteString, title: entry.title,
                    tags: entry.subscription.tags, items: entry.stored?.itemCount ?? 0,
                    unread: entry.stored?.unreadCount ?? 0,
                    lastRefresh: entry.stored?.lastAttemptAt.map(Timestamp.format),
                    lastSuccess: entry.stored?.lastSuccessAt.map(Timestamp.format),
                    lastError: entry.stored?.lastError, lastWarning: entry.stored?.lastWarning,
                    retryAfter: entry.stored?.retryAfter.map(Timestamp.format), service: entry.service)
            },
            skipped: skipped.map { Document.Skipped(line: $0.line, text: $0.text, reason: $0.reason) })
    }
}
