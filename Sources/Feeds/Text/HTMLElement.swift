/// What an HTML element means for the plain text made from it.
///
/// Elements not named here are inline: their text flows into the line around them.
enum HTMLElement: Sendable {
    case inline
    /// A paragraph of its own, separated from its neighbours by a blank line.
    case paragraph
    case lineBreak
    /// `<hr>`: a paragraph holding ``PlainTextLayout/ruleText``.
    case rule
    case unorderedList
    case orderedList
    case listItem
    case quote
    case preformatted
    case table
    case row
    case cell
    case image
    case link
    case base
    /// Dropped with everything inside it: scripts, styles, embedded objects, form controls, the head.
    case dropped

    /// The element named `name` (a NUL-terminated, lowercase tag name as libxml2 reports it).
    init(name: UnsafePointer<UInt8>) {
        var key: UInt64 = 0
        var length = 0
        while name[length] != 0 {
            guard length < Self.longestName else {
                self = .inline
                return
            }
            if length < 8 { key |= UInt64(name[length]) << (8 * UInt64(length)) }
            length += 1
        }
        if length > 8 {
            self =
                Self.longNames.first {
                    $0.name.utf8.elementsEqual(UnsafeBufferPointer(start: name, count: length))
                }?
                .element ?? .inline
        } else {
            self = Self.shortNames[key] ?? .inline
        }
    }

    // MARK: Names

    private static let longestName = 14

    private static let names: [(name: String, element: HTMLElement)] = {
        var names: [(String, HTMLElement)] = [
            ("br", .lineBreak), ("hr", .rule), ("ul", .unorderedList), ("menu", .unorderedList),
            ("dir", .unorderedList), ("ol", .orderedList), ("li", .listItem), ("blockquote", .quote),
            ("pre", .preformatted), ("listing", .preformatted), ("table", .table), ("tr", .row),
            ("td", .cell), ("th", .cell), ("img", .image), ("a", .link), ("base", .base),
        ]
        let paragraphs = [
            "p", "div", "section", "article", "header", "footer", "main", "nav", "aside", "h1", "h2", "h3",
            "h4",
            "h5", "h6", "hgroup", "figure", "figcaption", "dl", "dt", "dd", "address", "details", "summary",
            "center", "fieldset", "legend", "caption", "dialog", "search",
        ]
        // Not `embed`, which holds nothing: libxml2 2.9 does not know it is void (nor `source`,
        // `track`, `wbr`), so it reports what follows it as its content.
        // Not `noscript`: NewsApp runs no script, so the text a page shows without scripts is
        // the text to show. Not `math`: a formula's text (`x = 2`) is read as text; its TeX or
        // MathML annotations are dropped.
        let dropped = [
            "script", "style", "template", "iframe", "object", "svg", "head", "title", "button", "select",
            "input", "textarea", "audio", "video", "canvas", "datalist", "annotation", "annotation-xml",
        ]
        names += paragraphs.map { ($0, .paragraph) }
        names += dropped.map { ($0, .dropped) }
        return names
    }()

    /// Names of up to 8 bytes, keyed by their bytes packed little-endian into a `UInt64`.
    private static let shortNames: [UInt64: HTMLElement] = {
        var table: [UInt64: HTMLElement] = [:]
        for (name, element) in names where name.utf8.count <= 8 {
            let key = name.utf8.enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * UInt64($1.offset))
            }
            table[key] = element
        }
        return table
    }()

    private static let longNames = names.filter { $0.name.utf8.count > 8 }
}
