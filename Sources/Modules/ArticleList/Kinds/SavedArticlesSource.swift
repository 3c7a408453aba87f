import NewsModels

/// The articles the reader saved, the last saved first, all on one page.
struct SavedArticlesSource: ArticleListSource {
    let readingList: any ReadingList

    func page(_ page: Int, pageSize: Int, trigger: RequestTrigger) async throws(NewsServiceError)
        -> ArticlePage
    {
        let articles: [Article]
        do throws(ReadingListError) {
            articles = try await readingList.savedArticles()
        } catch {
            throw Task.isCancelled ? .cancelled : .unavailable(error.sentence)
        }
        return ArticlePage(
            articles: articles, totalResults: articles.count, page: 1, pageSize: max(articles.count, 1))
    }
}
