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
        let made: Account.ServiceSubscription
        switch await context.account.subscribe(
            at: sync, to: url, labels: FeedCommands.uniqued(tags), title: title)
        {
        case .alreadyThere(let known):
            StandardOutput.write(
                TextSanitizer.clean(
                    "Already subscribed at \(sync.account.serviceName): \(known.absoluteString)")
                    + "\n")
            return 0
        case .refused(let sentence):
            context.logger.warning(
                "subscribing at the service failed",
                metadata: ["service": "\(sync.account.serviceName)", "reason": "\(sentence)"])
            FeedsContext.fail("\(url.absoluteString): \(sentence) Nothing was added.")
            return 1
        case .subscribed(let subscription):
            made = subscription
        }
        var lines = ["Subscribed at \(sync.account.serviceName): “\(made.name)” (\(made.url.absoluteString))"]
        if let count = made.itemCount { lines[0] += " · " + FeedCommands.items(count) }
        if !tags.isEmpty {
            // What the service kept: FreshRSS keeps one category a feed, the last one given.
            let kept = made.labels ?? []
            var line = "Labels: " + (kept.isEmpty ? "none" : kept.joined(separator: ", "))
            let dropped = FeedCommands.uniqued(tags).filter { !kept.contains($0) }
            if !dropped.isEmpty, made.labels != nil {
                line += " (\(sync.account.serviceName) did not keep \(dropped.joined(separator: ", ")))"
            }
            lines.append(line)
        }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        if let error = made.syncError {
            FeedsContext.fail(
                "The feed is subscribed, but the sync that brings its items stopped: \(error.sentence)")
        }
        return 0
    }

    public func remove(_ subscription: Subscription, alsoLocal: Bool) async -> Int32 {
        let name: String
        switch await context.account.unsubscribe(
            at: sync, from: subscription.url, alsoFrom: alsoLocal ? context.subscriptions : nil)
        {
        case .notThere:
            FeedsContext.fail("\(subscription.url.absoluteString) is not among the service's feeds.")
            return 1
        case .refused(let sentence):
            FeedsContext.fail("\(subscription.url.absoluteString): \(sentence) Nothing was removed.")
            return 1
        case .unsubscribed(let title, let problems):
            for problem in problems { FeedsContext.fail(problem) }
            name = title
        }
        StandardOutput.write(
            TextSanitizer.clean(
                "Unsubscribed at \(sync.account.serviceName) from “\(name)” (\(subscription.url.absoluteString)); "
                    + "its saved items stay in saved.") + "\n")
        return 0
    }
}
