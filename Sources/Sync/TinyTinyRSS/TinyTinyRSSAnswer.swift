import Feeds
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of Tiny Tiny RSS's API, read with ``JSONReader``: the envelope
/// `{"seq": …, "status": 0 or 1, "content": …}`, and the contents NewsApp asks for.
enum TinyTinyRSSAnswer {
    /// The envelope's status, and the error an answer of status 1 gives.
    struct Envelope: Equatable {
        var status: Int
        var error: String?
        var message: String?
    }

    /// Reads the envelope of `body`; a failure is the clause of a sentence.
    static func envelope(_ body: Data) -> Result<Envelope, JSONReader.Failure> {
        body.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            var status: Int?
            var error: String?
            var message: String?
            do throws(JSONReader.Failure) {
                guard try reader.peek() == .object else {
                    throw JSONReader.Failure(offset: 0, reason: "the answer is not an object")
                }
                try reader.readObject { reader, key throws(JSONReader.Failure) in
                    switch key {
                    case "status": status = try reader.readDouble().flatMap { Int(exactly: $0) }
                    case "content":
                        guard try reader.peek() == .object else { return try reader.skipValue() }
                        try reader.readObject { reader, key throws(JSONReader.Failure) in
                            switch key {
                            case "error": error = try reader.readScalarText(limit: 256)
                            case "message": message = try reader.readScalarText(limit: 512)
                            default: try reader.skipValue()
                            }
                        }
                    default: try reader.skipValue()
                    }
                }
                try reader.expectEnd()
                guard let status else {
                    throw JSONReader.Failure(offset: reader.offset, reason: "the answer has no status")
                }
                return .success(Envelope(status: status, error: error, message: message))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Reads the `content` of `body` with `read`.
    static func content<T>(_ body: Data, _ read: (inout JSONReader) throws(JSONReader.Failure) -> T)
        -> Result<T, JSONReader.Failure>
    {
        body.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            var value: T?
            do throws(JSONReader.Failure) {
                try reader.readObject { reader, key throws(JSONReader.Failure) in
                    if key == "content", value == nil {
                        value = try read(&reader)
                    } else {
                        try reader.skipValue()
                    }
                }
                guard let value else {
                    throw JSONReader.Failure(offset: reader.offset, reason: "the answer has no content")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: - Contents

    /// An object's members read by `body`; anything else skipped, giving nothing.
    static func object(
        _ reader: inout JSONReader, _ body: (inout JSONReader, String) throws(JSONReader.Failure) -> Void
    )
        throws(JSONReader.Failure)
    {
        guard try reader.peek() == .object else { return try reader.skipValue() }
        try reader.readObject(body)
    }

    /// `getCategories`: id → title.
    static func categories(_ reader: inout JSONReader) throws(JSONReader.Failure) -> [String: String] {
        var titles: [String: String] = [:]
        guard try reader.peek() == .array else {
            throw JSONReader.Failure(offset: reader.offset, reason: "the categories are not a list")
        }
        try reader.readArray { reader throws(JSONReader.Failure) in
            var id: String?
            var title: String?
            try object(&reader) { reader, key throws(JSONReader.Failure) in
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
    static func feeds(_ reader: inout JSONReader, categories: [String: String]) throws(JSONReader.Failure)
        -> [ServiceFeed]
    {
        var feeds: [ServiceFeed] = []
        guard try reader.peek() == .array else {
            throw JSONReader.Failure(offset: reader.offset, reason: "the feeds are not a list")
        }
        try reader.readArray { reader throws(JSONReader.Failure) in
            var id: String?
            var title: String?
            var url: String?
            var category: String?
            try object(&reader) { reader, key throws(JSONReader.Failure) in
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
    static func items(_ reader: inout JSONReader, limit: Int) throws(JSONReader.Failure)
        -> (page: StreamPage, newest: Double?)
    {
        var newest: Double?
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        guard try reader.peek() == .array else {
            throw JSONReader.Failure(offset: reader.offset, reason: "the articles are not a list")
        }
        var count = 0
        try reader.readArray { reader throws(JSONReader.Failure) in
            count += 1
            guard count <= limit else { throw JSONReader.Failure(offset: reader.offset, reason: tooMany) }
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
    static func ids(_ reader: inout JSONReader, limit: Int) throws(JSONReader.Failure) -> (
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

        static func read(_ reader: inout JSONReader) throws(JSONReader.Failure) -> RawArticle {
            var article = RawArticle()
            try object(&reader) { reader, key throws(JSONReader.Failure) in
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
