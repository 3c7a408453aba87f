#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the store holds, for a status screen.
public struct StoreStats: Sendable, Equatable {
    /// Stored articles: NewsAPI articles (one per URL) and feed items, saved ones included.
    public var articleCount: Int
    public var savedCount: Int
    /// URLs marked read, including read articles that were since evicted.
    public var readCount: Int
    /// Distinct lists (``ListingKey``s) with at least one stored page.
    public var listingCount: Int
    /// Stored pages over all lists.
    public var listingPageCount: Int
    /// The database file plus its write-ahead log, in bytes; 0 in memory.
    public var fileSize: Int64
    /// The earliest and latest `publishedAt` of the stored articles.
    public var oldestArticle: Date?
    public var newestArticle: Date?
    /// The database file; nil in memory.
    public var path: String?

    public init(
        articleCount: Int, savedCount: Int, readCount: Int, listingCount: Int, listingPageCount: Int,
        fileSize: Int64, oldestArticle: Date?, newestArticle: Date?, path: String?
    ) {
        self.articleCount = articleCount
        self.savedCount = savedCount
        self.readCount = readCount
        self.listingCount = listingCount
        self.listingPageCount = listingPageCount
        self.fileSize = fileSize
        self.oldestArticle = oldestArticle
        self.newestArticle = newestArticle
        self.path = path
    }
}
