import Feeds
import Networking
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of Miniflux's REST API, read with ``JSONPullReader`` as the bytes are, each field
/// capped: `GET /v1/me`, `/v1/feeds`, `/v1/categories`, `/v1/entries` (`{"total": N, "entries":
/// […]}`), `/v1/entries/{id}`, `POST /v1/feeds` (`{"feed_id": N}`) and the errors
/// (`{"error_message": "…"}`).
enum MinifluxAnswer {
    /// The most feeds, categories or entries one answer gives that are read.
    static let listLimit = 100_000
    static let tooMany = "too many entries"

    /// An object's members read by `body`.
    static func object(
        _ reader: inout JSONPullReader,
        _ body: (inout JSONPullReader, String) throws(JSONPullReader.Failure) -> Void
    ) throws(JSONPullReader.Failure) {
        guard try reader.peek() == .object else { throw reader.failure("an object was expected") }
        try reader.readObject(body)
    }

    /// `{"error_message": "…"}`: the message, cleaned and cut; nil when the body is not one.
    static func errorMessage(_ body: Data) -> String? {
        let read = JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) -> String? in
            var message: String?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                if key == "error_message" {
                    message = try reader.readOptionalString(limit: 512)
                } else {
                    try reader.skipValue()
                }
            }
            return message
        }
        guard case .success(let message?) = read else { return nil }
        let line = Clean.line(String(message.prefix(160)))
        return line.isEmpty ? nil : line
    }

    /// `GET /v1/me`: the user's name.
    static func user(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> String? {
        var name: String?
        try object(&reader) { reader, key throws(JSONPullReader.Failure) in
            if key == "username" {
                name = try reader.readOptionalString(limit: 256).map(Clean.line)
            } else {
                try reader.skipValue()
            }
        }
        return name
    }

    /// A category: `{"id": 1, "title": "All", …}`.
    struct Category: Equatable {
        var id: Int64
        var title: String
    }

    static func category(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> Category? {
        var id: Int64?
        var title: String?
        try object(&reader) { reader, key throws(JSONPullReader.Failure) in
            switch key {
            case "id": id = try reader.readScalarText().flatMap { Int64($0) }
            case "title": title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
            default: try reader.skipValue()
            }
        }
        guard let id, let title else { return nil }
        return Category(id: id, title: Clean.line(title))
    }

    /// `GET /v1/categories`.
    static func categories(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [Category] {
        var categories: [Category] = []
        try list(&reader, "the categories") { reader throws(JSONPullReader.Failure) in
            if let category = try category(&reader) { categories.append(category) }
            return categories.count < listLimit
        }
        return categories
    }

    /// `GET /v1/feeds`: the subscriptions, each with its one category as its one label.
    static func feeds(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [ServiceFeed] {
        var feeds: [ServiceFeed] = []
        try list(&reader, "the feeds") { reader throws(JSONPullReader.Failure) in
            var id: Int64?
            var title: String?
            var url: String?
            var site: String?
            var category: Category?
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readScalarText().flatMap { Int64($0) }
                case "title": title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "feed_url": url = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "site_url": site = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "category":
                    if try reader.peek() == .object {
                        category = try Self.category(&reader)
                    } else {
                        try reader.skipValue()
                    }
                default: try reader.skipValue()
                }
            }
            if let id, id > 0, let url, let address = Clean.webAddress(url) {
                let title = title.map(Clean.line).flatMap { $0.isEmpty ? nil : $0 }
                let label = category.flatMap { $0.title.isEmpty ? nil : $0.title }
                feeds.append(
                    ServiceFeed(
                        streamID: "feed/\(id)", url: address, title: title,
                        siteURL: site.flatMap(Clean.webAddress), labels: label.map { [$0] } ?? []))
            }
            return feeds.count < listLimit
        }
        return feeds
    }

    /// `GET /v1/entries`: the entries (at most `limit`; more is refused), the last id among
    /// them, and the newest `changed_at` (seconds).
    static func entries(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure)
        -> (page: StreamPage, count: Int, lastID: Int64?, newest: Int64?)
    {
        var page = StreamPage(items: [], continuation: nil, updated: nil, newestCrawl: nil, skipped: 0)
        var count = 0
        var lastID: Int64?
        var newest: Int64?
        var found = false
        try object(&reader) { reader, key throws(JSONPullReader.Failure) in
            guard key == "entries", !found else { return try reader.skipValue() }
            found = true
            // Miniflux writes `null` for an empty list.
            if try reader.peek() == .null { return try reader.skipValue() }
            try list(&reader, "the entries") { reader throws(JSONPullReader.Failure) in
                count += 1
                guard count <= limit else { throw reader.failure(tooMany) }
                let raw = try RawEntry.read(&reader)
                add(raw, to: &page)
                if let id = raw.id { lastID = max(lastID ?? id.value, id.value) }
                if let changed = raw.changed { newest = max(newest ?? changed, changed) }
                return true
            }
        }
        guard found else { throw reader.failure("the answer has no entries") }
        return (page, count, lastID, newest)
    }

    /// The ids of a `GET /v1/entries` answer, the entries' other fields skipped: at most
    /// `limit`, and how many entries had none that can be read.
    static func ids(_ reader: inout JSONPullReader, limit: Int) throws(JSONPullReader.Failure)
        -> (ids: [ItemID], entries: Int, unreadable: Int)
    {
        let read = try reader.readMember("entries") { reader throws(JSONPullReader.Failure) in
            guard try reader.peek() != .null else {
                try reader.skipValue()
                return (ids: [ItemID](), entries: 0, unreadable: 0)
            }
            return try reader.readEntryIDs("the entries", limit: limit, tooMany: tooMany)
        }
        guard let read else { throw reader.failure("the answer has no entries") }
        return read
    }

    /// `GET /v1/entries`: its `total`, the number of entries the query selects however many
    /// the page holds; nil when absent or not a count.
    static func total(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> Int? {
        try reader.readMember("total") { reader throws(JSONPullReader.Failure) in
            try reader.readScalarText().flatMap { Int($0) }
        }
    }

    /// `GET /v1/entries/{id}`: one entry, added to `page`.
    static func entry(_ reader: inout JSONPullReader, into page: inout StreamPage) throws(JSONPullReader
        .Failure)
    {
        add(try RawEntry.read(&reader), to: &page)
    }

    /// `GET /v1/entries/{id}`: the entry's `starred`, nil when it has none that can be read.
    static func starred(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> Bool? {
        try RawEntry.read(&reader).starredField
    }

    /// `POST /v1/feeds`: `{"feed_id": N}`.
    static func createdFeed(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> Int64? {
        try reader.readMember("feed_id") { reader throws(JSONPullReader.Failure) in
            try reader.readScalarText().flatMap { Int64($0) }
        }
    }

    private static func add(_ raw: RawEntry, to page: inout StreamPage) {
        if let id = raw.id { page.marks[id] = StreamPage.Marks(read: raw.isRead, starred: raw.isStarred) }
        if let item = raw.serviceItem() {
            page.items.append(item)
        } else {
            page.skipped += 1
        }
        if let changed = raw.changed {
            let milliseconds = changed.multipliedReportingOverflow(by: 1_000)
            if !milliseconds.overflow {
                page.newestCrawl = max(page.newestCrawl ?? 0, milliseconds.partialValue)
            }
        }
    }

    private static func list(
        _ reader: inout JSONPullReader, _ what: String,
        _ body: (inout JSONPullReader) throws(JSONPullReader.Failure) -> Bool
    ) throws(JSONPullReader.Failure) {
        guard try reader.peek() == .array else { throw reader.failure("\(what) are not a list") }
        try reader.readArray(body)
    }

    /// One entry's fields as the service wrote them.
    struct RawEntry {
        var id: ItemID?
        var feed: Int64?
        var status: String?
        var title: String?
        var link: String?
        var author: String?
        var content: String?
        var published: Date?
        var changed: Int64?
        var starredField: Bool?

        /// Read unless `unread`: a `removed` entry is gone from the lists, as a read one is.
        var isRead: Bool { status != "unread" }
        var isStarred: Bool { starredField ?? false }

        static func read(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> RawEntry {
            var entry = RawEntry()
            try object(&reader) { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": entry.id = try reader.readScalarText().flatMap { Int64($0) }.map(ItemID.init)
                case "feed_id": entry.feed = try reader.readScalarText().flatMap { Int64($0) }
                case "status": entry.status = try reader.readOptionalString(limit: 32)
                case "title": entry.title = try reader.readOptionalString(limit: StreamPageReader.titleLimit)
                case "url": entry.link = try reader.readOptionalString(limit: StreamPageReader.addressLimit)
                case "author": entry.author = try reader.readOptionalString(limit: StreamPageReader.textLimit)
                case "content":
                    entry.content = try reader.readOptionalString(limit: StreamPageReader.contentLimit)
                case "published_at":
                    entry.published = try reader.readOptionalString(limit: 64).flatMap(Timestamp.parse)
                case "changed_at":
                    entry.changed = try reader.readOptionalString(limit: 64).flatMap(Timestamp.parse)
                        .map { ServiceTime.seconds(of: $0) }
                case "starred": entry.starredField = try reader.readBool()
                default: try reader.skipValue()
                }
            }
            return entry
        }

        /// The item, or nil when it cannot be stored: no id, no feed, nothing to show.
        func serviceItem() -> ServiceItem? {
            guard let id, let feed, feed > 0 else { return nil }
            let date = published.flatMap { $0.timeIntervalSince1970 > 0 ? $0 : nil }
            let entry = FeedEntry(
                id: id.longForm, title: title.map { TextSanitizer.clean($0) }, link: link,
                author: author.map { TextSanitizer.clean($0) }, published: date, updated: date,
                content: content.map { TextSanitizer.clean($0, lineBreaks: .keep) })
            guard let item = entry.item() else { return nil }
            return ServiceItem(id: id, feed: "feed/\(feed)", item: item, read: isRead, starred: isStarred)
        }
    }
}
