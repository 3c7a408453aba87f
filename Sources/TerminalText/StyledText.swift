#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a piece of text means on screen. A terminal adapter maps roles to colours for its theme;
/// renderers never choose colours or write escape sequences themselves.
public enum TextRole: Sendable, Hashable, CaseIterable {
    case plain
    /// Titles of stories and screens.
    case heading
    /// Strong emphasis within body text.
    case strong
    /// Secondary information: sources, times, hints.
    case muted
    /// Numbers and keys the user can type.
    case accent
    /// A URL; see ``Span/link``.
    case link
    /// Banners and notices (sample edition, offline).
    case notice
    case warning
    case error
    /// The divider between panes.
    case divider
}

/// A run of text with one role. The text is sanitised when the span is made: control characters,
/// escape sequences and bidi overrides are removed and line breaks become spaces, so no span can
/// carry bytes that drive the terminal. Only the terminal adapter writes escape sequences.
public struct Span: Sendable, Hashable {
    public let text: String
    public let role: TextRole
    /// Where the span links to (drawn as an OSC 8 hyperlink where supported); only http and https.
    public let link: URL?
    /// Exact 24-bit colours, for pictures drawn with text; terminals without true colour draw the
    /// span in its role instead.
    public let colors: CellColors?

    public init(_ text: String, _ role: TextRole = .plain, link: URL? = nil) {
        self.init(text: TextSanitizer.clean(text), role: role, link: Self.webLink(link), colors: nil)
    }

    /// A span in exact colours, e.g. one cell of a half-block picture.
    public init(_ text: String, colors: CellColors) {
        self.init(text: TextSanitizer.clean(text), role: .plain, link: nil, colors: colors)
    }

    private init(text: String, role: TextRole, link: URL?, colors: CellColors?) {
        self.text = text
        self.role = role
        self.link = link
        self.colors = colors
    }

    /// The same span with other text (sanitised), keeping role, link and colours.
    public func replacingText(_ text: String) -> Span {
        Span(text: TextSanitizer.clean(text), role: role, link: link, colors: colors)
    }

    private static func webLink(_ link: URL?) -> URL? {
        guard let link, let scheme = link.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        return link
    }

    /// Columns the span occupies.
    public var displayWidth: Int { DisplayWidth.of(text) }
}

/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// The colours of a character cell: the glyph's and the cell's background.
public struct CellColors: Sendable, Hashable {
    public var foreground: RGB
    public var background: RGB

    public init(foreground: RGB, background: RGB) {
        self.foreground = foreground
        self.background = background
    }
}

/// One line of styled output: a row of spans that never contains a line break.
public struct StyledLine: Sendable, Hashable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span] = []) {
        self.spans = spans.filter { !$0.text.isEmpty }
    }

    public init(_ text: String, _ role: TextRole = .plain, link: URL? = nil) {
        self.init([Span(text, role, link: link)])
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// An empty line.
    public static let blank = StyledLine()

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// Columns the line occupies.
    public var displayWidth: Int { spans.reduce(0) { $0 + $1.displayWidth } }

    public var isEmpty: Bool { spans.isEmpty }

    /// This line followed by `other`.
    public static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
        StyledLine(lhs.spans + rhs.spans)
    }

    /// Appends a span.
    public mutating func append(_ text: String, _ role: TextRole = .plain, link: URL? = nil) {
        let span = Span(text, role, link: link)
        if !span.text.isEmpty { spans.append(span) }
    }
}
