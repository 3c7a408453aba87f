import Modules
import NewsModels
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reading list kept in the local article store: read marks and saved articles live in
/// `news.sqlite` beside the stored pages, so they survive restarts and work offline.
///
/// Every failure becomes one ``ReadingListError`` sentence saying what did not happen and why;
/// read marks fail silently, as ``ReadingList`` asks. Each mark is the ``Account``'s action.
public struct StoreReadingList: ReadingList {
    /// The account whose actions each mark is.
    public let account: Account

    public init(store: NewsStore) {
        account = Account(store: store)
    }

    private var store: NewsStore { account.store }

    public func markRead(_ article: Article) async {
        try? await account.markRead(article)
    }

    public func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        let items = articles.compactMap(\.feedItem)
        let addresses = articles.filter { $0.feedItem == nil }.map(\.url)
        let readItems = (try? await store.readFeedItems(among: items)) ?? []
        let readAddresses = addresses.isEmpty ? [] : ((try? await store.readURLs(among: addresses)) ?? [])
        return Set(readItems.map(ArticleID.feedItem)).union(readAddresses.map(ArticleID.address))
    }

    public func save(_ article: Article) async throws(ReadingListError) {
        do {
            try await account.save(article)
        } catch {
            throw Self.error(error, "The article was not saved")
        }
    }

    public func unsave(_ article: Article) async throws(ReadingListError) {
        do {
            try await account.unsave(article)
        } catch {
            throw Self.error(error, "The article was not unsaved")
        }
    }

    public func isSaved(_ article: Article) async -> Bool {
        if let item = article.feedItem {
            return ((try? await store.savedFeedItems(among: [item])) ?? []).contains(item)
        }
        return (try? await store.isSaved(article.url)) ?? false
    }

    public func savedArticles() async throws(ReadingListError) -> [Article] {
        do {
            return try await store.savedArticles()
        } catch {
            throw Self.error(error, "The saved articles could not be read")
        }
    }

    /// `What did not happen (why).`, one sentence.
    static func error(_ error: StoreError, _ what: String) -> ReadingListError {
        switch error {
        case .unavailable, .cannotSetAside:
            return .unavailable
        case .failed(let reason):
            return ReadingListError("\(what): the news store could not be used (\(short(reason))).")
        case .cancelled:
            return ReadingListError("\(what): it was cancelled.")
        case .filterTimedOut:
            return ReadingListError(error.sentence)
        }
    }

    /// A reason on one line, without a trailing full stop, at most 100 characters.
    private static func short(_ reason: String) -> String {
        var text = String(reason.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
        return text.count > 100 ? String(text.prefix(99)) + "…" : text
    }
}
