import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a reader has gathered of one item so far, as written in the document.
struct ItemDraft {
    /// A field's text: HTML source, with the base URL in effect where it was written, or plain
    /// text already cleaned (``FeedText``).
    struct Markup {
        var source: String
        var isHTML: Bool
        var base: URL
    }

    var id: String?
    var title: Markup?
    var link: URL?
    /// How well ``link`` fits an item's web page (Atom has several links per entry).
    var linkRank = 0
    var authors: [String] = []
    /// `itunes:author`: the author when nothing else names one.
    var podcastAuthor: String?
    var published: Date?
    var updated: Date?
    var summary: Markup?
    var content: Markup?
    var enclosures: [Enclosure] = []
    var thumbnail: URL?
    var image: URL?

    /// Offers a candidate for ``link``; the first of the best rank wins.
    mutating func offerLink(_ url: URL?, rank: Int) {
        guard let url, rank > linkRank else { return }
        link = url
        linkRank = rank
    }

    /// Records a media file: pictures make ``image`` (the first one), others enclosures. A file
    /// with neither type nor medium is a picture when its name says so (`photo.jpg`): feeds list
    /// several sizes of one picture as untyped `media:content`.
    mutating func addMedia(_ url: URL?, type: String?, medium: String? = nil, length: Int64?) {
        guard let url else { return }
        let untyped = (type ?? "").isEmpty && (medium ?? "").isEmpty
        let isImage =
            medium?.lowercased() == "image" || type?.lowercased().hasPrefix("image/") == true
            || (untyped && Self.pictureExtensions.contains(url.pathExtension.lowercased()))
        if isImage {
            if image == nil { image = url }
        } else if !enclosures.contains(where: { $0.url == url }) {
            enclosures.append(Enclosure(url: url, type: type.map(FeedText.line), length: length))
        }
    }

    private static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg"]

    /// Adds an author's name, cleaned (``FeedText/line(_:)``) and without the address beside it
    /// (``personName(_:)``).
    mutating func addAuthor(_ name: String) {
        let name = Self.personName(name)
        if !name.isEmpty, !authors.contains(name) { authors.append(name) }
    }

    /// A name written with an e-mail address, as RSS's `<author>` asks and feeds copy elsewhere:
    /// `jo@example.org (Jo Bloggs)`, `Jo Bloggs (jo@example.org)` and `Jo Bloggs <jo@example.org>`
    /// give "Jo Bloggs"; text in parentheses that is no address stays (`Jo Bloggs (editor)`).
    static func personName(_ text: String) -> String {
        for (open, close) in [("(", ")"), ("<", ">")] {
            guard let start = text.firstIndex(of: Character(open)),
                let end = text.lastIndex(of: Character(close)),
                start < end
            else { continue }
            let inside = FeedText.line(text[text.index(after: start)..<end])
            let outside = FeedText.line(text[..<start] + " " + text[text.index(after: end)...])
            if inside.contains("@") && !outside.isEmpty && !outside.contains("@") { return outside }
            if outside.contains("@") && !inside.isEmpty && !inside.contains("@") { return inside }
            if outside.isEmpty && !inside.isEmpty { return inside }
        }
        return text
    }

    /// True when the item has nothing to show or to tell it by.
    var isEmpty: Bool {
        id == nil && link == nil && summary == nil && content == nil && enclosures.isEmpty
            && FeedText.line(title?.source ?? "").isEmpty
    }
}
