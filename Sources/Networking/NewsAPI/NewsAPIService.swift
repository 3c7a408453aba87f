import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The live ``NewsService``: NewsAPI v2 (or a compatible server) over an ``HTTPClient``.
public struct NewsAPIService: NewsService {
    public let configuration: NewsAPIConfiguration
    private let client: any HTTPClient

    public init(configuration: NewsAPIConfiguration, client: any HTTPClient) {
        self.configuration = configuration
        self.client = client
    }

    /// A service with the live client (libcurl) and the default size cap.
    public init(configuration: NewsAPIConfiguration) {
        self.init(
            configuration: configuration,
            client: CurlHTTPClient(limits: .init(timeout: configuration.timeout)))
    }

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await articles(.topHeadlines(request), page: request.page, pageSize: request.pageSize)
    }

    /// The longest query NewsAPI takes, in characters.
    public static let maximumQueryLength = 500

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        // Refused here, not by the server (414, or a 400 quoting the whole query back).
        guard request.query.count <= Self.maximumQueryLength else {
            throw .unavailable(
                "The search is \(request.query.count) characters long; NewsAPI takes at most "
                    + "\(Self.maximumQueryLength). Shorten it.")
        }
        return try await articles(.everything(request), page: request.page, pageSize: request.pageSize)
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        try await send(.sources(request), reading: SourcesPayload.reader()).sources
    }

    // MARK: - Sending

    private func articles(_ route: NewsAPIRouter, page: Int, pageSize: Int) async throws(NewsServiceError)
        -> ArticlePage
    {
        do {
            let payload = try await send(route, reading: ArticlesPayload.reader())
            return ArticlePage(
                articles: payload.articles, totalResults: payload.totalResults, page: page,
                pageSize: pageSize, skippedCount: payload.skippedCount)
        } catch let error where error.isResultCap && page > 1 {
            // Paging past the plan's cap: the list simply ends here.
            return ArticlePage(
                articles: [], totalResults: (page - 1) * pageSize, page: page, pageSize: pageSize,
                reachedResultCap: true)
        }
    }

    /// Sends `route`'s request, its body read by `reader` as it arrives (see ``NewsAPIBodyReader``).
    private func send<Entry, Payload>(
        _ route: NewsAPIRouter,
        reading reader: NewsAPIBodyReader<Entry, Payload>
    ) async throws(NewsServiceError) -> Payload {
        let host = configuration.hostDescription
        let request = NewsAPIRequest(route, configuration: configuration).request(
            timeout: configuration.timeout)
        let envelope: NewsAPIEnvelope<Payload>
        do {
            envelope = try await client.send(request, reading: reader)
        } catch {
            throw Self.serviceError(error, host: host)
        }
        switch envelope {
        case .ok(let payload):
            return payload
        case .error(let code, let message):
            let redact = configuration.apiKey.redacting
            throw .api(code: redact(code), message: redact(message))
        }
    }

    /// What `error` means for the service at `host`; after a redirect, the host it led to is named.
    private static func serviceError(_ error: HTTPClientError, host: String) -> NewsServiceError {
        let host = error.failingHost(else: host)
        return switch TransportFault(error) {
        case .transport(let failure): .transport(failure, host: host)
        case .rateLimited(let status, _), .status(let status): .server(status: status, host: host)
        case .undecodable(let reason): .undecodable(reason: reason, host: host)
        case .tooLarge(let limit): .responseTooLarge(limit: limit, host: host)
        case .redirectRefused(let reason):
            .unavailable("\(host) redirected the request and NewsApp did not follow: \(reason).")
        case .unsupportedURL: .unavailable("\(host) is not an http or https address NewsApp can reach.")
        case .cancelled: .cancelled
        }
    }
}
