import Foundation
import TerminalText

/// Reader mode: the main text of a web page, without its navigation, ads, share bars, comments and
/// cookie banners, as Firefox's Reader View (Readability.js) finds it.
///
/// The page is decoded (its byte order mark, else the `charset` of `contentType`, else its
/// `<meta charset>`, else UTF-8; invalid bytes become U+FFFD), its scripts and style sheets are
/// emptied (but JSON-LD), its terminal escape sequences are removed, libxml2's HTML parser reads it into a ``ReaderDocument`` (recovering from broken
/// markup, never fetching anything), and a ``ContentSelector`` picks the article (again with fewer
/// rules when what it picks is under 500 characters, as Readability does).
/// Its text is laid out by the same rules as ``HTMLText``: headings and paragraphs, lists, quotes,
/// preformatted text, tables one row a line, figure captions, `[image: alt]`, and links numbered
/// `[n]` (resolved against `url` and the page's `<base href>`). Nothing recurses on the page's
/// nesting.
public enum ArticleExtractor {
    /// Pages larger than 8 MiB are refused.
    public static let maximumBytes = 8 << 20
    /// An article shorter than this many characters is looked for again with fewer rules
    /// (Readability's `charThreshold`).
    static let minimumCharacters = 500

    /// The article in `html`, a whole page as it came from `url` with the `Content-Type` header
    /// `contentType`.
    ///
    /// - Throws: ``ArticleExtractionError/tooLarge(bytes:)`` above ``maximumBytes``, and
    ///   ``ArticleExtractionError/noText`` when nothing on the page reads as an article.
    public static func extract(html: Data, url: URL?, contentType: String?) throws(ArticleExtractionError)
        -> ExtractedArticle
    {
        guard html.count <= maximumBytes else { throw .tooLarge(bytes: html.count) }
        let charset = contentType.flatMap(EncodingSniffer.charset(inContentType:))
        var decoded = CharsetDecoder.decode(html, declaredCharset: charset)
        let document = decoded.withUTF8(parse)
        decoded = ""
        let metadata = ArticleMetadata(document: document)
        var links = LinkReferences(baseURL: url)
        if let href = document.baseHref { links.setBase(href: href) }
        // As Readability: an article too short to be one is looked for again with fewer rules. A
        // later pass is kept only when it finds at least twice as much, so that a short article is
        // not traded for the same one with the furniture that the first pass left out.
        var best: (selection: ContentSelector.Selection, rendering: ArticleRendering, text: HTMLText)?
        for rules in ContentSelector.Rules.attempts {
            var selector = ContentSelector(document: document, rules: rules)
            let selection = selector.select(title: metadata.title ?? "")
            var rendering = ArticleRendering(document: document, selection: selection, links: links)
            let text = rendering.render()
            let length = scalarCount(text.text)
            if best == nil || length >= 2 * scalarCount(best?.text.text ?? "") {
                best = (selection, rendering, text)
            }
            if length >= minimumCharacters { break }
        }
        guard let best, !best.text.text.isEmpty else { throw .noText }
        let (selection, rendering, text) = best
        let base = links.baseURL
        return ExtractedArticle(
            title: metadata.title ?? rendering.firstHeading() ?? "",
            byline: metadata.byline
                ?? selection.bylineNode.map { ArticleMetadata.withoutBy(rendering.line(of: $0)) },
            published: metadata.published ?? rendering.firstTime().flatMap { FeedDate.parse($0) },
            leadImage: (metadata.image ?? rendering.firstImage()).flatMap {
                WebURL.resolve($0, against: base)
            },
            text: text.text, links: text.links)
    }

    /// The Unicode scalars of `text`, counted from its UTF-8 bytes (the first byte of each).
    private static func scalarCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// The page's bytes without the text of its scripts and style sheets (``RawTextElements``),
    /// without escape sequences and with its named entities decoded, parsed.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ReaderDocument {
        guard let emptied = RawTextElements.emptied(bytes) else { return parseWithoutRawText(bytes) }
        return emptied.withUnsafeBufferPointer(parseWithoutRawText)
    }

    private static func parseWithoutRawText(_ bytes: UnsafeBufferPointer<UInt8>) -> ReaderDocument {
        guard !EscapeSequenceFilter.mayHoldSequences(bytes) else {
            return TextSanitizer.removingEscapeSequences(utf8: bytes).withUnsafeBufferPointer(
                parseWithoutEscapes)
        }
        return parseWithoutEscapes(bytes)
    }

    private static func parseWithoutEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> ReaderDocument {
        if let decoded = NamedEntities.decoded(bytes) {
            return decoded.withUnsafeBufferPointer(ReaderDocument.parse)
        }
        return ReaderDocument.parse(bytes)
    }
}
