import Feeds
import Foundation
import NewsModels
import TestSupport
import Testing

/// The feeds, pages and lists in `Tests/FeedsTests/Fixtures`, written for these tests after the
/// quirks of real ones.
enum Fixture {
    /// The address the fixtures are parsed as coming from.
    static let url = URL(string: "https://example.org/blog/feed.xml")!

    /// The bytes of `name`, a path below `Fixtures/`, e.g. `rss/rss2.xml`.
    static func data(_ name: String) throws -> Data {
        try FixtureFolder(in: .module).data(name)
    }

    /// The text of `name`, a path below `Fixtures/`, e.g. `urls/messy-urls`.
    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// The feed in `name`, parsed whole.
    static func feed(_ name: String, contentType: String? = nil, url: URL = url) throws -> FeedDocument {
        try FeedParser.parse(data(name), contentType: contentType, url: url)
    }

    /// The feed in `text`, parsed whole.
    static func feed(text: String, contentType: String? = nil, url: URL = url) throws -> FeedDocument {
        try FeedParser.parse(Data(text.utf8), contentType: contentType, url: url)
    }

    /// The error parsing `data` throws, or nil when it gives a feed.
    static func error(parsing data: Data, contentType: String? = nil) -> FeedParseError? {
        do {
            _ = try FeedParser.parse(data, contentType: contentType, url: url)
            return nil
        } catch {
            return error
        }
    }
}
