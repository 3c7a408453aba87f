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

    /// Why the environment cannot be used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// NewsAPI when `NEWSAPI_KEY` is set and `--sample` is not; the sample edition otherwise.
    static func resolve(sample: Bool, environment: [String: String]) throws(Problem) -> NewsSourceChoice {
        if !sample, let key = environment["NEWSAPI_KEY"].flatMap(APIKey.init) {
            let baseURL: URL
            do {
                baseURL = try NewsAPIConfiguration.baseURL(environment: environment)
            } catch {
                throw Problem(description: error.description)
            }
            let configuration = NewsAPIConfiguration(baseURL: baseURL, apiKey: key)
            return NewsSourceChoice(
                service: NewsAPIService(configuration: configuration), banner: nil, country: "us")
        }
        do {
            let edition = try SampleEdition.bundled()
            return NewsSourceChoice(service: SampleNewsService(edition: edition), banner: sampleBanner)
        } catch {
            throw Problem(description: error.sentence)
        }
    }

    static let sampleBanner = StyledLine([
        Span("Sample edition", .notice),
        Span(" · for live news, set NEWSAPI_KEY (free key at newsapi.org)", .muted),
    ])
}
