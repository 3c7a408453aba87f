import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The title, byline, date and lead picture a page declares about itself: JSON-LD (an `Article`,
/// `NewsArticle`, `BlogPosting` or the like, also inside `@graph`), OpenGraph and Twitter
/// `<meta>`, `<meta name="author">`, Dublin Core, and the `<title>`.
struct ArticleMetadata {
    var title: String?
    var byline: String?
    var published: Date?
    /// As written on the page; resolved by the caller.
    var image: String?
    var siteName: String?
    var language: String?
    /// The JSON-LD `articleBody`, as written: a vote on which blocks are the article, never the
    /// text shown (``StructuredDataVotes``).
    var articleBody: String?
    /// What the page says it is about (`og:description`, `twitter:description`, `description`).
    var description: String?
    /// The host of the page's own address (`og:url`).
    var ownHost: String?

    init(document: ReaderDocument) {
        let article = document.jsonLD.lazy.compactMap(Self.article).first
        var metas: [String: String] = [:]
        for meta in document.metas where metas[meta.key] == nil { metas[meta.key] = meta.content }
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { metas[$0].map(Self.line) }.first { !$0.isEmpty }
        }
        title =
            (article?["headline"] as? String).map(Self.line) ?? first([
                "og:title", "twitter:title", "dc.title",
            ])
            ?? Self.siteNameRemoved(
                Self.line(String(decoding: document.title, as: UTF8.self)),
                heading: Self.firstHeading(document))
        if title?.isEmpty == true { title = nil }
        let authors = article.flatMap { Self.names($0["author"]) }
        let metaAuthor = first([
            "author", "parsely-author", "dc.creator", "sailthru.author", "byl", "article:author",
        ])
        byline = (authors ?? metaAuthor.flatMap { $0.hasPrefix("http") ? nil : $0 }).map(Self.withoutBy)
        let date =
            (article?["datePublished"] as? String)
            ?? first([
                "article:published_time", "datepublished", "og:published_time", "parsely-pub-date", "dc.date",
                "date", "pubdate", "sailthru.date",
            ])
        published = date.flatMap { FeedDate.parse($0) }
        image =
            first(["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"])
            ?? article.flatMap { Self.imageURL($0["image"]) }
        siteName =
            first(["og:site_name", "application-name"])
            ?? article.flatMap { Self.names($0["publisher"]) }
        let locale =
            document.language ?? (article?["inLanguage"] as? String)
            ?? first(["og:locale", "content-language", "dc.language", "language"])
        language = locale.map { String(Self.line($0).replacing("_", with: "-").prefix(35)) }
            .flatMap { $0.isEmpty ? nil : $0 }
        articleBody = article?["articleBody"] as? String
        description = first(["og:description", "twitter:description", "description"])
        ownHost = first(["og:url"]).flatMap { URL(string: $0)?.host }
    }

    // MARK: Text

    /// `text` on one line, without control characters, escape sequences or bidi overrides, at most
    /// 1,000 bytes.
    static func line(_ text: String) -> String {
        var text = text
        let bytes = text.withUTF8 { raw in
            TextSanitizer.removingEscapeSequences(utf8: raw).withUnsafeBufferPointer {
                TextBytes.collapsed($0)
            }
        }
        var result = String(decoding: bytes, as: UTF8.self)
        if result.utf8.count > 1_000 {
            result = String(result.prefix(400)) + "…"
        }
        return result
    }

    /// "By Jane Doe" → "Jane Doe".
    static func withoutBy(_ byline: String) -> String {
        let lowered = byline.lowercased()
        for prefix in ["by ", "von ", "par "] where lowered.hasPrefix(prefix) {
            return String(byline.dropFirst(prefix.count))
        }
        return byline
    }

    /// "Headline | Site" → "Headline": the part before the last separator when the page's `h1` says
    /// it or it has three words or more, the part after it when the `h1` says that, else the whole.
    static func siteNameRemoved(_ title: String, heading: String?) -> String {
        for separator in [" | ", " – ", " — ", " - ", " · ", " :: ", " » ", " / "] {
            guard let range = title.lastRange(of: separator) else { continue }
            let head = String(title[..<range.lowerBound])
            let tail = String(title[range.upperBound...])
            if heading == head || (heading != tail && head.split(separator: " ").count >= 3) { return head }
            return heading == tail ? tail : title
        }
        return title
    }

    /// The text of the page's first `h1`, on one line.
    private static func firstHeading(_ document: ReaderDocument) -> String? {
        guard let heading = (1..<max(document.count, 1)).first(where: { document.tags[$0] == .h1 }) else {
            return nil
        }
        var bytes: [UInt8] = []
        for node in heading..<Int(document.ends[heading])
        where document.tags[node] == .text && bytes.count < 1_000 {
            document.withText(of: node) { bytes.append(contentsOf: $0.prefix(1_000)) }
        }
        return line(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: JSON-LD

    private static let articleTypes: Set<String> = [
        "Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle", "AnalysisNewsArticle",
        "OpinionNewsArticle", "BackgroundNewsArticle", "ReviewNewsArticle", "TechArticle", "ScholarlyArticle",
        "SocialMediaPosting", "LiveBlogPosting", "WebPage",
    ]

    /// The first article object in one JSON-LD script, found without recursion.
    private static func article(in script: [UInt8]) -> [String: Any]? {
        guard let root = try? JSONDecoder().decode(JSONTree.self, from: Data(script)).value else {
            return nil
        }
        var pending: [Any] = [root]
        var page: [String: Any]?
        var visited = 0
        while let value = pending.popLast(), visited < 10_000 {
            visited += 1
            if let array = value as? [Any] {
                pending.append(contentsOf: array.reversed())
            } else if let object = value as? [String: Any] {
                let types = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
                if types.contains(where: { articleTypes.contains($0) && $0 != "WebPage" }) { return object }
                if types.contains("WebPage") && page == nil { page = object }
                if let graph = object["@graph"] { pending.append(graph) }
            }
        }
        return page?["headline"] != nil ? page : nil
    }

    /// The names in a JSON-LD `author`: a string, a person, or a list of them, joined by commas.
    private static func names(_ value: Any?) -> String? {
        let list = (value as? [Any]) ?? value.map { [$0] } ?? []
        let names = list.compactMap { item -> String? in
            let name = (item as? String) ?? ((item as? [String: Any])?["name"] as? String)
            return name.map(line).flatMap { $0.isEmpty || $0.hasPrefix("http") ? nil : $0 }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// A JSON-LD `image`: a URL, an `ImageObject`, or a list whose first one counts.
    private static func imageURL(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let object = value as? [String: Any] { return object["url"] as? String }
        if let list = value as? [Any], let first = list.first { return imageURL(first) }
        return nil
    }
}
