import Modules
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reading list of the sample edition with feeds beside it: the sample's articles keep their
/// marks in the sample edition's store, the feed items theirs in the live store, so neither
/// edition sees the other's marks and the feeds' marks are the same in every run.
public struct SplitReadingList: ReadingList {
    /// The sample edition's articles; nil when its store could not be opened.
    let articles: (any ReadingList)?
    /// The feed items.
    let feedItems: any ReadingList

    public init(articles: (any ReadingList)?, feedItems: any ReadingList) {
        self.articles = articles
        self.feedItems = feedItems
    }

    private func list(for article: Article) -> any ReadingList {
        article.feedItem == nil ? (articles ?? NoReadingList()) : feedItems
    }

    public func markRead(_ article: Article) async {
        await list(for: article).markRead(article)
    }

    public func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        let items = articles.filter { $0.feedItem != nil }
        let others = articles.filter { $0.feedItem == nil }
        var read = items.isEmpty ? [] : await feedItems.readArticles(among: items)
        if !others.isEmpty, let list = self.articles {
            read.formUnion(await list.readArticles(among: others))
        }
        return read
    }

    public func save(_ article: Article) async throws(ReadingListError) {
        try await list(for: article).save(article)
    }

    public func unsave(_ article: Article) async throws(ReadingListError) {
        try await list(for: article).unsave(article)
    }

    public func isSaved(_ article: Article) async -> Bool {
        await list(for: article).isSaved(article)
    }

    /// The sample edition's saved articles, then the saved feed items (the live store's saved
    /// NewsAPI articles are not the sample edition's).
    public func savedArticles() async throws(ReadingListError) -> [Article] {
        let items = try await feedItems.savedArticles().filter { $0.feedItem != nil }
        guard let articles else { return items }
        return try await articles.savedArticles().filter { $0.feedItem == nil } + items
    }
}
