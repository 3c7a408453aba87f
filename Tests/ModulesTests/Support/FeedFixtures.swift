import Foundation
import Modules
import NewsModels

/// Feeds and feed items the feed screens must cope with: long and foreign titles, failing feeds,
/// feeds never refreshed, items with lists, quotes, links and enclosures, and hostile text.
enum FeedFixtures {
    static let harbourFeed = URL(string: "https://harbour.example.org/feed.xml")!

    /// The subscriptions, in the order of a urls file.
    static let subscriptions: [FeedSummary] = [
        FeedSummary(
            url: URL(string: "https://news.ycombinator.com/rss")!, title: "Hacker News", tags: ["tech"],
            itemCount: 40, unreadCount: 12, lastRefresh: Fixtures.minutesAgo(5)),
        FeedSummary(
            url: URL(string: "https://longnow.example.org/seminars.xml")!,
            title: "The Long Now Foundation — Seminars About Long-term Thinking, Civilisation and Patience",
            tags: ["science", "ideas"], itemCount: 120, unreadCount: 0,
            lastRefresh: Fixtures.minutesAgo(60 * 50)),
        FeedSummary(
            url: URL(string: "https://podcasts.example.org/feed")!, title: "podcasts.example.org",
            itemCount: 0,
            lastRefresh: Fixtures.minutesAgo(60 * 3),
            failure: "The server answered 404 (Not Found): the feed may have moved or been taken down. "
                + "Check its address with newsapp feeds show."),
        FeedSummary(
            url: URL(string: "https://nea.example.gr/rss")!, title: "Ελληνικά Νέα · Αθήνα", itemCount: 7,
            unreadCount: 7, lastRefresh: Fixtures.minutesAgo(60 * 26)),
        FeedSummary(url: URL(string: "https://new.example.org/atom.xml")!, title: "new.example.org"),
        FeedSummary(
            url: URL(string: "https://evil.example/feed")!, title: "Evil\u{1B}[31m Feed\u{07}\r\nFAKE",
            tags: ["\u{1B}]52;c;aGVsbG8=\u{07}x"], itemCount: 3, unreadCount: 1,
            lastRefresh: Fixtures.minutesAgo(60 * 24 * 40), failure: "Bad\u{1B}[2J reason\u{202E}"),
    ]

    /// An item with paragraphs, a list, a quote, three links (one of them mail) and three enclosures
    /// (one without a type or size).
    static let tramsReturn = Article(
        source: ArticleSource(name: "The Harbour Ledger"),
        author: "Mara Quinn",
        title: "Harbour trams return after a winter of repairs on the quay line",
        summary: "The harbour trams are back after four months of work.",
        url: URL(string: "https://harbour.example.org/2026/11/trams-return")!,
        publishedAt: Fixtures.minutesAgo(95),
        content: """
            The harbour trams are back [1]. After four months of work on the overhead lines, the first \
            tram left the depot at six this morning, to applause from a small crowd of early commuters.

            What changed:
            • New overhead lines along the quay, paid for by the port authority under a contract [2] \
            signed last spring
            • Step-free boarding at all eleven stops
              • including the steep one by the fish market, which needed a new platform
            1. Trams every eight minutes until midnight

            > We kept the old cars but rebuilt everything under them. The riders will mostly notice \
            the quiet.
            > — Line engineer

            Questions go to the transit office [3]; a reference past the links [4] stays plain.
            """,
        links: [
            URL(string: "https://harbour.example.org/trams")!,
            URL(string: "https://port.example.org/news/overhead-lines-contract-2026-final-signed-version")!,
            URL(string: "mailto:transit@harbour.example.org")!,
        ],
        enclosures: [
            Enclosure(
                url: URL(string: "https://harbour.example.org/audio/trams-return-episode-42.mp3")!,
                type: "audio/mpeg", length: 12_345_678),
            Enclosure(
                url: URL(string: "https://harbour.example.org/video/first-tram.mp4")!, type: "video/mp4",
                length: 734_003_200),
            Enclosure(url: URL(string: "ftp://harbour.example.org/transcript.txt")!),
        ],
        feedItem: FeedItemReference(feed: harbourFeed, item: "trams-return"))

    /// An item with a summary only, no author and no date.
    static let summaryOnly = Article(
        source: ArticleSource(name: "The Harbour Ledger"),
        title: "Ferry timetable",
        summary: "The winter timetable starts on Monday.",
        url: URL(string: "https://harbour.example.org/ferry")!,
        feedItem: FeedItemReference(feed: harbourFeed, item: "ferry"))

    /// Every field of a feed item tries to drive the terminal.
    static let hostile = Article(
        source: ArticleSource(name: "Evil\u{1B}[31m Feed"),
        title: "\u{1B}[31mRED\u{1B}[0m item\u{07}",
        url: URL(string: "https://evil.example/item")!,
        content:
            "First\r\u{1B}[2KOverwritten [1]\u{1B}[1A\u{1B}[2J\n\n\n\n> quote\u{1B}]52;c;aGVsbG8=\u{07} [1]\n"
            + "• \u{202E}txt.exe [[[[[[[1]]]]]",
        links: [URL(string: "https://evil.example/\u{1B}[31mlink")!],
        enclosures: [
            Enclosure(
                url: URL(string: "https://evil.example/e.mp3")!,
                type: "audio/\u{1B}[31mmpeg" + String(repeating: "x", count: 200), length: 1)
        ],
        feedItem: FeedItemReference(feed: URL(string: "https://evil.example/feed")!, item: "1"))

    /// A feed list of `count` items titled `Item 1`, … an hour apart, those in `read` read.
    static func itemsState(
        title: String = "Hacker News", unreadOnly: Bool = false, count: Int, total: Int, read: Set<Int> = []
    ) -> ArticleListState {
        let feed = URL(string: "https://news.ycombinator.com/rss")!
        let items = (1...count).map { number in
            Article(
                source: ArticleSource(name: title), author: number % 2 == 1 ? "Ada Byrne" : nil,
                title: "Item \(number): a story worth reading",
                url: URL(string: "https://news.example/\(number)")!,
                publishedAt: Fixtures.minutesAgo(60 * number),
                feedItem: FeedItemReference(feed: feed, item: "\(number)"))
        }
        var state = ArticleListState(query: .feed(.feed(feed), title: title, unreadOnly: unreadOnly))
        state.list.append(ArticlePage(articles: items, totalResults: total, page: 1, pageSize: count))
        state.phase = .loaded
        state.read = Set(items.enumerated().filter { read.contains($0.offset + 1) }.map(\.element.id))
        return state
    }
}
