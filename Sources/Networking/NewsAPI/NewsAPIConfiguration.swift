import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where and how to reach NewsAPI (or a compatible server).
public struct NewsAPIConfiguration: Sendable {
    /// The public service.
    public static let publicBaseURL = URL(string: "https://newsapi.org")!

    public var baseURL: URL
    public var apiKey: APIKey
    /// Seconds a request may take in all.
    public var timeout: TimeInterval

    public init(baseURL: URL = Self.publicBaseURL, apiKey: APIKey, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
    }

    /// The host (and port, if not the default) for error sentences.
    public var hostDescription: String {
        baseURL.shownHost
    }

    /// Why a base URL from the environment was refused.
    public struct InvalidBaseURL: Error, Equatable, CustomStringConvertible {
        public let text: String
        public var description: String {
            "NEWSAPI_BASE_URL must be an http or https URL such as http://127.0.0.1:8080, not “\(text)”."
        }
    }

    /// The base URL named by `NEWSAPI_BASE_URL` in `environment`, or the public service.
    public static func baseURL(environment: [String: String]) throws(InvalidBaseURL) -> URL {
        guard let text = environment["NEWSAPI_BASE_URL"]?.trimmingSpaces(),
            !text.isEmpty
        else { return publicBaseURL }
        guard let url = URL(webAddress: text), url.query == nil, url.fragment == nil,
            url.port.map({ (1...65_535).contains($0) }) ?? true
        else { throw InvalidBaseURL(text: text) }
        return url
    }
}
