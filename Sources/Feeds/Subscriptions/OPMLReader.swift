#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the subscriptions of an OPML document from libxml2's events: every `<outline>` with an
/// `xmlUrl`, tagged with the titles of the outlines around it (outer first) and the paths of its
/// `category` attribute.
final class OPMLReader: XMLEventHandler {
    private(set) var sawRoot = false
    private(set) var isOPML = false
    private(set) var rootName = ""
    private(set) var subscriptions: [Subscription] = []
    /// Where each address is in ``subscriptions``.
    private var indices: [URL: Int] = [:]
    private var depth = 0
    /// The folder title of each open outline (nil for a feed or an untitled folder).
    private var folders: [String?] = []

    func startElement(_ tag: XMLStartTag) {
        depth += 1
        if depth == 1 {
            sawRoot = true
            isOPML = tag.name.matches("opml")
            rootName = tag.name.string
            return
        }
        guard isOPML, tag.name.matches("outline") else { return }
        let attributes = tag.attributes
        guard let xmlURL = attributes.value("xmlurl") else {
            let title = (attributes.value("title") ?? attributes.value("text")).map(FeedText.line)
            folders.append(title.flatMap { $0.isEmpty ? nil : $0 })
            return
        }
        folders.append(nil)
        guard let url = Self.feedURL(xmlURL) else { return }
        var tags = folders.compactMap { $0 }
        tags += Self.tags(inCategory: attributes.value("category") ?? "")
        let title = [attributes.value("title"), attributes.value("text")].lazy.compactMap { $0 }
            .map(FeedText.line).first {
                !$0.isEmpty && $0 != url.absoluteString && $0 != FeedText.line(xmlURL)
            }
        add(Subscription(url: url, tags: tags, title: title))
    }

    func endElement(_ name: XMLName) {
        if depth > 1, isOPML, name.matches("outline"), !folders.isEmpty { folders.removeLast() }
        depth -= 1
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {}

    func documentType(_ name: XMLName) {}

    /// A feed listed twice (in two folders) is one subscription with the tags of both.
    private func add(_ subscription: Subscription) {
        guard let index = indices[subscription.url] else {
            indices[subscription.url] = subscriptions.count
            subscriptions.append(
                Subscription(
                    url: subscription.url, tags: unique(subscription.tags), title: subscription.title))
            return
        }
        subscriptions[index].tags = unique(subscriptions[index].tags + subscription.tags)
        if subscriptions[index].title == nil { subscriptions[index].title = subscription.title }
    }

    private func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0).inserted }
    }

    /// The web address of a feed; `feed://` is read as `http://`.
    private static func feedURL(_ text: String) -> URL? {
        var text = FeedText.line(text)
        if text.lowercased().hasPrefix("feed://") { text = "http://" + text.dropFirst("feed://".count) }
        return WebURL.resolve(text, against: nil)
    }

    /// `/news/science,daily` → news, science, daily.
    static func tags(inCategory category: String) -> [String] {
        category.split(separator: ",").flatMap { path in
            path.split(separator: "/").map(FeedText.line).filter { !$0.isEmpty }
        }
    }
}
