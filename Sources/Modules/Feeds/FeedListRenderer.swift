import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws the subscriptions: a header with how many feeds and unread items there are, then each
/// feed numbered, in the order of the urls file, with its title, `12 unread of 40`, when it was
/// refreshed and its tags; a feed whose last refresh failed has a line with `✗` and the reason.
/// A feed with nothing unread has a muted title. With no feeds, it says how to add some.
public enum FeedListRenderer {
    public static func render(_ state: FeedListState, width: Int, context: RenderContext) -> [StyledLine] {
        var lines = header(state, width: width)
        lines.append(.blank)
        switch state.phase {
        case .idle, .loading:
            lines += Block.paragraph("Loading the feeds…", width: width, role: .muted)
        case .cancelled:
            lines += Block.paragraph("Loading the feeds was cancelled.", width: width, role: .muted)
            lines.append(Block.hints([("r", "load")], width: width))
        case .failed(let error):
            var line = StyledLine("Could not load the feeds. ", .warning)
            line.append(error.sentence, .error)
            line.append(" · ", .muted)
            line.append("r", .accent)
            line.append(" retries", .muted)
            lines += line.wrapped(toWidth: width)
        case .loaded where state.feeds.isEmpty:
            lines += Block.paragraph(
                "No feeds yet. Subscribe to one with newsapp feeds add URL, or import a list with "
                    + "newsapp feeds import FILE (an OPML file or a newsboat urls file).",
                width: width, role: .muted)
        case .loaded:
            lines += items(state.feeds, width: width, context: context)
            lines.append(.blank)
            let count = state.feeds.count
            lines.append(
                Block.hints(
                    [(count == 1 ? "1" : "1–\(count)", "open"), ("r", "refresh"), ("?", "help")], width: width
                ))
        }
        return lines
    }

    private static func header(_ state: FeedListState, width: Int) -> [StyledLine] {
        var lines = [StyledLine("Feeds", .heading)]
        if state.phase == .loaded, !state.feeds.isEmpty {
            let count = state.feeds.count
            let feeds = count == 1 ? "1 feed" : "\(count) feeds"
            lines.append(Block.meta([feeds, "\(state.unreadCount) unread"], width: width))
        }
        if let error = state.reloadError {
            lines += Block.paragraph(
                "Could not load the feeds again: \(error.sentence)", width: width, role: .warning)
        }
        return lines
    }

    private static func items(_ feeds: [FeedSummary], width: Int, context: RenderContext) -> [StyledLine] {
        let numberWidth = String(feeds.count).count
        let indent = numberWidth + 2
        var lines: [StyledLine] = []
        for (index, feed) in feeds.enumerated() {
            let number =
                String(repeating: " ", count: numberWidth - String(index + 1).count) + "\(index + 1)  "
            var title = Block.paragraph(
                feed.title, width: width, role: feed.unreadCount > 0 ? .strong : .muted, indent: indent,
                lineBreaks: .spaces)
            if !title.isEmpty {
                title[0] = StyledLine([Span(number, .accent)] + title[0].spans.dropFirst())
            }
            lines += title
            lines.append(Block.meta(meta(feed, context: context), width: width, indent: indent))
            if let failure = feed.failure {
                // `✗ The server answered 404.`, its later lines under its text.
                let reason = StyledLine(failure, .warning).wrapped(toWidth: max(1, width - indent - 2))
                let margin = String(repeating: " ", count: indent)
                lines += reason.enumerated().map { index, piece in
                    let lead = index == 0 ? [Span(margin), Span("✗ ", .error)] : [Span(margin + "  ")]
                    return StyledLine(lead + piece.spans)
                }
            }
        }
        return lines
    }

    /// `12 unread of 40 · refreshed 5 minutes ago · tech, science · synced with rss.example.org`,
    /// or for a query feed `12 unread of 40 · query: title =~ "river" · tech`.
    private static func meta(_ feed: FeedSummary, context: RenderContext) -> [String] {
        let items = feed.itemCount == 0 ? "no items" : "\(feed.unreadCount) unread of \(feed.itemCount)"
        if let query = feed.query {
            return [items, "query: " + query, feed.tags.joined(separator: ", ")]
        }
        let refreshed =
            feed.lastRefresh.map { "refreshed " + ArticleListRenderer.savedAgo($0, context: context) }
            ?? "not refreshed yet"
        let origin = feed.service.map { "synced with \($0)" } ?? ""
        return [items, refreshed, feed.tags.joined(separator: ", "), origin]
    }
}
