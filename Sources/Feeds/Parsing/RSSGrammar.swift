import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RSS 0.9x and 2.0 (`<rss><channel><item>`) and RSS 1.0, the RDF one (`<rdf:RDF><channel/>
/// <item rdf:about>`), whose items sit beside the channel instead of inside it.
struct RSSGrammar: FeedGrammar {
    private enum Token: Equatable {
        case channel, item, title, link, description, guid, author, creator, podcastAuthor, published, issued
        case updated
        case enclosure, encoded, other
        case media(MediaElement)
        /// `dc:title` and `media:title`: the title when the item has no `<title>`.
        case otherTitle
        /// `dc:description`: the summary when the item has no `<description>`.
        case otherDescription
        /// `itunes:summary`: the summary when nothing else gives one (plain text or HTML).
        case podcastSummary
        /// `atom:link`: the page when no `<link>` gives it.
        case atomLink
    }

    private let format: FeedDocument.Format
    /// The namespace the root element is in, when it is in one: RSS written with a default
    /// namespace (`<rss xmlns="http://backend.userland.com/rss2">`) keeps its elements there.
    private let rootNamespaceURI: UnsafePointer<UInt8>?
    private var stack: [Token] = []
    private var channelDepth: Int?
    private var item: ItemDraft?
    /// The depth of ``item``, 0 when none is being read.
    private var itemDepth = 0
    /// Whether an item is being read (``item`` is not nil), told without copying the item.
    private var isInItem: Bool { itemDepth > 0 }
    private var guidIsPermaLink = true
    private var mediaDescriptionIsHTML = false
    private var title: ItemDraft.Markup?
    private var siteURL: URL?
    private var collector: ItemCollector

    init(format: FeedDocument.Format, root: XMLStartTag, convert: @escaping HTMLConverter) {
        self.format = format
        collector = ItemCollector(convertingHTMLWith: convert)
        rootNamespaceURI = root.namespaceURI
    }

    var document: FeedDocument {
        FeedDocument(
            format: format, title: title.map(collector.title(of:)).flatMap { $0.isEmpty ? nil : $0 },
            siteURL: siteURL, items: collector.items)
    }

    mutating func start(_ tag: XMLStartTag, namespace: FeedNamespace, context: inout ReaderContext) {
        let token = token(for: tag, namespace: namespace)
        let parent = stack.last
        stack.append(token)
        let depth = context.depth
        if token == .item {
            startItem(tag, depth: depth)
            return
        }
        guard isInItem else {
            switch token {
            case .channel where channelDepth == nil:
                channelDepth = depth
            case .title where parent == .channel && title == nil:
                context.capture.begin(.html, depth: depth)
            case .link where parent == .channel && siteURL == nil:
                context.capture.begin(.text, depth: depth)
            default:
                break
            }
            return
        }
        if depth == itemDepth + 1 {
            startInItem(token, tag: tag, context: &context)
        } else if case .media(let element)? = parent, element.holdsMedia {
            startInItem(token, tag: tag, context: &context)
        }
    }

    /// Items never nest: an item that starts inside another (libxml2's recovery from a tag left
    /// open nests the rest of the document) ends the one before.
    private mutating func startItem(_ tag: XMLStartTag, depth: Int) {
        if let item = item.take() { collector.add(item) }
        item = ItemDraft()
        itemDepth = depth
        if let about = tag.attributes.value("about", prefix: "rdf") { item?.id = FeedText.line(about) }
    }

    private mutating func startInItem(_ token: Token, tag: XMLStartTag, context: inout ReaderContext) {
        let depth = context.depth
        switch token {
        case .title, .description, .encoded, .otherTitle, .otherDescription, .podcastSummary:
            context.capture.begin(.html, depth: depth)
        case .link, .author, .creator, .podcastAuthor, .published, .issued, .updated:
            context.capture.begin(.text, depth: depth)
        case .atomLink:
            let attributes = tag.attributes
            guard !attributes.hasValue("rel") || attributes.value("rel", is: "alternate") else { break }
            item?.offerLink(
                WebURL.resolve(attributes.value("href") ?? "", against: context.bases.current), rank: 2)
        case .guid:
            guidIsPermaLink = !tag.attributes.value("ispermalink", is: "false")
            context.capture.begin(.text, depth: depth)
        case .media(.description):
            mediaDescriptionIsHTML = tag.attributes.value("type", is: "html")
            context.capture.begin(mediaDescriptionIsHTML ? .html : .text, depth: depth)
        case .enclosure:
            let url = WebURL.resolve(tag.attributes.value("url") ?? "", against: context.bases.current)
            item?.addEnclosure(url, tag.attributes)
        case .media(let element):
            item?.addMedia(element, tag.attributes, base: context.bases.current)
        default:
            break
        }
    }

    mutating func end(context: inout ReaderContext) {
        guard let token = stack.popLast() else { return }
        let depth = context.depth
        if context.capture.isActive, context.capture.depth == depth {
            let bytes = context.capture.finish()
            if isInItem {
                assign(bytes, to: token, base: context.bases.current)
            } else if token == .title {
                title = ItemDraft.Markup(
                    source: String(decoding: bytes, as: UTF8.self), isHTML: true, base: context.bases.current)
            } else if token == .link {
                siteURL = WebURL.resolve(
                    String(decoding: bytes, as: UTF8.self), against: context.bases.current)
            }
        }
        if token == .item, depth == itemDepth, let item = item.take() {
            itemDepth = 0
            collector.add(item)
        }
    }

    /// Sets the item's fields from an element's text. An empty element never replaces a non-empty
    /// one, and the elements of other vocabularies only stand in for RSS's own. (An empty one is
    /// kept when there is nothing else: ``ItemCollector`` reads the item's text past it.)
    private mutating func assign(_ bytes: [UInt8], to token: Token, base: URL) {
        let text = { String(decoding: bytes, as: UTF8.self) }
        let markup = { ItemDraft.Markup(source: text(), isHTML: true, base: base) }
        switch token {
        case .title where item?.title == nil || FeedText.showsAnything(bytes):
            item?.title = markup()
        case .otherTitle where item?.title == nil:
            item?.title = markup()
        case .description where item?.summary == nil || FeedText.showsAnything(bytes):
            item?.summary = markup()
        case .otherDescription where item?.summary == nil:
            item?.summary = markup()
        case .encoded where item?.content == nil || FeedText.showsAnything(bytes):
            item?.content = markup()
        case .podcastSummary where item?.summary == nil:
            // Plain text by Apple's word, HTML in many feeds.
            let source = text()
            item?.summary =
                FeedText.looksLikeHTML(source)
                ? ItemDraft.Markup(source: source, isHTML: true, base: base)
                : ItemDraft.Markup(
                    source: bytes.withUnsafeBufferPointer(FeedText.block(bytes:)), isHTML: false, base: base)
        case .media(.description)
        where item?.summary == nil:
            let source =
                mediaDescriptionIsHTML ? text() : bytes.withUnsafeBufferPointer(FeedText.block(bytes:))
            item?.summary = ItemDraft.Markup(source: source, isHTML: mediaDescriptionIsHTML, base: base)
        case .link:
            item?.offerLink(WebURL.resolve(text(), against: base), rank: 3)
        case .guid:
            let guid = bytes.withUnsafeBufferPointer(FeedText.line(bytes:))
            guard !guid.isEmpty else { return }
            item?.id = guid
            if guidIsPermaLink { item?.offerLink(WebURL.resolve(guid, against: base), rank: 1) }
        case .author:
            // Some feeds put the parts of a person in elements of their own (a name, a job title).
            let parts = bytes.split(separator: TextCapture.partSeparator).map {
                $0.withUnsafeBufferPointer(FeedText.line(bytes:))
            }.filter { !$0.isEmpty }
            item?.addAuthor(parts.joined(separator: ", "))
        case .creator:
            item?.addAuthor(bytes.withUnsafeBufferPointer(FeedText.line(bytes:)))
        case .podcastAuthor:
            item?.podcastAuthor = bytes.withUnsafeBufferPointer(FeedText.line(bytes:))
        case .published:
            if let date = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:)) { item?.published = date }
        case .issued where item?.published == nil:
            item?.published = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        case .updated:
            item?.updated = bytes.withUnsafeBufferPointer(FeedDate.parse(bytes:))
        default:
            break
        }
    }

    private func token(for tag: XMLStartTag, namespace: FeedNamespace) -> Token {
        let name = tag.name
        switch namespace {
        case .none, .rss1:
            return Self.coreToken(name)
        case .dublinCore:
            if name.matches("creator") || name.matches("author") { return .creator }
            if name.matches("date") { return .issued }
            if name.matches("title") { return .otherTitle }
            if name.matches("description") { return .otherDescription }
        case .dublinCoreTerms:
            if name.matches("modified") { return .updated }
            if name.matches("created") || name.matches("issued") { return .issued }
        case .content:
            if name.matches("encoded") { return .encoded }
        case .media:
            // `media:title` is read as `dc:title` is.
            return MediaElement(name).map(Token.media) ?? (name.matches("title") ? .otherTitle : .other)
        case .atom:
            if name.matches("updated") { return .updated }
            if name.matches("link") { return .atomLink }
        case .itunes:
            if name.matches("author") { return .podcastAuthor }
            if name.matches("summary") { return .podcastSummary }
        default:
            if let uri = tag.namespaceURI, uri == rootNamespaceURI { return Self.coreToken(name) }
        }
        return .other
    }

    private static func coreToken(_ name: XMLName) -> Token {
        switch name.lowercasedFirstByte {
        case UInt8(ascii: "a"): name.matches("author") ? .author : .other
        case UInt8(ascii: "c"): name.matches("channel") ? .channel : .other
        case UInt8(ascii: "d"): name.matches("description") ? .description : .other
        case UInt8(ascii: "e"): name.matches("enclosure") ? .enclosure : .other
        case UInt8(ascii: "g"): name.matches("guid") ? .guid : .other
        case UInt8(ascii: "i"): name.matches("item") ? .item : .other
        case UInt8(ascii: "l"): name.matches("link") ? .link : .other
        case UInt8(ascii: "p"): name.matches("pubdate") ? .published : .other
        case UInt8(ascii: "t"): name.matches("title") ? .title : .other
        default: .other
        }
    }
}
