import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``NewsService`` over the bundled ``SampleEdition``, with NewsAPI's semantics: headlines by
/// category, search over title, description and content, the three sort orders, and paging with
/// a correct `totalResults`. It answers instantly and never touches the network.
public struct SampleNewsService: NewsService {
    public let edition: SampleEdition
    private let folded: FoldedEdition

    public init(edition: SampleEdition) {
        self.edition = edition
        folded = FoldedEdition(edition.entries.map(\.article))
    }

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try validate(page: request.page, pageSize: request.pageSize)
        let query = request.query.map(SampleSearch.init)
        let matches = edition.entries.indices.filter { index in
            let entry = edition.entries[index]
            return (request.category.map { entry.category == $0 } ?? true)
                && (request.sources.isEmpty || request.sources.contains(Self.sourceID(of: entry.article)))
                && (query.map { $0.score(folded: folded.fields(of: index, in: [])) != nil } ?? true)
        }
        return page(
            of: matches.map { edition.entries[$0].article }, page: request.page, pageSize: request.pageSize)
    }

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try validate(page: request.page, pageSize: request.pageSize)
        let query = SampleSearch(request.query)
        guard !query.isEmpty || !request.sources.isEmpty || !request.domains.isEmpty else {
            throw .api(
                code: "parametersMissing",
                message: "Required parameters are missing, the scope of your search is too broad. "
                    + "Please set any of the following required parameters and try again: q, qInTitle, sources, domains."
            )
        }
        var scored: [(entry: SampleEdition.Entry, score: Int)] = []
        for (index, entry) in edition.entries.enumerated() where accepts(entry.article, request) {
            if let score = query.score(folded: folded.fields(of: index, in: request.searchIn)) {
                scored.append((entry, score))
            }
        }
        // Entries are newest first and the sort is stable, so ties stay newest first.
        switch request.sortBy {
        case .relevancy: scored.sort { $0.score > $1.score }
        case .popularity: scored.sort { $0.entry.popularity > $1.entry.popularity }
        case .publishedAt: break
        }
        return page(of: scored.map(\.entry.article), page: request.page, pageSize: request.pageSize)
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        var sources: [String: NewsSource] = [:]
        for entry in edition.entries where request.category.map({ entry.category == $0 }) ?? true {
            let id = Self.sourceID(of: entry.article)
            guard sources[id] == nil else { continue }
            var components = URLComponents(url: entry.article.url, resolvingAgainstBaseURL: false)
            components?.path = ""
            sources[id] = NewsSource(
                id: id, name: entry.article.source.name, url: components?.url, category: entry.category)
        }
        return sources.values.sorted { $0.name < $1.name }
    }

    // MARK: - Helpers

    private func validate(page: Int, pageSize: Int) throws(NewsServiceError) {
        guard page >= 1 else {
            throw .api(code: "parameterInvalid", message: "The page parameter must be 1 or more.")
        }
        guard (1...100).contains(pageSize) else {
            throw .api(code: "parameterInvalid", message: "The pageSize parameter must be between 1 and 100.")
        }
    }

    private func accepts(_ article: Article, _ request: SearchRequest) -> Bool {
        if !request.sources.isEmpty, !request.sources.contains(Self.sourceID(of: article)) { return false }
        if !request.domains.isEmpty {
            let host = article.url.host?.lowercased() ?? ""
            guard request.domains.contains(where: { host == $0 || host.hasSuffix("." + $0) }) else {
                return false
            }
        }
        if let from = request.from, (article.publishedAt ?? .distantPast) < from { return false }
        if let to = request.to, (article.publishedAt ?? .distantFuture) > to { return false }
        return true
    }

    private func page(of articles: [Article], page: Int, pageSize: Int) -> ArticlePage {
        let start = min((page - 1) * pageSize, articles.count)
        let end = min(start + pageSize, articles.count)
        return ArticlePage(
            articles: Array(articles[start..<end]), totalResults: articles.count, page: page,
            pageSize: pageSize)
    }

    /// The source's id, or a slug of its name when NewsAPI-style data has `id: null`.
    static func sourceID(of article: Article) -> String {
        if let id = article.source.id { return id }
        let slug = article.source.name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }
            .joined()
        return slug.split(separator: "-").joined(separator: "-")
    }
}
