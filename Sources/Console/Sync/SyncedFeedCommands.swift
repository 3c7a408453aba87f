import Account
import Configuration
import Feeds
import Logging
import NewsModels
import Store
import Sync
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp feeds add` and `feeds remove` with sync on: the subscription is made or ended at the
/// service (`subscription/quickadd`, then each tag as a label; `subscription/edit` to
/// unsubscribe), then a sync brings the change and the feed's items here.
public struct SyncedFeedCommands {
    public let context: FeedsContext
    public let sync: SyncService

    public func add(_ url: URL, tags: [String], title: String?) async -> Int32 {
        // The service would subscribe to whatever it is given (`not-a-url` as https://not-a-url).
        guard let host = url.host, host.contains(".") || host.contains(":") || host == "localhost" else {
            FeedsContext.fail(
                "“\(url.host ?? url.absoluteString)” is not a feed's address: give its http or https address."
            )
            return 2
        }
        let wanted = FeedAddress.comparable(url)
        if let known = (try? await context.store.syncedFeeds())?.first(where: {
            FeedAddress.comparable($0.url) == wanted
        }) {
            StandardOutput.write(
                TextSanitizer.clean(
                    "Already subscribed at \(sync.account.serviceName): \(known.url.absoluteString)") + "\n")
            return 0
        }
        let client = sync.subscriptionEditor
        let subscribed: (streamID: String, title: String?)
        do {
            subscribed = try await client.subscribe(to: url)
            for tag in FeedCommands.uniqued(tags) {
                try await client.edit(subscribed.streamID, addLabel: tag)
            }
            if let title { try await client.edit(subscribed.streamID, addLabel: nil, title: title) }
        } catch {
            context.logger.warning(
                "subscribing at the service failed",
                metadata: ["service": "\(sync.account.serviceName)", "reason": "\(error.sentence)"])
            FeedsContext.fail("\(url.absoluteString): \(error.sentence) Nothing was added.")
            return 1
        }
        let report = await sync.run()
        let feed = (try? await context.store.syncedFeeds())?.first { $0.streamID == subscribed.streamID }
        let name = title ?? feed?.title ?? subscribed.title ?? url.host ?? url.absoluteString
        var lines = [
            "Subscribed at \(sync.account.serviceName): “\(name)” (\((feed?.url ?? url).absoluteString))"
        ]
        if let feed, let summary = try? await context.store.feedSummaries(for: [feed.url]).first {
            lines[0] += " · " + FeedCommands.items(summary.itemCount)
        }
        if !tags.isEmpty {
            // What the service kept: FreshRSS keeps one category a feed, the last one given.
            let kept = feed?.labels ?? []
            var line = "Labels: " + (kept.isEmpty ? "none" : kept.joined(separator: ", "))
            let dropped = FeedCommands.uniqued(tags).filter { !kept.contains($0) }
            if !dropped.isEmpty, feed != nil {
                line += " (\(sync.account.serviceName) did not keep \(dropped.joined(separator: ", ")))"
            }
            lines.append(line)
        }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        if let error = report.error {
            FeedsContext.fail(
                "The feed is subscribed, but the sync that brings its items stopped: \(error.sentence)")
        }
        return 0
    }

    public func remove(_ subscription: Subscription, alsoLocal: Bool) async -> Int32 {
        let feeds = (try? await context.store.syncedFeeds()) ?? []
        guard let feed = feeds.first(where: { $0.url == subscription.url }) else {
            FeedsContext.fail("\(subscription.url.absoluteString) is not among the service's feeds.")
            return 1
        }
        do {
            try await sync.subscriptionEditor.unsubscribe(feed.streamID)
        } catch {
            FeedsContext.fail("\(subscription.url.absoluteString): \(error.sentence) Nothing was removed.")
            return 1
        }
        if alsoLocal {
            do {
                try context.subscriptions.update { file in _ = file.remove(url: subscription.url) }
            } catch {
                FeedsContext.fail(error.description)
            }
        }
        do {
            try await context.account.unsubscribe(from: subscription.url)
        } catch {
            FeedsContext.fail(error.sentence)
        }
        let name = feed.title ?? subscription.url.host ?? subscription.url.absoluteString
        StandardOutput.write(
            TextSanitizer.clean(
                "Unsubscribed at \(sync.account.serviceName) from “\(name)” (\(subscription.url.absoluteString)); "
                    + "its saved items stay in saved.") + "\n")
        return 0
    }
}
