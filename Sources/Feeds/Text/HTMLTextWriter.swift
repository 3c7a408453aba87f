/// The rules that turn the events of an HTML document (an element opens or closes, text arrives)
/// into ``PlainTextLayout`` calls and numbered links: the part of HTML to text that does not
/// depend on where the events come from.
///
/// ``HTMLTextConverter`` feeds it libxml2's events as they are parsed; the reader mode's
/// ``ArticleExtractor`` feeds it the elements of the article it chose. Each event costs constant
/// time apart from what it writes, and nothing recurses.
struct HTMLTextWriter {
    private(set) var layout: PlainTextLayout
    private(set) var links: LinkReferences?
    /// Open elements of a dropped subtree (0 when not in one).
    private var droppedDepth = 0
    private var openLink: OpenLink?

    private struct OpenLink {
        var href: String
        var contentAtStart: Int
        var hasImage = false
    }

    /// A writer of at most `limit` bytes for a document of about `size` bytes, numbering its links
    /// in `links` (nil: links are plain text).
    init(links: LinkReferences?, limit: Int, size: Int) {
        layout = PlainTextLayout(limit: limit, expectedSize: size)
        self.links = links
    }

    /// Whether the text reached its limit; it then takes nothing more.
    var isFull: Bool { layout.isFull }

    /// The text and its numbered links.
    mutating func finish() -> HTMLText {
        HTMLText(text: layout.finish(), links: links?.urls ?? [])
    }

    /// Ends the text here, with "…".
    mutating func cut() {
        layout.cut()
    }

    // MARK: Events

    /// An element opens; `found` holds its ``HTMLElement/wantedAttribute`` and whether it is hidden.
    mutating func start(_ element: HTMLElement, _ found: ElementAttributes) {
        if element == .base, let href = found.wanted {
            links?.setBase(href: String(cString: href))
        }
        guard droppedDepth == 0 else {
            droppedDepth += 1
            return
        }
        if element == .dropped || found.hidden {
            droppedDepth = 1
            return
        }
        switch element {
        case .inline, .base, .dropped: break
        case .paragraph: layout.breakParagraph()
        case .lineBreak: layout.breakLine()
        case .rule: layout.appendRule()
        case .unorderedList: layout.startList(ordered: false, start: nil)
        case .orderedList: layout.startList(ordered: true, start: found.wanted.flatMap(Self.integer))
        case .listItem: layout.startListItem()
        case .quote: layout.startQuote()
        case .preformatted: layout.startPreformatted()
        case .table: layout.startTable()
        case .row: layout.startRow()
        case .cell: layout.startCell()
        case .image: appendImage(alt: found.wanted)
        case .link: startLink(href: found.wanted)
        }
    }

    /// An element closes.
    mutating func end(_ element: HTMLElement) {
        guard droppedDepth == 0 else {
            droppedDepth -= 1
            return
        }
        switch element {
        case .paragraph: layout.breakParagraph()
        case .unorderedList, .orderedList, .listItem, .quote, .preformatted, .table, .row, .cell:
            layout.endFrame()
        case .link: finishLink()
        default: break
        }
    }

    /// Text of the document (UTF-8).
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard droppedDepth == 0 else { return }
        layout.appendText(text)
    }

    // MARK: Links and images

    private mutating func startLink(href: UnsafePointer<UInt8>?) {
        finishLink()
        guard links != nil, let href else { return }
        openLink = OpenLink(href: String(cString: href), contentAtStart: layout.contentCount)
    }

    /// ` [n]` after the link's text, `[n]` alone for a link holding only an image without alt text,
    /// nothing for an empty link or one that is not numbered.
    private mutating func finishLink() {
        guard let link = openLink else { return }
        openLink = nil
        let hasText = layout.contentCount > link.contentAtStart
        guard hasText || link.hasImage, let number = links?.number(forHref: link.href) else { return }
        if hasText {
            layout.appendReference(number)
        } else {
            layout.appendStandaloneReference(number)
        }
    }

    private mutating func appendImage(alt: UnsafePointer<UInt8>?) {
        if let alt { layout.appendImage(alt: ElementAttributes.bytes(of: alt)) }
        openLink?.hasImage = true
    }

    /// The value of an `ol`'s `start` (its leading integer, as browsers read it), clamped so that
    /// markers stay short.
    private static func integer(_ text: UnsafePointer<UInt8>) -> Int? {
        var index = 0
        while text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A { index += 1 }
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") { index += 1 }
        var value = 0
        let start = index
        while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
            value = min(value * 10 + Int(text[index] - UInt8(ascii: "0")), 999_999_999)
            index += 1
        }
        guard index > start else { return nil }
        return negative ? -value : value
    }
}
