import Coordinators
import Foundation
import Networking
import SampleEdition

/// Where the news comes from: NewsAPI with a key, or the bundled sample edition.
struct NewsSourceChoice {
    let service: any NewsService
    /// The line every screen shows, if any.
    let banner: StyledLine?
    /// The top headlines' country: NewsAPI needs one (or a category); the sample edition has one
    /// international edition.
    var country: String? = nil
    /// The key in use, so text that came back from the server can be cleaned of it.
    var key: APIKey? = nil

    /// True for the bundled sample edition.
    var isSample: Bool { key == nil }

    /// Why the environment cannot be used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// NewsAPI (at `NEWSAPI_BASE_URL`, if set) with `key`; the sample edition without one, its
    /// banner saying `sampleNotice` when given (e.g. why the key file was not used).
    static func resolve(
        key: APIKey?,
        country: String,
        environment: [String: String],
        sampleNotice: String? = nil
    ) throws(Problem) -> NewsSourceChoice {
        if let key {
            let baseURL: URL
            do {
                baseURL = try NewsAPIConfiguration.baseURL(environment: environment)
            } catch {
                throw Problem(description: error.description)
            }
            let configuration = NewsAPIConfiguration(baseURL: baseURL, apiKey: key)
            return NewsSourceChoice(
                service: NewsAPIService(configuration: configuration), banner: nil, country: country, key: key
            )
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
