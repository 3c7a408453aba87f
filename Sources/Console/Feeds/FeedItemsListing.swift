import Feeds
import Modules
import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp feeds show`: a feed's stored items, newest first.
public struct FeedItemsListing {
    /// The feed as the urls file writes it (an address, `exec:…`, `query:NAME:EXPRESSION`).
    public var url: String
    public var title: String
    public var items: [StoredFeedItem]
    /// Every stored item, and the unread ones, whatever `items` holds.
    public var total: Int
    public var unread: Int

    // MARK: Text

    public func lines(width: Int, time: TimeFormatting) -> [StyledLine] {
        var header = StyledLine(title, .heading)
        header.append(" · \(Amount.grouped(unread)) unread of \(Amount.grouped(total))", .muted)
        var lines = header.wrapped(toWidth: width)
        lines.append(StyledLine(ShownAddress.hidingPasswords(in: url), .link))
        lines.append(.blank)
        guard !items.isEmpty else {
            lines.append(
                StyledLine(
                    total == 0
                        ? "No items are stored yet: newsapp refresh fetches them." : "No unread items.",
                    .strong))
            return lines
        }
        let numberWidth = String(items.count).count
        let indent = String(repeating: " ", count: numberWidth + 2)
        for (offset, stored) in items.enumerated() {
            let number = String(offset + 1)
            let label = String(repeating: " ", count: numberWidth - number.count) + number + "  "
            lines += StyledLine.hanging(
                Span(label, .accent), StyledLine(stored.item.title, stored.read ? .muted : .strong),
                width: width)
            var meta: [String] = []
            if let date = stored.item.date { meta.append(time.relative(date)) }
            if let author = stored.item.author { meta.append("by " + author) }
            if stored.read { meta.append("read") }
            if stored.saved { meta.append("saved") }
            if !meta.isEmpty {
                lines += StyledLine.hanging(
                    Span(indent), StyledLine(meta.joined(separator: " · "), .muted), width: width)
            }
            if let link = stored.item.link {
                lines.append(StyledLine([Span(indent), Span(link.absoluteString, .link)]))
            }
        }
        return lines
    }

    // MARK: JSON

    /// `{"url", "title", "items": [{"id", "title", "link", "author", "published", "updated",
    /// "summary", "content", "links", "enclosures": [{"url", "type", "length"}], "image", "read"}]}`.
    public struct Document: Encodable {
        public struct Item: Encodable {
            struct Enclosure: Encodable {
                var url: String
                var type: String?
                var length: Int64?

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(url, forKey: .url)
                    try container.encode(type, forKey: .type)
                    try container.encode(length, forKey: .length)
                }

                private enum CodingKeys: String, CodingKey { case url, type, length }
            }

            var id: String
            var title: String
            var link: String?
            var author: String?
            var published: String?
            var updated: String?
            var summary: String?
            var content: String?
            var links: [String]
            var enclosures: [Enclosure]
            var image: String?
            var read: Bool

            /// Absent values are written as `null`, so every item has every key.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(title, forKey: .title)
                try container.encode(link, forKey: .link)
                try container.encode(author, forKey: .author)
                try container.encode(published, forKey: .published)
                try container.encode(updated, forKey: .updated)
                try container.encode(summary, forKey: .summary)
                try container.encode(content, forKey: .content)
                try container.encode(links, forKey: .links)
                try container.encode(enclosures, forKey: .enclosures)
                try container.encode(image, forKey: .image)
                try container.encode(read, forKey: .read)
            }

            private enum CodingKeys: String, CodingKey {
                case id, title, link, author, published, updated, summary, content, links, enclosures, image
                case read
            }
        }

        public var url: String
        public var title: String
        public var items: [Item]
    }

    public var document: Document {
        Document(
            url: ShownAddress.hidingPasswords(in: url), title: title,
            items: items.map { stored in
                let item = stored.item
                return Document.Item(
                    id: item.id, title: item.title, link: item.link?.absoluteString, author: item.author,
                    published: item.published.map(Timestamp.format),
                    updated: item.updated.map(Timestamp.format),
                    summary: item.summary, content: item.content, links: item.links.map(\.absoluteString),
                    enclosures: item.enclosures.map {
                        Document.Item.Enclosure(url: $0.url.absoluteString, type: $0.type, length: $0.length)
                    },
                    image: item.imageURL?.absoluteString, read: stored.read)
            })
    }
}
