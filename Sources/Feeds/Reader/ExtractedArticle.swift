import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The readable part of a web page: what reader mode shows.
public struct ExtractedArticle: Sendable, Hashable {
    /// The headline: from JSON-LD, OpenGraph or Twitter metadata, else the page's `<title>` without
    /// the site's name, else its first `h1`. One line; may be empty.
    public var title: String
    /// Who wrote it: from JSON-LD, `<meta name="author">` and the like, else the article's byline.
    public var byline: String?
    /// When it was published: from JSON-LD, `article:published_time` and the like, or a `<time>`.
    public var published: Date?
    /// The lead picture: `og:image`, JSON-LD's `image`, else the article's first picture.
    public var leadImage: URL?
    /// The article's text, laid out as ``HTMLText`` lays out HTML, links numbered `[n]`.
    public var text: String
    /// The links numbered in ``text``: `links[0]` is `[1]`.
    public var links: [URL]
    /// The site's name: `og:site_name`, JSON-LD's `publisher`, `application-name`.
    public var siteName: String?
    /// The page's language as it declares it (`<html lang>`, `og:locale`, JSON-LD's `inLanguage`):
    /// a BCP 47 tag such as `en` or `pt-BR`.
    public var language: String?
    /// The pictures of the article, the lead picture first, each once.
    public var pictures: [URL]

    public init(
        title: String, byline: String? = nil, published: Date? = nil, leadImage: URL? = nil, text: String,
        links: [URL] = [], siteName: String? = nil, language: String? = nil, pictures: [URL] = []
    ) {
        self.title = title
        self.byline = byline
        self.published = published
        self.leadImage = leadImage
        self.text = text
        self.links = links
        self.siteName = siteName
        self.language = language
        self.pictures = pictures
    }
}

/// Why a page gave no article, as one sentence for the user.
public enum ArticleExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page is larger than ``ArticleExtractor/maximumBytes``.
    case tooLarge(bytes: Int)
    /// Nothing on the page reads as an article.
    case noText
    /// The deadline passed, or the task was cancelled, before the article was found.
    case interrupted

    public var description: String {
        switch self {
        case .tooLarge(let bytes):
            let megabytes = String(printf: "%.1f", Double(bytes) / 1_048_576)
            return "The page is \(megabytes) MiB, larger than the \(ArticleExtractor.maximumBytes >> 20) MiB "
                + "reader mode reads."
        case .noText:
            return "No article text was found on the page."
        case .interrupted:
            return "Reading the page was stopped before it was done."
        }
    }
}
