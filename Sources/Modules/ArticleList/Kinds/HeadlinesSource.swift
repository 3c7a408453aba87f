import NewsModels

/// Top headlines of an edition, optionally of one category, from the news service; with a
/// service that keeps pages, its stored page 1 is shown first.
struct HeadlinesSource: ArticleListSource {
    let service: any NewsService
    /// NewsAPI's `country`, e.g. `us`: NewsAPI refuses headlines with neither it nor a category.
    let country: String?
    let category: NewsCategory?

    func page(_ page: Int, pageSize: Int, trigger: RequestTrigger) async throws(NewsServiceError)
        -> ArticlePage
    {
        try await service.topHeadlines(request(page: page, pageSize: pageSize, trigger: trigger))
    }

    func storedFirstPage(pageSize: Int, trigger: RequestTrigger) async -> ArticlePage? {
        await storedCopy(in: service) {
            await $0.storedHeadlines(request(page: 1, pageSize: pageSize, trigger: trigger))
        }
    }

    private func request(page: Int, pageSize: Int, trigger: RequestTrigger) -> HeadlinesRequest {
        HeadlinesRequest(
            country: country, category: category, page: page, pageSize: pageSize, trigger: trigger)
    }
}
