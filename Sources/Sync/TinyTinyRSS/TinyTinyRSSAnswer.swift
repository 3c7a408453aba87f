import Feeds
import Networking
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of Tiny Tiny RSS's API, read with ``JSONPullReader``: the envelope
/// `{"seq": …, "status": 0 or 1, "content": …}`, and the contents NewsApp asks for.
enum TinyTinyRSSAnswer {
    /// The envelope's status, and the error an answer of status 1 gives.
    struct Envelope: Equatable {
        var status: Int
        var error: String?
        var message: String?
    }

    /// Reads the envelope of `body`; a failure is the clause of a sentence.
    static func envelope(_ body: Data) -> Result<Envelope, JSONPullReader.Failure> {
        JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            var status: Int?
            var error: String?
            var message: String?
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "status": status = try reader.readDouble().flatMap { Int(exactly: $0) }
                case "content":
                    guard try reader.peek() == .object else { return try reader.skipValue() }
                    try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                        switch key {
                        case "error": error = try reader.readScalarText(limit: 256)
                        case "message": message = try reader.readScalarText(limit: 512)
                        default: try reader.skipValue()
                        }
                    }
                default: try reader.skipValue()
                }
            }
            guard let status else { throw reader.failure("the answer has no status") }
            return Envelope(status: status, error: error, message: message)
        }
    }

    /// Reads the `content` of `body` with `read`.
    static func content<T>(_ body: Data, _ read: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T)
        -> Result<T, JSONPullReader.Failure>
    {
        JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            guard let value = try reader.readMember("content", read) else {
                throw reader.failure("the answer has no content")
            }
            return value
        }
    }

    // MARK: - Contents

    /// An object's members read by `body`; anything else skipped, giving nothing.
    static func object(
        _ reader: inout JSONPullReader,
        _ body: (inout JSONPullReader, String) throws(JSONPullReader.Failure) -> Void
    )
        throws(JSONPullReader.Failure)
    {
        guard try reader.peek() == .object else { return try reader.skipValue() }
        try reader.readObject(body)
    }

    /// `getCategories`: id → title.
    static func categories(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [String: String]
    {
        var titles: [String: String] = [:]
        guard try reader.peek() == .array else { throw reader.failure("the categories are not a list") }
        try reader.readArray { reader throws(JSONPullReader.Failure) in
            var id: String?
            var title: String?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readScalarText()
                case "title": title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                default: try reader.skipValue()
                }
            }
            if let id, let title { titles[id] = Clean.line(title) }
            return titles.count < listLimit
        }
        return titles
    }

    /// The most categories, feeds or ids one answer gives that are read.
    static let listLimit = 100_000

    /// `getFeeds`: the subscriptions, a category's title as their one label.
    static func feeds(_ reader: inout JSONPullReader, categories: [String: String]) throws(JSONPullReader
        .Failure)
        -> [ServiceFeed]
    {
        var feeds: [ServiceFeed] = []
        guard try reader.peek() == .array else { throw reader.failure("the feeds are not a list") }
        try reader.readArray { reader throws(JSONPullReader.Failure) in
            var id: String?
            var title: String?
            var url: String?
            var category: String?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readScalarText()
                case "title": title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "feed_url": url = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "cat_id": category = try reader.readScalarText()
                default: try reader.skipValue()
                }
            }
            // Virtual feeds (starred, labels…) have ids below 1.
            if let id, let number = Int64(id), number > 0, let url, let address = URL(string: url),
                address.scheme != nil
            {
                let title = title.map(Clean.line).flatMap { $0.isEmpty ? nil : $0 }
                let label = category.flatMap { categories[$0] }.flatMap { $0.isEmpty ? nil : $0 }
                feeds.append(
                    ServiceFeed(
                        streamID: "feed/\(number)", url: address, title: title,
                        labels: (category == "0" ? nil : label).map { [$0] } ?? []))
            }
            return feeds.count < listLimit
        }
        return feeds
    }

    /// `getHeadlines`, `getArticle`: the items, at most `limit` (more is refused), and the newest
    /// `updated` among them (seconds).
    static func items(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure)
        -> (page: StreamPage, newest: Double?)
    {
        var newest: Double?
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        guard try reader.peek() == .array else { throw reader.failure("the articles are not a list") }
        var count = 0
        try reader.readArray { reader throws(JSONPullReader.Failure) in
            count += 1
            guard count <= limit else { throw reader.failure(tooMany) }
            let raw = try RawArticle.read(&reader)
            if let updated = raw.updated, updated.isFinite { newest = max(newest ?? updated, updated) }
            if let id = raw.id {
                page.marks[id] = StreamPage.Marks(read: !raw.unread, starred: raw.marked)
            }
            if let item = raw.serviceItem() {
                page.items.append(item)
            } else {
                page.skipped += 1
            }
            return true
        }
        return (page, newest)
    }

    /// The ids of a `getHeadlines` answer read without their content, and how many entries had
    /// none that can be read.
    static func ids(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure) -> (
        ids: [ItemID], entries: Int, unreadable: Int
    ) {
        try reader.readEntryIDs("the articles", limit: limit, tooMany: tooMany)
    }

    static let tooMany = "too many articles"

    /// One article's fields as the service wrote them.
    struct RawArticle {
        var id: ItemID?
        var feed: String?
        var title: String?
        var link: String?
        var author: String?
        var content: String?
        var updated: Double?
        var unread = false
        var marked = false

        static func read(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> RawArticle {
            var article = RawArticle()
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": article.id = try reader.readScalarText().flatMap { Int64($0) }.map(ItemID.init)
                case "feed_id": article.feed = try reader.readScalarText()
                case "title":
                    article.title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "link":
                    article.link = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "author":
                    article.author = try reader.readOptionalString(limit: StreamPageReader.textLimit)
                case "content":
                    article.content = try reader.readOptionalString(limit: StreamPageReader.contentLimit)
                case "updated": article.updated = try reader.readDouble()
                case "unread": article.unread = try reader.readBool() ?? false
                case "marked": article.marked = try reader.readBool() ?? false
                default: try reader.skipValue()
                }
            }
            return article
        }

        /// The item, or nil when it cannot be stored: no id, no feed, nothing to show.
        func serviceItem() -> ServiceItem? {
            guard let id, let feed, let number = Int64(feed), number > 0 else { return nil }
            let date = updated.flatMap { $0.isFinite && $0 > 0 && $0 < 253_402_300_800 ? $0 : nil }
                .map { Date(timeIntervalSince1970: $0) }
            let entry = FeedEntry(
                id: id.longForm, title: title.map { TextSanitizer.clean($0) }, link: link,
                author: author.map { TextSanitizer.clean($0) }, published: date, updated: date,
                content: content.map { TextSanitizer.clean($0, lineBreaks: .keep) })
            guard let item = entry.item() else { return nil }
            return ServiceItem(id: id, feed: "feed/\(number)", item: item, read: !unread, starred: marked)
        }
    }
}
