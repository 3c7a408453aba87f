#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An outlet, as listed by NewsAPI's `sources` endpoint.
public struct NewsSource: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var summary: String?
    public var url: URL?
    public var category: NewsCategory?
    public var language: String?
    public var country: String?

    public init(
        id: String,
        name: String,
        summary: String? = nil,
        url: URL? = nil,
        category: NewsCategory? = nil,
        language: String? = nil,
        country: String? = nil
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.url = url
        self.category = category
        self.language = language
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, name, url, category, language, country
        case summary = "description"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try container.decodeNonEmptyString(forKey: .id) else { throw Rejection.missingID }
        self.id = id
        name = try container.decodeNonEmptyString(forKey: .name) ?? id
        summary = try container.decodeNonEmptyString(forKey: .summary)
        url = try container.decodeNonEmptyString(forKey: .url).flatMap(URL.init(string:))
        category = try container.decodeNonEmptyString(forKey: .category).flatMap(NewsCategory.init(rawValue:))
        language = try container.decodeNonEmptyString(forKey: .language)
        country = try container.decodeNonEmptyString(forKey: .country)
    }

    /// Why an entry of `sources` was not a source.
    public enum Rejection: Error { case missingID }
}
