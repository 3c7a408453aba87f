#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reader mode: the main text of a web page, without its navigation, ads, share bars, comments and
/// cookie banners, as Firefox's Reader View (Readability.js) finds it.
///
/// The page is decoded (its byte order mark, else the `charset` of `contentType`, else its
/// `<meta charset>`, else UTF-8 or windows-1252 as its bytes say; invalid bytes become U+FFFD) and
/// its terminal escape sequences removed (``DocumentDecoder``), its scripts and style sheets are
/// emptied (but JSON-LD), libxml2's HTML parser reads it into a ``ReaderDocument`` (recovering
/// from broken markup, never fetching anything), and a ``ContentSelector`` picks the article (again
/// with fewer rules when what it picks is under 500 characters, as Readability does).
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
    /// `contentType`; with `numberingLinks` false, links are plain text and ``ExtractedArticle/links``
    /// is empty.
    ///
    /// - Throws: ``ArticleExtractionError/tooLarge(bytes:)`` above ``maximumBytes``, and
    ///   ``ArticleExtractionError/noText`` when nothing on the page reads as an article.
    ///
    /// Stops with ``ArticleExtractionError/interrupted`` once `deadline` has passed or the task is
    /// cancelled: looked at between each 256 KiB that libxml2 reads and between the passes over
    /// the page.
    public static func extract(
        html: Data, url: URL?, contentType: String?, numberingLinks: Bool = true,
        until deadline: ContinuousClock.Instant? = nil
    ) throws(ArticleExtractionError) -> ExtractedArticle {
        let isOver: @Sendable () -> Bool = {
            Task.isCancelled || deadline.map { ContinuousClock.now >= $0 } == true
        }
        guard html.count <= maximumBytes else { throw .tooLarge(bytes: html.count) }
        let charset = contentType.flatMap(EncodingSniffer.charset(inContentType:))
        var decoded = DocumentDecoder.decode(html, charset: charset, markup: .html)
        let document = decoded.withUTF8 { bytes in
            var document = parse(bytes, stoppingWhen: isOver)
            document.language = htmlLanguage(bytes)
            return document
        }
        decoded = ""
        if isOver() { throw .interrupted }
        let metadata = ArticleMetadata(document: document)
        var links = LinkReferences(baseURL: url)
        if let href = document.baseHref { links.setBase(href: href) }
        let siteHost = url?.host ?? metadata.ownHost
        let votes = StructuredDataVotes(articleBody: metadata.articleBody, description: metadata.description)
        // As Readability: an article too short to be one is looked for again with fewer rules.
        var best: Attempt?
        for rules in ContentSelector.Rules.attempts {
            if isOver() { throw .interrupted }
            var selector = ContentSelector(document: document, rules: rules, siteHost: siteHost, votes: votes)
            let selection = selector.select(title: metadata.title ?? "")
            var rendering = ArticleRendering(
                document: document, selection: selection, links: numberingLinks ? links : nil)
            let text = rendering.render()
            let attempt = Attempt(
                selection: selection, rendering: rendering, text: text, length: scalarCount(text.text),
                prose: selector.proseLength(of: selection), document: document)
            if best.map(attempt.isBetter(than:)) ?? true { best = attempt }
            if attempt.length >= minimumCharacters { break }
        }
        // Last, as a person reading the page would: its text without the navigation, header and
        // footer, when no block of it reads as the article; and with them, when they hold all of
        // its text.
        for rules in [ContentSelector.Rules.attempts[3], .everything] where best?.text.text.isEmpty ?? true {
            if isOver() { throw .interrupted }
            let selector = ContentSelector(document: document, rules: rules)
            let selection = selector.wholePage()
            // Furniture that is only links (a menu) is no article.
            if rules == .everything && selector.proseLength(of: selection) < 25 { break }
            var rendering = ArticleRendering(
                document: document, selection: selection, links: numberingLinks ? links : nil)
            let text = rendering.render()
            best = Attempt(
                selection: selection, rendering: rendering, text: text, length: scalarCount(text.text),
                prose: 0,
                document: document)
        }
        guard let best, !best.text.text.isEmpty else { throw .noText }
        let (selection, rendering, text) = (best.selection, best.rendering, best.text)
        let base = links.baseURL
        let lead = (metadata.image ?? rendering.firstImage()).flatMap { WebURL.resolve($0, against: base) }
        return ExtractedArticle(
            title: metadata.title ?? rendering.firstHeading() ?? "",
            byline: metadata.byline
                ?? selection.bylineNode.map { ArticleMetadata.withoutBy(rendering.line(of: $0)) },
            published: metadata.published ?? rendering.firstTime().flatMap { FeedDate.parse($0) },
            leadImage: lead,
            text: text.text, links: text.links, siteName: metadata.siteName, language: metadata.language,
            pictures: Self.unique(
                [lead].compactMap { $0 }
                    + rendering.images().compactMap {
                        WebURL.resolve($0, against: base)
                    }))
    }

    /// `urls` without repeats, in order, at most 100.
    private static func unique(_ urls: [URL]) -> [URL] {
        var seen: Set<URL> = []
        return Array(urls.filter { seen.insert($0).inserted }.prefix(100))
    }

    /// The `lang` attribute of the page's `<html>` start tag, looked for in its first 64 KiB.
    static func htmlLanguage(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = bytes.prefix(64 << 10).map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        var start = head.startIndex
        while let open = head[start...].firstRange(of: Array("<html".utf8)) {
            start = open.upperBound
            guard let next = head[open.upperBound...].first, next <= 0x20 || next == UInt8(ascii: ">") else {
                continue
            }
            let end = head[open.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? head.endIndex
            let tag = head[open.upperBound..<end]
            guard
                let name = tag.firstRange(of: Array(" lang".utf8)) ?? tag.firstRange(of: Array("\nlang".utf8))
            else { return nil }
            var rest = tag[name.upperBound...].drop { $0 <= 0x20 }
            guard rest.first == UInt8(ascii: "=") else { return nil }
            rest = rest.dropFirst().drop { $0 <= 0x20 }
            let quote = rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "'") ? rest.first : nil
            if quote != nil { rest = rest.dropFirst() }
            let value = rest.prefix { byte in
                quote.map { byte != $0 } ?? (byte > 0x20) && byte != UInt8(ascii: ">")
            }.prefix(35)
            let language = String(decoding: bytes[value.startIndex..<value.endIndex], as: UTF8.self)
            let valid = language.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic && $0.isASCII || $0 == "-" || $0 == "_" || ("0"..."9").contains($0)
            }
            return valid && !language.isEmpty ? language : nil
        }
        return nil
    }

    /// The Unicode scalars of `text`, counted from its UTF-8 bytes (the first byte of each).
    private static func scalarCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// The page's decoded bytes (``DocumentDecoder`` removed their escape sequences) without the
    /// text of its scripts and style sheets (``RawTextElements``, cut at its limits) and with its
    /// named entities decoded, parsed until `isOver`.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, stoppingWhen isOver: () -> Bool)
        -> ReaderDocument
    {
        guard let emptied = RawTextElements.emptied(bytes) else { return parseWithoutRawText(bytes, isOver) }
        return emptied.withUnsafeBufferPointer { parseWithoutRawText($0, isOver) }
    }

    private static func parseWithoutRawText(_ bytes: UnsafeBufferPointer<UInt8>, _ isOver: () -> Bool)
        -> ReaderDocument
    {
        if let decoded = NamedEntities.decoded(bytes) {
            return decoded.withUnsafeBufferPointer { ReaderDocument.parse($0, stoppingWhen: isOver) }
        }
        return ReaderDocument.parse(bytes, stoppingWhen: isOver)
    }
}

/// One pass of reader mode over a page: what it chose, its text, and how much of it is prose.
private struct Attempt {
    var selection: ContentSelector.Selection
    var rendering: ArticleRendering
    var text: HTMLText
    /// Characters of the text.
    var length: Int
    /// Characters of prose: outside links and cards (``ContentSelector/proseLength(of:)``).
    var prose: Int
    let document: ReaderDocument

    /// Whether a later pass, made with fewer rules, is the better article. Readability takes the
    /// longest pass; a later pass is longer by what the rules left out, which is furniture as
    /// often as it is prose. So a later pass wins when it holds a fifth more prose (and 30
    /// characters) and still holds what this one chose, or twice its prose; when this one
    /// holds nearly no prose (a page of lists or short lines), when it is twice as long.
    func isBetter(than earlier: Attempt) -> Bool {
        if earlier.length == 0 { return length > 0 }
        if earlier.prose < 40 { return length >= 2 * earlier.length || prose >= 2 * max(earlier.prose, 20) }
        guard 5 * prose >= 6 * earlier.prose + 150 else { return false }
        return prose >= 2 * earlier.prose || holds(earlier.selection.top)
    }

    /// Whether `node` is among what this pass shows: inside one of its blocks, and not cleaned away.
    private func holds(_ node: Int) -> Bool {
        selection.shown[node]
            && selection.roots.contains { $0 <= node && node < Int(document.ends[$0]) }
    }
}
