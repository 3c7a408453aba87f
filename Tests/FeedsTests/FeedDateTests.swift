import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Feed dates")
struct FeedDateTests {
    /// Shapes met in real feeds, and the instant each denotes (ISO 8601, UTC).
    static let readable: [(String, String)] = [
        // RFC 822 / 1123
        ("Wed, 01 May 2024 10:00:00 GMT", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 +0000", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 -0500", "2024-05-01T15:00:00Z"),
        ("Wed, 01 May 2024 12:30:00 +0230", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 +02:00", "2024-05-01T08:00:00Z"),
        ("01 May 2024 10:00:00 UT", "2024-05-01T10:00:00Z"),
        ("Wed, 1 May 2024 10:00:00 UTC", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 Z", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 06:00:00 EDT", "2024-05-01T10:00:00Z"),
        ("Wed, 01 Jan 2024 05:00:00 EST", "2024-01-01T10:00:00Z"),
        ("Wed, 01 May 2024 05:00:00 CDT", "2024-05-01T10:00:00Z"),
        ("Mon, 01 Jan 2024 04:00:00 CST", "2024-01-01T10:00:00Z"),
        ("Wed, 01 May 2024 04:00:00 MDT", "2024-05-01T10:00:00Z"),
        ("Mon, 01 Jan 2024 03:00:00 MST", "2024-01-01T10:00:00Z"),
        ("Wed, 01 May 2024 03:00:00 PDT", "2024-05-01T10:00:00Z"),
        ("Mon, 01 Jan 2024 02:00:00 PST", "2024-01-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 A", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00 GMT", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 24 10:00:00 GMT", "2024-05-01T10:00:00Z"),
        ("Sat, 01 May 99 10:00:00 GMT", "1999-05-01T10:00:00Z"),
        ("Wednesday, 01 May 2024 10:00:00 GMT", "2024-05-01T10:00:00Z"),
        ("Wed, 01 September 2024 10:00:00 GMT", "2024-09-01T10:00:00Z"),
        ("Sun, 01 Sept 2024 10:00:00 GMT", "2024-09-01T10:00:00Z"),
        ("  Wed,   01  May   2024   10:00:00   GMT  ", "2024-05-01T10:00:00Z"),
        ("Wed,, 01 May, 2024, 10:00:00 GMT", "2024-05-01T10:00:00Z"),
        ("wed, 01 may 2024 10:00:00 gmt", "2024-05-01T10:00:00Z"),
        ("Wed, 01 May 2024 10:00:00 +0000 (UTC)", "2024-05-01T10:00:00Z"),
        ("Wed May 01 2024 12:00:00 GMT+0200 (Central European Summer Time)", "2024-05-01T10:00:00Z"),
        ("May 1, 2024 10:00:00 PM GMT", "2024-05-01T22:00:00Z"),
        ("01-May-2024 10:00:00 +0000", "2024-05-01T10:00:00Z"),
        ("1 May 2024", "2024-05-01T00:00:00Z"),
        ("Wed, 01 May 2024 10:00:00.250 GMT", "2024-05-01T10:00:00Z"),
        ("Thu, 29 Feb 2024 10:00:00 GMT", "2024-02-29T10:00:00Z"),
        // RFC 3339 and ISO 8601
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00Z"),
        ("2024-05-01T10:00:00.123456Z", "2024-05-01T10:00:00.123Z"),
        ("2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00Z"),
        ("2024-05-01T05:00:00-0500", "2024-05-01T10:00:00Z"),
        ("2024-05-01 10:00:00Z", "2024-05-01T10:00:00Z"),
        ("2024-05-01T10:00:00", "2024-05-01T10:00:00Z"),
        ("2024-05-01T10:00Z", "2024-05-01T10:00:00Z"),
        ("2024-05-01", "2024-05-01T00:00:00Z"),
        (" 2024-05-01T10:00:00Z\n", "2024-05-01T10:00:00Z"),
    ]

    /// Text that is not a date, or not a real one: the item keeps a nil date.
    static let unreadable = [
        "", "   ", "yesterday", "Wed, 32 May 2024 10:00:00 GMT", "Wed, 30 Feb 2024 10:00:00 GMT",
        "Wed, 01 Foo 2024 10:00:00 GMT", "Wed, 01 May 2024 25:00:00 GMT", "Wed, 01 May 2024 10:61:00 GMT",
        "Wed, 01 May 2024 10:00:00 Banana", "Wed, 01 May 2024 10:00:00 +9900", "01 May", "May 2024",
        "2024-13-01T00:00:00Z", "2024-05-01T10:00:00+", "2024-05", "1714557600",
        "Wed, 01 May 2024 10:00:00 GMT %",
    ]

    @Test(arguments: readable)
    func readableShapes(text: String, instant: String) throws {
        let expected = try #require(Timestamp.parse(instant))
        let parsed = try #require(FeedDate.parse(text))
        #expect(abs(parsed.timeIntervalSince(expected)) < 0.001)
    }

    @Test(arguments: unreadable)
    func unreadableShapesGiveNil(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test func anUnreadableDateKeepsTheItem() throws {
        let feed = try Fixture.feed(
            text: "<rss><channel><item><title>Kept</title><pubDate>someday</pubDate></item></channel></rss>")
        let item = try #require(feed.items.first)
        #expect(item.title == "Kept")
        #expect(item.published == nil)
    }
}
