import NewsModels

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
    /// Where the articles shown came from: the network, or the store and why (the first page's
    /// origin, or a later page's when that one came from the store). Nil before any page.
    public var origin: PageOrigin?
    /// True while a stored page is shown and the network's copy is on its way.
    public var isRefreshing = false
    /// What the last refresh changed, e.g. "Updated: 3 new articles."; shown once.
    public var note: String?
    /// The articles the reader has read.
    public var read: Set<ArticleID> = []
    /// The filter expression a list that is not a feed's is narrowed by, as typed.
    public var narrowing: String?

    /// The filter the list shows, as typed: a feed list's (its scope's) or another list's.
    public var filterText: String? {
        if case .feed(.filtered(_, let expression), _, _) = query { return expression }
        return narrowing
    }

    public init(query: ArticleQuery) {
        self.query = query
    }

    public var canLoadMore: Bool {
        phase == .loaded && list.nextPage != nil && !isLoadingMore && !isRefreshing
    }

    /// True for a search asked to sort by popularity but answered from the store, which ranks by
    /// relevancy instead.
    public var sortsByRelevancyInstead: Bool {
        guard case .search(_, .popularity) = query, case .store(_, let reason)? = origin else { return false }
        switch reason {
        case .offline, .refused, .offlineMode: return true
        case .stale, .fresh: return false
        }
    }
}
