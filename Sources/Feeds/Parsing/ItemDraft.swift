import Foundation
import NewsModels

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

    /// Records a media file: pictures make ``image`` (the first one), others enclosures.
    mutating func addMedia(_ url: URL?, type: String?, medium: String? = nil, length: Int64?) {
        guard let url else { return }
        let isImage = medium?.lowercased() == "image" || type?.lowercased().hasPrefix("image/") == true
        if isImage {
            if image == nil { image = url }
        } else if !enclosures.contains(where: { $0.url == url }) {
            enclosures.append(Enclosure(url: url, type: type.map(FeedText.line), length: length))
        }
    }

    /// Adds an author's name, cleaned (``FeedText/line(_:)``).
    mutating func addAuthor(_ name: String) {
        if !name.isEmpty, !authors.contains(name) { authors.append(name) }
    }

    /// True when the item has nothing to show or to tell it by.
    var isEmpty: Bool {
        id == nil && link == nil && summary == nil && content == nil && enclosures.isEmpty
            && FeedText.line(title?.source ?? "").isEmpty
    }
}
