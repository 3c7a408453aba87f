/// A news service that keeps what it fetches and can hand it back at once, without the network.
///
/// Screens use it for stale-while-revalidate: draw the stored page immediately, then ask for a
/// fresh one. When the network fails, the service itself answers from the store, marking the
/// page's ``ArticlePage/origin`` with ``PageOrigin/store(savedAt:reason:)``.
public protocol StoringNewsService: NewsService {
    /// The stored copy of a headlines page, or nil. Never touches the network.
    func storedHeadlines(_ request: HeadlinesRequest) async -> ArticlePage?
    /// The stored copy of a search page, or nil. Never touches the network.
    func storedSearch(_ request: SearchRequest) async -> ArticlePage?
}
