#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An article's whole text as reader mode took it from the article's web page: what the article
/// screen shows in place of a cut-off text, and what the store keeps with the article so that it
/// reads offline and full-text search finds its words.
///
/// Text fields are untrusted: they come from any web page and must be sanitised before they reach
/// a terminal.
public struct ReaderText: Sendable, Hashable {
    /// The article's text, laid out as feeds' HTML to text lays it out: paragraphs, headings,
    /// lists, quotes, preformatted text and tables as lines, links numbered `[1]`, `[2]`, ….
    public var text: String
    /// The links numbered in ``text``: `links[0]` is `[1]`.
    public var links: [URL]
    /// Who wrote it, as the page says.
    public var byline: String?
    /// When it was published, as the page says.
    public var published: Date?
    /// The page's lead picture.
    public var leadImage: URL?
    /// When the page was fetched.
    public var fetchedAt: Date

    public init(
        text: String, links: [URL] = [], byline: String? = nil, published: Date? = nil, leadImage: URL? = nil,
        fetchedAt: Date
    ) {
        self.text = text
        self.links = links
        self.byline = byline
        self.published = published
        self.leadImage = leadImage
        self.fetchedAt = fetchedAt
    }
}
