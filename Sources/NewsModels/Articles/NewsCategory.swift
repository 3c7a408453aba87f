/// The sections NewsAPI's top headlines are grouped into.
public enum NewsCategory: String, Sendable, CaseIterable, Codable, Comparable {
    case business, entertainment, general, health, science, sports, technology

    /// "Science", for headers and breadcrumbs.
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The category named by `text`, ignoring case, or by an unambiguous prefix (`sci`, `tech`).
    public init?(matching text: String) {
        let wanted = text.lowercased()
        if let exact = NewsCategory(rawValue: wanted) {
            self = exact
            return
        }
        let candidates = Self.allCases.filter { $0.rawValue.hasPrefix(wanted) }
        guard !wanted.isEmpty, candidates.count == 1 else { return nil }
        self = candidates[0]
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How search results are ordered (NewsAPI's `sortBy`).
public enum ArticleSortOrder: String, Sendable, CaseIterable, Codable {
    /// Closest match first.
    case relevancy
    /// Most read and shared outlets first.
    case popularity
    /// Newest first; NewsAPI's default.
    case publishedAt

    /// The word users type: `relevancy`, `popularity` or `newest`.
    public var keyword: String { self == .publishedAt ? "newest" : rawValue }

    /// The order named by `text`: a keyword, NewsAPI's name, or an unambiguous prefix.
    public init?(keyword text: String) {
        let wanted = text.lowercased()
        if wanted.isEmpty { return nil }
        if let exact = Self.allCases.first(where: {
            $0.keyword == wanted || $0.rawValue.lowercased() == wanted
        }) {
            self = exact
            return
        }
        let candidates = Self.allCases.filter { $0.keyword.hasPrefix(wanted) }
        guard candidates.count == 1 else { return nil }
        self = candidates[0]
    }
}
