import Account
import Configuration
import Networking
import NewsModels
import SampleEdition
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the news comes from: NewsAPI with a key; without one, the user's feeds when there are
/// any; else the bundled sample edition.
struct NewsSourceChoice {
    /// Which edition the app shows.
    enum Kind: Sendable, Equatable {
        /// NewsAPI, live, with a key.
        case newsAPI
        /// The bundled sample edition.
        case sample
        /// The feeds alone: no key, and feeds are subscribed.
        case feeds
    }

    let service: any NewsService
    /// The line every screen shows, if any.
    let banner: StyledLine?
    /// The top headlines' country: NewsAPI needs one (or a category); the sample edition has one
    /// international edition.
    var country: String? = nil
    /// The key in use, so text that came back from the server can be cleaned of it.
    var key: APIKey? = nil
    var kind: Kind = .sample

    /// True for the bundled sample edition.
    var isSample: Bool { kind == .sample }
    /// True when NewsAPI or the sample edition gives categories.
    var hasCategories: Bool { kind != .feeds }

    /// Why the environment cannot be used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// NewsAPI (at `NEWSAPI_BASE_URL`, if set) with `key`; without one, the feeds when
    /// `feedsOnly` (they are the edition: no banner), else the sample edition, its banner saying
    /// `sampleNotice` when given (e.g. why the key file was not used).
    static func resolve(
        key: APIKey?,
        country: String,
        environment: [String: String],
        timeout: TimeInterval = TimeInterval(ConfigurationKeys.requestTimeout.fallback),
        sampleNotice: String? = nil,
        feedsOnly: Bool = false
    ) throws(Problem) -> NewsSourceChoice {
        if let key {
            let baseURL: URL
            do {
                baseURL = try NewsAPIConfiguration.baseURL(environment: environment)
            } catch {
                throw Problem(description: error.description)
            }
            let configuration = NewsAPIConfiguration(baseURL: baseURL, apiKey: key, timeout: timeout)
            return NewsSourceChoice(
                service: NewsAPIService(configuration: configuration), banner: nil, country: country,
                key: key,
                kind: .newsAPI)
        }
        if feedsOnly {
            return NewsSourceChoice(service: NoNewsService(), banner: nil, kind: .feeds)
        }
        do {
            let edition = try SampleEdition.bundled()
            return NewsSourceChoice(
                service: SampleNewsService(edition: edition), banner: sampleBanner(notice: sampleNotice))
        } catch {
            throw Problem(description: error.sentence)
        }
    }

    /// `Sample edition · for live news, set NEWSAPI_KEY (free key at newsapi.org)`.
    static func sampleBanner(notice: String? = nil) -> StyledLine {
        StyledLine([
            Span("Sample edition", .notice),
            Span(" · " + (notice ?? "for live news, set NEWSAPI_KEY (free key at newsapi.org)"), .muted),
        ])
    }
}

/// The news service of the feeds-only edition until the store is there to answer: nothing to show.
/// ``LaunchContext/service`` puts ``FeedsNewsService`` in its place.
struct NoNewsService: NewsService {
    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        ArticlePage(articles: [], totalResults: 0, page: request.page, pageSize: request.pageSize)
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        ArticlePage(articles: [], totalResults: 0, page: request.page, pageSize: request.pageSize)
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] { [] }
}
