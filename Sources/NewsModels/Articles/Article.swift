#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One news article, as NewsAPI describes it, cleaned of the wire format's quirks.
///
/// Text fields hold the service's text as sent (trimmed); they are untrusted and must be
/// sanitised before they reach a terminal.
public struct Article: Sendable, Hashable, Identifiable {
    public var source: ArticleSource
    public var author: String?
    public var title: String
    /// NewsAPI's `description`.
    public var summary: String?
    /// The article's address; unique, and the article's identity.
    public var url: URL
    /// NewsAPI's `urlToImage`.
    public var imageURL: URL?
    /// Nil only when the service sent a date this decoder cannot read.
    public var publishedAt: Date?
    /// The beginning of the body, without NewsAPI's `[+N chars]` marker.
    public var content: String?
    /// How many characters of the body the service left out, from its `[+N chars]` marker;
    /// nil when ``content`` is the whole text.
    public var omittedCharacterCount: Int?
    /// The links numbered `[1]`, `[2]`, … in the text (``content`` when present, else
    /// ``summary``); NewsAPI's articles have none, feed items often do.
    public var links: [URL] = []
    /// Podcasts, videos and other media a feed item carries.
    public var enclosures: [Enclosure] = []
    /// Set when the article is an item of a subscribed feed: which feed, and which item of it.
    public var feedItem: FeedItemReference?

    /// The article's identity: its address, or for a feed item its feed and id, since items of a
    /// feed may share an address (a podcast's episodes often link to the show's page).
    public var id: ArticleID {
        feedItem.map { .feedItem($0) } ?? .address(url)
    }

    /// True when ``content`` is only the start of the article.
    public var isContentTruncated: Bool { omittedCharacterCount != nil }

    public init(
        source: ArticleSource,
        author: String? = nil,
        title: String,
        summary: String? = nil,
        url: URL,
        imageURL: URL? = nil,
        publishedAt: Date? = nil,
        content: String? = nil,
        omittedCharacterCount: Int? = nil,
        links: [URL] = [],
        enclosures: [Enclosure] = [],
        feedItem: FeedItemReference? = nil
    ) {
        self.source = source
        self.author = author
        self.title = title
        self.summary = summary
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.content = content
        self.omittedCharacterCount = omittedCharacterCount
        self.links = links
        self.enclosures = enclosures
        self.feedItem = feedItem
    }
}

/// Which item of which feed an article is.
public struct FeedItemReference: Sendable, Hashable {
    /// The feed's address (its subscription).
    public var feed: URL
    /// The item's id in that feed (``FeedItem/id``).
    public var item: String

    public init(feed: URL, item: String) {
        self.feed = feed
        self.item = item
    }
}

/// What tells two articles apart.
public enum ArticleID: Sendable, Hashable {
    /// A NewsAPI article (or a sample one): its address.
    case address(URL)
    /// An item of a subscribed feed.
    case feedItem(FeedItemReference)
}

/// Where an article comes from. NewsAPI sends `id: null` for most outlets.
public struct ArticleSource: Sendable, Hashable, Codable {
    public var id: String?
    public var name: String

    public init(id: String? = nil, name: String) {
        self.id = id
        self.name = name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeNonEmptyString(forKey: .id)
        name = try container.decodeNonEmptyString(forKey: .name) ?? ""
    }

    private enum CodingKeys: String, CodingKey { case id, name }

    /// Always writes `id`, as `null` when absent, as NewsAPI does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }
}

// MARK: - Wire format

extension Article: Codable {
    enum CodingKeys: String, CodingKey {
        case source, author, title, url, urlToImage, publishedAt, content
        case summary = "description"
    }

    /// Why an entry of `articles` was not an article.
    public enum Rejection: Error, Equatable {
        case missingTitle
        case missingURL
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let title = try container.decodeNonEmptyString(forKey: .title) else {
            throw Rejection.missingTitle
        }
        guard let link = try container.decodeNonEmptyString(forKey: .url), let url = URL(string: link) else {
            throw Rejection.missingURL
        }
        self.title = title
        self.url = url
        source = try container.decodeIfPresent(ArticleSource.self, forKey: .source) ?? ArticleSource(name: "")
        author = try container.decodeNonEmptyString(forKey: .author)
        summary = try container.decodeNonEmptyString(forKey: .summary)
        imageURL = try container.decodeNonEmptyString(forKey: .urlToImage).flatMap(URL.init(string:))
        publishedAt = try container.decodeNonEmptyString(forKey: .publishedAt).flatMap(Timestamp.parse)
        let body = TruncatedContent(try container.decodeNonEmptyString(forKey: .content))
        content = body.text
        omittedCharacterCount = body.omittedCharacterCount
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(author, forKey: .author)
        try container.encode(title, forKey: .title)
        try container.encode(summary, forKey: .summary)
        try container.encode(url.absoluteString, forKey: .url)
        try container.encode(imageURL?.absoluteString, forKey: .urlToImage)
        try container.encode(publishedAt.map(Timestamp.format), forKey: .publishedAt)
        try container.encode(TruncatedContent.wire(content, omitted: omittedCharacterCount), forKey: .content)
    }
}

/// NewsAPI's `content`: about 200 characters, then ` [+1234 chars]` when the body goes on.
struct TruncatedContent: Equatable {
    var text: String?
    var omittedCharacterCount: Int?

    init(_ wire: String?) {
        guard let wire else { return }
        var body = Substring(wire)
        if body.hasSuffix(" chars]"), let open = body.lastRange(of: "[+") {
            let digits = body[open.upperBound...].dropLast(" chars]".count)
            if let count = Int(digits), count >= 0 {
                omittedCharacterCount = count
                body = body[..<open.lowerBound]
            }
        }
        let trimmed = body.trimmingWhitespace()
        text = trimmed.isEmpty ? nil : trimmed
    }

    static func wire(_ text: String?, omitted: Int?) -> String? {
        guard let text else { return nil }
        guard let omitted else { return text }
        return "\(text) [+\(omitted) chars]"
    }
}

extension KeyedDecodingContainer {
    /// A string that may be absent, `null` or blank; all three become nil. Surrounding
    /// whitespace is trimmed.
    func decodeNonEmptyString(forKey key: Key) throws -> String? {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = raw.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}
