/// The chosen article of a ``ReaderDocument`` as text: its shown nodes replayed, in page order, as
/// the events of an ``HTMLTextWriter``, with an explicit stack of open elements.
struct ArticleRendering {
    let document: ReaderDocument
    let selection: ContentSelector.Selection
    private var writer: HTMLTextWriter
    /// Whether each open table is one of layout, innermost last.
    private var layoutTables: [Bool] = []

    /// - Parameter links: where links are numbered; nil writes them as plain text.
    init(document: ReaderDocument, selection: ContentSelector.Selection, links: LinkReferences?) {
        self.document = document
        self.selection = selection
        writer = HTMLTextWriter(links: links, limit: HTMLTextConverter.outputLimit, size: document.text.count)
    }

    mutating func render() -> HTMLText {
        let none = ElementAttributes(wanted: nil)
        for root in selection.roots where !writer.isFull {
            writer.start(.paragraph, none)
            var open: [Int] = []
            layoutTables.removeAll()
            var node = root
            let rootEnd = Int(document.ends[root])
            while node < rootEnd && !writer.isFull {
                while let last = open.last, node >= Int(document.ends[last]) {
                    end(open.removeLast())
                }
                guard selection.shown[node] else {
                    node = Int(document.ends[node])
                    continue
                }
                if document.tags[node] == .text {
                    document.withText(of: node) { writer.append($0) }
                } else {
                    start(node)
                    open.append(node)
                }
                node += 1
            }
            while let last = open.popLast() { end(last) }
            writer.end(.paragraph)
        }
        return writer.finish()
    }

    /// The element `node` is written as: the tables, rows and cells of a table used for layout are
    /// paragraphs, so that the article in a cell is not flattened onto one line.
    private mutating func element(of node: Int, opening: Bool) -> HTMLElement {
        let element = document.elements[node]
        switch element {
        case .table:
            if opening { layoutTables.append(!document.isDataTable(node)) }
            return layoutTables.last == true ? .paragraph : .table
        case .row, .cell:
            // A row or cell whose table is not shown is a paragraph too.
            return layoutTables.last ?? true ? .paragraph : element
        default:
            return element
        }
    }

    private mutating func end(_ node: Int) {
        writer.end(element(of: node, opening: false))
        if document.elements[node] == .table { layoutTables.removeLast() }
    }

    private mutating func start(_ node: Int) {
        let element = element(of: node, opening: true)
        let attributes = document.attributes(of: node)
        let wanted: String? =
            switch element {
            case .link: attributes?.href
            case .image: attributes?.alt
            case .orderedList: attributes?.start
            default: nil
            }
        guard let wanted else { return writer.start(element, ElementAttributes(wanted: nil)) }
        wanted.withCString { value in
            value.withMemoryRebound(to: UInt8.self, capacity: wanted.utf8.count + 1) {
                writer.start(element, ElementAttributes(wanted: $0))
            }
        }
    }

    // MARK: What the metadata may lack

    /// The text of `node` on one line.
    func line(of node: Int) -> String {
        var bytes: [UInt8] = []
        for index in node..<Int(document.ends[node]) where document.tags[index] == .text {
            document.withText(of: index) { bytes.append(contentsOf: $0.prefix(1_000)) }
            bytes.append(0x20)
            if bytes.count > 1_000 { break }
        }
        return ArticleMetadata.line(String(decoding: bytes, as: UTF8.self))
    }

    /// The page's first `h1`.
    func firstHeading() -> String? {
        let heading = (0..<document.count).first { document.tags[$0] == .h1 }
        return heading.map(line(of:)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `datetime` of the article's first `<time>`, else the page's.
    func firstTime() -> String? {
        let times = (0..<document.count).filter { document.tags[$0] == .time }
        let inArticle = times.first { time in
            selection.roots.contains { $0 <= time && time < Int(document.ends[$0]) }
        }
        return (inArticle ?? times.first).flatMap { document.attributes(of: $0)?.datetime }
    }

    /// The `src` of every picture shown in the article, in order.
    func images() -> [String] {
        var sources: [String] = []
        for root in selection.roots {
            for node in root..<Int(document.ends[root])
            where selection.shown[node] && document.tags[node] == .img {
                if let source = document.attributes(of: node)?.src { sources.append(source) }
            }
        }
        return sources
    }

    /// The `src` of the article's first picture.
    func firstImage() -> String? {
        for root in selection.roots {
            for node in root..<Int(document.ends[root])
            where selection.shown[node] && document.tags[node] == .img {
                if let source = document.attributes(of: node)?.src { return source }
            }
        }
        return nil
    }
}
