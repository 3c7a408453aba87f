import Configuration
import Feeds
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Subscribing in the urls file

extension Account {
    /// What subscribing to a feed in the urls file did.
    public enum Subscribed: Sendable {
        /// The file already lists the feed, at this address.
        case alreadyThere(URL)
        /// Written to the file, at the address the probe found (a web page gives the feed it
        /// announces), its first items stored.
        case added(Subscription, found: FeedProbe.Found, newItems: Int)
        /// The address gave no feed: why, in one sentence, passwords hidden. Nothing was written.
        case unreachable(String)
        /// The urls file could not be read or written: why, in one sentence.
        case fileFailed(String)
    }

    /// Subscribes to `asked` in `file`: the address is fetched first and only a feed that answers
    /// is written to the file (under its lock, so another command's change is kept), its items
    /// stored at once, so the feed is never listed without having been read.
    public func subscribe(_ asked: Subscription, in file: SubscriptionsFile, probe: FeedProbe) async
        -> Subscribed
    {
        let wanted = FeedAddress.comparable(asked.url)
        do {
            if let listed = try file.load().subscriptions.first(where: {
                FeedAddress.comparable($0.url) == wanted
            }) {
                return .alreadyThere(listed.url)
            }
        } catch {
            return .fileFailed(error.description)
        }
        let found: FeedProbe.Found
        switch await probe.probe(asked) {
        case .failure(let failure): return .unreachable(ShownAddress.hidingPasswords(in: failure.sentence))
        case .success(let success): found = success
        }
        var subscription = asked
        subscription.url = found.url
        do {
            guard try file.update({ file in file.add(subscription) }) else { return .alreadyThere(found.url) }
        } catch {
            return .fileFailed(error.description)
        }
        var stored = found.outcome
        stored.subscription = subscription
        let counts = (try? await StoreFeedStorage(store: store).write([stored]))?[subscription.url]
        return .added(subscription, found: found, newItems: counts?.new ?? found.document.items.count)
    }
}
