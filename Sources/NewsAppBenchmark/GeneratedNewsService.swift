import NewsModels

/// A ``NewsService`` over generated articles, for the in-process NewsAPI stub: `total` articles
/// made once from the ``Corpus``, paged in order (headlines and searches alike), so that serving
/// a page costs the stub only its JSON.
struct GeneratedNewsService: NewsService {
    let articles: [Article]

    init(corpus: Corpus, total: Int) {
        articles = (0..<total).map { corpus.article($0, section: "top") }
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        page(request.page, size: request.pageSize)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        page(request.page, size: request.pageSize)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        []
    }

    private func page(_ page: Int, size: Int) -> ArticlePage {
        let start = min(max(page - 1, 0) * size, articles.count)
        return ArticlePage(
            articles: Array(articles[start..<min(start + size, articles.count)]),
            totalResults: articles.count,
            page: page, pageSize: size)
    }
}
