import Configuration
import Feeds
import Modules
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The config file's `[[feed]]` rules over the subscriptions: for each feed, the settings in force
/// and where each came from. A rule names feeds by address (as the urls file writes it), by title
/// (the user's `~Title`, else the feed's own) or by tag; the most specific rule that sets a value
/// wins (address, then title, then tag, then the first such rule in the file), and what no rule
/// sets is the config file's own setting.
public struct FeedRules: Sendable {
    public let rules: [FeedRule]
    public let defaults: FeedSettings
    public let fullText: FullTextMode
    public let images: ImagesChoice

    /// The settings in force for one feed.
    public struct InForce: Sendable, Equatable {
        public var refreshInterval: Int
        public var fullText: FullTextMode
        public var maxItems: Int
        public var images: ImagesChoice
        /// The name a rule gives it; nil when none does.
        public var rename: String?

        public init(
            refreshInterval: Int, fullText: FullTextMode, maxItems: Int, images: ImagesChoice,
            rename: String? = nil
        ) {
            self.refreshInterval = refreshInterval
            self.fullText = fullText
            self.maxItems = maxItems
            self.images = images
            self.rename = rename
        }
    }

    public init(settings: Settings) {
        self.init(feeds: settings.feeds, fullText: settings[\.fullText], images: settings[\.images])
    }

    public init(feeds: FeedSettings, fullText: FullTextMode = .auto, images: ImagesChoice = .auto) {
        rules = feeds.rules
        defaults = feeds
        self.fullText = fullText
        self.images = images
    }

    /// The settings in force for `subscription`, whose shown title (before any rename) is `title`.
    public func settings(for subscription: Subscription, title: String) -> InForce {
        let matching = rules.enumerated().filter { _, rule in
            switch rule.selector {
            case .url(let address):
                address == subscription.address || address == subscription.url.absoluteString
            case .title(let name): name == title
            case .tag(let tag): subscription.tags.contains(tag)
            }
        }.sorted { ($0.element.selector.rank, $0.offset) < ($1.element.selector.rank, $1.offset) }.map(
            \.element)
        return InForce(
            refreshInterval: matching.lazy.compactMap(\.refreshInterval).first ?? defaults.refreshInterval,
            fullText: matching.lazy.compactMap(\.fullText).first ?? fullText,
            maxItems: matching.lazy.compactMap(\.maxItems).first ?? defaults.maxItemsPerFeed,
            images: matching.lazy.compactMap(\.images).first ?? images,
            rename: matching.lazy.compactMap(\.rename).first)
    }

    /// `subscription` with the name a rule gives it, if any.
    public func renamed(_ subscription: Subscription, title: String) -> Subscription {
        guard let rename = settings(for: subscription, title: title).rename else { return subscription }
        var renamed = subscription
        renamed.title = rename
        return renamed
    }

    public var isEmpty: Bool { rules.isEmpty }
}
