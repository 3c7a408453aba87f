import Networking

/// A paged list of articles (top headlines or search results), with no terminal code: it loads
/// pages from a ``NewsService`` and keeps an ``ArticleListState`` for the renderer.
@MainActor
public final class ArticleListViewModel {
    public private(set) var state: ArticleListState

    private let service: any NewsService
    private let pageSize: Int
    private let country: String?
    private let language: String?
    /// Counts reloads and query changes, so late answers can be recognised and dropped.
    private var generation = 0

    /// - Parameters:
    ///   - country: The edition of the top headlines (NewsAPI's `country`, e.g. `us`); NewsAPI
    ///     refuses top headlines with neither a country nor a category.
    ///   - language: The language of search results (NewsAPI's `language`, e.g. `en`).
    public init(
        query: ArticleQuery,
        service: any NewsService,
        pageSize: Int,
        country: String? = nil,
        language: String? = nil
    ) {
        state = ArticleListState(query: query)
        self.service = service
        self.pageSize = pageSize
        self.country = country
        self.language = language
    }

    /// The article numbered `number` on screen (1-based).
    public func article(numbered number: Int) -> Article? {
        let articles = state.list.articles
        return articles.indices.contains(number - 1) ? articles[number - 1] : nil
    }

    /// Loads page 1, replacing the list once it arrives. A cancelled load leaves the list as it was;
    /// a failed reload of a list that has articles keeps them and reports the error below them.
    /// An answer that arrives after another load or query started is dropped.
    public func reload() async {
        generation += 1
        let current = generation
        if state.list.isEmpty { state.phase = .loading }
        state.moreError = nil
        state.isLoadingMore = false
        do {
            let page = try await fetch(page: 1)
            guard current == generation else { return }
            var fresh = ArticleList()
            fresh.append(page)
            state.list = fresh
            state.phase = .loaded
        } catch .cancelled {
            guard current == generation else { return }
            if state.list.isEmpty { state.phase = .cancelled }
        } catch {
            guard current == generation else { return }
            if state.list.isEmpty { state.phase = .failed(error) } else { state.moreError = error }
        }
    }

    /// Appends the next page, if there is one. A page that arrives after the list was reloaded or
    /// changed is dropped.
    public func loadMore() async {
        guard state.canLoadMore, let next = state.list.nextPage else { return }
        let current = generation
        state.isLoadingMore = true
        state.moreError = nil
        do {
            let page = try await fetch(page: next)
            guard current == generation else { return }
            state.isLoadingMore = false
            state.list.append(page)
        } catch {
            guard current == generation else { return }
            state.isLoadingMore = false
            if error != .cancelled { state.moreError = error }
        }
    }

    /// Shows another query; the caller reloads. Answers to the old query are dropped.
    public func change(to query: ArticleQuery) {
        generation += 1
        state = ArticleListState(query: query)
    }

    private func fetch(page: Int) async throws(NewsServiceError) -> ArticlePage {
        switch state.query {
        case .headlines(let category):
            let request = HeadlinesRequest(
                country: country, category: category, page: page, pageSize: pageSize)
            return try await service.topHeadlines(request)
        case .search(let words, let sort):
            let request = SearchRequest(
                query: words, language: language, sortBy: sort, page: page, pageSize: pageSize)
            return try await service.search(request)
        }
    }
}

/// What an article list shows.
public enum ArticleQuery: Sendable, Hashable {
    /// Top headlines, optionally of one category.
    case headlines(NewsCategory?)
    /// Articles matching words, in an order.
    case search(String, ArticleSortOrder)
}

/// Everything the list renderer needs, as a value.
public struct ArticleListState: Sendable, Equatable {
    /// Where the list is in its life.
    public enum Phase: Sendable, Equatable {
        /// Nothing asked for yet.
        case idle
        /// The first page is on its way.
        case loading
        /// At least one page arrived (possibly empty).
        case loaded
        /// The first page failed.
        case failed(NewsServiceError)
        /// The user cancelled the first page (Ctrl-C).
        case cancelled
    }

    public var query: ArticleQuery
    public var phase: Phase = .idle
    public var list = ArticleList()
    /// Why the last "more" (or a reload of a non-empty list) failed; the list itself is fine.
    public var moreError: NewsServiceError?
    public var isLoadingMore = false

    public init(query: ArticleQuery) {
        self.query = query
    }

    public var canLoadMore: Bool { phase == .loaded && list.nextPage != nil && !isLoadingMore }
}
