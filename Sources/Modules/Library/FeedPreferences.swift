import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Choices made for some feeds (the config file's `[[feed]]` rules) that an article of theirs
/// follows instead of the session's: whether its page is fetched as it opens, and whether its
/// pictures are drawn. Feeds are known by their address.
public struct FeedPreferences: Sendable {
    public var fullText: [URL: FullTextMode]
    public var images: [URL: any ArticleImages]

    public init(fullText: [URL: FullTextMode] = [:], images: [URL: any ArticleImages] = [:]) {
        self.fullText = fullText
        self.images = images
    }
}
