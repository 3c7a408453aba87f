import Foundation

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

    public init(_ text: String, _ role: TextRole = .plain, link: URL? = nil) {
        self.text = TextSanitizer.clean(text)
        self.role = role
        if let link, let scheme = link.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            self.link = link
        } else {
            self.link = nil
        }
    }

    /// Columns the span occupies.
    public var displayWidth: Int { DisplayWidth.of(text) }
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
