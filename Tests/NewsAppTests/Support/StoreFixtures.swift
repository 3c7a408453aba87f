import Foundation
import NewsModels
import Store

/// A clock the test sets by hand.
final class ManualClock: Sendable {
    private let now: Locked<Date>

    init(_ start: Date = Date()) {
        now = Locked(start)
    }

    var date: Date {
        get { now.withLock { $0 } }
        set { now.withLock { $0 = newValue } }
    }

    var function: @Sendable () -> Date { { self.date } }
}

/// Stores filled with made-up articles, for tests of what the app does with a store it finds.
enum StoreFixtures {
    /// `https://example.org/stored/NAME`.
    static func url(_ name: String) -> URL {
        URL(string: "https://example.org/stored/\(name)")!
    }

    /// An article with words that make it findable: its title is "Stored story NAME about TOPIC".
    static func article(_ name: String, topic: String = "harbour", publishedAt: Date = Date()) -> Article {
        Article(
            source: ArticleSource(id: "fixture-wire", name: "Fixture Wire"), author: "A. Writer",
            title: "Stored story \(name) about \(topic)",
            summary: "A summary of \(name), which mentions the \(topic) twice: \(topic).",
            url: url(name), imageURL: URL(string: "https://example.org/stored/\(name).jpg"),
            publishedAt: publishedAt,
            content: "The body of \(name). "
                + String(repeating: "Words about the \(topic) and the town. ", count: 6),
            omittedCharacterCount: 1200)
    }

    /// Records `count` articles (`prefix-0`, `prefix-1`, …) in pages of `pageSize`, each page a
    /// search listing of its own, with `clock` at the time they were fetched.
    static func fill(
        _ store: NewsStore, prefix: String, count: Int, pageSize: Int = 100, topic: String = "harbour",
        publishedAt: Date = Date()
    ) async throws {
        var index = 0
        var pageNumber = 0
        while index < count {
            let articles = (index..<min(index + pageSize, count)).map {
                article(
                    "\(prefix)-\($0)", topic: topic, publishedAt: publishedAt.addingTimeInterval(-Double($0)))
            }
            let page = ArticlePage(articles: articles, totalResults: count, page: 1, pageSize: pageSize)
            try await store.record(
                page, for: .search(query: "\(prefix) \(pageNumber)", sort: .publishedAt, language: nil))
            index += articles.count
            pageNumber += 1
        }
    }
}
