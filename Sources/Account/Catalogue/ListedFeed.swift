import Feeds
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed as the lists show it: a subscription of the urls file, or a feed service's feed.
public struct ListedFeed: Sendable, Equatable {
    public var subscription: Subscription
    public var fromService: Bool

    public init(subscription: Subscription, fromService: Bool) {
        self.subscription = subscription
        self.fromService = fromService
    }

    /// The urls file's subscriptions in its order, then the service's feeds; a feed in both is
    /// the service's (its labels are its tags), where the urls file lists it.
    public static func merging(_ local: [Subscription], _ service: [SyncedFeed]) -> [ListedFeed] {
        let byURL = Dictionary(service.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        var listed = local.map { subscription in
            guard let synced = byURL[subscription.url] else {
                return ListedFeed(subscription: subscription, fromService: false)
            }
            return ListedFeed(subscription: Self.subscription(synced), fromService: true)
        }
        let local = Set(local.map(\.url))
        listed += service.filter { !local.contains($0.url) }.map {
            ListedFeed(subscription: Self.subscription($0), fromService: true)
        }
        return listed
    }

    private static func subscription(_ feed: SyncedFeed) -> Subscription {
        Subscription(url: feed.url, tags: feed.labels, title: nil)
    }
}
