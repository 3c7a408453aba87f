import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// NewsAPI's endpoints and their parameters.
///
/// The router knows paths and query parameters; ``NewsAPIRequest`` adds the base URL and the
/// key header to make a complete ``NetworkRoutable``.
public enum NewsAPIRouter: Sendable, Hashable {
    case topHeadlines(HeadlinesRequest)
    case everything(SearchRequest)
    case sources(SourcesRequest)

    public var path: String {
        switch self {
        case .topHeadlines: "/v2/top-headlines"
        case .everything: "/v2/everything"
        case .sources: "/v2/top-headlines/sources"
        }
    }

    /// Query items with raw values, in a stable order; absent parameters are left out.
    public var queryItems: [URLQueryItem] {
        var items = QueryItems()
        switch self {
        case .topHeadlines(let request):
            items.add("country", request.country)
            items.add("category", request.category?.rawValue)
            items.add("sources", request.sources)
            items.add("q", request.query)
            items.add("page", request.page)
            items.add("pageSize", request.pageSize)
        case .everything(let request):
            items.add("q", request.query)
            items.add("searchIn", request.searchIn.map(\.rawValue))
            items.add("sources", request.sources)
            items.add("domains", request.domains)
            items.add("from", request.from.map(Timestamp.format))
            items.add("to", request.to.map(Timestamp.format))
            items.add("language", request.language)
            items.add("sortBy", request.sortBy.rawValue)
            items.add("page", request.page)
            items.add("pageSize", request.pageSize)
        case .sources(let request):
            items.add("category", request.category?.rawValue)
            items.add("language", request.language)
            items.add("country", request.country)
        }
        return items.items
    }
}

/// Builds a query, leaving out parameters that are absent or empty.
private struct QueryItems {
    var items: [URLQueryItem] = []

    mutating func add(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        items.append(URLQueryItem(name: name, value: value))
    }

    mutating func add(_ name: String, _ values: [String]) {
        add(name, values.joined(separator: ","))
    }

    mutating func add(_ name: String, _ value: Int) {
        add(name, String(value))
    }
}

/// A complete NewsAPI request: an endpoint of ``NewsAPIRouter`` sent to a configured server, with
/// the key in the `X-Api-Key` header and never in the URL.
public struct NewsAPIRequest: NetworkRoutable {
    public var route: NewsAPIRouter
    public var configuration: NewsAPIConfiguration

    public init(_ route: NewsAPIRouter, configuration: NewsAPIConfiguration) {
        self.route = route
        self.configuration = configuration
    }

    public var baseURL: URL { configuration.baseURL }
    public var path: String { route.path }
    public var queryItems: [URLQueryItem] { route.queryItems }
    public var headers: [String: String] {
        [
            "X-Api-Key": configuration.apiKey.value,
            "Accept": "application/json",
            "User-Agent": "NewsApp/\(NewsAppVersion.current) (terminal news reader)",
        ]
    }
}

/// The version reported in `User-Agent` and by `newsapp --version`.
public enum NewsAppVersion {
    public static let current = "0.1.0"
}
