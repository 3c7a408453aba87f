import Coordinators
import Foundation
import Networking

/// Draws one article: title, source and author, relative and absolute time, description, the
/// content without NewsAPI's `[+N chars]` tail, where it continues, and the image's address.
public enum ArticleRenderer {
    public static func render(_ article: Article, width: Int, context: RenderContext) -> [StyledLine] {
        var lines = Block.paragraph(article.title, width: width, role: .heading, lineBreaks: .spaces)
        let byline = article.author.map { "by \($0)" } ?? ""
        if !article.source.name.isEmpty || !byline.isEmpty {
            lines.append(Block.meta([article.source.name, byline], width: width))
        }
        if let date = article.publishedAt {
            lines.append(
                Block.meta([context.time.relative(date), context.time.absolute(date)], width: width))
        }
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
        lines.append(Block.hints([("o", "open"), ("s", "share"), ("b", "back")], width: width))
        return lines
    }

    /// `Continues at https://…`, the address wrapped (never cut: it must stay copyable).
    private static func link(_ label: String, _ url: URL, width: Int) -> [StyledLine] {
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
