import Foundation
import NewsModels
import Testing

@testable import Store

/// A directory of its own under the system's temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("StoreTests-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `news.sqlite` in this directory.
    var storeURL: URL { url.appendingPathComponent("news.sqlite") }

    /// The names of the files in this directory, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let now: Locked<Date>

    /// 2027-01-15 08:00:00 UTC: whole seconds, so dates survive the store exactly.
    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        now = Locked(start)
    }

    var date: Date { now.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        now.withLock { $0 += seconds }
    }

    var function: @Sendable () -> Date { { self.date } }
}

/// Builds articles with predictable fields.
enum Fixture {
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    static func url(_ name: String) -> URL {
        URL(string: "https://example.org/news/\(name)")!
    }

    static func article(
        _ name: String,
        title: String? = nil,
        summary: String? = nil,
        content: String? = nil,
        source: String = "Example Wire",
        hoursAgo: Double = 1
    ) -> Article {
        Article(
            source: ArticleSource(id: "example-wire", name: source), author: "A. Writer",
            title: title ?? "Story \(name)", summary: summary ?? "About \(name).", url: url(name),
            imageURL: URL(string: "https://example.org/images/\(name).jpg"),
            publishedAt: epoch.addingTimeInterval(-hoursAgo * 3600), content: content,
            omittedCharacterCount: content == nil ? nil : 1200)
    }

    /// `count` articles named `prefix-0`, `prefix-1`, …, newest first.
    static func articles(_ prefix: String, count: Int) -> [Article] {
        (0..<count).map { article("\(prefix)-\($0)", hoursAgo: Double($0 + 1)) }
    }

    static func page(
        _ articles: [Article], page: Int = 1, pageSize: Int = 20, totalResults: Int? = nil
    ) -> ArticlePage {
        ArticlePage(
            articles: articles, totalResults: totalResults ?? articles.count, page: page, pageSize: pageSize)
    }

    static let science = ListingKey.headlines(country: "us", category: .science)
    static let business = ListingKey.headlines(country: "us", category: .business)
    static let allHeadlines = ListingKey.headlines(country: "us", category: nil)

    static func searchKey(_ query: String, sort: ArticleSortOrder = .publishedAt) -> ListingKey {
        .search(query: query, sort: sort, language: "en")
    }
}

extension NewsStore {
    /// An in-memory store on `clock`.
    static func testing(_ clock: TestClock = TestClock()) throws -> NewsStore {
        try NewsStore.inMemory(clock: clock.function)
    }

    /// Opens the store at `url`, requiring that it opened without a notice.
    static func openClean(_ url: URL, clock: TestClock = TestClock()) throws -> NewsStore {
        let (store, notice) = try NewsStore.open(at: url, clock: clock.function)
        #expect(notice == nil)
        return store
    }
}

extension ArticlePage {
    var urls: [URL] { articles.map(\.url) }

    /// The page's `savedAt` and reason, or nil for a network page.
    var stored: (savedAt: Date, reason: PageOrigin.StoreReason)? {
        if case .store(let savedAt, let reason) = origin { return (savedAt, reason) }
        return nil
    }
}
