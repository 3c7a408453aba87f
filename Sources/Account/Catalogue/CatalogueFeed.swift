import Feeds
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One feed of the catalogue: its subscription and what the store knows of it (nil before its
/// first refresh), with the service it comes from and the settings in force for it.
public struct CatalogueFeed: Sendable {
    public var subscription: Subscription
    public var stored: StoredFeedSummary?
    /// The feed service it comes from (its host), when it does.
    public var service: String?
    /// The settings in force for it (the config file's and its `[[feed]]` rules').
    public var settings: FeedRules.InForce?

    public init(
        subscription: Subscription, stored: StoredFeedSummary?, service: String? = nil,
        settings: FeedRules.InForce? = nil
    ) {
        self.subscription = subscription
        self.stored = stored
        self.service = service
        self.settings = settings
    }

    /// A rule's name for it, else the user's, else the feed's own, else its host (a command's
    /// feed: its line).
    public var title: String {
        settings?.rename ?? subscription.title ?? stored?.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? subscription.url.host ?? subscription.shownAddress
    }
}
