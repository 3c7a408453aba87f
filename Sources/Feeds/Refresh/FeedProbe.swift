import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Checks an address before it is subscribed to, as `newsapp feeds add` does: asks for it once,
/// and when it gives a web page rather than a feed, follows the feed the page announces with
/// `<link rel="alternate">` (RSS, Atom or JSON Feed).
public struct FeedProbe: Sendable {
    public let fetcher: FeedFetcher

    public init(fetcher: FeedFetcher) {
        self.fetcher = fetcher
    }

    /// A feed found at an address.
    public struct Found: Sendable {
        /// The address to subscribe to: the feed's own after permanent redirects, or the one the
        /// page announced.
        public var url: URL
        /// The page the address gave, when the feed was found through it.
        public var page: URL?
        /// Other feeds the page announced, after the one taken.
        public var alternatives: [DiscoveredFeed]
        /// The answer, with the document, ready to be stored.
        public var outcome: FeedOutcome
        public var document: FeedDocument
    }

    /// The feed at `url`, or why there is none; `subscription` carries the tags and title to keep.
    public func probe(_ subscription: Subscription) async -> Result<Found, FeedFailure> {
        let first = await fetchPage(subscription.url)
        let answer: HTTPResponse
        switch first {
        case .failure(let failure): return .failure(failure)
        case .success(let response): answer = response
        }
        let started = fetcher.clock()
        var outcome = fetcher.read(answer, for: subscription, previous: nil, at: started)
        if case .fetched(let document, _) = outcome.result {
            let address = outcome.movedTo ?? subscription.url
            outcome.subscription.url = address
            outcome.movedTo = nil
            return .success(
                Found(url: address, page: nil, alternatives: [], outcome: outcome, document: document))
        }
        guard case .failed(let failure) = outcome.result else {
            return .failure(FeedFailure("The server answered \(answer.status) and no feed."))
        }
        guard failure.isWebPage else { return .failure(failure) }
        let announced = FeedDiscovery.feeds(
            inHTML: answer.body, contentType: answer.headers["Content-Type"], url: answer.url)
        guard let chosen = announced.first else {
            return .failure(FeedFailure("The address gives a web page that announces no feed."))
        }
        var feedSubscription = subscription
        feedSubscription.url = chosen.url
        let fetched = await fetcher.fetch(feedSubscription, state: nil)
        switch fetched.result {
        case .fetched(let document, _):
            var stored = fetched
            let address = fetched.movedTo ?? chosen.url
            stored.subscription.url = address
            stored.movedTo = nil
            return .success(
                Found(
                    url: address, page: answer.url, alternatives: Array(announced.dropFirst()),
                    outcome: stored,
                    document: document))
        case .failed(let failure):
            return .failure(
                FeedFailure(
                    "The page announces the feed \(chosen.url.shownAddress), but: \(failure.sentence)"))
        case .notModified, .skipped:
            return .failure(
                FeedFailure("The page announces the feed \(chosen.url.shownAddress), which did not answer.")
            )
        }
    }

    private func fetchPage(_ url: URL) async -> Result<HTTPResponse, FeedFailure> {
        do {
            return .success(try await fetcher.http.fetch(fetcher.request(for: url, validators: nil)))
        } catch {
            return .failure(.transport(error, timeout: fetcher.timeout))
        }
    }
}
