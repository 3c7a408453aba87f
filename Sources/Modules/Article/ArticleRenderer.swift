import Coordinators
import Foundation
import Networking
import TerminalText

/// Draws one article: title, source and author (and `Saved` when the reader kept it), relative
/// and absolute time, the picture when there is one, description, the content without NewsAPI's
/// `[+N chars]` tail, where it continues, and the image's address; last, the keys of the screen,
/// with `save` or, once saved, `unsave`. A feed's items are drawn by ``FeedArticleRenderer``.
public enum ArticleRenderer {
    /// - Parameters:
    ///   - saved: The reader saved the article.
    ///   - picture: The article's picture, if it was asked for; a picture wider than `width` is
    ///     left out.
    public static func render(
        _ article: Article,
        width: Int,
        context: RenderContext,
        saved: Bool = false,
        picture: Thumbnail? = nil
    ) -> [StyledLine] {
        var lines = header(article, width: width, context: context, saved: saved, picture: picture)
        if let summary = article.summary {
            lines.append(.blank)
            lines += Block.paragraph(summary, width: width, role: .strong)
        }
        if let content = article.content, content != article.summary {
            lines.append(.blank)
            lines += Block.paragraph(content, width: width)
        }
        lines.append(.blank)
        let verb = article.isContentTruncated ? "Continues at" : "Read at"
        lines += link(verb, article.url, width: width)
        if let image = article.imageURL {
            lines += link("Image", image, width: width)
        }
        lines.append(.blank)
        let keep = (key: saved ? "unsave" : "save", action: "")
        lines.append(Block.hints([("o", "open"), ("s", "share"), keep, ("b", "back")], width: width))
        return lines
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
