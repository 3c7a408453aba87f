import Foundation
import Networking

/// Atom 1.0 (and the Atom 0.3 that lingers): entries with text constructs (`type` text, html or
/// xhtml), several links each, and `xml:base` anywhere.
final class AtomGrammar: FeedGrammar {
    private enum Token {
        case entry, title, id, link, updated, published, author, name, summary, content, source
        case mediaGroup, mediaContent, mediaThumbnail, mediaDescription, other
    }

    private let rootNamespaceURI: UnsafePointer<UInt8>?
    private var stack: [Token] = []
    private var entry: ItemDraft?
    private var entryDepth = 0
    /// Whether the text being captured is HTML source (types html and xhtml).
    private var captureIsHTML = false
    private var title: ItemDraft.Markup?
    private var siteURL: URL?
    private var siteURLRank = 0
    private var authors: [String] = []
    private var collector: ItemCollector

    init(root: XMLStartTag, convert: @escaping HTMLConverter) {
        rootNamespaceURI = root.namespaceURI
        collector = ItemCollector(convertingHTMLWith: convert)
    }

    var document: FeedDocument {
        FeedDocument(
            format: .atom, title: title.map(collector.title(of:)).flatMap { $0.isEmpty ? nil : $0 },
            siteURL: siteURL, items: collector.items)
    }

    func start(_ tag: XMLStartTag, namespace: FeedNamespace, reader: XMLFeedReader) {
        let token = token(for: tag, namespace: namespace)
        let parent = stack.last
        stack.append(token)
        let depth = reader.depth
        if token == .entry {
            startEntry(depth: depth)
            return
        }
        guard entry != nil else {
            switch token {
            case .title where depth == 2:
                beginText(tag, reader: reader)
            case .link where depth == 2:
                let (url, rank) = Self.link(tag, base: reader.bases.current)
                if let url, rank > siteURLRank, rank >= 2 {
                    siteURL = url
                    siteURLRank = rank
                }
            case .name where parent == .author && depth == 3:
                beginPlainText(reader: reader)
            default:
                break
            }
            return
        }
        if depth == entryDepth + 1 {
            startInEntry(token, tag: tag, reader: reader)
        } else if token == .name, parent == .author, depth == entryDepth + 2 {
            beginPlainText(reader: reader)
        } else if parent == .mediaGroup || parent == .mediaContent {
            startInEntry(token, tag: tag, reader: reader)
        }
    }

    private func startInEntry(_ token: Token, tag: XMLStartTag, reader: XMLFeedReader) {
        let attributes = tag.attributes
        switch token {
        case .title, .summary, .mediaDescription:
            beginText(tag, reader: reader)
        case .content where attributes.value("src") == nil:
            beginText(tag, reader: reader)
        case .id, .updated, .published:
            beginPlainText(reader: reader)
        case .link:
            let (url, rank) = Self.link(tag, base: reader.bases.current)
            if rank > 0 {
                entry?.offerLink(url, rank: rank)
            } else if rank == Self.enclosure {
                entry?.addMedia(
                    url, type: attributes.value("type"),
                    length: attributes.value("length").flatMap(RSSGrammar.length))
            }
        case .mediaContent:
            entry?.addMedia(
                WebURL.resolve(attributes.value("url") ?? "", against: reader.bases.current),
                type: attributes.value("type"), medium: attributes.value("medium"),
                length: attributes.value("filesize").flatMap(RSSGrammar.length))
        case .mediaThumbnail:
            if entry?.thumbnail == nil {
                entry?.thumbnail = WebURL.resolve(
                    attributes.value("url") ?? "", against: reader.bases.current)
            }
        default:
            break
        }
    }

    func end(reader: XMLFeedReader) {
        guard let token = stack.popLast() else { return }
        let depth = reader.depth
        if reader.capture.isActive, reader.capture.depth == depth {
            let bytes = reader.capture.finish()
            let markup = ItemDraft.Markup(
                source: String(decoding: bytes, as: UTF8.self), isHTML: captureIsHTML,
                base: reader.bases.current)
            if entry != nil {
                assign(markup, bytes: bytes, to: token)
            } else if token == .title {
                title = markup
            } else if token == .name {
                let name = FeedText.line(markup.source)
                if !name.isEmpty { authors.append(name) }
            }
        }
        if token == .entry, depth == entryDepth, let entry {
            add(entry)
            self.entry = nil
        }
    }

    /// Entries never nest: one that starts inside another (libxml2's recovery from a tag left
    /// open nests the rest of the document) ends the one before.
    private func startEntry(depth: Int) {
        if let entry { add(entry) }
        entry = ItemDraft()
        entryDepth = depth
    }

    /// An entry without an author has the feed's.
    private func add(_ entry: ItemDraft) {
        var entry = entry
        if entry.authors.isEmpty { entry.authors = authors }
        collector.add(entry)
    }

    private func assign(_ markup: ItemDraft.Markup, bytes: [UInt8], to token: Token) {
        switch token {
        case .title: entry?.title = markup
        case .summary: entry?.summary = markup
        case .content: entry?.content = markup
        case .mediaDescription where entry?.summary == nil: entry?.summary = markup
        case .id: entry?.id = markup.source
        case .name: entry?.addAuthor(markup.source)
        case .published: entry?.published = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        case .updated: entry?.updated = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        default: break
        }
    }

    /// Starts capturing a text construct the way its `type` says; a type that is not text (a
    /// base64 picture) is not captured.
    private func beginText(_ tag: XMLStartTag, reader: XMLFeedReader) {
        let type = tag.attributes.value("type").map(FeedText.line)?.lowercased()
        let mode = tag.attributes.value("mode").map(FeedText.line)?.lowercased()
        guard let captureMode = Self.captureMode(type: type, mode: mode) else { return }
        captureIsHTML = captureMode != .text
        reader.capture.begin(captureMode, depth: reader.depth)
    }

    private func beginPlainText(reader: XMLFeedReader) {
        captureIsHTML = false
        reader.capture.begin(.text, depth: reader.depth)
    }

    /// Atom 1.0's `type` (text, html, xhtml or a MIME type), and Atom 0.3's `mode`
    /// (`escaped` HTML, `xml`, `base64`).
    private static func captureMode(type: String?, mode: String?) -> TextCapture.Mode? {
        switch mode {
        case "base64": return nil
        case "escaped": return .html
        case "xml": return .xhtml
        default: break
        }
        switch type {
        case nil, "", "text", "plain": return .text
        case "html": return .html
        case "xhtml": return .xhtml
        case let type?:
            if type.contains("xhtml") || type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
            if type.contains("html") { return .html }
            return type.hasPrefix("text/") ? .text : nil
        }
    }

    private static let enclosure = -1

    /// A link's URL and how well it fits an entry's web page: 3 for an HTML alternate, 2 for
    /// another alternate, ``enclosure`` for an enclosure, 0 for anything else (self, edit,
    /// replies…).
    private static func link(_ tag: XMLStartTag, base: URL) -> (URL?, rank: Int) {
        let attributes = tag.attributes
        let url = WebURL.resolve(attributes.value("href") ?? "", against: base)
        let rel = attributes.value("rel").map(FeedText.line)?.lowercased() ?? "alternate"
        let type = attributes.value("type").map(FeedText.line)?.lowercased()
        switch rel {
        case "alternate", "": return (url, type == nil || type!.contains("html") ? 3 : 2)
        case "enclosure": return (url, enclosure)
        default: return (url, 0)
        }
    }

    private func token(for tag: XMLStartTag, namespace: FeedNamespace) -> Token {
        let name = tag.name
        switch namespace {
        case .atom, .atom03, .none:
            return Self.coreToken(name)
        case .media:
            if name.matches("group") { return .mediaGroup }
            if name.matches("content") { return .mediaContent }
            if name.matches("thumbnail") { return .mediaThumbnail }
            if name.matches("description") { return .mediaDescription }
        default:
            if let uri = tag.namespaceURI, uri == rootNamespaceURI { return Self.coreToken(name) }
        }
        return .other
    }

    private static func coreToken(_ name: XMLName) -> Token {
        switch name.lowercasedFirstByte {
        case UInt8(ascii: "a"): name.matches("author") ? .author : .other
        case UInt8(ascii: "c"):
            name.matches("content") ? .content : name.matches("created") ? .published : .other
        case UInt8(ascii: "e"): name.matches("entry") ? .entry : .other
        case UInt8(ascii: "i"): name.matches("id") ? .id : name.matches("issued") ? .published : .other
        case UInt8(ascii: "l"): name.matches("link") ? .link : .other
        case UInt8(ascii: "m"): name.matches("modified") ? .updated : .other
        case UInt8(ascii: "n"): name.matches("name") ? .name : .other
        case UInt8(ascii: "p"): name.matches("published") ? .published : .other
        case UInt8(ascii: "s"):
            name.matches("summary") ? .summary : name.matches("source") ? .source : .other
        case UInt8(ascii: "t"): name.matches("title") ? .title : .other
        case UInt8(ascii: "u"): name.matches("updated") ? .updated : .other
        default: .other
        }
    }
}
