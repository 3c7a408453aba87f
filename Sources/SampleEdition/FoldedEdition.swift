import NewsModels

/// The edition's searchable texts folded for matching (``SampleSearch/fold(_:)``) with their
/// weights, computed once, at the first search that needs them, rather than for every article at
/// every search (or at launch, where the sample edition may never be searched).
final class FoldedEdition: Sendable {
    /// One article's title, description and content, folded; nil where the article has none.
    typealias Texts = [SearchRequest.Field: String]

    /// Title counts most, then description, then content, as a search engine would weigh them.
    static let weights: [SearchRequest.Field: Int] = [.title: 5, .description: 2, .content: 1]

    private let articles: [Article]
    private let folded = Locked<[Texts]?>(nil)

    init(_ articles: [Article]) {
        self.articles = articles
    }

    /// The folded fields of article `index` in `searchIn` (every field when empty), with their
    /// weights, for ``SampleSearch/score(folded:)``.
    func fields(of index: Int, in searchIn: [SearchRequest.Field]) -> [(text: String, weight: Int)] {
        let texts = folded.withLock { folded in
            if folded == nil { folded = articles.map(Self.texts) }
            return folded![index]
        }
        return SearchRequest.Field.allCases.compactMap { field in
            guard let text = texts[field], searchIn.isEmpty || searchIn.contains(field) else { return nil }
            return (text, Self.weights[field] ?? 1)
        }
    }

    private static func texts(of article: Article) -> Texts {
        var texts: Texts = [.title: SampleSearch.fold(article.title)]
        texts[.description] = article.summary.map(SampleSearch.fold)
        texts[.content] = article.content.map(SampleSearch.fold)
        return texts
    }
}
