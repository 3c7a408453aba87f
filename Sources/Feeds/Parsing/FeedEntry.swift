import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An item as a feed service describes it (a Google Reader API's stream item), field by field,
/// made into a ``FeedItem`` by the same rules as a feed's items: text cleaned (no control
/// characters, escape sequences or bidi overrides survive to the screen), HTML converted to text
/// with its links numbered, links kept to http and https, and a title for every item.
public struct FeedEntry: Sendable {
    /// A media file the item carries.
    public struct Media: Sendable {
        public var url: String
        public var type: String?
        public var length: Int64?

        public init(url: String, type: String? = nil, length: Int64? = nil) {
            self.url = url
            self.type = type
            self.length = length
        }
    }

    /// The item's id at the service; it becomes the item's id.
    public var id: String
    /// Text that may hold entities or markup.
    public var title: String?
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// HTML.
    public var content: String?
    /// HTML; used when there is no ``content``.
    public var summary: String?
    public var media: [Media]
    /// What relative links are resolved against: the feed's site.
    public var base: URL?

    public init(
        id: String, title: String? = nil, link: String? = nil, author: String? = nil, published: Date? = nil,
        updated: Date? = nil, content: String? = nil, summary: String? = nil, media: [Media] = [],
        base: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.content = content
        self.summary = summary
        self.media = media
        self.base = base
    }

    /// The item, or nil when the entry has nothing to show (no title, text, link or media).
    public func item() -> FeedItem? {
        // A placeholder base keeps relative links resolvable to nothing rather than to a file.
        let base = base ?? URL(string: "https://invalid.invalid/")!
        var draft = ItemDraft()
        draft.id = FeedText.line(id)
        draft.offerLink(link.flatMap { WebURL.resolve($0, against: base) }, rank: 1)
        if let title { draft.title = ItemDraft.Markup(source: title, isHTML: true, base: base) }
        if let content, !content.isEmpty {
            draft.content = ItemDraft.Markup(source: content, isHTML: true, base: base)
        } else if let summary, !summary.isEmpty {
            draft.content = ItemDraft.Markup(source: summary, isHTML: true, base: base)
        }
        draft.published = published
        draft.updated = updated
        if let author { draft.addAuthor(FeedText.line(author)) }
        for file in media {
            // FreshRSS names a picture's type `image`.
            let medium = file.type?.lowercased() == "image" ? "image" : nil
            draft.addMedia(
                WebURL.resolve(file.url, against: base), type: file.type, medium: medium, length: file.length)
        }
        var collector = ItemCollector(convertingHTMLWith: HTMLConversion.standard)
        collector.add(draft)
        return collector.items.first
    }
}
