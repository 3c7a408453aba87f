import Feeds
import Modules
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reader mode in the app: an article's page fetched by ``PageFetcher`` (through the hardened
/// HTTP client), its text kept with the article in the local store, so that it reads offline and
/// search finds its words. Without a store the text is shown and not kept; `--offline` shows the
/// text kept before and fetches nothing.
public struct PageArticleReader: ArticleReader {
    let fetcher: PageFetcher
    let store: NewsStore?
    let offline: Bool
    /// True beside the sample edition, whose articles (all but feed items) have no pages.
    var refusesNewsArticles = false
    var clock: @Sendable () -> Date = { Date() }

    public init(
        fetcher: PageFetcher, store: NewsStore?, offline: Bool, refusesNewsArticles: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.fetcher = fetcher
        self.store = store
        self.offline = offline
        self.refusesNewsArticles = refusesNewsArticles
        self.clock = clock
    }

    public var unavailableReason: String? { nil }

    public func storedText(of article: Article) async -> ReaderText? {
        guard let store else { return nil }
        return try? await store.readerText(for: article)
    }

    public func fetchText(of article: Article) async throws(ArticleReaderError) -> ReaderText {
        guard !offline else {
            throw ArticleReaderError(
                "NewsApp is offline (--offline), so the page was not fetched.", isQuiet: true)
        }
        if refusesNewsArticles && article.feedItem == nil {
            throw ArticleReaderError(
                "The sample edition’s articles are made up: they have no pages to fetch.", isQuiet: true)
        }
        if let store, (try? await store.hasOwnPage(article)) == false {
            throw ArticleReaderError(
                "This item has no web page of its own, only its feed’s site.", isQuiet: true)
        }
        let page: PageFetcher.Page
        do {
            page = try await fetcher.read(article.url)
        } catch {
            throw ArticleReaderError(error.sentence)
        }
        let text = Self.readerText(page.article, fetchedAt: clock())
        if let store { _ = try? await store.recordReaderText(text, for: article) }
        return text
    }

    /// What the store keeps and the screen shows of an extracted article: all but its title.
    static func readerText(_ article: ExtractedArticle, fetchedAt: Date) -> ReaderText {
        ReaderText(
            text: article.text, links: article.links, byline: article.byline, published: article.published,
            leadImage: article.leadImage, fetchedAt: fetchedAt)
    }
}
