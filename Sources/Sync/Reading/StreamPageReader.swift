import Feeds
import Networking
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a page of items (`stream/contents`, `stream/items/contents`) one item at a time with
/// ``JSONPullReader``: each item's fields are read, made into a feed item (HTML to text, as for
/// feeds) and let go before the next, so a page costs its body and the items kept, never a tree
/// of the whole document. At most ``itemLimit`` items are read: a page holding more is refused,
/// whatever it asked for.
enum StreamPageReader {
    /// Caps on one item's fields, in bytes of UTF-8. FreshRSS sends at most 500,000 bytes of
    /// content an item.
    static let contentLimit = 1 << 20
    static let textLimit = 16 << 10
    /// A title is a line of a list: 1 KiB of it is more than any screen shows.
    static let titleLimit = 1 << 10
    static let addressLimit = 8 << 10
    /// Categories, links and media read of one item; the rest are skipped.
    static let listLimit = 256

    /// The page in `body`, of at most `itemLimit` items.
    static func read(_ body: Data, itemLimit: Int) throws(SyncError) -> StreamPage {
        let outcome = JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            try page(&reader, itemLimit: itemLimit)
        }
        switch outcome {
        case .success(let page): return page
        case .failure(let failure) where failure.reason == tooMany:
            throw .malformed("the service sent more than \(itemLimit) items in one page")
        case .failure(let failure):
            throw .malformed(
                "its page of items is not valid JSON (\(failure.reason) at byte \(failure.offset))")
        }
    }

    private static let tooMany = "too many items"

    private static func page(_ reader: inout JSONPullReader, itemLimit: Int) throws(JSONPullReader.Failure)
        -> StreamPage
    {
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        var sawItems = false
        try reader.readObject { reader, key throws(JSONPullReader.Failure) in
            switch key {
            case "items":
                sawItems = true
                guard try reader.peek() == .array else { return try reader.skipValue() }
                var count = 0
                try reader.readArray { reader throws(JSONPullReader.Failure) in
                    count += 1
                    guard count <= itemLimit else { throw reader.failure(tooMany) }
                    let raw = try RawItem.read(&reader)
                    if let crawl = raw.crawlMilliseconds {
                        page.newestCrawl = max(page.newestCrawl ?? crawl, crawl)
                    }
                    if let id = raw.id.flatMap(ItemID.init) {
                        page.marks[id] = StreamPage.Marks(
                            read: raw.categories.contains(StreamTag.read),
                            starred: raw.categories.contains(StreamTag.starred))
                    }
                    if let item = raw.serviceItem() {
                        page.items.append(item)
                    } else {
                        page.skipped += 1
                    }
                    return true
                }
            case "continuation":
                page.continuation = try reader.readContinuation()
            case "updated":
                page.updated = try reader.readDouble().flatMap {
                    $0.isFinite ? Int64(exactly: $0.rounded()) : nil
                }
            default:
                try reader.skipValue()
            }
        }
        guard sawItems else { throw reader.failure("there is no list of items") }
        return page
    }

    /// The fields of one item as the service wrote them.
    private struct RawItem {
        var id: String?
        var crawlMilliseconds: Int64?
        var published: Double?
        var updated: Double?
        var title: String?
        var link: String?
        var author: String?
        var content: String?
        var summary: String?
        var categories: [String] = []
        var feed: String?
        var siteURL: String?
        var media: [FeedEntry.Media] = []

        static func read(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> RawItem {
            var item = RawItem()
            guard try reader.peek() == .object else {
                try reader.skipValue()
                return item
            }
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": item.id = try reader.readScalarText()
                case "crawlTimeMsec":
                    item.crawlMilliseconds = try reader.readDouble().flatMap { Int64(exactly: $0.rounded()) }
                case "published": item.published = try reader.readDouble()
                case "updated": item.updated = try reader.readDouble()
                case "title": item.title = try reader.readOptionalString(limit: titleLimit)
                case "author": item.author = try reader.readOptionalString(limit: textLimit)
                case "canonical", "alternate":
                    let href = try firstHref(&reader)
                    if item.link == nil || key == "canonical" { item.link = href ?? item.link }
                case "summary": item.summary = try contentText(&reader)
                case "content": item.content = try contentText(&reader)
                case "categories": item.categories = try strings(&reader)
                case "origin": try origin(&reader, into: &item)
                case "enclosure": item.media = try media(&reader)
                default: try reader.skipValue()
                }
            }
            return item
        }

        /// The item, or nil when it cannot be stored: no id to mark it by, no feed, nothing to show.
        func serviceItem() -> ServiceItem? {
            guard let id, let itemID = ItemID(id), let feed, !feed.isEmpty else { return nil }
            // Escape sequences and bidi controls go whole, payloads included, before the feeds'
            // own clean-up (which drops control characters) and HTML conversion.
            let entry = FeedEntry(
                id: itemID.longForm, title: title.map { TextSanitizer.clean($0) }, link: link,
                author: author.map { TextSanitizer.clean($0) }, published: published.flatMap(Self.date),
                updated: updated.flatMap(Self.date),
                content: content.map { TextSanitizer.clean($0, lineBreaks: .keep) },
                summary: summary.map { TextSanitizer.clean($0, lineBreaks: .keep) }, media: media,
                base: siteURL.flatMap { URL(string: $0) })
            guard let item = entry.item() else { return nil }
            return ServiceItem(
                id: itemID, feed: feed, item: item, read: categories.contains(StreamTag.read),
                starred: categories.contains(StreamTag.starred))
        }

        /// Seconds since 1970, when they make a date between 1970 and 9999.
        private static func date(_ seconds: Double) -> Date? {
            guard seconds.isFinite, seconds > 0, seconds < 253_402_300_800 else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }

        private static func firstHref(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure)
            -> String?
        {
            guard try reader.peek() == .array else {
                try reader.skipValue()
                return nil
            }
            var href: String?
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                guard try reader.peek() == .object else {
                    try reader.skipValue()
                    return true
                }
                try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                    if key == "href", href == nil {
                        href = try reader.readOptionalString(limit: addressLimit)
                    } else {
                        try reader.skipValue()
                    }
                }
                return href == nil
            }
            return href
        }

        /// `{"content": "…"}`.
        private static func contentText(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure)
            -> String?
        {
            guard try reader.peek() == .object else {
                try reader.skipValue()
                return nil
            }
            var text: String?
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                if key == "content" {
                    text = try reader.readOptionalString(limit: contentLimit)
                } else {
                    try reader.skipValue()
                }
            }
            return text
        }

        private static func strings(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [String]
        {
            guard try reader.peek() == .array else {
                try reader.skipValue()
                return []
            }
            var values: [String] = []
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                if let value = try reader.readOptionalString(limit: textLimit) { values.append(value) }
                return values.count < listLimit
            }
            return values
        }

        private static func origin(_ reader: inout JSONPullReader, into item: inout RawItem)
            throws(JSONPullReader
            .Failure)
        {
            guard try reader.peek() == .object else { return try reader.skipValue() }
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "streamId": item.feed = try reader.readOptionalString(limit: addressLimit)
                case "htmlUrl": item.siteURL = try reader.readOptionalString(limit: addressLimit)
                default: try reader.skipValue()
                }
            }
        }

        private static func media(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [FeedEntry
            .Media]
        {
            guard try reader.peek() == .array else {
                try reader.skipValue()
                return []
            }
            var files: [FeedEntry.Media] = []
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                guard try reader.peek() == .object else {
                    try reader.skipValue()
                    return true
                }
                var file = FeedEntry.Media(url: "")
                try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                    switch key {
                    case "href": file.url = try reader.readOptionalString(limit: addressLimit) ?? ""
                    case "type": file.type = try reader.readOptionalString(limit: 256)
                    case "length":
                        file.length = try reader.readDouble().flatMap {
                            $0 >= 0 && $0 < 9e18 ? Int64($0) : nil
                        }
                    default: try reader.skipValue()
                    }
                }
                if !file.url.isEmpty { files.append(file) }
                return files.count < listLimit
            }
            return files
        }
    }
}
