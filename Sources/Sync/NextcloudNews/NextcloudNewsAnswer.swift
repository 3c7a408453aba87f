import Feeds
import Networking
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of Nextcloud News's API v1.3, read with ``JSONPullReader`` one entry at a time: the
/// folders, the feeds, and the items (whole, or their ids only). Fields NewsApp does not use are
/// skipped without being built, and each answer's lists are capped while they are read.
enum NextcloudNewsAnswer {
    /// The most folders or feeds one answer gives that are read.
    static let listLimit = 100_000
    static let tooMany = "too many items"

    /// Reads the member `key` of the object in `body` with `read`; nil when it has none.
    static func member<T>(
        _ key: String, of body: Data, _ read: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T
    ) -> Result<T?, JSONPullReader.Failure> {
        JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            try reader.readMember(key, read)
        }
    }

    /// An object's members read by `body`; anything else skipped.
    private static func object(
        _ reader: inout JSONPullReader,
        _ body: (inout JSONPullReader, String) throws(JSONPullReader.Failure) -> Void
    ) throws(JSONPullReader.Failure) {
        guard try reader.peek() == .object else { return try reader.skipValue() }
        try reader.readObject(body)
    }

    private static func list(
        _ reader: inout JSONPullReader, _ what: String,
        _ body: (inout JSONPullReader) throws(JSONPullReader.Failure) -> Bool
    ) throws(JSONPullReader.Failure) {
        guard try reader.peek() == .array else { throw reader.failure("the \(what) are not a list") }
        try reader.readArray(body)
    }

    // MARK: - Folders and feeds

    /// `folders`: id → name, cleaned.
    static func folders(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [String: String] {
        var names: [String: String] = [:]
        try list(&reader, "folders") { reader throws(JSONPullReader.Failure) in
            var id: String?
            var name: String?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readScalarText()
                case "name": name = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                default: try reader.skipValue()
                }
            }
            if let id, let name { names[id] = Clean.line(name) }
            return names.count < listLimit
        }
        return names
    }

    /// `feeds`: the subscriptions, their folder's name as their one label.
    static func feeds(_ reader: inout JSONPullReader, folders: [String: String]) throws(JSONPullReader
        .Failure)
        -> [ServiceFeed]
    {
        var feeds: [ServiceFeed] = []
        try list(&reader, "feeds") { reader throws(JSONPullReader.Failure) in
            var id: String?
            var title: String?
            var url: String?
            var link: String?
            var folder: String?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readScalarText()
                case "title": title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "url": url = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "link": link = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "folderId": folder = try reader.readScalarText()
                default: try reader.skipValue()
                }
            }
            if let id, let number = Int64(id), number > 0, let url, let address = Clean.webAddress(url) {
                let title = title.map(Clean.line).flatMap { $0.isEmpty ? nil : $0 }
                let label = folder.flatMap { folders[$0] }.flatMap { $0.isEmpty ? nil : $0 }
                feeds.append(
                    ServiceFeed(
                        streamID: "feed/\(number)", url: address, title: title,
                        siteURL: link.flatMap(Clean.webAddress), labels: label.map { [$0] } ?? []))
            }
            return feeds.count < listLimit
        }
        return feeds
    }

    /// `feeds` and `starredCount`: the unread items (each feed's `unreadCount` added up) and
    /// the starred ones; nil when either is missing or not a count.
    static func counts(_ body: Data) -> Result<MarkCounts?, JSONPullReader.Failure> {
        JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            var unread: Int?
            var starred: Int?
            var countable = true
            try reader.readObject { reader, name throws(JSONPullReader.Failure) in
                switch name {
                case "starredCount":
                    starred = try reader.readScalarText().flatMap { Int($0) }
                case "feeds":
                    var sum = 0
                    var feeds = 0
                    try list(&reader, "feeds") { reader throws(JSONPullReader.Failure) in
                        feeds += 1
                        var count: Int?
                        try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                            if key == "unreadCount" {
                                count = try reader.readScalarText().flatMap { Int($0) }
                            } else {
                                try reader.skipValue()
                            }
                        }
                        guard let count, count >= 0, count <= Int(Int32.max), feeds < listLimit else {
                            // A list cut short, or a count that cannot be one, counts nothing.
                            countable = false
                            return false
                        }
                        sum += count
                        return true
                    }
                    unread = sum
                default: try reader.skipValue()
                }
            }
            guard countable, let unread, let starred, starred >= 0 else { return nil }
            return MarkCounts(unread: unread, starred: starred)
        }
    }

    // MARK: - Items

    /// What a list of items held beside the items kept.
    struct ItemsRead {
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        /// Entries in the list, kept or not.
        var entries = 0
        /// The lowest id among them: where the next page (`offset`) starts.
        var lowestID: Int64?
        /// The newest `lastModified` among them, in seconds.
        var newestModified: Int64?
    }

    /// `items`: at most `limit` (more is refused).
    static func items(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure) -> ItemsRead
    {
        var read = ItemsRead()
        try list(&reader, "items") { reader throws(JSONPullReader.Failure) in
            read.entries += 1
            guard read.entries <= limit else { throw reader.failure(tooMany) }
            let raw = try RawItem.read(&reader)
            if let id = raw.id {
                read.lowestID = min(read.lowestID ?? id.value, id.value)
                read.page.marks[id] = StreamPage.Marks(read: !raw.unread, starred: raw.starred)
            }
            if let modified = raw.modifiedSeconds {
                read.newestModified = max(read.newestModified ?? modified, modified)
            }
            if let item = raw.serviceItem() {
                read.page.items.append(item)
            } else {
                read.page.skipped += 1
            }
            return true
        }
        return read
    }

    /// The ids of `items`, every other field skipped unbuilt: at most `limit` entries.
    static func ids(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure) -> (
        ids: [ItemID], entries: Int, unreadable: Int, lowestID: Int64?
    ) {
        var ids: [ItemID] = []
        var entries = 0
        var unreadable = 0
        var lowest: Int64?
        try list(&reader, "items") { reader throws(JSONPullReader.Failure) in
            entries += 1
            guard entries <= limit else { throw reader.failure(tooMany) }
            var id: Int64?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                if key == "id" {
                    id = try reader.readScalarText().flatMap { Int64($0) }
                } else {
                    try reader.skipValue()
                }
            }
            if let id {
                ids.append(ItemID(id))
                lowest = min(lowest ?? id, id)
            } else {
                unreadable += 1
            }
            return true
        }
        return (ids, entries, unreadable, lowest)
    }

    /// One item's fields as the service wrote them.
    struct RawItem {
        var id: ItemID?
        var feed: Int64?
        var title: String?
        var url: String?
        var author: String?
        var body: String?
        var published: Double?
        var modified: Double?
        var unread = false
        var starred = false

        static func read(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> RawItem {
            var item = RawItem()
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": item.id = try reader.readScalarText().flatMap { Int64($0) }.map(ItemID.init)
                case "feedId": item.feed = try reader.readScalarText().flatMap { Int64($0) }
                case "title": item.title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "url": item.url = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "author": item.author = try reader.readOptionalString(limit: StreamPageReader.textLimit)
                case "body": item.body = try reader.readOptionalString(limit: StreamPageReader.contentLimit)
                case "pubDate": item.published = try reader.readDouble()
                case "lastModified": item.modified = try reader.readDouble()
                case "unread": item.unread = try reader.readBool() ?? false
                case "starred": item.starred = try reader.readBool() ?? false
                default: try reader.skipValue()
                }
            }
            return item
        }

        /// `lastModified` in seconds: the API gave seconds, and gives microseconds since News 15.
        var modifiedSeconds: Int64? {
            guard let modified, modified.isFinite, modified > 0, modified < 9e18 else { return nil }
            let seconds =
                modified >= 1e14 ? modified / 1e6 : modified >= 1e11 ? modified / 1e3 : modified
            return Int64(seconds)
        }

        /// The item, or nil when it cannot be stored: no id, no feed, nothing to show.
        func serviceItem() -> ServiceItem? {
            guard let id, let feed, feed > 0 else { return nil }
            let date = published.flatMap { $0.isFinite && $0 > 0 && $0 < 253_402_300_800 ? $0 : nil }
                .map { Date(timeIntervalSince1970: $0) }
            let entry = FeedEntry(
                id: id.longForm, title: title.map { TextSanitizer.clean($0) }, link: url,
                author: author.map { TextSanitizer.clean($0) }, published: date, updated: date,
                content: body.map { TextSanitizer.clean($0, lineBreaks: .keep) })
            guard let item = entry.item() else { return nil }
            return ServiceItem(id: id, feed: "feed/\(feed)", item: item, read: !unread, starred: starred)
        }
    }
}
