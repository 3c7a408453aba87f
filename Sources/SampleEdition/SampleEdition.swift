import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bundled sample edition: 84 articles across all seven categories, in NewsAPI's JSON format
/// with two keys of ours per article, `category` and `popularity`.
///
/// The articles' dates are moved as a block so the newest is a few minutes old: a sample
/// edition read weeks after it was written still says "3 hours ago", and the gaps between
/// articles stay as written.
public struct SampleEdition: Sendable {
    /// One article and the facts the sample service needs about it.
    public struct Entry: Sendable, Hashable {
        public var article: Article
        public var category: NewsCategory
        /// A stable score for the popularity sort; higher is more popular.
        public var popularity: Int
    }

    /// Where every article of the edition lives, and nothing else: NewsAPI never answers with
    /// example.org, a domain reserved for examples. Sample articles are recognised by it.
    public static let addressPrefix = "https://example.org/newsapp-sample/"

    /// How old the newest article is after rebasing.
    static let newestAge: TimeInterval = 17 * 60

    /// Newest first.
    public let entries: [Entry]

    /// Decodes an edition from its JSON; with `now`, dates are rebased so the newest article is
    /// 17 minutes before `now`.
    public init(data: Data, now: Date? = nil) throws(NewsServiceError) {
        let file: EditionFile
        do {
            file = try JSONDecoder().decode(EditionFile.self, from: data)
        } catch {
            throw .unavailable("The sample edition's data is damaged; reinstall NewsApp.")
        }
        var entries = file.articles.compactMap(\.value)
        if let now, let newest = entries.compactMap(\.article.publishedAt).max() {
            let shift = now.addingTimeInterval(-Self.newestAge).timeIntervalSince(newest)
            for index in entries.indices {
                entries[index].article.publishedAt = entries[index].article.publishedAt?.addingTimeInterval(
                    shift)
            }
        }
        self.entries = entries.sorted {
            ($0.article.publishedAt ?? .distantPast) > ($1.article.publishedAt ?? .distantPast)
        }
    }

    /// The edition bundled with the app, dated relative to `now`.
    public static func bundled(now: Date = Date()) throws(NewsServiceError) -> SampleEdition {
        guard let data = bundledData else {
            throw .unavailable("The sample edition's data is damaged; reinstall NewsApp.")
        }
        return try SampleEdition(data: data, now: now)
    }

    /// The edition's JSON, which the binary holds (see SampleEditionData.swift); nil only when
    /// its base64 is damaged.
    static let bundledData = Data(base64Encoded: SampleEditionData.edition, options: .ignoreUnknownCharacters)
}

// MARK: - File format

/// `{"status":"ok","totalResults":…,"articles":[…]}` where each article also has `category` and
/// `popularity`.
private struct EditionFile: Decodable {
    var articles: [EntryOrNothing]

    struct EntryOrNothing: Decodable {
        var value: SampleEdition.Entry?

        private enum CodingKeys: String, CodingKey { case category, popularity }

        init(from decoder: any Decoder) throws {
            guard let article = try? Article(from: decoder) else { return }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let category = try container.decode(NewsCategory.self, forKey: .category)
            let popularity = try container.decodeIfPresent(Int.self, forKey: .popularity) ?? 0
            value = SampleEdition.Entry(article: article, category: category, popularity: popularity)
        }
    }
}
