import FilterLanguage
import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// newsboat's killfile (`ignore-article`): rules, each for one feed or every feed, whose filter
/// expression names items to ignore as they arrive, evaluated in memory on each fetched document
/// before it is stored. In `download` mode an ignored item is left out of the document, so it is
/// never stored; in `display` mode it is stored and hidden (``FeedOutcome/hiddenItems``), so
/// removing the rule brings it back.
///
/// The feed's own attributes (`tags`, `feedtitle`, `rssurl`…) come from ``feeds``, so a rule can
/// name a tag (newsboat's killfile cannot). Most rules are plain words (`title =~ "sport"`), which
/// ``FilterRuleSet`` looks for together in one pass over each value.
public struct Killfile: Sendable {
    public struct Rule: Sendable {
        /// The feed's address as the urls file writes it; nil for every feed (`*`).
        public var feed: String?
        public var expression: FilterExpression

        public init(feed: String?, expression: FilterExpression) {
            self.feed = feed
            self.expression = expression
        }
    }

    public enum Mode: Sendable {
        case download
        case display
    }

    public var rules: [Rule]
    public var mode: Mode
    /// What the rules can say of each feed, by its subscription's address.
    public var feeds: [URL: FilterFeed]

    public init(rules: [Rule] = [], mode: Mode = .download, feeds: [URL: FilterFeed] = [:]) {
        self.rules = rules
        self.mode = mode
        self.feeds = feeds
    }

    public var isEmpty: Bool { rules.isEmpty }

    /// Applies the rules to `outcome`'s document, if it has one; returns how many items they
    /// ignored.
    @discardableResult
    public func apply(to outcome: inout FeedOutcome) -> Int {
        guard !rules.isEmpty, case .fetched(var document, let validators) = outcome.result else { return 0 }
        let subscription = outcome.subscription
        let feed =
            feeds[subscription.url]
            ?? FilterFeed(url: subscription.address, title: outcome.sourceName ?? "", tags: subscription.tags)
        let applicable = FilterRuleSet(
            rules.filter { $0.feed == nil || $0.feed == feed.url }.map(\.expression))
        guard !applicable.isEmpty else { return 0 }
        let now = outcome.attemptedAt.timeIntervalSince1970
        var ignored: Set<String> = []
        for item in document.items
        where applicable.anyMatches(Self.filterItem(item, feed: feed, arrivedAt: now), now: now) {
            ignored.insert(item.id)
        }
        guard !ignored.isEmpty else { return 0 }
        switch mode {
        case .download:
            document.items.removeAll { ignored.contains($0.id) }
            outcome.result = .fetched(document, validators: validators)
        case .display:
            outcome.hiddenItems = ignored
        }
        return ignored.count
    }

    /// An arriving item as the filter language sees it: unread, unsaved, dated (when it has no date)
    /// by its arrival, as the store will keep it.
    public static func filterItem(_ item: FeedItem, feed: FilterFeed, arrivedAt now: Double) -> FilterItem {
        FilterItem(
            title: item.title, link: item.link?.absoluteString ?? "", author: item.author ?? "",
            content: item.content ?? item.summary ?? "",
            date: (item.published ?? item.updated)?.timeIntervalSince1970 ?? now, unread: true, saved: false,
            guid: item.id, enclosureURL: item.enclosures.first?.url.absoluteString ?? "",
            enclosureType: item.enclosures.first?.type ?? "", feed: feed)
    }
}
