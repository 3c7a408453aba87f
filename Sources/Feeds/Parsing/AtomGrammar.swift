import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Atom 1.0 (and the Atom 0.3 that lingers): entries with text constructs (`type` text, html or
/// xhtml), several links each, and `xml:base` anywhere.
struct AtomGrammar: FeedGrammar {
    private enum Token: Equatable {
        case entry, title, id, link, updated, published, author, name, summary, content, source, other
        case media(MediaElement)
        /// `dc:creator`: an author, as in RSS.
        case creator
        /// `dc:date`: the date published when the entry gives none of its own.
        case otherDate
    }

    private let rootNamespaceURI: UnsafePointer<UInt8>?
    private var stack: [Token] = []
    private var entry: ItemDraft?
    /// The depth of ``entry``, 0 when none is being read.
    private var entryDepth = 0
    /// Whether an entry is being read (``entry`` is not nil), told without copying the entry.
    private var isInEntry: Bool { entryDepth > 0 }
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

    mutating func start(_ tag: XMLStartTag, namespace: FeedNamespace, context: inout ReaderContext) {
        let token = token(for: tag, namespace: namespace)
        let parent = stack.last
        stack.append(token)
        let depth = context.depth
        if token == .entry {
            startEntry(depth: depth)
            return
        }
        guard isInEntry else {
            switch token {
            case .title where depth == 2:
                beginText(tag, context: &context)
            case .link where depth == 2:
                if case .page(let url?, let rank) = Self.link(tag, base: context.bases.current),
                    rank > siteURLRank
                {
                    siteURL = url
                    siteURLRank = rank
                }
            case .name where parent == .author && depth == 3:
                beginPlainText(context: &context)
            default:
                break
            }
            return
        }
        if depth == entryDepth + 1 {
            startInEntry(token, tag: tag, context: &context)
        } else if token == .name, parent == .author, depth == entryDepth + 2 {
            beginPlainText(context: &context)
        } else if case .media(let element)? = parent, element.holdsMedia {
            startInEntry(token, tag: tag, context: &context)
        }
    }

    private mutating func startInEntry(_ token: Token, tag: XMLStartTag, context: inout ReaderContext) {
        let attributes = tag.attributes
        switch token {
        case .title, .summary, .media(.description):
            beginText(tag, context: &context)
        case .content where attributes.value("src") == nil:
            beginText(tag, context: &context)
        case .id, .updated, .published, .creator, .otherDate:
            beginPlainText(context: &context)
        case .link:
            switch Self.link(tag, base: context.bases.current) {
            case .page(let url, let rank):
                entry?.offerLink(url, rank: rank)
            case .enclosure(let url):
                entry?.addEnclosure(url, attributes)
            case .other:
                break
            }
        case .media(let element):
            entry?.addMedia(element, attributes, base: context.bases.current)
        default:
            break
        }
    }

    mutating func end(context: inout ReaderContext) {
        guard let token = stack.popLast() else { return }
        let depth = context.depth
        if context.capture.isActive, context.capture.depth == depth {
            let bytes = context.capture.finish()
            if isInEntry {
                assign(bytes, to: token, base: context.bases.current)
            } else if token == .title {
                title = markup(bytes, token: token, base: context.bases.current)
            } else if token == .name {
                let name = bytes.withUnsafeBufferPointer(FeedText.line(bytes:))
                if !name.isEmpty { authors.append(name) }
            }
        }
        if token == .entry, depth == entryDepth, let entry = entry.take() {
            entryDepth = 0
            add(entry)
        }
    }

    /// Entries never nest: one that starts inside another (libxml2's recovery from a tag left
    /// open nests the rest of the document) ends the one before.
    private mutating func startEntry(depth: Int) {
        if let entry = entry.take() { add(entry) }
        entry = ItemDraft()
        entryDepth = depth
    }

    /// An entry without an author has the feed's.
    private mutating func add(_ entry: ItemDraft) {
        var entry = entry
        if entry.authors.isEmpty { entry.authors = authors }
        collector.add(entry)
    }

    /// A text construct: HTML source as captured, or plain text cleaned (titles on one line).
    private func markup(_ bytes: [UInt8], token: Token, base: URL) -> ItemDraft.Markup {
        let source =
            captureIsHTML
            ? String(decoding: bytes, as: UTF8.self)
            : bytes.withUnsafeBufferPointer(token == .title ? FeedText.line(bytes:) : FeedText.block(bytes:))
        return ItemDraft.Markup(source: source, isHTML: captureIsHTML, base: base)
    }

    private mutating func assign(_ bytes: [UInt8], to token: Token, base: URL) {
        // An empty element never replaces a non-empty one.
        switch token {
        case .title where entry?.title == nil || FeedText.showsAnything(bytes, isHTML: captureIsHTML):
            let title = markup(bytes, token: token, base: base)
            entry?.title = title
        case .summary where entry?.summary == nil || FeedText.showsAnything(bytes, isHTML: captureIsHTML):
            let summary = markup(bytes, token: token, base: base)
            entry?.summary = summary
        case .content where entry?.content == nil || FeedText.showsAnything(bytes, isHTML: captureIsHTML):
            let content = markup(bytes, token: token, base: base)
            entry?.content = content
        case .media(.description)
        where entry?.summary == nil && FeedText.showsAnything(bytes, isHTML: captureIsHTML):
            let summary = markup(bytes, token: token, base: base)
            entry?.summary = summary
        case .id: entry?.id = bytes.withUnsafeBufferPointer(FeedText.line(bytes:))
        case .name, .creator: entry?.addAuthor(bytes.withUnsafeBufferPointer(FeedText.line(bytes:)))
        case .otherDate where entry?.published == nil:
            entry?.published = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        case .published: entry?.published = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        case .updated: entry?.updated = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        default: break
        }
    }

    /// Starts capturing a text construct the way its `type` says; a type that is not text (a
    /// base64 picture) is not captured.
    private mutating func beginText(_ tag: XMLStartTag, context: inout ReaderContext) {
        guard let captureMode = Self.captureMode(tag.attributes) else { return }
        captureIsHTML = captureMode != .text
        context.capture.begin(captureMode, depth: context.depth)
    }

    private mutating func beginPlainText(context: inout ReaderContext) {
        captureIsHTML = false
        context.capture.begin(.text, depth: context.depth)
    }

    /// Atom 1.0's `type` (text, html, xhtml or a MIME type), and Atom 0.3's `mode`
    /// (`escaped` HTML, `xml`, `base64`).
    private static func captureMode(_ attributes: XMLAttributes) -> TextCapture.Mode? {
        if attributes.value("mode", is: "base64") { return nil }
        if attributes.value("mode", is: "escaped") { return .html }
        if attributes.value("mode", is: "xml") { return .xhtml }
        if !attributes.hasValue("type") || attributes.value("type", is: "text") { return .text }
        if attributes.value("type", is: "html") { return .html }
        if attributes.value("type", is: "xhtml") { return .xhtml }
        let type = attributes.value("type").map(FeedText.line)?.lowercased() ?? ""
        if type.contains("xhtml") || type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
        if type.contains("html") { return .html }
        return type.hasPrefix("text/") || type == "plain" ? .text : nil
    }

    /// What an Atom `<link>` is to a reader.
    private enum Link {
        /// An alternate version of the entry (or feed): `rank` 3 when it is HTML, 2 otherwise.
        case page(URL?, rank: Int)
        case enclosure(URL?)
        /// Self, edit, replies, related…
        case other
    }

    private static func link(_ tag: XMLStartTag, base: URL) -> Link {
        let attributes = tag.attributes
        let url = { WebURL.resolve(attributes.value("href") ?? "", against: base) }
        if !attributes.hasValue("rel") || attributes.value("rel", is: "alternate") {
            let isHTML = !attributes.hasValue("type") || attributes.value("type", contains: "html")
            return .page(url(), rank: isHTML ? 3 : 2)
        }
        return attributes.value("rel", is: "enclosure") ? .enclosure(url()) : .other
    }

    private func token(for tag: XMLStartTag, namespace: FeedNamespace) -> Token {
        let name = tag.name
        switch namespace {
        case .atom, .atom03, .none:
            return Self.coreToken(name)
        case .dublinCore:
            if name.matches("creator") { return .creator }
            if name.matches("date") { return .otherDate }
        case .media:
            return MediaElement(name).map(Token.media) ?? .other
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
