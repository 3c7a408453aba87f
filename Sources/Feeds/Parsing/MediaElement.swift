import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Media RSS elements an item may carry, in RSS and in Atom alike: both grammars read them
/// (and enclosures) through here, so a picture or a podcast's file is found the same in both.
enum MediaElement: Equatable {
    case group, content, thumbnail, description

    /// The element `name` of the Media RSS namespace; nil for one NewsApp does not read here.
    init?(_ name: XMLName) {
        if name.matches("group") {
            self = .group
        } else if name.matches("content") {
            self = .content
        } else if name.matches("thumbnail") {
            self = .thumbnail
        } else if name.matches("description") {
            self = .description
        } else {
            return nil
        }
    }

    /// True for the elements whose children are read as the item's own (`media:group` and
    /// `media:content` hold thumbnails and descriptions).
    var holdsMedia: Bool { self == .group || self == .content }
}

extension ItemDraft {
    /// `media:content` (a picture becomes the item's image, anything else an enclosure) and
    /// `media:thumbnail` (the first is kept); `base` resolves their relative addresses.
    mutating func addMedia(_ element: MediaElement, _ attributes: XMLAttributes, base: URL) {
        let url = WebURL.resolve(attributes.value("url") ?? "", against: base)
        switch element {
        case .content:
            addMedia(
                url, type: attributes.value("type"), medium: attributes.value("medium"),
                length: attributes.value("filesize").flatMap(Self.length))
        case .thumbnail:
            if thumbnail == nil { thumbnail = url }
        case .group, .description:
            break
        }
    }

    /// An enclosure at `url` (RSS's `<enclosure>`, Atom's `rel="enclosure"` link), with the
    /// `type` and `length` its attributes give.
    mutating func addEnclosure(_ url: URL?, _ attributes: XMLAttributes) {
        addMedia(url, type: attributes.value("type"), length: attributes.value("length").flatMap(Self.length))
    }

    /// A length in bytes, nil unless a whole number of at least 0.
    static func length(_ text: String) -> Int64? {
        Int64(FeedText.line(text)).flatMap { $0 >= 0 ? $0 : nil }
    }
}
