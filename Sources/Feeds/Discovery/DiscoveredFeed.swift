#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed an HTML page announces (`<link rel="alternate" type="application/rss+xml" …>`).
public struct DiscoveredFeed: Sendable, Hashable {
    /// The feed's address, absolute.
    public var url: URL
    /// The link's `title`, when it has one.
    public var title: String?
    /// The MIME type the page gives it, in lower case without parameters, e.g.
    /// `application/atom+xml`.
    public var type: String

    public init(url: URL, title: String? = nil, type: String) {
        self.url = url
        self.title = title
        self.type = type
    }
}
