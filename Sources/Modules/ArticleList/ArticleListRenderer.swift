import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws an article list: the header, the top story as a featured block (headlines only), then
/// numbered articles with source and time, and a footer saying how to go on. A feed's list counts
/// items, says when it shows only the unread ones, and offers the feed commands in its footer.
///
/// Under the header, one line says where the articles came from when it was not the network
/// ("Saved 2 hours ago · refreshing…", "Fetched 12 minutes ago · r refreshes", "Offline — showing
/// articles saved 2 hours ago · r retries", "Key refused — showing articles saved 2 hours ago ·
/// r retries", "90 of 100 NewsAPI requests used today: showing articles saved 2 hours ago · r
/// asks"), and what the last refresh changed. Articles already read have muted titles and
/// say `read` (`✓` in the compact form), so the difference survives plain text.
///
/// Given a `height` (the list shares the terminal with a detail pane) and too many lines for
/// it, the list is drawn compactly instead: one line per article, title and age.
public enum ArticleListRenderer {
    public static func render(
        _ state: ArticleListState,
        width: Int,
        height: Int? = nil,
        context: RenderContext
    ) -> [StyledLine] {
        // Every article takes at least a line, below at least a header line and a blank one: when
        // that alone is too tall, the full form need not be drawn to know it does not fit.
        if let height, state.phase == .loaded, state.list.count + 2 > height {
            return render(state, width: width, compact: true, context: context)
        }
        let full = render(state, width: width, compact: false, context: context)
        guard let height, full.count > height else { return full }
        return render(state, width: width, compact: true, context: context)
    }

    /// What the list added from article `start` (0-based) on, with the footer: printed below the
    /// list already on screen, it continues the numbering as the terminal's infinite scroll.
    public static func appendix(
        _ state: ArticleListState,
        from start: Int,
        width: Int,
        context: RenderContext
    ) -> [StyledLine] {
        items(state, from: start, width: width, context: context) + [.blank] + footer(state, width: width)
    }

    private static func render(
        _ state: ArticleListState,
        width: Int,
        compact: Bool,
        context: RenderContext
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        lines += header(state, width: width, context: context)
        lines.append(.blank)
        switch state.phase {
        case .idle, .loading:
            lines += StyledLine("Loading \(subject(state.query))…", .muted).wrapped(toWidth: width)
        case .cancelled:
            lines += StyledLine("Loading \(subject(state.query)) was cancelled.", .muted).wrapped(
                toWidth: width)
            lines.append(Block.hints([("r", "load")], width: width))
        case .failed(let error):
            // One line, wrapped: what failed, why and what to do.
            var line = StyledLine("Could not load \(subject(state.query)). ", .warning)
            line.append(error.sentence, .error)
            if error.retryHelps {
                line.append(" · ", .muted)
                line.append("r", .accent)
                line.append(" retries", .muted)
            }
            lines += line.wrapped(toWidth: width)
        case .loaded where state.list.isEmpty:
            lines += emptyLines(state, width: width)
        case .loaded:
            lines +=
                compact
                ? compactItems(state, width: width, context: context)
                : items(state, width: width, context: context)
            lines.append(.blank)
            lines += footer(state, width: width)
        }
        return lines
    }

    /// `top headlines`, `science headlines`, `results for “mars”`, `the items of Hacker News`. It
    /// labels the load beside the prompt too, so a feed's title (from the network) is cleaned.
    static func subject(_ query: ArticleQuery) -> String {
        switch query {
        case .headlines(nil): "top headlines"
        case .headlines(let category?): "\(category.rawValue) headlines"
        case .search(let words, _): "results for “\(quoted(words, width: 60))”"
        case .saved: "saved articles"
        case .feed(_, let title, let unreadOnly):
            "\(unreadOnly ? "the unread" : "the") items of \(TextSanitizer.clean(title))"
        }
    }

    /// A search's words as quoted in a sentence or a header: cleaned, and cut to `width` columns
    /// with an ellipsis, so a long query (NewsAPI takes 500 characters) stays a line or two.
    public static func quoted(_ words: String, width: Int) -> String {
        TextWrapper.truncate(TextSanitizer.clean(words), toWidth: width)
    }

    /// The screen's title for breadcrumbs.
    public static func title(_ query: ArticleQuery) -> String {
        switch query {
        case .headlines(nil): "Top stories"
        case .headlines(let category?): category.displayName
        case .search(let words, _):
            "Search “\(quoted(words, width: 20))”"
        case .saved: "Saved"
        case .feed(_, let title, _): TextSanitizer.clean(title)
        }
    }

    private static func header(_ state: ArticleListState, width: Int, context: RenderContext) -> [StyledLine]
    {
        var line = StyledLine()
        switch state.query {
        case .headlines(let category):
            line.append("Top stories", .heading)
            line.append(" · " + (category?.displayName ?? "All categories"), .muted)
        case .search(let words, let sort):
            line.append("Search ", .heading)
            line.append("“\(quoted(words, width: 120))”", .strong)
            line.append(" · sorted by \(sort.keyword)", .muted)
        case .saved:
            line.append("Saved articles", .heading)
        case .feed(_, let title, let unreadOnly):
            line.append(title, .heading)
            if unreadOnly { line.append(" · unread items", .muted) }
        }
        if let filter = state.filterText {
            line.append(" · filter ", .muted)
            line.append(quoted(filter, width: 120), .strong)
            if state.query.feedScope == nil { line.append(" (over the pages loaded)", .muted) }
        }
        var result = line.wrapped(toWidth: width)
        if state.phase == .loaded, !state.list.isEmpty {
            let total = max(state.list.totalResults, state.list.count)
            let things: String
            switch state.query {
            case .feed(_, _, true): things = "unread items"
            case .feed: things = "items"
            case .headlines, .search, .saved: things = "articles"
            }
            // `1 of 1 article`, not `1 of 1 articles`.
            let counted = total == 1 ? String(things.dropLast()) : things
            result.append(Block.meta(["\(state.list.count) of \(total) \(counted)"], width: width))
        }
        if state.phase == .loaded {
            result += status(state, width: width, context: context)
        }
        return result
    }

    /// Where the articles came from when it was not the network, what the last refresh changed,
    /// and an order the store could not follow.
    static func status(_ state: ArticleListState, width: Int, context: RenderContext) -> [StyledLine] {
        var lines: [StyledLine] = []
        switch state.origin {
        case .store(let savedAt, .stale)?:
            var line = StyledLine("Saved \(savedAgo(savedAt, context: context))", .muted)
            if state.isRefreshing {
                line.append(" · refreshing…", .muted)
            } else {
                line.append(" · ", .muted)
                line.append("r", .accent)
                line.append(" refreshes", .muted)
            }
            lines += line.wrapped(toWidth: width)
        case .store(let savedAt, .fresh)?:
            var line = StyledLine("Fetched \(savedAgo(savedAt, context: context)) · ", .muted)
            line.append("r", .accent)
            line.append(" refreshes", .muted)
            lines += line.wrapped(toWidth: width)
        case .store(let savedAt, .refused(let error))?:
            if let requests = error.heldRequests {
                lines += heldLine(
                    requests,
                    showing: state.list.isEmpty
                        ? nil : "articles saved \(savedAgo(savedAt, context: context))",
                    width: width)
            } else {
                lines += failureLines(
                    .refused(error), savedAt: savedAt, state: state, width: width, context: context)
            }
        case .store(let savedAt, .offlineMode)?:
            let text =
                state.list.isEmpty
                ? "Offline mode" : "Offline mode — articles saved \(savedAgo(savedAt, context: context))"
            lines += StyledLine(text, .notice).wrapped(toWidth: width)
        case .store(let savedAt, let reason)?:
            // What is left: the network failed (offline).
            lines += failureLines(reason, savedAt: savedAt, state: state, width: width, context: context)
        case .network?, nil:
            break
        }
        if let note = state.note {
            lines += Block.paragraph(note, width: width, role: .muted)
        }
        if state.sortsByRelevancyInstead {
            lines += Block.paragraph(
                "Sorting by popularity needs the network; showing the best matches (relevancy) instead.",
                width: width, role: .muted)
        }
        return lines
    }

    /// The banner of articles stored because the network failed or refused, and why.
    private static func failureLines(
        _ reason: PageOrigin.StoreReason, savedAt: Date, state: ArticleListState, width: Int,
        context: RenderContext
    ) -> [StyledLine] {
        guard let error = reason.failure else { return [] }
        // A refusal is named for what was refused, not "Offline": the network answered, and
        // said no. An empty list shows no articles, so it does not say when they were saved.
        let title = reason == .offline(error) ? "Offline" : error.refusalTitle ?? "Refused"
        let text =
            state.list.isEmpty
            ? title : "\(title) — showing articles saved \(savedAgo(savedAt, context: context))"
        var line = StyledLine(text, .notice)
        line.append(" · ", .muted)
        line.append("r", .accent)
        line.append(" retries", .muted)
        return line.wrapped(toWidth: width) + Block.paragraph(error.sentence, width: width, role: .muted)
    }

    /// `90 of 100 NewsAPI requests used today: showing articles saved 2 hours ago · r asks`, or
    /// when the day is spent, `…: none until midnight UTC`: requests held back for NewsAPI's daily
    /// quota, and what is shown instead (`shown`), in one line (wrapped when narrow).
    static func heldLine(_ requests: DailyRequests, showing shown: String?, width: Int) -> [StyledLine] {
        var line = StyledLine(requests.summary, .notice)
        if let shown { line.append(": showing \(shown)", .muted) }
        if requests.isSpent {
            line.append((shown == nil ? ": " : "; ") + requests.nextStep, .muted)
        } else {
            line.append(" · ", .muted)
            line.append("r", .accent)
            line.append(" asks", .muted)
        }
        return line.wrapped(toWidth: width)
    }

    /// "2 hours ago", "yesterday", "on 12 Oct 2026".
    static func savedAgo(_ date: Date, context: RenderContext) -> String {
        let relative = context.time.relative(date)
        let reads = relative.hasSuffix(" ago") || relative == "just now" || relative == "yesterday"
        return reads ? relative : "on " + relative
    }

    private static func items(
        _ state: ArticleListState,
        from start: Int = 0,
        width: Int,
        context: RenderContext
    ) -> [StyledLine] {
        let articles = state.list.articles
        let numberWidth = String(articles.count).count
        let indent = numberWidth + 2
        var lines: [StyledLine] = []
        for (index, article) in articles.enumerated().dropFirst(start) {
            let featured = index == 0 && isHeadlines(state.query)
            let read = state.read.contains(article.id)
            let number =
                String(repeating: " ", count: numberWidth - String(index + 1).count) + "\(index + 1)  "
            let role: TextRole = read ? .muted : featured ? .heading : .strong
            var title = Block.paragraph(
                article.title, width: width, role: role, indent: indent, lineBreaks: .spaces)
            if !title.isEmpty {
                title[0] = StyledLine([Span(number, .accent)] + title[0].spans.dropFirst())
            }
            lines += title
            if featured, let summary = article.summary {
                lines += Block.paragraph(summary, width: width, indent: indent)
            }
            let meta = metaPieces(article, in: state.query, context: context) + (read ? ["read"] : [])
            if meta.contains(where: { !$0.isEmpty }) {
                lines.append(Block.meta(meta, width: width, indent: indent))
            }
            if featured && articles.count > 1 { lines.append(.blank) }
        }
        return lines
    }

    /// `13  Teenage climber takes bouldering gold at the…  8h`
    private static func compactItems(_ state: ArticleListState, width: Int, context: RenderContext)
        -> [StyledLine]
    {
        let articles = state.list.articles
        let numberWidth = String(articles.count).count
        return articles.enumerated().map { index, article in
            let read = state.read.contains(article.id)
            let number =
                String(repeating: " ", count: numberWidth - String(index + 1).count) + "\(index + 1)  "
            let age =
                (read ? "  ✓" : "") + (article.publishedAt.map { "  " + context.time.compact($0) } ?? "")
            let room = width - DisplayWidth.of(number) - DisplayWidth.of(age)
            let title = TextWrapper.pad(
                TextWrapper.truncate(TextSanitizer.clean(article.title), toWidth: max(room, 1)), toWidth: room
            )
            let line = StyledLine([
                Span(number, .accent), Span(title, read ? .muted : .strong), Span(age, .muted),
            ])
            return line.truncated(toWidth: width)
        }
    }

    /// The source (for a single feed's items, which all come from it, the author) and the age.
    static func metaPieces(_ article: Article, in query: ArticleQuery, context: RenderContext) -> [String] {
        let source: String
        if case .feed(.feed, _, _) = query {
            source = article.author.map { "by \($0)" } ?? ""
        } else {
            source = article.source.name
        }
        return [source, article.publishedAt.map(context.time.relative) ?? ""]
    }

    private static func isHeadlines(_ query: ArticleQuery) -> Bool {
        if case .headlines = query { return true }
        return false
    }

    private static func footer(_ state: ArticleListState, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let error = state.moreError {
            lines += Block.paragraph(error.sentence, width: width, role: .error)
        }
        if state.isLoadingMore {
            lines.append(StyledLine("Loading more…", .muted))
        } else if state.list.nextPage != nil {
            lines.append(Block.hints(hints(state, more: true), width: width))
        } else {
            if state.query != .saved {
                lines += Block.paragraph(endOfResults(state), width: width, role: .muted)
            }
            lines.append(Block.hints(hints(state, more: false), width: width))
        }
        return lines
    }

    /// Why the list ends: the end of the results, the service's cap, or the store's ranking limit.
    static func endOfResults(_ state: ArticleListState) -> String {
        guard state.list.reachedResultCap else { return "End of results." }
        if case .store? = state.origin, case .search(_, let order) = state.query, order != .publishedAt {
            return "End of the best matches: offline, only the articles stored last are ranked; "
                + "sort newest lists every match."
        }
        return "End of results: NewsAPI returns no more than this per query."
    }

    private static func hints(_ state: ArticleListState, more: Bool) -> [(key: String, action: String)] {
        let count = state.list.count
        var hints: [(key: String, action: String)] = [(count == 1 ? "1" : "1–\(count)", "open")]
        if more { hints.append(("n", "more")) }
        switch state.query {
        case .search: hints.append(("sort", "order"))
        case .feed(_, _, let unreadOnly):
            hints += [("next", "unread"), ("unread", unreadOnly ? "shows all" : "only"), ("mark read", "")]
        case .headlines, .saved: break
        }
        hints.append(("?", "help"))
        return hints
    }

    private static func emptyLines(_ state: ArticleListState, width: Int) -> [StyledLine] {
        if case .store(_, let reason)? = state.origin, reason != .stale, reason != .fresh {
            return offlineEmptyLines(state.query, width: width)
        }
        if let filter = state.filterText, case .feed(_, let title, _) = state.query {
            // Nothing matched: the feeds may be full, so refreshing is not the answer.
            return Block.paragraph(
                "Nothing in \(title) matches “\(quoted(filter, width: 60))”.", width: width, role: .muted)
                + [Block.hints([("filter", "alone shows every item")], width: width)]
        }
        switch state.query {
        case .headlines(nil):
            return Block.paragraph("There are no headlines right now.", width: width, role: .muted)
                + [Block.hints([("r", "refresh")], width: width)]
        case .headlines(let category?):
            return Block.paragraph(
                "There are no \(category.rawValue) headlines right now.", width: width, role: .muted)
                + [Block.hints([("c", "other categories"), ("r", "refresh")], width: width)]
        case .search(let words, _):
            return Block.paragraph(
                "No articles match “\(quoted(words, width: 60))”.", width: width, role: .strong)
                + Block.paragraph(
                    "Try fewer or more general words, or check the spelling.", width: width, role: .muted)
        case .saved:
            return Block.paragraph(
                "No saved articles yet. Type save on an article to keep it.", width: width, role: .muted)
        case .feed(_, let title, true):
            return Block.paragraph("No unread items in \(title).", width: width, role: .muted)
                + [Block.hints([("unread", "shows every item"), ("r", "refresh")], width: width)]
        case .feed(_, let title, false):
            return Block.paragraph(
                "No items in \(title) yet: they arrive when the feeds are refreshed.", width: width,
                role: .muted) + [Block.hints([("r", "refresh")], width: width)]
        }
    }

    /// An empty list answered by the store: nothing was kept for it while online.
    private static func offlineEmptyLines(_ query: ArticleQuery, width: Int) -> [StyledLine] {
        switch query {
        case .headlines, .saved, .feed:
            return Block.paragraph(
                "No \(subject(query)) are kept offline yet: NewsApp keeps the lists it loads while online.",
                width: width, role: .muted)
        case .search(let words, _):
            return Block.paragraph(
                "No articles kept offline match “\(quoted(words, width: 60))”.", width: width, role: .strong)
                + Block.paragraph(
                    "Offline, NewsApp searches the articles it loaded while online.", width: width,
                    role: .muted)
        }
    }
}
