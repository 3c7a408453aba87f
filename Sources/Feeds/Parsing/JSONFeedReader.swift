import Foundation
import NewsModels

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1). Read leniently: a field of the wrong
/// type is ignored, not fatal; an item that cannot be read is skipped; ids may be numbers.
enum JSONFeedReader {
    static func document(
        from json: [UInt8], url: URL, convertingHTMLWith convert: @escaping HTMLConverter
    ) throws(FeedParseError) -> FeedDocument {
        let feed: Feed
        do {
            feed = try JSONDecoder().decode(Feed.self, from: Data(json))
        } catch {
            throw .malformed("the JSON is not valid")
        }
        guard feed.version?.hasPrefix("https://jsonfeed.org/version/") == true || feed.items != nil else {
            throw .notAFeed("the document is JSON, not a JSON Feed")
        }
        var collector = ItemCollector(convertingHTMLWith: convert)
        let feedAuthors = Author.names(feed.authors, feed.author)
        for case let item? in (feed.items ?? []).map(\.value) {
            collector.add(item.draft(base: url, feedAuthors: feedAuthors))
        }
        let title = feed.title.map(FeedText.line).flatMap { $0.isEmpty ? nil : $0 }
        return FeedDocument(
            format: .jsonFeed, title: title,
            siteURL: feed.homePageURL.flatMap { WebURL.resolve($0, against: url) },
            items: collector.items)
    }

    private struct Feed: Decodable {
        var version: String?
        var title: String?
        var homePageURL: String?
        var author: Author?
        var authors: [Lenient<Author>]?
        var items: [Lenient<Item>]?

        enum CodingKeys: String, CodingKey {
            case version, title, author, authors, items
            case homePageURL = "home_page_url"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = container.lenient(String.self, .version)
            title = container.lenient(String.self, .title)
            homePageURL = container.lenient(String.self, .homePageURL)
            author = container.lenient(Author.self, .author)
            authors = container.lenient([Lenient<Author>].self, .authors)
            items = container.lenient([Lenient<Item>].self, .items)
        }
    }

    private struct Author: Decodable {
        var name: String?

        static func names(_ authors: [Lenient<Author>]?, _ author: Author?) -> [String] {
            let all = (authors ?? []).compactMap(\.value) + [author].compactMap { $0 }
            return all.compactMap(\.name).map(FeedText.line).filter { !$0.isEmpty }
        }
    }

    private struct Attachment: Decodable {
        var url: String
        var mimeType: String?
        var size: Double?

        enum CodingKeys: String, CodingKey {
            case url
            case mimeType = "mime_type"
            case size = "size_in_bytes"
        }
    }

    private struct Item: Decodable {
        var id: String?
        var url: String?
        var externalURL: String?
        var title: String?
        var contentHTML: String?
        var contentText: String?
        var summary: String?
        var image: String?
        var bannerImage: String?
        var published: String?
        var modified: String?
        var author: Author?
        var authors: [Lenient<Author>]?
        var attachments: [Lenient<Attachment>]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image, author, authors, attachments
            case externalURL = "external_url"
            case contentHTML = "content_html"
            case contentText = "content_text"
            case bannerImage = "banner_image"
            case published = "date_published"
            case modified = "date_modified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id =
                container.lenient(String.self, .id) ?? container.lenient(Int64.self, .id).map(String.init)
                ?? container.lenient(Double.self, .id).map { String($0) }
            url = container.lenient(String.self, .url)
            externalURL = container.lenient(String.self, .externalURL)
            title = container.lenient(String.self, .title)
            contentHTML = container.lenient(String.self, .contentHTML)
            contentText = container.lenient(String.self, .contentText)
            summary = container.lenient(String.self, .summary)
            image = container.lenient(String.self, .image)
            bannerImage = container.lenient(String.self, .bannerImage)
            published = container.lenient(String.self, .published)
            modified = container.lenient(String.self, .modified)
            author = container.lenient(Author.self, .author)
            authors = container.lenient([Lenient<Author>].self, .authors)
            attachments = container.lenient([Lenient<Attachment>].self, .attachments)
        }

        func draft(base: URL, feedAuthors: [String]) -> ItemDraft {
            var draft = ItemDraft()
            draft.id = id.map(FeedText.line)
            draft.offerLink(url.flatMap { WebURL.resolve($0, against: base) }, rank: 3)
            draft.offerLink(externalURL.flatMap { WebURL.resolve($0, against: base) }, rank: 2)
            if let title {
                draft.title = ItemDraft.Markup(source: FeedText.line(title), isHTML: false, base: base)
            }
            if let contentHTML {
                draft.content = ItemDraft.Markup(source: contentHTML, isHTML: true, base: base)
            } else if let contentText {
                draft.content = ItemDraft.Markup(
                    source: FeedText.block(contentText), isHTML: false, base: base)
            }
            if let summary {
                draft.summary = ItemDraft.Markup(source: FeedText.block(summary), isHTML: false, base: base)
            }
            draft.published = published.flatMap(FeedDate.parse)
            draft.updated = modified.flatMap(FeedDate.parse)
            for name in Author.names(authors, author) { draft.addAuthor(name) }
            if draft.authors.isEmpty { draft.authors = feedAuthors }
            for attachment in (attachments ?? []).compactMap(\.value) {
                draft.addMedia(
                    WebURL.resolve(attachment.url, against: base), type: attachment.mimeType,
                    length: attachment.size.flatMap { $0 >= 0 && $0 < 9e18 ? Int64($0) : nil })
            }
            draft.thumbnail = (image ?? bannerImage).flatMap { WebURL.resolve($0, against: base) }
            return draft
        }
    }
}

/// A value that decodes to nil instead of failing.
private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or nil when it is missing, null or of another type.
    fileprivate func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
