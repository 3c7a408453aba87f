import Foundation
import NewsModels

/// Reads and validates the query parameters of NewsAPI's three endpoints, refusing what NewsAPI
/// refuses with the same error codes.
struct StubParameters {
    /// NewsAPI's limits.
    static let maxPageSize = 100
    static let maxSources = 20
    static let maxQueryLength = 500

    private let request: RecordedRequest

    init(_ request: RecordedRequest) {
        self.request = request
    }

    /// `GET /v2/top-headlines`. Unlike NewsAPI, a request without country, category, sources or q
    /// is answered (with every headline) rather than refused, so a client can list the front page.
    func headlines() throws(StubRejection) -> HeadlinesRequest {
        let category = try category()
        let sources = try sources()
        let country = value("country")
        if !sources.isEmpty, country != nil || category != nil {
            throw StubRejection(.parametersIncompatible)
        }
        return HeadlinesRequest(
            country: country, category: category, sources: sources, query: value("q"),
            page: try page(), pageSize: try pageSize(default: 20))
    }

    /// `GET /v2/everything`.
    func everything() throws(StubRejection) -> SearchRequest {
        let query = value("q") ?? ""
        let sources = try sources()
        let domains = list("domains")
        guard !query.isEmpty || !sources.isEmpty || !domains.isEmpty else {
            throw StubRejection(.parametersMissing, NewsAPIErrorCode.everythingScopeMessage)
        }
        guard query.count <= Self.maxQueryLength else {
            throw invalid("The q parameter is too long. It may be at most \(Self.maxQueryLength) characters.")
        }
        return SearchRequest(
            query: query, searchIn: try searchIn(), sources: sources, domains: domains,
            from: try date("from"), to: try date("to"), language: value("language"),
            sortBy: try sortOrder(), page: try page(), pageSize: try pageSize(default: Self.maxPageSize))
    }

    /// `GET /v2/top-headlines/sources`.
    func sourcesRequest() throws(StubRejection) -> SourcesRequest {
        SourcesRequest(category: try category(), language: value("language"), country: value("country"))
    }

    // MARK: - Single parameters

    /// The trimmed value of `name`; nil when absent or blank.
    private func value(_ name: String) -> String? {
        guard let raw = request.query(name)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
            return nil
        }
        return raw
    }

    /// A comma-separated list, without blanks.
    private func list(_ name: String) -> [String] {
        (value(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    private func category() throws(StubRejection) -> NewsCategory? {
        guard let text = value("category") else { return nil }
        guard let category = NewsCategory(rawValue: text) else {
            let known = NewsCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw invalid("The category parameter must be one of: \(known). You have requested \(text).")
        }
        return category
    }

    private func sources() throws(StubRejection) -> [String] {
        let sources = list("sources")
        guard sources.count <= Self.maxSources else { throw StubRejection(.sourcesTooMany) }
        return sources
    }

    private func page() throws(StubRejection) -> Int {
        let page = try integer("page") ?? 1
        guard page >= 1 else {
            throw invalid("The page parameter must be 1 or more. You have requested \(page).")
        }
        return page
    }

    private func pageSize(default size: Int) throws(StubRejection) -> Int {
        let size = try integer("pageSize") ?? size
        guard (1...Self.maxPageSize).contains(size) else {
            let range = "between 1 and \(Self.maxPageSize)"
            throw invalid("The pageSize parameter must be \(range). You have requested \(size).")
        }
        return size
    }

    private func integer(_ name: String) throws(StubRejection) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw invalid("The \(name) parameter must be a whole number. You have requested \(text).")
        }
        return number
    }

    private func sortOrder() throws(StubRejection) -> ArticleSortOrder {
        guard let text = value("sortBy") else { return .publishedAt }
        guard let order = ArticleSortOrder(rawValue: text) else {
            throw invalid("The sortBy parameter must be relevancy, popularity or publishedAt, not \(text).")
        }
        return order
    }

    private func searchIn() throws(StubRejection) -> [SearchRequest.Field] {
        var fields: [SearchRequest.Field] = []
        for name in list("searchIn") {
            guard let field = SearchRequest.Field(rawValue: name) else {
                throw invalid("The searchIn parameter may only contain title, description and content.")
            }
            fields.append(field)
        }
        return fields
    }

    /// An ISO 8601 date-time, or a date alone meaning its midnight UTC, as NewsAPI accepts.
    private func date(_ name: String) throws(StubRejection) -> Date? {
        guard let text = value(name) else { return nil }
        guard let date = Timestamp.parse(text.count == 10 ? text + "T00:00:00Z" : text) else {
            throw invalid("The \(name) parameter is not a valid ISO 8601 date-time: \(text).")
        }
        return date
    }

    private func invalid(_ message: String) -> StubRejection {
        StubRejection(.parameterInvalid, message)
    }
}
