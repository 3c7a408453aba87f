import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reader mode for the article screen: the whole text of an article's web page, for an article
/// whose own text is cut off. The executable backs it with the page fetcher and the store;
/// sessions without pages to fetch use ``NoArticleReader``. Screens ask; they never learn how a
/// page is fetched or where its text is kept.
public protocol ArticleReader: Sendable {
    /// Why no page can be fetched in this session (the sample edition's articles have none), or
    /// nil when pages can be.
    var unavailableReason: String? { get }
    /// The text kept from an earlier read of `article`'s page; nil when there is none.
    func storedText(of article: Article) async -> ReaderText?
    /// Fetches `article`'s page, takes its text and keeps it with the article.
    func fetchText(of article: Article) async throws(ArticleReaderError) -> ReaderText
}

/// Why an article's page gave no text, as one sentence for the screen.
public struct ArticleReaderError: Error, Sendable, Equatable {
    public var sentence: String
    /// True when there was nothing worth fetching (a feed item without a page of its own): said
    /// when the reader typed `full`, not when the page was fetched on its own as the article
    /// opened.
    public var isQuiet: Bool

    public init(_ sentence: String, isQuiet: Bool = false) {
        self.sentence = sentence
        self.isQuiet = isQuiet
    }
}

/// For sessions without pages to fetch: nothing is stored, and `full` says why.
public struct NoArticleReader: ArticleReader {
    public let unavailableReason: String?

    public init(reason: String = "Reader mode is not available in this session.") {
        unavailableReason = reason
    }

    public func storedText(of article: Article) async -> ReaderText? { nil }

    public func fetchText(of article: Article) async throws(ArticleReaderError) -> ReaderText {
        throw ArticleReaderError(unavailableReason ?? "")
    }
}
