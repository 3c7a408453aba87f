import Feeds
import Foundation
import NewsModels
import Store
import Testing

@testable import Account

/// The refresh engine's storage over a real store: what a refresh writes is what the next one
/// asks with.
@Suite struct StoreFeedStorageTests {
    let store: NewsStore
    let storage: StoreFeedStorage

    init() throws {
        store = try NewsStore.inMemory()
        storage = StoreFeedStorage(store: store)
    }

    static let when = Date(timeIntervalSince1970: 1_800_000_000)

    static func outcome(_ url: URL, _ result: FeedOutcome.Result) -> FeedOutcome {
        FeedOutcome(subscription: Subscription(url: url), result: result, attemptedAt: when)
    }

    @Test func fetchedNotModifiedFailedAndSkippedFeeds() async throws {
        let fetched = try #require(URL(string: "https://a.example/feed"))
        let failed = try #require(URL(string: "https://b.example/feed"))
        let skipped = try #require(URL(string: "https://c.example/feed"))
        let document = FeedDocument(
            format: .rss, title: "A",
            items: [FeedItem(id: "1", title: "One"), FeedItem(id: "2", title: "Two")])
        let retry = Self.when.addingTimeInterval(3600)
        let counts = try await storage.write([
            Self.outcome(fetched, .fetched(document, validators: FeedValidators(etag: "\"v1\""))),
            Self.outcome(failed, .failed(FeedFailure("The feed is gone.", retryAfter: retry))),
            Self.outcome(skipped, .skipped(until: retry)),
        ])
        #expect(counts[fetched]?.new == 2)
        #expect(counts[skipped] == nil)
        var states = try await storage.states(for: [fetched, failed, skipped])
        #expect(states[fetched]?.validators.etag == "\"v1\"")
        #expect(states[failed]?.retryAfter == retry)
        #expect(states[skipped] == nil)
        #expect(try await store.feedSummaries(for: [failed]).first?.lastError == "The feed is gone.")

        _ = try await storage.write([
            Self.outcome(fetched, .notModified(validators: FeedValidators(etag: "\"v2\"")))
        ])
        states = try await storage.states(for: [fetched])
        #expect(states[fetched]?.validators.etag == "\"v2\"")
    }

    @Test func aStoreFailureIsTheRefreshsError() async throws {
        try store.close()
        let url = try #require(URL(string: "https://a.example/feed"))
        await #expect(throws: FeedStorageError.self) { _ = try await storage.states(for: [url]) }
        await #expect(throws: FeedStorageError.self) {
            _ = try await storage.write([Self.outcome(url, .notModified(validators: nil))])
        }
    }
}
