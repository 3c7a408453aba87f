import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws an item of a subscribed feed: the title, feed and author, time and picture as every
/// article has them, then its text (the content, else the summary) with its numbered link
/// references, the `Links` they refer to, the `Enclosures` (podcasts, videos…) numbered after the
/// links with their type and size, where to read the item, and the keys of the screen.
public enum FeedArticleRenderer {
    /// The most columns an enclosure's type takes; the feed states it and may state anything.
    static let maximumTypeWidth = 40

    /// - Parameters:
    ///   - saved: The reader saved the item.
    ///   - picture: The item's picture, if it was asked for.
    ///   - offersNext: The screen answers `next` (the item was opened from a feed list).
    ///   - reader: Reader mode's state: a failure to say, `full` offered. (With the whole text, the
    ///     article's content and links are the page's.)
    public static func render(
        _ article: Article,
        width: Int,
        context: RenderContext,
        saved: Bool = false,
        picture: Thumbnail? = nil,
        offersNext: Bool = false,
        reader: ArticleRenderer.ReaderState = ArticleRenderer.ReaderState()
    ) -> [StyledLine] {
        var lines = ArticleRenderer.header(
            article, width: width, context: context, saved: saved, picture: picture)
        if let text = article.content ?? article.summary {
            let body = FeedTextLayout.lines(text, width: width, references: article.links.count)
            if !body.isEmpty { lines += [.blank] + body }
        }
        lines += ArticleRenderer.failureLines(reader, width: width)
        lines += linkList(article.links, width: width)
        if !article.enclosures.isEmpty {
            lines += [.blank, StyledLine("Enclosures", .muted)]
            for (index, enclosure) in article.enclosures.enumerated() {
                let number = article.links.count + index + 1
                lines += reference(number, enclosure.url, details: details(enclosure), width: width)
            }
        }
        lines.append(.blank)
        lines += ArticleRenderer.link("Read at", article.url, width: width)
        if let image = article.imageURL {
            lines += ArticleRenderer.link("Image", image, width: width)
        }
        lines.append(.blank)
        lines.append(
            Block.hints(
                hints(article, saved: saved, offersNext: offersNext, offersFull: reader.offersFull),
                width: width))
        return lines
    }

    /// `Links`, then each link numbered as the text refers to it; nothing without links.
    static func linkList(_ links: [URL], width: Int) -> [StyledLine] {
        guard !links.isEmpty else { return [] }
        var lines: [StyledLine] = [.blank, StyledLine("Links", .muted)]
        for (index, url) in links.enumerated() {
            lines += reference(index + 1, url, details: [], width: width)
        }
        return lines
    }

    /// `[3] audio/mpeg · 11.8 MB · https://…`: the number in the accent role. An address that does
    /// not fit beside them starts a line of its own, and is wrapped but never cut (it must stay
    /// copyable).
    private static func reference(_ number: Int, _ url: URL, details: [String], width: Int) -> [StyledLine] {
        let address = TextSanitizer.clean(url.absoluteString)
        var head = StyledLine("[\(number)]", .accent)
        if !details.isEmpty { head.append(" " + details.joined(separator: " · "), .muted) }
        let separator = details.isEmpty ? " " : " · "
        if head.displayWidth + DisplayWidth.of(separator + address) <= width {
            head.append(separator, .muted)
            head.append(address, .link, link: url)
            return [head]
        }
        return head.wrapped(toWidth: width)
            + TextWrapper.wrap(address, width: width).map { StyledLine($0, .link, link: url) }
    }

    /// An enclosure's type and size, as far as the feed states them.
    private static func details(_ enclosure: Enclosure) -> [String] {
        var details: [String] = []
        if let type = enclosure.type.map({ TextSanitizer.clean($0) }), !type.isEmpty {
            details.append(TextWrapper.truncate(type, toWidth: maximumTypeWidth))
        }
        if let length = enclosure.length, length > 0 {
            details.append(size(length))
        }
        return details
    }

    /// See ``ByteSize``.
    static func size(_ bytes: Int64) -> String {
        ByteSize.text(bytes)
    }

    private static func hints(_ article: Article, saved: Bool, offersNext: Bool, offersFull: Bool) -> [(
        key: String, action: String
    )] {
        var hints: [(key: String, action: String)] = [("o", "open")]
        hints += ArticleRenderer.linkHint(article.links.count + article.enclosures.count)
        if offersNext { hints.append(("next", "unread")) }
        if offersFull { hints.append(("full", "")) }
        hints += [("s", "share"), (saved ? "unsave" : "save", ""), ("b", "back")]
        return hints
    }
}
