import Networking

/// A ``NewsService`` over generated articles, for the in-process NewsAPI stub: `total` articles
/// paged in order (headlines and searches alike), each made on demand from the ``Corpus``.
struct GeneratedNewsService: NewsService {
    let corpus: Corpus
    let total: Int

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        page(request.page, size: request.pageSize, section: request.category?.rawValue ?? "top")
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        page(request.page, size: request.pageSize, section: "search")
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }

    private func page(_ page: Int, size: Int, section: String) -> ArticlePage {
        let start = min(max(page - 1, 0) * size, total)
        let articles = (start..<min(start + size, total)).map { corpus.article($0, section: section) }
        return ArticlePage(articles: articles, totalResults: total, page: page, pageSize: size)
    }
}
