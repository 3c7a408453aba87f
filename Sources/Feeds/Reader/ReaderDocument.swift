import CXML2

// No Foundation here: its ICU headers clash with the system ICU ones libxml2's headers include.

/// A web page as flat arrays, built from libxml2's HTML push parser events: node `i`'s parent is
/// `parents[i]` (always a smaller index), its descendants are the nodes `i + 1 ..< ends[i]`, and
/// nodes are in document order. Every pass over the page is a loop over these arrays, so a page
/// nested 100,000 deep costs no stack.
///
/// Scripts, styles, embedded objects and hidden elements (`hidden`, `aria-hidden="true"`,
/// `display: none`, `visibility: hidden`, and the classes that hide text from all but screen
/// readers) are left out with everything in them; form controls stay as empty ``ReaderTag/input``
/// nodes. The head's title, `<meta>` elements, `<base href>` and JSON-LD scripts are kept aside.
/// Parsing stops, keeping what came before, past ``depthLimit`` open elements (those of left-out
/// subtrees included: libxml2 holds them open all the same).
struct ReaderDocument {
    /// libxml2 2.9 looks for each end tag among all the open elements (see
    /// ``HTMLTextConverter/depthLimit``); real pages stay far below this.
    static let depthLimit = 512
    /// JSON-LD kept from one page.
    static let jsonLimit = 1 << 20

    /// Node 0 is the root, the parent of the page's top-level elements.
    private(set) var parents: [Int32] = [-1]
    private(set) var ends: [Int32] = [0]
    private(set) var tags: [ReaderTag] = [.root]
    /// How each element is rendered as text (`.inline` for text nodes).
    private(set) var elements: [HTMLElement] = [.paragraph]
    /// For text nodes, their bytes in ``text``; for elements, the index of their attributes in
    /// ``attributes`` or -1.
    private(set) var starts: [Int32] = [-1]
    private(set) var lengths: [Int32] = [0]
    private(set) var text: [UInt8] = []
    private(set) var attributes: [ReaderAttributes] = []

    private(set) var title: [UInt8] = []
    private(set) var metas: [ReaderMeta] = []
    private(set) var jsonLD: [[UInt8]] = []
    private(set) var baseHref: String?
    /// Whether the page was nested too deep and its rest was not read.
    private(set) var wasCut = false
    /// The `lang` of the page's `<html>` (which libxml2, started inside an `<html>` of its own,
    /// does not report), set by ``ArticleExtractor``.
    var language: String?

    var count: Int { parents.count }

    /// The attributes of element `node`, if it has any the reader mode reads.
    func attributes(of node: Int) -> ReaderAttributes? {
        tags[node] == .text || starts[node] < 0 ? nil : attributes[Int(starts[node])]
    }

    /// The bytes of text node `node`.
    func withText<Result>(of node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(starts[node])..<Int(starts[node] + lengths[node])]))
        }
    }

    // MARK: Building

    /// Parses `html` (UTF-8, escape sequences removed, named entities decoded); stops, keeping what
    /// was read, when `isOver` says so (asked after each chunk libxml2 reads).
    static func parse(_ html: UnsafeBufferPointer<UInt8>, stoppingWhen isOver: () -> Bool = { false })
        -> ReaderDocument
    {
        let builder = UnsafeMutablePointer<Builder>.allocate(capacity: 1)
        builder.initialize(to: Builder())
        defer {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        builder.pointee.document.text.reserveCapacity(html.count / 2)
        Builder.parse(html, into: builder, stoppingWhen: isOver)
        builder.pointee.finish()
        return builder.pointee.document
    }

    /// Receives libxml2's events; lives in memory of its own for the parse, like
    /// ``HTMLTextConverter``.
    private struct Builder {
        var document = ReaderDocument()
        var parser: htmlParserCtxtPtr?
        var stopped = false
        /// The open elements' nodes, innermost last; libxml2's `html` and `body` are not nodes.
        var open: [Int32] = [0]
        /// Elements libxml2 opened around the page: the `<html><body>` it is started with.
        var outerDepth = 0
        /// Open elements of a left-out subtree (0 when not in one).
        var skippedDepth = 0
        var capture = Capture.none
        /// JSON-LD bytes kept so far.
        var jsonBytes = 0

        enum Capture {
            case none, title, jsonLD
        }

        static func parse(
            _ html: UnsafeBufferPointer<UInt8>, into builder: UnsafeMutablePointer<Self>,
            stoppingWhen isOver: () -> Bool
        ) {
            var handler = htmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElement = { context, name, attributes in
                guard let context, let name else { return }
                context.assumingMemoryBound(to: Builder.self).pointee.start(name, attributes)
            }
            handler.endElement = { context, name in
                guard let context, name != nil else { return }
                context.assumingMemoryBound(to: Builder.self).pointee.end()
            }
            handler.characters = { context, characters, length in
                guard let context, let characters, length > 0 else { return }
                let text = UnsafeBufferPointer(start: characters, count: Int(length))
                context.assumingMemoryBound(to: Builder.self).pointee.append(text)
            }
            handler.ignorableWhitespace = handler.characters
            handler.serror = LibXML.silence
            HTMLPushParse.run(
                html, handler: &handler, context: UnsafeMutableRawPointer(builder),
                parser: { builder.pointee.parser = $0 }, stopped: { builder.pointee.stopped || isOver() })
        }

        /// Closes what is still open.
        mutating func finish() {
            while open.count > 1 { close() }
            document.ends[0] = Int32(document.count)
        }

        // MARK: Events

        mutating func start(
            _ name: UnsafePointer<UInt8>, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
        ) {
            guard !stopped else { return }
            if outerDepth < 2 && skippedDepth == 0 && open.count == 1 && isOuter(name) {
                outerDepth += 1
                return
            }
            // libxml2 holds the elements of a left-out subtree open too: they count.
            guard open.count + outerDepth + skippedDepth <= ReaderDocument.depthLimit else {
                document.wasCut = true
                stopped = true
                if let parser { xmlStopParser(parser) }
                return
            }
            if skippedDepth > 0 {
                skippedDepth += 1
                return
            }
            let tag = ReaderTag(name: name)
            let element = HTMLElement(name: name)
            let read = ReaderAttributes.read(attributes, tag: tag)
            switch tag {
            case .meta:
                if let meta = read.meta { document.metas.append(meta) }
                return skip()
            case .base:
                if document.baseHref == nil { document.baseHref = read.attributes?.href }
                return skip()
            case .title where document.title.isEmpty:
                capture = .title
                return skip()
            case .script where read.isJSONLD:
                capture = .jsonLD
                document.jsonLD.append([])
                return skip()
            default:
                break
            }
            if read.hidden { return skip() }
            switch tag {
            case .noscript:
                // As Readability: the fallback of the page's scripts is not part of the article.
                return skip()
            case .math:
                // A formula with its text written out (`alttext`) is that text; without, its
                // elements' text is read (``HTMLElement`` drops its TeX annotations).
                guard let alternative = read.attributes?.alt, !alternative.isEmpty else { break }
                open.append(appendElement(tag, .inline, nil))
                var text = alternative
                text.withUTF8 { append($0) }
                close()
                return skip()
            default:
                break
            }
            if element == .dropped {
                // A form control stays as an empty node, which the cleaning counts; its content goes.
                if tag == .input { _ = appendElement(tag, element, nil) }
                return skip()
            }
            open.append(appendElement(tag, element, read.attributes))
        }

        /// A new element node under the innermost open element, with no descendants yet.
        private mutating func appendElement(
            _ tag: ReaderTag, _ element: HTMLElement, _ attributes: ReaderAttributes?
        ) -> Int32 {
            var slot: Int32 = -1
            if let attributes {
                slot = Int32(document.attributes.count)
                document.attributes.append(attributes)
            }
            let node = Int32(document.count)
            document.parents.append(open[open.count - 1])
            document.ends.append(node + 1)
            document.tags.append(tag)
            document.elements.append(element)
            document.starts.append(slot)
            document.lengths.append(0)
            return node
        }

        mutating func end() {
            guard !stopped else { return }
            if skippedDepth > 0 {
                skippedDepth -= 1
                if skippedDepth == 0 { capture = .none }
            } else if open.count > 1 {
                close()
            } else if outerDepth > 0 {
                outerDepth -= 1
            }
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !stopped else { return }
            guard skippedDepth == 0 else {
                switch capture {
                case .title: document.title.append(contentsOf: bytes)
                case .jsonLD where jsonBytes < ReaderDocument.jsonLimit:
                    jsonBytes += bytes.count
                    document.jsonLD[document.jsonLD.count - 1].append(contentsOf: bytes)
                default: break
                }
                return
            }
            let parent = open[open.count - 1]
            let last = document.count - 1
            if document.tags[last] == .text && document.parents[last] == parent {
                document.text.append(contentsOf: bytes)
                document.lengths[last] += Int32(bytes.count)
                return
            }
            // A text node has no descendants: it ends where the next node starts.
            document.ends.append(Int32(document.count + 1))
            document.parents.append(parent)
            document.tags.append(.text)
            document.elements.append(.inline)
            document.starts.append(Int32(document.text.count))
            document.lengths.append(Int32(bytes.count))
            document.text.append(contentsOf: bytes)
        }

        private mutating func skip() {
            skippedDepth = 1
        }

        private mutating func close() {
            let node = Int(open.removeLast())
            document.ends[node] = Int32(document.count)
        }

        /// `html` and `body`: libxml2 reports the ones it is started with (and ignores the page's own).
        private func isOuter(_ name: UnsafePointer<UInt8>) -> Bool {
            let tag = ReaderTag(name: name)
            return tag == .body
                || (name[0] == UInt8(ascii: "h") && name[1] == UInt8(ascii: "t")
                    && name[2] == UInt8(ascii: "m") && name[3] == UInt8(ascii: "l") && name[4] == 0)
        }
    }
}
