#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds the feeds a web page announces, for a subscription given the page's address instead of
/// the feed's.
public enum FeedDiscovery {
    /// The types of `<link rel="alternate">` that name feeds.
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
    ]

    /// The feeds an HTML page announces with `<link rel="alternate" type="application/rss+xml|
    /// atom+xml|feed+json|json">` in its head (relative hrefs resolved, `<base>` honoured), in page
    /// order, each address once. Only the head is read.
    ///
    /// WordPress announces its REST API (`/wp-json/…`) as `application/json` alternates on every
    /// page; those are not feeds and are left out.
    public static func feeds(inHTML body: Data, contentType: String?, url: URL) -> [DiscoveredFeed] {
        let reader = HTMLHeadReader()
        var decoder = DocumentDecoder(contentType: contentType, markup: .html)
        body.prefix(FeedParser.maximumBytes).withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var offset = 0
            while offset < bytes.count, !reader.isDone {
                let end = min(offset + 16 << 10, bytes.count)
                decoder.decode(UnsafeBufferPointer(rebasing: bytes[offset..<end])) { reader.parse($0) }
                offset = end
            }
        }
        if !reader.isDone {
            decoder.finish { reader.parse($0) }
            reader.finish()
        }
        return feeds(in: reader.elements, url: url)
    }

    private static func feeds(in elements: [HTMLHeadReader.Element], url: URL) -> [DiscoveredFeed] {
        let baseHref = elements.first { $0.name == "base" && $0.attributes["href"] != nil }?.attributes[
            "href"]
        let base = baseHref.flatMap { WebURL.resolve($0, against: url) } ?? url
        var feeds: [DiscoveredFeed] = []
        for element in elements where element.name == "link" {
            let attributes = element.attributes
            let rel = (attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard rel.contains("alternate"), !rel.contains("stylesheet"),
                let type = attributes["type"].map(mediaType), feedTypes.contains(type),
                let feedURL = WebURL.resolve(attributes["href"] ?? "", against: base),
                !(type == "application/json" && feedURL.path.contains("/wp-json/")),
                !feeds.contains(where: { $0.url == feedURL })
            else { continue }
            let title = attributes["title"].map(FeedText.line).flatMap { $0.isEmpty ? nil : $0 }
            feeds.append(DiscoveredFeed(url: feedURL, title: title, type: type))
        }
        return feeds
    }

    /// `application/rss+xml; charset=utf-8` → `application/rss+xml`.
    private static func mediaType(_ value: String) -> String {
        FeedText.line(value.prefix { $0 != ";" }).lowercased()
    }
}
