#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed as a parser read it from one document.
public struct FeedDocument: Sendable, Hashable {
    /// The syntaxes a feed can be written in.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// RSS 0.9x and 2.0.
        case rss
        /// RSS 1.0, the RDF one.
        case rdf
        /// Atom 1.0.
        case atom
        /// JSON Feed 1.0 and 1.1.
        case jsonFeed
    }

    public var format: Format
    /// The feed's own title, plain text; nil when it has none.
    public var title: String?
    /// The web site the feed belongs to, absolute.
    public var siteURL: URL?
    /// The items in document order, each id once (a repeated id keeps its first item).
    public var items: [FeedItem]
    /// Set when the document could not be read to its end: ``items`` are what was read before.
    public var damage: FeedDamage?

    public init(
        format: Format, title: String? = nil, siteURL: URL? = nil, items: [FeedItem] = [],
        damage: FeedDamage? = nil
    ) {
        self.format = format
        self.title = title
        self.siteURL = siteURL
        self.items = items
        self.damage = damage
    }
}
