import Foundation
import NewsModels
import Store

/// `StoreKillTestHelper STORE-PATH FIRST-INDEX [feeds]`: opens the store, prints `ready`, then
/// records page after page (``KillTestPages/page(_:)`` under ``KillTestPages/key(_:)``, from
/// FIRST-INDEX on) for ever, printing `committed N` after each page's transaction has returned.
/// With `feeds`, it records batches of feeds instead (``KillTestFeeds/batch(_:)``). StoreTests
/// kills it with SIGKILL at random moments and checks that every page it reported is stored, and
/// that no feed is half-written.
///
/// Lines go straight to file descriptor 1 with `write(2)`, never through a buffer, so a line
/// the parent reads is always one whose commit had finished.
@main
enum StoreKillTestHelper {
    static func main() async {
        let arguments = CommandLine.arguments
        guard (3...4).contains(arguments.count), let first = Int(arguments[2]),
            arguments.count == 3 || arguments[3] == "feeds"
        else {
            say("usage: StoreKillTestHelper STORE-PATH FIRST-INDEX [feeds]")
            exit(64)
        }
        let feeds = arguments.count == 4
        let store: NewsStore
        do {
            let (opened, notice) = try NewsStore.open(at: URL(fileURLWithPath: arguments[1]))
            if let notice { say("notice " + notice) }
            store = opened
        } catch {
            say("error " + error.sentence)
            exit(1)
        }
        say("ready")
        var index = first
        while true {
            do {
                if feeds {
                    try await store.recordFeeds(KillTestFeeds.batch(index))
                } else {
                    try await store.record(KillTestPages.page(index), for: KillTestPages.key(index))
                }
            } catch {
                say("error " + error.sentence)
                exit(1)
            }
            say("committed \(index)")
            index += 1
        }
    }

    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { exit(2) }
            offset += written
        }
    }
}

/// The pages the helper writes; StoreTests rebuilds them to check what was stored. Consecutive
/// pages share most of their articles, so every page updates rows (and the full-text index) as
/// well as inserting them, and the bodies are long enough to make the log checkpoint often.
enum KillTestPages {
    static let pageSize = 40

    static func key(_ index: Int) -> ListingKey {
        .search(query: "kill \(index)", sort: .publishedAt, language: "en")
    }

    static func urls(_ index: Int) -> [URL] {
        (0..<pageSize).map { URL(string: "https://example.org/kill/\((index * 7 + $0) % 600)")! }
    }

    static func page(_ index: Int) -> ArticlePage {
        let body = String(repeating: "Kill test body for page \(index). ", count: 30)
        let articles = urls(index).enumerated().map { position, url in
            Article(
                source: ArticleSource(name: "Kill Test Wire"), title: "Page \(index) item \(position)",
                summary: "Summary \(index) \(position)", url: url,
                publishedAt: Date(timeIntervalSince1970: Double(1_800_000_000 + index * 100 + position)),
                content: body)
        }
        return ArticlePage(articles: articles, totalResults: 1000, page: 1, pageSize: pageSize)
    }
}

/// The feeds the helper writes; StoreTests rebuilds them to check what was stored. Batch `index`
/// writes the documents of version `index` of four of twelve feeds, at `attemptedAt` ``time(_:)``:
/// every item's title carries the version, and the number of items varies with it, so that each
/// batch inserts, rewrites and drops items. A fifth record says a feed failed, which must leave
/// its items alone.
enum KillTestFeeds {
    static let feedCount = 12
    static let feedsPerBatch = 4

    static func url(_ feed: Int) -> URL {
        URL(string: "https://kill\(feed).example.net/feed.xml")!
    }

    /// The feeds batch `index` writes documents of.
    static func feeds(_ index: Int) -> [Int] {
        (0..<feedsPerBatch).map { (index * feedsPerBatch + $0 * 5) % feedCount }
    }

    /// How many items the document of version `version` holds: ids `0..<count`.
    static func itemCount(_ version: Int) -> Int { 30 + version % 11 }

    static func time(_ version: Int) -> Date {
        Date(timeIntervalSince1970: Double(1_800_000_000 + version))
    }

    static func title(feed: Int, version: Int) -> String { "Kill feed \(feed) version \(version)" }

    static func batch(_ index: Int) -> [FeedRecord] {
        let body = String(repeating: "Kill test feed text for version \(index). ", count: 20)
        var records = feeds(index).map { feed in
            let items = (0..<itemCount(index)).map { item in
                FeedItem(
                    id: "kill:\(feed):\(item)", title: "Feed \(feed) version \(index) item \(item)",
                    link: URL(string: "https://kill\(feed).example.net/\(item)"),
                    published: Date(timeIntervalSince1970: Double(1_700_000_000 + item)), summary: body)
            }
            return FeedRecord(
                url: url(feed), sourceName: "Kill \(feed)",
                outcome: .fetched(
                    FeedDocument(format: .rss, title: title(feed: feed, version: index), items: items),
                    validators: FeedValidators(etag: "\"\(index)\"")),
                attemptedAt: time(index))
        }
        records.append(
            FeedRecord(
                url: url((index + 1) % feedCount), sourceName: "Kill \((index + 1) % feedCount)",
                outcome: .failed(reason: "refused \(index)", retryAfter: nil), attemptedAt: time(index)))
        return records
    }
}
