import Foundation
import Modules
import NewsModels

/// A small set of subscriptions with text like real feeds', for front page tests and goldens: two
/// tags (`Science Fiction`, with a space, and `Podcasts`) and two feeds without a tag, which make
/// the `Feeds` section. Items are dated relative to `now`, newest first within a feed.
public enum SampleFeeds {
    /// The feeds, in the order of a urls file.
    public static func feeds(now: Date) -> [MemoryFeedLibrary.Feed] {
        [
            feed(
                "Starward Fiction", host: "starward", tags: ["Science Fiction"], now: now,
                items: [
                    (
                        25, "“The Lighthouse at Vesta” — a new story by Imani Okafor",
                        "A keeper on an asteroid station receives a message from a ship that left four "
                            + "centuries ago. Read the whole story free this week."
                    ),
                    (60 * 26, "Reviews: three debut novels about generation ships", nil),
                ]),
            feed(
                "Nebula Notes", host: "nebula", tags: ["Science Fiction"], now: now,
                items: [
                    (90, "Interview: writing aliens who do not want to talk to us", "A conversation."),
                    (60 * 50, "The shortlist for the Beacon Awards is out", nil),
                ]),
            feed(
                "Orbit Hour", host: "orbithour", tags: ["Podcasts"], now: now,
                items: [
                    (60 * 3, "Episode 212: How to land on a comet (and bounce twice)", "58 minutes."),
                    (60 * 24 * 8, "Episode 211: Listener questions about black holes", nil),
                ]),
            feed(
                "Ridgeway Makers", host: "ridgeway", tags: [], now: now,
                items: [
                    (40, "Repairing a 1970s radio with parts from a 3D printer", nil),
                    (60 * 5, "Café notes: the workshop opens on Sundays from December", nil),
                    (60 * 24 * 3, "Ten tools we lend most often, and why", nil),
                ]),
            feed(
                "Lindqvist’s Notebook", host: "lindqvist", tags: [], now: now,
                items: [
                    (60 * 7, "On keeping a paper diary for twenty years", nil),
                    (60 * 24 * 20, "Notes from a walk along the old railway line", nil),
                ]),
        ]
    }

    /// A library holding ``feeds(now:)``.
    public static func library(now: Date) -> MemoryFeedLibrary {
        MemoryFeedLibrary(feeds: feeds(now: now))
    }

    /// A feed named `title` whose items are (minutes ago, title, summary).
    private static func feed(
        _ title: String, host: String, tags: [String], now: Date, items: [(Int, String, String?)]
    ) -> MemoryFeedLibrary.Feed {
        let url = URL(string: "https://\(host).example.org/feed.xml")!
        let articles = items.enumerated().map { index, item in
            Article(
                source: ArticleSource(name: title), title: item.1, summary: item.2,
                url: URL(string: "https://\(host).example.org/\(index + 1)")!,
                publishedAt: now.addingTimeInterval(-60 * Double(item.0)),
                feedItem: FeedItemReference(feed: url, item: "\(host)-\(index + 1)"))
        }
        return MemoryFeedLibrary.Feed(url: url, title: title, tags: tags, items: articles)
    }
}
