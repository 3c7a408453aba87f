import Foundation
import NewsModels
import Store
import Sync
import TestSupport

@testable import Account

/// An account over a store in memory, and the sync's storage on the same store: what the
/// action tests start from.
struct MemoryAccount {
    let store: NewsStore
    let account: Account
    let storage: StoreSyncStorage

    init() throws {
        store = try NewsStore.inMemory()
        account = Account(store: store)
        storage = StoreSyncStorage(store: store)
    }
}

/// Articles, feeds and a feed service's items for the account's tests.
enum AccountFixtures {
    /// A NewsAPI article at `https://example.org/stored/NAME`.
    static func article(_ name: String) -> Article {
        Article(
            source: ArticleSource(id: "fixture-wire", name: "Fixture Wire"), author: "A. Writer",
            title: "Stored story \(name)", summary: "A summary of \(name).",
            url: URL(string: "https://example.org/stored/\(name)")!, publishedAt: Date())
    }

    /// The store file `name` in `folder`, opened.
    static func openStore(_ name: String = "news.sqlite", in folder: TemporaryDirectory) throws -> NewsStore {
        try NewsStore.open(at: folder.url.appendingPathComponent(name)).0
    }

    static let feed = URL(string: "https://feeds.example/space.xml")!

    /// The feed `url` recorded with the items `ids` (each linking to a page of its own).
    static func recordFeed(_ url: URL = feed, items ids: [String], in store: NewsStore) async throws {
        let items = ids.map {
            FeedItem(id: $0, title: "Item \($0)", link: URL(string: "https://site.example/\($0)")!)
        }
        _ = try await store.recordFeeds([
            FeedRecord(
                url: url, sourceName: "Space",
                outcome: .fetched(
                    FeedDocument(format: .rss, title: "Space", items: items), validators: .init()),
                attemptedAt: Date())
        ])
    }

    /// The feed's articles, newest first.
    static func articles(of url: URL = feed, in store: NewsStore) async throws -> [Article] {
        try await store.feedArticles(of: [url], limit: 100)
    }

    static let serviceFeed = ServiceFeed(
        streamID: "feed/1", url: URL(string: "https://service.example/feed.xml")!, title: "Synced",
        labels: ["News"])

    /// A feed service's feed with the items `1…count` (unread, unstarred), stored as a sync
    /// stores them.
    static func syncItems(_ count: Int, in storage: StoreSyncStorage) async throws -> [Article] {
        _ = try await storage.applySubscriptions([serviceFeed])
        let items = (1...count).map { index in
            ServiceItem(
                id: ItemID(Int64(index)), feed: serviceFeed.streamID,
                item: FeedItem(
                    id: "tag:service,\(index)", title: "Synced \(index)",
                    link: URL(string: "https://service.example/\(index)")!,
                    published: Date(timeIntervalSince1970: 1_700_000_000 + Double(index))),
                read: false, starred: false)
        }
        _ = try await storage.write(items, progress: nil)
        return try await articles(of: serviceFeed.url, in: storage.store)
    }
}
