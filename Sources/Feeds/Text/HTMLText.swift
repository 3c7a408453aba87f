import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain text made from HTML, with its links as numbered references.
///
/// The text is laid out for a terminal that wraps lines itself:
/// - Paragraphs (`p`, `div`, headings, `section`, `figure`, `dl`/`dt`/`dd`, …) are separated by one
///   blank line, never more; `<br>` ends a line, and two in a row leave a blank line.
/// - Whitespace collapses to single spaces; `<pre>` keeps its lines and spaces (tabs too), without
///   blank lines at its start or end and without spaces at line ends.
/// - `ul` items start with `• `, `ol` items with `1. ` (from `start`), on consecutive lines; nested
///   lists are indented two spaces a level, and an item's later lines sit under its text.
/// - Every line of a `blockquote` starts with `> ` (`> > ` when nested); a blank line inside a
///   quote is `>`, so the quote stays one block.
/// - A table row is one line, its cells separated by ` | `; whatever is in a cell stays on its line.
/// - An image is `[image: alt]` when its alt text is not empty, else nothing. `<hr>` is a paragraph
///   of three em dashes (`———`).
/// - A link's text is followed by ` [n]`; see ``init(html:baseURL:numberingLinks:)``.
/// - Dropped with their content: `script`, `style`, `template`, `iframe`, `object`, `svg`,
///   `head`, `title`, `audio`, `video` and `canvas` (their fallback text), form controls
///   (`button`, `select`, `input`, `textarea`, `datalist`), MathML's annotations (a formula's
///   TeX) and elements with the `hidden` attribute. `noscript` is kept (no script runs here, so
///   its text is what the page shows), and a MathML formula is its text.
/// - Entities are decoded: numeric ones, and HTML 4's named set (with `&apos;`) as libxml2 knows
///   it; names only HTML5 has (`&lbrace;`) stay as written. A no-break space stays U+00A0 but is
///   trimmed like a space at the start and end of a line. Control characters (C0 but line breaks
///   and tabs, DEL, C1), bidi embeddings, overrides and isolates, U+FEFF and terminal escape
///   sequences with their payloads are removed.
/// - At most 1 MiB of UTF-8: longer text is cut at a character boundary and ends with "…"; so is a
///   document nested deeper than 256 elements, where it gets too deep.
public struct HTMLText: Sendable, Hashable {
    /// Paragraphs separated by one blank line; no trailing newline.
    public var text: String
    /// The links numbered in ``text``: `links[0]` is `[1]`.
    public var links: [URL]

    public init(text: String, links: [URL] = []) {
        self.text = text
        self.links = links
    }

    /// Converts an HTML fragment or document.
    ///
    /// Input without `<` and `&` is plain text and skips the parser: it is trimmed, and its lines
    /// are kept without spaces at their ends and with one blank line at most between them.
    ///
    /// - Parameters:
    ///   - html: the markup, already decoded to a string.
    ///   - baseURL: relative links and `<base href>` resolve against it.
    ///   - numberingLinks: when true, each link gets `[n]` after its text and is listed in
    ///     ``links``: only http, https and mailto links (at most 1,000 different URLs), a URL
    ///     linked again keeps its first number, and a link holding only an image without alt text
    ///     is `[n]` alone. Fragment-only (`#top`), `javascript:` and unresolvable links are plain
    ///     text. When false, links are plain text and ``links`` is empty.
    public init(html: String, baseURL: URL?, numberingLinks: Bool = true) {
        var html = html
        self = html.withUTF8 { Self.convert($0, baseURL: baseURL, numberingLinks: numberingLinks) }
    }

    /// Converts a whole page as it came from the network, decoding it first: by its byte order
    /// mark, else `charset` (from the `Content-Type` header), else its `<meta charset>`, else as
    /// UTF-8. Bytes that are not valid in the encoding become U+FFFD.
    public init(data: Data, charset: String?, baseURL: URL?, numberingLinks: Bool = true) {
        self.init(
            html: DocumentDecoder.decode(data, charset: charset, markup: .html), baseURL: baseURL,
            numberingLinks: numberingLinks)
    }

    // MARK: Conversion

    private static func convert(_ html: UnsafeBufferPointer<UInt8>, baseURL: URL?, numberingLinks: Bool)
        -> HTMLText
    {
        guard !EscapeSequenceFilter.mayHoldSequences(html) else {
            return TextSanitizer.removingEscapeSequences(utf8: html).withUnsafeBufferPointer {
                convertWithoutEscapes($0, baseURL: baseURL, numberingLinks: numberingLinks)
            }
        }
        return convertWithoutEscapes(html, baseURL: baseURL, numberingLinks: numberingLinks)
    }

    private static func convertWithoutEscapes(
        _ html: UnsafeBufferPointer<UInt8>, baseURL: URL?, numberingLinks: Bool
    ) -> HTMLText {
        guard isMarkup(html) else {
            var layout = PlainTextLayout(limit: HTMLTextConverter.outputLimit, expectedSize: html.count)
            layout.appendPlainText(html)
            return HTMLText(text: layout.finish())
        }
        let links = numberingLinks ? LinkReferences(baseURL: baseURL) : nil
        // What libxml2 is given is bounded as reader mode's pages are (``RawTextElements``): a
        // feed's item can hold a tag of a million attributes or end tags by the million too.
        if let prepared = RawTextElements.emptied(html) {
            return prepared.withUnsafeBufferPointer { convertBounded($0, links: links) }
        }
        return convertBounded(html, links: links)
    }

    private static func convertBounded(_ html: UnsafeBufferPointer<UInt8>, links: LinkReferences?) -> HTMLText
    {
        if let decoded = NamedEntities.decoded(html) {
            return decoded.withUnsafeBufferPointer { HTMLTextConverter.convert($0, links: links) }
        }
        return HTMLTextConverter.convert(html, links: links)
    }

    /// Whether `bytes` hold a `<` or an `&`.
    private static func isMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "<")), bytes.count) != nil
            || memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil
    }
}
