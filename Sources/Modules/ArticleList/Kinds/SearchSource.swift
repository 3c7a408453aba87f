import NewsModels

/// The articles matching words, in an order, from the news service; with a service that keeps
/// pages, its stored page 1 is shown first.
struct SearchSource: ArticleListSource {
    let service: any NewsService
    let words: String
    let sort: ArticleSortOrder
    /// NewsAPI's `language`, e.g. `en`.
    let language: String?

    func page(_ page: Int, pageSize: Int, trigger: RequestTrigger) async throws(NewsServiceError)
        -> ArticlePage
    {
        try await service.search(request(page: page, pageSize: pageSize, trigger: trigger))
    }

    func storedFirstPage(pageSize: Int, trigger: RequestTrigger) async -> ArticlePage? {
        await storedCopy(in: service) {
            await $0.storedSearch(request(page: 1, pageSize: pageSize, trigger: trigger))
        }
    }

    private func request(page: Int, pageSize: Int, trigger: RequestTrigger) -> SearchRequest {
        SearchRequest(
            query: words, language: language, sortBy: sort, page: page, pageSize: pageSize, trigger: trigger)
    }
}
