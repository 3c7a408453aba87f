#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One entry of a feed (an RSS item, an Atom entry, a JSON Feed item), as a parser read it: its
/// text already converted from HTML to plain text, its links resolved to absolute URLs.
///
/// Text fields come from the network and are untrusted: they must be sanitised before they reach
/// a terminal.
public struct FeedItem: Sendable, Hashable {
    /// The item's identity within its feed: its guid (RSS), id (Atom, JSON Feed) or `rdf:about`,
    /// else its link, else ``FeedItem/fallbackID(title:date:)``. An item seen again under the same
    /// id is the same item, updated in place.
    public var id: String
    /// Never empty: an item without a title gets one from the start of its text.
    public var title: String
    /// The item's web page (`rel="alternate"` preferred in Atom), absolute.
    public var link: URL?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// Plain text. When ``content`` is present it carries the link references and this does not.
    public var summary: String?
    /// Plain text, with numbered link references (`[1]`) that ``links`` lists in order.
    public var content: String?
    /// The links numbered in the item's text: `links[0]` is `[1]`. The text numbered is
    /// ``content`` when present, else ``summary``.
    public var links: [URL]
    /// Podcasts, videos and other media the item carries (RSS enclosures, Atom `rel="enclosure"`
    /// links, JSON Feed attachments, `media:content` other than images).
    public var enclosures: [Enclosure]
    /// A picture for the item (`media:thumbnail`, an image `media:content` or enclosure, JSON
    /// Feed's `image`).
    public var imageURL: URL?

    public init(
        id: String,
        title: String,
        link: URL? = nil,
        author: String? = nil,
        published: Date? = nil,
        updated: Date? = nil,
        summary: String? = nil,
        content: String? = nil,
        links: [URL] = [],
        enclosures: [Enclosure] = [],
        imageURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.links = links
        self.enclosures = enclosures
        self.imageURL = imageURL
    }

    /// The date to sort by: published, else updated.
    public var date: Date? { published ?? updated }
}

/// A media file an item carries.
public struct Enclosure: Sendable, Hashable, Codable {
    public var url: URL
    /// The MIME type as the feed states it, e.g. `audio/mpeg`.
    public var type: String?
    /// The size in bytes as the feed states it.
    public var length: Int64?

    public init(url: URL, type: String? = nil, length: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
