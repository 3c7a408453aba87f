import Foundation
import NewsModels

/// The RSS documents of a ``NetworkSchedule``, written once: each feed's body in each round with
/// the validators (`ETag`, `Last-Modified`) that a conditional request must name to get `304`.
/// Items are the size of real ones: a title, a link, a guid, a date and a description of a few
/// paragraphs (150 bytes to 6 KB, median about 700), seeded by the feed's number.
public struct ShapedDocuments: Sendable {
    public struct Version: Sendable {
        public var body: Data
        public var etag: String
        public var lastModified: String
    }

    /// Per feed: the first round's version, and the daily round's (the same one when unchanged).
    public let first: [Version]
    public let daily: [Version]

    public init(_ schedule: NetworkSchedule) {
        var first: [Version] = []
        var daily: [Version] = []
        for (index, feed) in schedule.feeds.enumerated() {
            let host = schedule.hosts[feed.host].address
            let old = Self.version(
                feed: index, host: host, serials: Array((0..<feed.items).reversed()), revision: 0,
                newest: schedule.newest)
            first.append(old)
            if feed.newInDaily > 0 {
                // The newest items first, the oldest as many dropped: a feed keeps its length.
                let serials = Array((feed.newInDaily..<(feed.items + feed.newInDaily)).reversed())
                daily.append(
                    Self.version(
                        feed: index, host: host, serials: serials, revision: 1,
                        newest: schedule.newest.addingTimeInterval(Double(feed.newInDaily) * 60)))
            } else {
                daily.append(old)
            }
        }
        self.first = first
        self.daily = daily
    }

    public func version(ofFeed index: Int, in round: NetworkSchedule.Round) -> Version {
        round == .first ? first[index] : daily[index]
    }

    /// The whole answer's length in bytes, head included, as ``ShapedServer`` sends it.
    public func answerBytes(ofFeed index: Int, in round: NetworkSchedule.Round, conditional: Bool) -> Int {
        let version = version(ofFeed: index, in: round)
        let unchanged = conditional && round == .daily && first[index].etag == version.etag
        return ShapedAnswer.head(for: version, notModified: unchanged).count
            + (unchanged ? 0 : version.body.count)
    }

    // MARK: - Writing

    /// Item `serial` of feed `feed` is dated `serial` minutes before the first round's newest.
    private static func version(
        feed: Int, host: String, serials: [Int], revision: Int, newest: Date
    ) -> Version {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel>
            <title>Shaped feed \(feed + 1) on \(host)</title>
            <link>http://\(host)/</link>
            <description>A feed of the network-shaped benchmark</description>

            """
        let formatter = rfc822Formatter()
        let base = newest.addingTimeInterval(-Double(serials.first ?? 0) * 60)
        for serial in serials {
            var itemRandom = SplitMix64(seed: UInt64(feed + 1) << 20 | UInt64(serial))
            let title = words(Int.random(in: 5...14, using: &itemRandom), &itemRandom)
            let length = min(6_000, max(150, Int(exp(log(700.0) + 0.8 * unit(&itemRandom)))))
            var description = ""
            while description.utf8.count < length {
                description +=
                    "&lt;p&gt;" + words(Int.random(in: 12...40, using: &itemRandom), &itemRandom)
                    + ".&lt;/p&gt;"
            }
            let date = base.addingTimeInterval(-Double(serial) * 60)
            text += """
                <item><title>\(title)</title>
                <link>http://\(host)/articles/\(feed + 1)/\(serial)</link>
                <guid isPermaLink="false">shaped-\(feed + 1)-\(serial)</guid>
                <pubDate>\(formatter.string(from: date))</pubDate>
                <description>\(description)</description></item>

                """
        }
        text += "</channel></rss>\n"
        return Version(
            body: Data(text.utf8), etag: "\"shaped-\(feed + 1)-\(revision)\"",
            lastModified: formatter.string(from: newest))
    }

    private static let vocabulary = """
        the council river market budget city school water energy report health police court
        minister election week plan storm coast harbour rail road bridge museum festival season
        league match team coach player price rate bank loan housing rent tenant landlord farm
        crop weather forecast winter summer flood fire station hospital doctor nurse patient study
        research data science space mission launch satellite climate carbon wind solar grid power
        company workers union strike talks deal trade export import tariff factory port ship
        airport flight delay ticket museum gallery artist novel film music concert theatre review
        district village county region state nation border treaty summit leader party vote poll
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private static func words(_ count: Int, _ random: inout SplitMix64) -> String {
        (0..<count).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)] }
            .joined(separator: " ")
    }

    /// A draw within ±1, roughly bell-shaped (the mean of three uniform draws, scaled).
    private static func unit(_ random: inout SplitMix64) -> Double {
        (0..<3).reduce(0) { total, _ in total + Double.random(in: -1...1, using: &random) }
    }

    /// `Sun, 06 Dec 2026 10:00:00 GMT`.
    static func rfc822Formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}

/// What ``ShapedServer`` sends: the head of an answer.
enum ShapedAnswer {
    static func head(for version: ShapedDocuments.Version, notModified: Bool) -> Data {
        if notModified {
            return Data(
                ("HTTP/1.1 304 Not Modified\r\nETag: \(version.etag)\r\nLast-Modified: \(version.lastModified)\r\n"
                    + "\r\n").utf8)
        }
        return Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml; charset=utf-8\r\n"
                + "Content-Length: \(version.body.count)\r\nETag: \(version.etag)\r\n"
                + "Last-Modified: \(version.lastModified)\r\n\r\n").utf8)
    }

    static let notFound = Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)
}
