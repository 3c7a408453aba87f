import Feeds
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `newsapp extract` and `newsapp read` print: the article as text (its title, a line with the
/// author and the date, the text, the numbered links) or, with `--json`, as one JSON object.
public struct ArticleOutput {
    public var article: ExtractedArticle
    public var json: Bool

    public init(article: ExtractedArticle, json: Bool) {
        self.article = article
        self.json = json
    }

    /// The whole output, ending in a line break.
    public var text: String {
        json ? TerminalSafeJSON.encode(document) + "\n" : Self.text(of: article)
    }

    /// The title, the byline and date, the text and the numbered links, each part a paragraph.
    public static func text(of article: ExtractedArticle) -> String {
        var head = article.title.isEmpty ? [] : [article.title]
        let credit = [article.byline, article.published.map { $0.formatted(.iso8601.year().month().day()) }]
            .compactMap { $0 }
        if !credit.isEmpty { head.append(credit.joined(separator: " · ")) }
        var parts = [head.joined(separator: "\n"), article.text].filter { !$0.isEmpty }
        if !article.links.isEmpty {
            parts.append(
                article.links.enumerated().map { "[\($0.offset + 1)] \($0.element.absoluteString)" }
                    .joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// `{"title", "byline", "date", "site", "language", "text", "links", "pictures"}`: absent values
    /// are `null`, the date ISO 8601, the text with its links numbered `[n]` as in `links` (none
    /// with `--no-links`), every string cleaned as the screen cleans it.
    public struct Document: Encodable {
        public var title: String
        public var byline: String?
        public var date: String?
        public var site: String?
        public var language: String?
        public var text: String
        public var links: [String]
        public var pictures: [String]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(byline, forKey: .byline)
            try container.encode(date, forKey: .date)
            try container.encode(site, forKey: .site)
            try container.encode(language, forKey: .language)
            try container.encode(text, forKey: .text)
            try container.encode(links, forKey: .links)
            try container.encode(pictures, forKey: .pictures)
        }

        private enum CodingKeys: String, CodingKey {
            case title, byline, date, site, language, text, links, pictures
        }
    }

    public var document: Document {
        let line = { (text: String) in TextSanitizer.clean(text) }
        return Document(
            title: line(article.title), byline: article.byline.map(line),
            date: article.published.map(Timestamp.format), site: article.siteName.map(line),
            language: article.language.map(line), text: TextSanitizer.clean(article.text, lineBreaks: .keep),
            links: article.links.map { line($0.absoluteString) },
            pictures: article.pictures.map { line($0.absoluteString) })
    }
}
