import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws one article: title, source and author (and `Saved` when the reader kept it), relative
/// and absolute time, the picture when there is one, description, the content without NewsAPI's
/// `[+N chars]` tail, where it continues, and the image's address; last, the keys of the screen,
/// with `save` or, once saved, `unsave`. With reader mode's whole text, the content is that text
/// laid out as a feed item's, with its numbered links listed under it. A feed's items are drawn by
/// ``FeedArticleRenderer``.
public enum ArticleRenderer {
    /// Where reader mode stands for the article drawn.
    public struct ReaderState: Sendable, Equatable {
        /// The article's content is the whole text of its page, links numbered.
        public var wholeText: Bool
        /// Why the page is not shown, in a line under the text; nil for none.
        public var failure: String?
        /// The keys offer `full`.
        public var offersFull: Bool

        public init(wholeText: Bool = false, failure: String? = nil, offersFull: Bool = false) {
            self.wholeText = wholeText
            self.failure = failure
            self.offersFull = offersFull
        }
    }

    /// - Parameters:
    ///   - saved: The reader saved the article.
    ///   - picture: The article's picture, if it was asked for; a picture wider than `width` is
    ///     left out.
    ///   - reader: Reader mode's state: the whole text shown, a failure, `full` offered.
    public static func render(
        _ article: Article,
        width: Int,
        context: RenderContext,
        saved: Bool = false,
        picture: Thumbnail? = nil,
        reader: ReaderState = ReaderState()
    ) -> [StyledLine] {
        var lines = header(article, width: width, context: context, saved: saved, picture: picture)
        let content = article.content
        if let summary = article.summary, !(reader.wholeText && contains(content, summary)) {
            lines.append(.blank)
            lines += Block.paragraph(summary, width: width, role: .strong)
        }
        if let content, reader.wholeText {
            lines += [.blank] + FeedTextLayout.lines(content, width: width, references: article.links.count)
            lines += FeedArticleRenderer.linkList(article.links, width: width)
        } else if let content, content != article.summary {
            lines.append(.blank)
            lines += Block.paragraph(content, width: width)
        }
        lines += failureLines(reader, width: width)
        lines.append(.blank)
        let verb = article.isContentTruncated ? "Continues at" : "Read at"
        lines += link(verb, article.url, width: width)
        if let image = article.imageURL {
            lines += link("Image", image, width: width)
        }
        lines.append(.blank)
        var hints: [(key: String, action: String)] = [("o", "open")]
        hints += linkHint(article.links.count)
        if reader.offersFull { hints.append(("full", "")) }
        hints += [("s", "share"), (saved ? "unsave" : "save", ""), ("b", "back")]
        lines.append(Block.hints(hints, width: width))
        return lines
    }

    /// `o 1–N link`, when the text numbers links.
    static func linkHint(_ count: Int) -> [(key: String, action: String)] {
        count > 0 ? [(count == 1 ? "o 1" : "o 1–\(count)", "link")] : []
    }

    /// Why reader mode shows no whole text, set off by a blank line; nothing when there is no such
    /// reason.
    static func failureLines(_ reader: ReaderState, width: Int) -> [StyledLine] {
        guard let failure = reader.failure else { return [] }
        return [.blank] + Block.paragraph(failure, width: width, role: .muted)
    }

    /// Whether `text` holds `part`, white space aside: the page's text often starts with the
    /// article's description, which is then not shown twice.
    private static func contains(_ text: String?, _ part: String) -> Bool {
        guard let text else { return false }
        let words = { (string: String) in string.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return words(text).contains(words(part))
    }

    /// The title, the source and author (and `Saved`), the time and the picture: what every article
    /// starts with.
    static func header(
        _ article: Article,
        width: Int,
        context: RenderContext,
        saved: Bool,
        picture: Thumbnail?
    ) -> [StyledLine] {
        var lines = Block.paragraph(article.title, width: width, role: .heading, lineBreaks: .spaces)
        let byline = article.author.map { "by \($0)" } ?? ""
        let pieces = [article.source.name, byline].filter { !$0.isEmpty }
        if !pieces.isEmpty || saved {
            // `Saved` keeps its place at the end; the source and author are cut first.
            let separator = pieces.isEmpty ? "" : " · "
            let room = width - (saved ? DisplayWidth.of(separator + "Saved") : 0)
            var meta = Block.meta(pieces, width: max(1, room))
            if saved {
                meta.append(separator, .muted)
                meta.append("Saved", .accent)
            }
            lines.append(meta.truncated(toWidth: width))
        }
        if let date = article.publishedAt {
            lines.append(
                Block.meta([context.time.relative(date), context.time.absolute(date)], width: width))
        }
        lines += pictureLines(picture, width: width)
        return lines
    }

    /// The picture under the meta lines, set off by a blank line; one muted line when it was
    /// skipped; nothing when pictures are off.
    private static func pictureLines(_ picture: Thumbnail?, width: Int) -> [StyledLine] {
        switch picture {
        case .picture(let rows)?:
            guard !rows.isEmpty, rows.allSatisfy({ $0.displayWidth <= width }) else { return [] }
            return [.blank] + rows
        case .skipped(let reason)?:
            return Block.paragraph("Image skipped: \(reason)", width: width, role: .muted)
        case .disabled?, nil:
            return []
        }
    }

    /// `Continues at https://…`, the address wrapped (never cut: it must stay copyable).
    static func link(_ label: String, _ url: URL, width: Int) -> [StyledLine] {
        let address = TextSanitizer.clean(url.absoluteString)
        let labelText = label + " "
        let pieces = TextWrapper.wrap(labelText + address, width: width)
        var lines: [StyledLine] = []
        for (index, piece) in pieces.enumerated() {
            if index == 0, piece == label {
                lines.append(StyledLine(label, .muted))
            } else if index == 0, piece.hasPrefix(labelText) {
                lines.append(
                    StyledLine([
                        Span(labelText, .muted),
                        Span(String(piece.dropFirst(labelText.count)), .link, link: url),
                    ]))
            } else {
                lines.append(StyledLine(piece, .link, link: url))
            }
        }
        return lines
    }
}
