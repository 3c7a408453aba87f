import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which list a stored page belongs to: a headlines request or a search, reduced to the
/// parameters that change its results.
///
/// Two keys that describe the same list have the same ``canonical`` string, which is what the
/// store files pages under: country and language codes are lowercased, and the search words are
/// normalised (see ``normalizedQuery(_:)``).
public enum ListingKey: Sendable, Hashable {
    /// Top headlines of a country (nil: the service's default) and category (nil: all).
    case headlines(country: String?, category: NewsCategory?)
    /// A search in an order, optionally restricted to a language.
    case search(query: String, sort: ArticleSortOrder, language: String?)

    /// The key of a headlines request, or nil when the request has filters a key cannot express
    /// (sources, keywords); such pages are not stored.
    public init?(_ request: HeadlinesRequest) {
        guard request.sources.isEmpty, Self.blankToNil(request.query) == nil else { return nil }
        self = .headlines(country: Self.code(request.country), category: request.category)
    }

    /// The key of a search request, or nil when the request has filters a key cannot express
    /// (fields, sources, domains, dates); such pages are not stored.
    public init?(_ request: SearchRequest) {
        guard request.searchIn.isEmpty, request.sources.isEmpty, request.domains.isEmpty,
            request.from == nil, request.to == nil
        else { return nil }
        self = .search(
            query: Self.normalizedQuery(request.query), sort: request.sortBy,
            language: Self.code(request.language))
    }

    /// A stable string naming the list, e.g. `headlines?country=us&category=science` or
    /// `search?q=mars%20rover&sort=publishedAt&language=en`. Absent values are left out.
    public var canonical: String {
        switch self {
        case .headlines(let country, let category):
            return Self.compose(
                "headlines", [("country", Self.code(country)), ("category", category?.rawValue)])
        case .search(let query, let sort, let language):
            return Self.compose(
                "search",
                [
                    ("q", Self.normalizedQuery(query)), ("sort", sort.rawValue),
                    ("language", Self.code(language)),
                ])
        }
    }

    /// The category of a headlines key.
    var category: NewsCategory? {
        if case .headlines(_, let category) = self { return category }
        return nil
    }

    /// Search words in one spelling: Unicode NFC, whitespace collapsed to single spaces and
    /// trimmed, lowercased except the operators `AND`, `OR` and `NOT`, which NewsAPI reads only
    /// in capitals.
    ///
    /// Words are split on white space scalars, not `Character`s: a space joined with a combining
    /// mark after it would otherwise split differently once the words are joined again.
    public static func normalizedQuery(_ text: String) -> String {
        UnicodeMappings.nfc(text).unicodeScalars
            .split(whereSeparator: \.properties.isWhitespace)
            .map { scalars in
                let word = String(String.UnicodeScalarView(scalars))
                return ["AND", "OR", "NOT"].contains(word) ? word : word.lowercased()
            }
            .joined(separator: " ")
    }

    // MARK: - Helpers

    private static func blankToNil(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }

    private static func code(_ text: String?) -> String? {
        blankToNil(text)?.lowercased()
    }

    /// Only unreserved ASCII stays as is, so no value can forge a separator.
    private static let unreserved = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)

    private static func compose(_ kind: String, _ fields: [(String, String?)]) -> String {
        let parts = fields.compactMap { name, value in
            value.map { name + "=" + $0.percentEncoded(keeping: unreserved.contains) }
        }
        return parts.isEmpty ? kind : kind + "?" + parts.joined(separator: "&")
    }
}
