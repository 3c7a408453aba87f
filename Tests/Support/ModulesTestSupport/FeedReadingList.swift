import Foundation
import Modules
import NewsModels

/// A ``ReadingList`` whose read marks are those of a ``MemoryFeedLibrary``, as the store keeps one
/// set of marks for both: an item opened is no longer unread for `next`, and `mark read` shows on
/// the lists. Saved articles are kept in memory.
public final class FeedReadingList: ReadingList {
    public let library: MemoryFeedLibrary
    private let saved = Locked<[Article]>([])

    public init(_ library: MemoryFeedLibrary) {
        self.library = library
    }

    public func markRead(_ article: Article) async {
        library.markRead(article)
    }

    public func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        Set(articles.filter(library.isRead).map(\.id))
    }

    public func save(_ article: Article) async throws(ReadingListError) {
        saved.withLock { saved in
            saved.removeAll { $0.id == article.id }
            saved.insert(article, at: 0)
        }
    }

    public func unsave(_ article: Article) async throws(ReadingListError) {
        saved.withLock { $0.removeAll { $0.id == article.id } }
    }

    public func isSaved(_ article: Article) async -> Bool {
        saved.withLock { $0.contains { $0.id == article.id } }
    }

    public func savedArticles() async throws(ReadingListError) -> [Article] {
        saved.withLock { $0 }
    }
}
