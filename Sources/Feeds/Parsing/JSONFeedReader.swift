import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), read as its bytes arrive with a
/// ``JSONStreamReader``: each item is decoded on its own as soon as it ends, and the document is
/// never held or built whole, so memory is the items kept. At most ``ItemCollector/limit`` items are
/// kept and at most ``entryLimit`` entries of `items` decoded; the entries after them are checked
/// and skipped unread. Read leniently: a field of the wrong type is ignored, not fatal; an item
/// that cannot be read is skipped; ids may be numbers.
final class JSONFeedReader {
    /// Entries of `items` decoded at most: twice the items kept, for feeds that repeat items or
    /// hold empty ones. A million `{}` entries are checked, not decoded.
    static let entryLimit = 2 * ItemCollector.limit

    private let url: URL
    private let entryLimit: Int
    private var reader = JSONStreamReader(
        keeping: ["version", "title", "home_page_url", "author", "authors"], streaming: ["items"])
    private var collector: ItemCollector
    private let decoder = JSONDecoder()
    private var members: [String: Data] = [:]
    private var entries = 0
    /// Items whose entry names no author: the feed's authors are theirs, known only at the end
    /// (its members may come in any order).
    private var itemsWithoutAuthor: [Int] = []

    /// Reads the feed at `url`; `itemLimit` and `entryLimit` are lower in tests of the caps.
    init(
        url: URL, convertingHTMLWith convert: @escaping HTMLConverter, itemLimit: Int = ItemCollector.limit,
        entryLimit: Int = entryLimit
    ) {
        self.url = url
        self.entryLimit = entryLimit
        collector = ItemCollector(convertingHTMLWith: convert, capacity: itemLimit)
    }

    /// Reads the next decoded bytes (UTF-8).
    func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(FeedParseError) {
        do {
            try reader.read(bytes, handle)
        } catch {
            throw .malformed("the JSON is not valid")
        }
    }

    /// The feed, once every byte was read.
    func finish() throws(FeedParseError) -> FeedDocument {
        do {
            try reader.finish()
        } catch {
            throw .malformed("the JSON is not valid")
        }
        let version = member(String.self, "version")
        guard version?.hasPrefix("https://jsonfeed.org/version/") == true || reader.kinds["items"] == .array
        else {
            throw .notAFeed("the document is JSON, not a JSON Feed")
        }
        let feedAuthors = Author.names(
            member([Lenient<Author>].self, "authors"), member(Author.self, "author"))
        if !feedAuthors.isEmpty {
            collector.setAuthor(feedAuthors.joined(separator: ", "), of: itemsWithoutAuthor)
        }
        let title = member(String.self, "title").map(FeedText.line).flatMap { $0.isEmpty ? nil : $0 }
        return FeedDocument(
            format: .jsonFeed, title: title,
            siteURL: member(String.self, "home_page_url").flatMap { WebURL.resolve($0, against: url) },
            items: collector.items)
    }

    private func handle(_ event: JSONStreamReader.Event) -> Bool {
        switch event {
        case .member(let name, let json):
            if members[name] == nil { members[name] = Data(json) }
            return true
        case .element(_, let json):
            entries += 1
            if let item = (try? decoder.decode(Lenient<Item>.self, from: Data(json)))?.value {
                let draft = item.draft(base: url)
                if collector.add(draft), draft.authors.isEmpty {
                    itemsWithoutAuthor.append(collector.items.count - 1)
                }
            }
        case .oversized:
            entries += 1
        }
        return entries < entryLimit && !collector.isFull
    }

    /// The kept member `name` as `type`, nil when absent or of another type.
    private func member<Value: Decodable>(_ type: Value.Type, _ name: String) -> Value? {
        members[name].flatMap { try? decoder.decode(Lenient<Value>.self, from: $0).value }
    }

    private struct Author: Decodable {
        var name: String?

        static func names(_ authors: [Lenient<Author>]?, _ author: Author?) -> [String] {
            let all = (authors ?? []).compactMap(\.value) + [author].compactMap { $0 }
            return all.compactMap(\.name).map(FeedText.line).filter { !$0.isEmpty }
        }
    }

    private struct Attachment: Decodable {
        var url: String
        var mimeType: String?
        var size: Double?

        enum CodingKeys: String, CodingKey {
            case url
            case mimeType = "mime_type"
            case size = "size_in_bytes"
        }
    }

    private struct Item: Decodable {
        var id: String?
        var url: String?
        var externalURL: String?
        var title: String?
        var contentHTML: String?
        var contentText: String?
        var summary: String?
        var image: String?
        var bannerImage: String?
        var published: String?
        var modified: String?
        var author: Author?
        var authors: [Lenient<Author>]?
        var attachments: [Lenient<Attachment>]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image, author, authors, attachments
            case externalURL = "external_url"
            case contentHTML = "content_html"
            case contentText = "content_text"
            case bannerImage = "banner_image"
            case published = "date_published"
            case modified = "date_modified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id =
                container.lenient(String.self, .id) ?? container.lenient(Int64.self, .id).map(String.init)
                ?? container.lenient(Double.self, .id).map { String($0) }
            url = container.lenient(String.self, .url)
            externalURL = container.lenient(String.self, .externalURL)
            title = container.lenient(String.self, .title)
            contentHTML = container.lenient(String.self, .contentHTML)
            contentText = container.lenient(String.self, .contentText)
            summary = container.lenient(String.self, .summary)
            image = container.lenient(String.self, .image)
            bannerImage = container.lenient(String.self, .bannerImage)
            published = container.lenient(String.self, .published)
            modified = container.lenient(String.self, .modified)
            author = container.lenient(Author.self, .author)
            authors = container.lenient([Lenient<Author>].self, .authors)
            attachments = container.lenient([Lenient<Attachment>].self, .attachments)
        }

        /// The item's draft; its authors are empty when the entry names none.
        func draft(base: URL) -> ItemDraft {
            var draft = ItemDraft()
            draft.id = id.map(FeedText.line)
            draft.offerLink(url.flatMap { WebURL.resolve($0, against: base) }, rank: 3)
            draft.offerLink(externalURL.flatMap { WebURL.resolve($0, against: base) }, rank: 2)
            if let title {
                draft.title = ItemDraft.Markup(source: FeedText.line(title), isHTML: false, base: base)
            }
            if let contentHTML {
                draft.content = ItemDraft.Markup(source: contentHTML, isHTML: true, base: base)
            } else if let contentText {
                draft.content = ItemDraft.Markup(
                    source: FeedText.block(contentText), isHTML: false, base: base)
            }
            if let summary {
                draft.summary = ItemDraft.Markup(source: FeedText.block(summary), isHTML: false, base: base)
            }
            draft.published = published.flatMap(FeedDate.parse)
            draft.updated = modified.flatMap(FeedDate.parse)
            for name in Author.names(authors, author) { draft.addAuthor(name) }
            for attachment in (attachments ?? []).compactMap(\.value) {
                draft.addMedia(
                    WebURL.resolve(attachment.url, against: base), type: attachment.mimeType,
                    length: attachment.size.flatMap { $0 >= 0 && $0 < 9e18 ? Int64($0) : nil })
            }
            draft.thumbnail = (image ?? bannerImage).flatMap { WebURL.resolve($0, against: base) }
            return draft
        }
    }
}

/// A value that decodes to nil instead of failing.
private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or nil when it is missing, null or of another type.
    fileprivate func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
