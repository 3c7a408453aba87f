import Account
import Configuration
import Feeds
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - The feed service's feeds beside the urls file's

extension FeedCommands {
    /// The account's service, when sync is on.
    public var sync: SyncService? {
        SyncService.standard(
            environment: context.environment, store: context.store, settings: context.settings.feeds,
            subscriptions: context.subscriptions, logger: context.logger,
            warn: { StandardError.write("newsapp: " + $0) })
    }

    /// The service's feeds that the urls file does not list, in the order `newsapp feeds` numbers
    /// them after the file's lines.
    public static func serviceOnly(_ listed: [ListedFeed], _ file: UrlsFile) -> [Subscription] {
        let local = Set(file.subscriptions.map(\.url))
        return listed.filter { $0.fromService && !local.contains($0.subscription.url) }.map(\.subscription)
    }

    /// The feed `selector` names among the urls file's lines and, after them, the service's feeds
    /// the file does not list; a feed in both is the service's (with its labels).
    public static func resolve(_ selector: FeedSelector, in file: UrlsFile, listed: [ListedFeed])
        -> Result<UrlsFile.Entry, SubscriptionsFile.Failure>
    {
        let extra = serviceOnly(listed, file)
        let lineCount = file.entries.count
        if let number = Int(selector.text), number > lineCount {
            guard number <= lineCount + extra.count else {
                let total = lineCount + extra.count
                let range =
                    total == 0 ? "there are no feeds yet" : total == 1 ? "choose 1" : "choose 1–\(total)"
                return .failure(.init(description: "There is no feed \(number): \(range)."))
            }
            return .success(.subscription(extra[number - lineCount - 1]))
        }
        switch selector.resolve(in: file) {
        case .success(.subscription(let found)):
            let synced = listed.first { $0.fromService && $0.subscription.url == found.url }
            return .success(.subscription(synced?.subscription ?? found))
        case .success(let other):
            return .success(other)
        case .failure(let failure):
            guard Int(selector.text) == nil, case .success(let found) = selector.resolve(in: extra) else {
                return .failure(failure)
            }
            return .success(.subscription(found))
        }
    }

    /// The urls file's feeds and, with sync on, the service's, in the order `newsapp feeds`
    /// numbers them.
    public func listed(_ file: UrlsFile) async -> [ListedFeed]? {
        guard sync != nil else {
            return file.subscriptions.map { ListedFeed(subscription: $0, fromService: false) }
        }
        do {
            return ListedFeed.merging(file.subscriptions, try await context.store.syncedFeeds())
        } catch {
            FeedsContext.fail(error.sentence)
            return nil
        }
    }
}
