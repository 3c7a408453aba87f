import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where one kind of article list gets its pages: top headlines and searches from the news
/// service, the saved articles from the reading list, a feed's items from the feed library. Each
/// kind is a type of its own (``HeadlinesSource``, ``SearchSource``, ``SavedArticlesSource``,
/// ``FeedItemsSource``), made from an ``ArticleQuery``; ``ArticleListViewModel`` asks it and
/// never looks at the kind.
protocol ArticleListSource: Sendable {
    /// Page `page` of the list, asked for as `trigger` says (the app, or the reader's own `r`
    /// and `n`: a service keeping NewsAPI's quota tells them apart).
    func page(_ page: Int, pageSize: Int, trigger: RequestTrigger) async throws(NewsServiceError)
        -> ArticlePage
    /// The stored copy of page 1 to show while the page itself is asked for; nil when the list
    /// keeps none.
    func storedFirstPage(pageSize: Int, trigger: RequestTrigger) async -> ArticlePage?
    /// What a refresh that brought `added` articles not shown before says: "Updated: 3 new
    /// articles.", "Up to date."; nil for nothing.
    func note(added: Int) -> String?
}

extension ArticleListSource {
    func storedFirstPage(pageSize: Int, trigger: RequestTrigger) async -> ArticlePage? { nil }

    func note(added: Int) -> String? {
        switch added {
        case 0: "Up to date."
        case 1: "Updated: 1 new article."
        default: "Updated: \(added) new articles."
        }
    }
}

extension ArticleQuery {
    /// The source of this query's pages.
    func source(
        service: any NewsService, country: String?, language: String?, readingList: any ReadingList,
        feeds: any FeedLibrary
    ) -> any ArticleListSource {
        switch self {
        case .headlines(let category):
            HeadlinesSource(service: service, country: country, category: category)
        case .search(let words, let sort):
            SearchSource(service: service, words: words, sort: sort, language: language)
        case .saved:
            SavedArticlesSource(readingList: readingList)
        case .feed(let scope, _, let unreadOnly):
            FeedItemsSource(feeds: feeds, scope: scope, unreadOnly: unreadOnly)
        }
    }
}

extension ArticleListSource {
    /// What `read` finds in `service`'s store, as a stored copy (as the store marks it, or stale as
    /// of now from a service that does not say), when `service` keeps pages and the page has
    /// articles; nil otherwise.
    func storedCopy(in service: any NewsService, _ read: (any StoringNewsService) async -> ArticlePage?)
        async -> ArticlePage?
    {
        guard let storing = service as? any StoringNewsService, let page = await read(storing),
            !page.articles.isEmpty
        else { return nil }
        if case .store = page.origin { return page }
        var stale = page
        stale.origin = .store(savedAt: Date(), reason: .stale)
        return stale
    }
}
