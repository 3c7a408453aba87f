/// The elements the reader mode tells apart when it scores and cleans a page; every other element
/// is ``other``, and text nodes are ``text``.
enum ReaderTag: UInt8, Sendable {
    case text, other
    case root, a, article, aside, blockquote, body, br, caption, dd, details, dialog, div, dl, dt
    case embed, fieldset, figcaption, figure, footer, form, h1, h2, h3, h4, h5, h6, header, img, input
    case li, main, menu, meta, nav, ol, p, picture, pre, section, span, summary, table, td, th, time
    case tr, ul, title, script, base, address, code, font, center, noscript, math

    /// The tag named `name` (NUL-terminated, lowercase, as libxml2 reports it).
    init(name: UnsafePointer<UInt8>) {
        var key: UInt64 = 0
        var length = 0
        while name[length] != 0 {
            guard length < 8 else {
                self = Self.longNames.first { Self.equals(name, $0.name) }?.tag ?? .other
                return
            }
            key |= UInt64(name[length]) << (8 * UInt64(length))
            length += 1
        }
        self = Self.shortNames[key] ?? .other
    }

    // MARK: Kinds

    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: true
        default: false
        }
    }

    /// Elements that start a block of their own: text directly inside one of them, outside any block
    /// inside it, is a paragraph of that element.
    var isBlock: Bool {
        switch self {
        case .root, .article, .aside, .blockquote, .body, .caption, .dd, .details, .dialog, .div, .dl, .dt,
            .fieldset, .figcaption, .figure, .footer, .form, .h1, .h2, .h3, .h4, .h5, .h6, .header, .li,
            .main,
            .menu, .nav, .ol, .p, .pre, .section, .summary, .table, .td, .th, .tr, .ul, .address, .center:
            true
        default: false
        }
    }

    /// Containers whose own text counts as if it were wrapped in a paragraph inside them, as
    /// Readability wraps it.
    var isContainer: Bool {
        switch self {
        case .div, .section, .article, .main, .body, .center: true
        default: false
        }
    }

    /// Elements whose text, when long enough, is a paragraph scored into the elements around it.
    var isParagraph: Bool {
        switch self {
        case .p, .pre, .td, .blockquote, .h2, .h3, .h4, .h5, .h6, .dd: true
        default: false
        }
    }

    /// What Readability gives an element when it first becomes a candidate, before class hints.
    var baseScore: Double {
        switch self {
        case .div: 5
        case .pre, .td, .blockquote: 3
        case .article, .main: 8
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: -5
        default: 0
        }
    }

    // MARK: Names

    private static let names: [(name: String, tag: ReaderTag)] = [
        ("a", .a), ("article", .article), ("aside", .aside), ("blockquote", .blockquote), ("body", .body),
        ("br", .br), ("caption", .caption), ("dd", .dd), ("details", .details), ("dialog", .dialog),
        ("div", .div), ("dl", .dl), ("dt", .dt), ("embed", .embed), ("fieldset", .fieldset),
        ("figcaption", .figcaption), ("figure", .figure), ("footer", .footer), ("form", .form), ("h1", .h1),
        ("h2", .h2), ("h3", .h3), ("h4", .h4), ("h5", .h5), ("h6", .h6), ("header", .header), ("img", .img),
        ("input", .input), ("li", .li), ("main", .main), ("menu", .menu), ("meta", .meta), ("nav", .nav),
        ("ol", .ol), ("p", .p), ("picture", .picture), ("pre", .pre), ("section", .section),
        ("span", .span), ("summary", .summary), ("table", .table), ("td", .td), ("th", .th),
        ("time", .time), ("tr", .tr), ("ul", .ul), ("title", .title), ("script", .script), ("base", .base),
        ("address", .address), ("code", .code), ("font", .font), ("center", .center),
        ("noscript", .noscript), ("math", .math),
        // Form controls, all one kind: Readability's cleaning counts them.
        ("button", .input), ("select", .input), ("textarea", .input),
    ]

    private static let shortNames: [UInt64: ReaderTag] = {
        var table: [UInt64: ReaderTag] = [:]
        for (name, tag) in names where name.utf8.count <= 8 {
            let key = name.utf8.enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * UInt64($1.offset))
            }
            table[key] = tag
        }
        return table
    }()

    private static let longNames = names.filter { $0.name.utf8.count > 8 }

    private static func equals(_ text: UnsafePointer<UInt8>, _ name: String) -> Bool {
        var index = 0
        for byte in name.utf8 {
            guard text[index] == byte else { return false }
            index += 1
        }
        return text[index] == 0
    }
}
