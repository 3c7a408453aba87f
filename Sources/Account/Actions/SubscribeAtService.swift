import Configuration
import Feeds
import Store
import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Subscribing and unsubscribing at the feed service

extension Account {
    /// A subscription made at the feed service, as the sync after it brought it here.
    public struct ServiceSubscription: Sendable {
        /// The feed's address as the service gives it.
        public var url: URL
        /// The title asked for, else the service's, else the host.
        public var name: String
        /// The labels the service kept; nil when the sync did not bring the feed.
        public var labels: [String]?
        /// Its items stored here; nil when the sync did not bring the feed.
        public var itemCount: Int?
        /// Why the sync after subscribing stopped, when it did: the subscription stands.
        public var syncError: SyncError?
    }

    /// What subscribing at the service did.
    public enum SubscribedAtService: Sendable {
        /// The service's feeds include it already, at this address.
        case alreadyThere(URL)
        /// The service refused, in one sentence: nothing was subscribed.
        case refused(String)
        case subscribed(ServiceSubscription)
    }

    /// Subscribes to `url` at `sync`'s service, puts it under each of `labels` and names it
    /// `title` when given, then syncs, so the feed and its items are here when this returns.
    public func subscribe(at sync: SyncService, to url: URL, labels: [String], title: String?) async
        -> SubscribedAtService
    {
        let wanted = FeedAddress.comparable(url)
        if let known = (try? await store.syncedFeeds())?.first(where: {
            FeedAddress.comparable($0.url) == wanted
        }) {
            return .alreadyThere(known.url)
        }
        let editor = sync.subscriptionEditor
        let subscribed: (streamID: String, title: String?)
        do {
            subscribed = try await editor.subscribe(to: url)
            for label in labels { try await editor.edit(subscribed.streamID, addLabel: label) }
            if let title { try await editor.edit(subscribed.streamID, addLabel: nil, title: title) }
        } catch {
            return .refused(error.sentence)
        }
        let report = await sync.run()
        let feed = (try? await store.syncedFeeds())?.first { $0.streamID == subscribed.streamID }
        var itemCount: Int?
        if let feed { itemCount = (try? await store.feedSummaries(for: [feed.url]).first)?.itemCount }
        return .subscribed(
            ServiceSubscription(
                url: feed?.url ?? url,
                name: title ?? feed?.title ?? subscribed.title ?? url.host ?? url.absoluteString,
                labels: feed?.labels, itemCount: itemCount, syncError: report.error))
    }

    /// What unsubscribing at the service did.
    public enum UnsubscribedAtService: Sendable {
        /// The service's feeds do not include it.
        case notThere
        /// The service refused, in one sentence: nothing was removed.
        case refused(String)
        /// Unsubscribed there and forgotten here (its saved items stay); `name` is its title.
        /// A failure to take it out of the urls file or the store afterwards is one sentence each.
        case unsubscribed(name: String, problems: [String])
    }

    /// Ends the subscription to `url` at `sync`'s service, takes it out of `file` too when given
    /// (a feed listed in both), and forgets it in the store but for its saved items.
    public func unsubscribe(at sync: SyncService, from url: URL, alsoFrom file: SubscriptionsFile?) async
        -> UnsubscribedAtService
    {
        guard let feed = (try? await store.syncedFeeds())?.first(where: { $0.url == url }) else {
            return .notThere
        }
        do {
            try await sync.subscriptionEditor.unsubscribe(feed.streamID)
        } catch {
            return .refused(error.sentence)
        }
        var problems: [String] = []
        if let file {
            do {
                try file.update { file in _ = file.remove(url: url) }
            } catch {
                problems.append(error.description)
            }
        }
        do {
            try await unsubscribe(from: url)
        } catch {
            problems.append(error.sentence)
        }
        return .unsubscribed(name: feed.title ?? url.host ?? url.absoluteString, problems: problems)
    }
}
