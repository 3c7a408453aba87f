import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws the front page: its header (and, when headlines came from the store, where from), then
/// each section under a header with its name and unread count, its headlines numbered across the
/// page, and a footer saying how to go on.
///
/// The very first story of the page is featured: its title in the featured style, its picture
/// (when one was given) and its summary. A section still loading, failed or empty is one line
/// under its header. Read articles have muted titles and say `read` (`✓` in the compact form).
///
/// Given a `height` (the page shares the terminal with an article) and too many lines for it,
/// the page is drawn compactly: one line per headline, title and age, and no featured block.
public enum FrontPageRenderer {
    /// The screen's title for breadcrumbs.
    public static let title = "Front page"

    /// - Parameter picture: The featured story's picture, if it was asked for; one wider than the
    ///   page's text is left out, and so is a picture that could not be shown.
    public static func render(
        _ state: FrontPageState,
        width: Int,
        height: Int? = nil,
        context: RenderContext,
        picture: Thumbnail? = nil
    ) -> [StyledLine] {
        let full = render(state, width: width, compact: false, context: context, picture: picture)
        guard let height, full.count > height else { return full }
        return render(state, width: width, compact: true, context: context, picture: nil)
    }

    private static func render(
        _ state: FrontPageState,
        width: Int,
        compact: Bool,
        context: RenderContext,
        picture: Thumbnail?
    ) -> [StyledLine] {
        let layout = Layout(state: state)
        var lines = header(state, width: width, context: context)
        for (index, section) in state.sections.enumerated() {
            if !compact || index == 0 { lines.append(.blank) }
            lines += sectionHeader(section, width: width)
            lines += sectionBody(
                state, section: index, layout: layout, width: width, compact: compact, context: context,
                picture: picture)
        }
        lines.append(.blank)
        lines.append(footer(state, width: width))
        return lines
    }

    /// Where the numbers go: right-aligned in a column as wide as the highest number.
    private struct Layout {
        let numberWidth: Int
        var indent: Int { numberWidth + 2 }

        init(state: FrontPageState) {
            numberWidth = String(max(state.lastNumber, 1)).count
        }

        /// ` 7  `.
        func number(_ value: Int) -> String {
            String(repeating: " ", count: numberWidth - String(value).count) + "\(value)  "
        }
    }

    // MARK: Header and footer

    private static func header(_ state: FrontPageState, width: Int, context: RenderContext) -> [StyledLine] {
        var line = StyledLine(title, .heading)
        line.append(" · " + context.time.shortDate(context.time.now), .muted)
        return line.wrapped(toWidth: width) + status(state, width: width, context: context)
    }

    /// Where the categories' headlines came from when it was not the network: stored and being
    /// refreshed, stored recently enough that none was asked for (`Fetched 12 minutes ago`), stored
    /// because the network failed or refused the key (named for the refusal, as lists do), or
    /// because the session is offline. Requests held back for NewsAPI's daily quota are one line.
    /// Sections the store had nothing for show no headlines, so they say nothing of when.
    static func status(_ state: FrontPageState, width: Int, context: RenderContext) -> [StyledLine] {
        var refreshing: [Date] = []
        var fresh: [Date] = []
        var failure: (title: String, error: NewsServiceError)?
        var failed: [Date] = []
        var held: [Date] = []
        var isOfflineMode = false
        var offlineMode: [Date] = []
        for section in state.sections where section.phase == .loaded {
            guard case .store(let savedAt, let reason)? = section.origin else { continue }
            let shown = section.items.isEmpty ? [] : [savedAt]
            switch reason {
            case .stale where section.isRefreshing: refreshing += shown
            case .stale: break
            case .fresh: fresh += shown
            case .refused(let error) where error.heldRequests != nil:
                held += shown
            case .offline(let error):
                failure = failure ?? ("Offline", error)
                failed += shown
            case .refused(let error):
                failure = failure ?? (error.refusalTitle ?? "Refused", error)
                failed += shown
            case .offlineMode:
                isOfflineMode = true
                offlineMode += shown
            }
        }
        let ago = { (dates: [Date]) in ArticleListRenderer.savedAgo(dates.min() ?? Date(), context: context) }
        var lines: [StyledLine] = []
        if let requests = state.heldRequests {
            lines += ArticleListRenderer.heldLine(
                requests, showing: held.isEmpty ? nil : "headlines saved \(ago(held))", width: width)
        }
        if let failure {
            let text =
                failed.isEmpty ? failure.title : "\(failure.title) — showing headlines saved \(ago(failed))"
            var line = StyledLine(text, .notice)
            line.append(" · ", .muted)
            line.append("r", .accent)
            line.append(" retries", .muted)
            lines += line.wrapped(toWidth: width)
            lines += Block.paragraph(failure.error.sentence, width: width, role: .muted)
        } else if isOfflineMode {
            let text =
                offlineMode.isEmpty ? "Offline mode" : "Offline mode — headlines saved \(ago(offlineMode))"
            lines += StyledLine(text, .notice).wrapped(toWidth: width)
        } else if !refreshing.isEmpty {
            lines += StyledLine("Saved \(ago(refreshing)) · refreshing…", .muted).wrapped(toWidth: width)
        } else if !fresh.isEmpty, state.heldRequests == nil {
            var line = StyledLine("Fetched \(ago(fresh)) · ", .muted)
            line.append("r", .accent)
            line.append(" refreshes", .muted)
            lines += line.wrapped(toWidth: width)
        }
        return lines
    }

    private static func footer(_ state: FrontPageState, width: Int) -> StyledLine {
        let last = state.lastNumber
        var hints: [(key: String, action: String)] = []
        if last > 0 { hints.append((last == 1 ? "1" : "1–\(last)", "open")) }
        hints += [("c NAME", "a whole section"), ("r", "refresh"), ("?", "help")]
        return Block.hints(hints, width: width)
    }

    // MARK: Sections

    /// `Science · 12 unread`; the count once the section has arrived.
    private static func sectionHeader(_ section: FrontPageSection, width: Int) -> [StyledLine] {
        var line = StyledLine(section.title, .heading)
        if section.phase == .loaded, !section.items.isEmpty {
            line.append(
                " · " + (section.unreadCount == 0 ? "all read" : "\(section.unreadCount) unread"), .muted)
        }
        return line.wrapped(toWidth: width)
    }

    private static func sectionBody(
        _ state: FrontPageState,
        section index: Int,
        layout: Layout,
        width: Int,
        compact: Bool,
        context: RenderContext,
        picture: Thumbnail?
    ) -> [StyledLine] {
        let section = state.sections[index]
        let note: StyledLine
        switch section.phase {
        case .loading:
            note = StyledLine("Loading…", .muted)
        case .cancelled:
            note =
                StyledLine("Loading was cancelled · ", .muted)
                + StyledLine([Span("r", .accent), Span(" loads it", .muted)])
        case .failed(let reason):
            note =
                StyledLine([Span("Not loaded: " + reason, .warning), Span(" · ", .muted)])
                + StyledLine([Span("r", .accent), Span(" retries", .muted)])
        case .held:
            note = StyledLine("Nothing stored yet.", .muted)
        case .loaded where section.items.isEmpty:
            note = StyledLine(emptyText(section), .muted)
        case .loaded:
            var lines: [StyledLine] = []
            if let reason = section.refreshError {
                lines += indented(
                    StyledLine("Not refreshed: " + reason, .muted), by: layout.indent, width: width)
            }
            let first = state.firstNumber(ofSection: index)
            for (offset, article) in section.items.enumerated() {
                let number = first + offset
                let read = state.read.contains(article.id)
                if compact {
                    lines.append(
                        compactItem(
                            article, number: number, read: read, layout: layout, width: width,
                            context: context))
                } else if number == 1 {
                    lines += featuredItem(
                        article, read: read, layout: layout, width: width, context: context, picture: picture)
                    if section.items.count > 1 { lines.append(.blank) }
                } else {
                    lines += item(
                        article, number: number, read: read, layout: layout, width: width, context: context)
                }
            }
            return lines
        }
        return compact
            ? [(StyledLine(String(repeating: " ", count: layout.indent)) + note).truncated(toWidth: width)]
            : indented(note, by: layout.indent, width: width)
    }

    private static func emptyText(_ section: FrontPageSection) -> String {
        switch section.source {
        case .category(let category):
            switch section.origin {
            case .store(_, let reason)? where reason != .fresh:
                "No \(category.rawValue) headlines are kept offline yet."
            default:
                "There are no \(category.rawValue) headlines right now."
            }
        case .feeds(.all): "No feeds yet: add one with newsapp feeds add URL."
        case .feeds: "No items yet."
        }
    }

    // MARK: Headlines

    /// The first story: the number and title in the featured style, the picture, the summary and
    /// the source and age.
    private static func featuredItem(
        _ article: Article,
        read: Bool,
        layout: Layout,
        width: Int,
        context: RenderContext,
        picture: Thumbnail?
    ) -> [StyledLine] {
        var lines = title(article, number: 1, role: read ? .muted : .heading, layout: layout, width: width)
        if case .picture(let rows)? = picture, !rows.isEmpty,
            rows.allSatisfy({ $0.displayWidth <= width - layout.indent })
        {
            let margin = Span(String(repeating: " ", count: layout.indent))
            lines += rows.map { StyledLine([margin] + $0.spans) }
        }
        if let teaser = teaser(article) {
            lines += Block.paragraph(teaser, width: width, indent: layout.indent)
        }
        lines += meta(article, read: read, layout: layout, width: width, context: context)
        return lines
    }

    /// What the featured story says under its title: the first paragraph of its summary, else
    /// (a feed item with only its text) of its text, without link numbers, cut at a word near 280
    /// characters: a few lines, also when a feed puts the whole post in its summary.
    static func teaser(_ article: Article) -> String? {
        let content = [article.summary, article.content].lazy.compactMap { $0 }.first {
            !$0.trimmingWhitespace().isEmpty
        }
        guard let content else { return nil }
        let paragraph =
            content.components(separatedBy: "\n\n").first {
                !$0.trimmingWhitespace().isEmpty
            } ?? content
        // A quote's marks start each of its lines; joined into one lead, they would be left
        // inside it, so the lead goes without them.
        // Matched scalar by scalar, as NSRegularExpression matched, not character by character.
        var text = paragraph.replacing(#/(?m)^(>[ \t]?)+/#.matchingSemantics(.unicodeScalar), with: "")
            .replacing(#/\s?\[\d+\]/#.matchingSemantics(.unicodeScalar), with: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count > 280 else { return text.isEmpty ? nil : text }
        text = String(text.prefix(280))
        if let space = text.lastIndex(of: " ") { text = String(text[..<space]) }
        return text + "…"
    }

    private static func item(
        _ article: Article,
        number: Int,
        read: Bool,
        layout: Layout,
        width: Int,
        context: RenderContext
    ) -> [StyledLine] {
        title(article, number: number, role: read ? .muted : .strong, layout: layout, width: width)
            + meta(article, read: read, layout: layout, width: width, context: context)
    }

    /// The title wrapped under the indent, the number in front of its first line.
    private static func title(
        _ article: Article,
        number: Int,
        role: TextRole,
        layout: Layout,
        width: Int
    ) -> [StyledLine] {
        var lines = Block.paragraph(
            article.title, width: width, role: role, indent: layout.indent, lineBreaks: .spaces)
        if !lines.isEmpty {
            lines[0] = StyledLine([Span(layout.number(number), .accent)] + lines[0].spans.dropFirst())
        }
        return lines
    }

    private static func meta(
        _ article: Article,
        read: Bool,
        layout: Layout,
        width: Int,
        context: RenderContext
    ) -> [StyledLine] {
        // The source names the feed in a tag's section, where several feeds' items meet.
        let pieces =
            [article.source.name, article.publishedAt.map(context.time.relative) ?? ""]
            + (read ? ["read"] : [])
        guard pieces.contains(where: { !$0.isEmpty }) else { return [] }
        return [Block.meta(pieces, width: width, indent: layout.indent)]
    }

    /// `13  Teenage climber takes bouldering gold at the…  8h`
    private static func compactItem(
        _ article: Article,
        number: Int,
        read: Bool,
        layout: Layout,
        width: Int,
        context: RenderContext
    ) -> StyledLine {
        let number = layout.number(number)
        let age = (read ? "  ✓" : "") + (article.publishedAt.map { "  " + context.time.compact($0) } ?? "")
        let room = width - DisplayWidth.of(number) - DisplayWidth.of(age)
        var title = TextWrapper.truncate(TextSanitizer.clean(article.title), toWidth: max(room, 1))
        // The age keeps to the right edge; an undated title ends where its text does.
        if !age.isEmpty { title = TextWrapper.pad(title, toWidth: room) }
        let line = StyledLine([
            Span(number, .accent), Span(title, read ? .muted : .strong), Span(age, .muted),
        ])
        return line.truncated(toWidth: width)
    }

    /// `line` wrapped to the width left after `indent` columns, each piece indented.
    private static func indented(_ line: StyledLine, by indent: Int, width: Int) -> [StyledLine] {
        let margin = Span(String(repeating: " ", count: indent))
        return line.wrapped(toWidth: max(1, width - indent)).map { StyledLine([margin] + $0.spans) }
    }
}
