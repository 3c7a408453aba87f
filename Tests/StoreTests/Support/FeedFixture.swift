import Foundation
import NewsModels
import Testing

@testable import Store

/// Builds feeds, their items and the records a refresh would write.
enum FeedFixture {
    static func feedURL(_ name: String) -> URL {
        URL(string: "https://\(name).example.net/feed.xml")!
    }

    static func siteURL(_ name: String) -> URL {
        URL(string: "https://\(name).example.net/")!
    }

    /// An item with every field set; `hoursAgo` dates it.
    static func item(
        _ id: String, title: String? = nil, summary: String? = nil, hoursAgo: Double = 1,
        link: URL? = nil
    ) -> FeedItem {
        FeedItem(
            id: "urn:item:\(id)", title: title ?? "Item \(id)",
            link: link ?? URL(string: "https://site.example.net/posts/\(id)"), author: "A. Blogger",
            published: Fixture.epoch.addingTimeInterval(-hoursAgo * 3600),
            updated: Fixture.epoch.addingTimeInterval(-hoursAgo * 3600 + 60),
            summary: summary ?? "About \(id).", content: "The body of \(id) [1].",
            links: [URL(string: "https://elsewhere.example.org/\(id)")!],
            enclosures: [
                Enclosure(
                    url: URL(string: "https://cdn.example.net/\(id).mp3")!, type: "audio/mpeg", length: 1234)
            ],
            imageURL: URL(string: "https://cdn.example.net/\(id).jpg"))
    }

    /// `count` items named `prefix-0`, `prefix-1`, …, newest first.
    static func items(_ prefix: String, count: Int) -> [FeedItem] {
        (0..<count).map { item("\(prefix)-\($0)", hoursAgo: Double($0 + 1)) }
    }

    static func document(_ items: [FeedItem], title: String? = "The Feed", site: URL? = nil) -> FeedDocument {
        FeedDocument(format: .atom, title: title, siteURL: site, items: items)
    }

    /// A record of a 200 for the feed `name`.
    static func fetched(
        _ name: String, _ items: [FeedItem], at date: Date = Fixture.epoch, etag: String? = "\"1\"",
        sourceName: String? = nil, title: String? = "The Feed", site: URL? = nil, movedTo: URL? = nil
    ) -> FeedRecord {
        FeedRecord(
            url: feedURL(name), movedTo: movedTo, sourceName: sourceName ?? "Feed \(name)",
            outcome: .fetched(
                document(items, title: title, site: site),
                validators: FeedValidators(etag: etag, lastModified: "Fri, 15 Jan 2027 08:00:00 GMT")),
            attemptedAt: date)
    }

    static func notModified(_ name: String, at date: Date, etag: String? = nil) -> FeedRecord {
        FeedRecord(
            url: feedURL(name), sourceName: "Feed \(name)",
            outcome: .notModified(validators: etag.map { FeedValidators(etag: $0) }), attemptedAt: date)
    }

    static func failed(_ name: String, at date: Date, reason: String, retryAfter: Date? = nil) -> FeedRecord {
        FeedRecord(
            url: feedURL(name), sourceName: "Feed \(name)",
            outcome: .failed(reason: reason, retryAfter: retryAfter), attemptedAt: date)
    }
}

extension NewsStore {
    /// The items of the feed `name`, newest first.
    func items(of name: String, unreadOnly: Bool = false) async throws -> [StoredFeedItem] {
        try await feedItems(of: FeedFixture.feedURL(name), unreadOnly: unreadOnly)
    }

    /// The ids of the items of the feed `name`, newest first.
    func itemIDs(of name: String) async throws -> [String] {
        try await items(of: name).map(\.item.id)
    }

    /// Rows of `article`, feed items included.
    func articleRowCount() async throws -> Int {
        try await read { try Int.fetchOne($0, sql: "SELECT count(*) FROM article") ?? 0 }
    }
}
