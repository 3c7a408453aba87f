import Account
import ArgumentParser
import Configuration
import Console
import Coordinators
import FilterLanguage
import Modules
import Networking
import NewsModels
import Store
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

/// What `newsapp headlines` and `newsapp search` fetch.
enum Listing: Sendable, Equatable {
    case headlines(NewsCategory?)
    /// A search, its page narrowed by a filter expression when one is given.
    case search(String, ArticleSortOrder, narrowedBy: String? = nil)
    /// The stored feed items a filter expression chooses (`newsapp search --filter`).
    case filter(String)
}

/// Fetches one page of a ``Listing`` and prints it to standard output, as a numbered list or as
/// JSON, for the commands that print and exit.
@MainActor
enum ListingPrinter {
    /// Resolves `settings` with the environment and the config file, then prints page `page` of
    /// `listing`; throws the exit status when it is not 0.
    static func print(_ listing: Listing, page: Int, json: Bool, settings: CommandLineSettings) async throws {
        guard let context = await AppLauncher.prepare(settings) else { throw ExitCode(2) }
        let status = await run(listing, page: page, json: json, context: context)
        context.close()
        if status != 0 { throw ExitCode(status) }
    }

    /// Prints page `page` of `listing`; returns the exit status: 0, or 1 when the service failed
    /// (its sentence on standard error).
    static func run(_ listing: Listing, page: Int, json: Bool, context: LaunchContext) async -> Int32 {
        let source = context.source
        let service = context.service
        let pageSize = context.settings[\.pageSize]
        let language = source.isSample ? nil : context.settings[\.language]
        var result: ArticlePage
        do {
            switch listing {
            case .headlines(let category):
                result = try await service.topHeadlines(
                    HeadlinesRequest(
                        country: source.country, category: category, page: page, pageSize: pageSize))
            case .search(let words, let order, let narrowing):
                result = try await service.search(
                    SearchRequest(
                        query: words, language: language, sortBy: order, page: page, pageSize: pageSize))
                if let narrowing, let expression = try? FilterParser.parse(narrowing) {
                    let now = Date().timeIntervalSince1970
                    result.articles = result.articles.filter {
                        expression.matches(
                            ArticleListViewModel.filterItem($0, read: false, now: now), now: now)
                    }
                }
            case .filter(let expression):
                guard let feeds = context.feeds else {
                    StandardError.write(
                        "newsapp: There are no feeds to filter: add one with newsapp feeds add URL.")
                    return 1
                }
                do {
                    result = try await feeds.items(
                        in: .filtered(.all, expression: expression), unreadOnly: false, page: page,
                        pageSize: pageSize)
                } catch {
                    StandardError.write("newsapp: " + TextSanitizer.clean(error.sentence))
                    return 1
                }
            }
        } catch {
            let sentence = source.key?.redacting(error.sentence) ?? error.sentence
            StandardError.write("newsapp: " + TextSanitizer.clean(sentence))
            return 1
        }

        // NewsAPI's (or the sample edition's) headlines, with feeds beside them: the feeds' newest
        // items follow. (With the feeds alone they are the headlines; a search finds both.)
        var feedItems: ArticlePage?
        if case .headlines(nil) = listing, source.kind != .feeds, let feeds = context.feeds {
            feedItems = try? await feeds.items(in: .all, unreadOnly: false, page: page, pageSize: pageSize)
        }

        if case .store(let savedAt, let reason) = result.origin, let error = reason.failure {
            // The printed page is still a success; standard error says why it is not fresh.
            let sentence = source.key?.redacting(error.sentence) ?? error.sentence
            StandardError.write(
                "newsapp: " + TextSanitizer.clean(sentence) + " Showing the copy stored "
                    + TimeFormatting(now: Date()).relative(savedAt) + ".")
        }

        if json {
            let query = ListingDocument.Query(
                listing, country: source.country, language: language)
            let requests = await context.requestBudget?.today()
            let document = ListingDocument(
                query: query, page: page, pageSize: pageSize, totalResults: result.totalResults,
                articles: result.articles, feedItems: feedItems?.articles, requestsToday: requests?.used,
                requestLimit: requests?.limit)
            StandardOutput.write(document.json() + "\n")
            return 0
        }

        let environment = context.environment
        let isTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        let width =
            (isTerminal ? TerminalProbe.size(of: STDOUT_FILENO)?.columns : nil)
            ?? TerminalProbe.fallbackSize(environment: environment).columns
        let styler = ANSIStyler(
            mode: isTerminal
                ? ANSIStyler.Mode.forTerminal(environment, theme: context.settings[\.theme]) : .plain,
            hyperlinks: false)
        let time = TimeFormatting(now: Date())
        var lines = ListingRenderer.render(
            listing, page: result, width: width, time: time, edition: source.kind)
        if let feedItems {
            lines.append(.blank)
            lines += ListingRenderer.render(
                .headlines(nil), page: feedItems, width: width, time: time, edition: .feeds)
        }
        StandardOutput.write(lines.map { styler.render($0) + "\n" }.joined())
        return 0
    }
}

/// `--json` output: what was fetched, the page and NewsAPI's articles in its wire format.
struct ListingDocument: Encodable {
    /// The request, in NewsAPI's parameter names; absent parameters are left out.
    struct Query: Encodable, Equatable {
        /// `top-headlines` or `everything`.
        var endpoint: String
        var q: String?
        var sortBy: String?
        var category: String?
        var country: String?
        var language: String?
        /// The filter expression (newsboat's language) that chose or narrowed the articles.
        var filter: String?

        init(_ listing: Listing, country: String?, language: String?) {
            switch listing {
            case .headlines(let category):
                endpoint = "top-headlines"
                self.category = category?.rawValue
                self.country = country
            case .search(let words, let order, let narrowing):
                endpoint = "everything"
                q = words
                sortBy = order.rawValue
                self.language = language
                filter = narrowing
            case .filter(let expression):
                endpoint = "feeds"
                filter = expression
            }
        }
    }

    var query: Query
    var page: Int
    var pageSize: Int
    var totalResults: Int
    var articles: [Article]
    /// The feeds' newest items, printed after NewsAPI's headlines when feeds are a source too.
    var feedItems: [Article]? = nil
    /// NewsAPI requests counted today (UTC) and the plan's daily limit; absent without NewsAPI.
    var requestsToday: Int? = nil
    var requestLimit: Int? = nil

    /// Pretty-printed with sorted keys. JSON escapes C0 controls itself; C1 controls, bidi
    /// controls and line separators are escaped too, so no text from the network can drive a
    /// terminal the JSON is shown on.
    func json() -> String {
        TerminalSafeJSON.encode(self)
    }
}

/// The numbered list `headlines` and `search` print: a header saying what was fetched and
/// `N of TOTAL`, then each article as its number and title, its source and age, and its address.
/// All text from the service goes into spans, which sanitise it.
enum ListingRenderer {
    static func render(
        _ listing: Listing,
        page: ArticlePage,
        width: Int,
        time: TimeFormatting,
        edition: NewsSourceChoice.Kind
    ) -> [StyledLine] {
        var header: StyledLine
        switch listing {
        case .headlines where edition == .feeds:
            header = StyledLine([Span("Your feeds", .heading), Span(" · newest first", .muted)])
        case .headlines(let category):
            header = StyledLine([
                Span("Top headlines", .heading),
                Span(" · " + (category?.displayName ?? "All categories"), .muted),
            ])
        case .search(let words, let order, let narrowing):
            header = StyledLine([
                Span("Search ", .heading),
                Span("“\(ArticleListRenderer.quoted(words, width: 120))”", .strong),
                Span(" · sorted by \(order.keyword)", .muted),
            ])
            if let narrowing {
                header.append(" · filter \(ArticleListRenderer.quoted(narrowing, width: 120))", .muted)
            }
        case .filter(let expression):
            header = StyledLine([
                Span("Feed items · filter ", .heading),
                Span(ArticleListRenderer.quoted(expression, width: 120), .strong),
                Span(" · newest first", .muted),
            ])
        }
        if !page.articles.isEmpty {
            header.append(
                " · \(page.articles.count) of \(max(page.totalResults, page.articles.count)) articles", .muted
            )
            if page.page > 1 { header.append(" · page \(page.page)", .muted) }
        }
        if edition == .sample { header.append(" · sample edition", .notice) }
        if case .store(let savedAt, let reason) = page.origin {
            let stored = page.articles.isEmpty ? "" : ", stored \(time.relative(savedAt))"
            switch reason {
            case .offlineMode, .offline: header.append(" · offline\(stored)", .notice)
            case .refused(let error):
                header.append(" · \((error.refusalTitle ?? "refused").lowercased())\(stored)", .notice)
            case .stale: header.append(" · stored copy\(stored)", .notice)
            case .fresh: header.append(" · from \(time.relative(savedAt))", .muted)
            }
        }
        var lines = header.wrapped(toWidth: width)
        lines.append(.blank)

        guard !page.articles.isEmpty else {
            lines += StyledLine(emptyMessage(listing, page: page), .strong).wrapped(toWidth: width)
            return lines
        }

        let first = (page.page - 1) * page.pageSize + 1
        let numberWidth = String(first + page.articles.count - 1).count
        let indent = String(repeating: " ", count: numberWidth + 2)
        for (offset, article) in page.articles.enumerated() {
            if offset > 0 { lines.append(.blank) }
            let number = String(first + offset)
            let label = String(repeating: " ", count: numberWidth - number.count) + number + "  "
            let title = TextWrapper.wrap(
                TextSanitizer.clean(article.title), width: max(1, width - indent.count))
            for (index, piece) in title.enumerated() {
                lines.append(StyledLine([Span(index == 0 ? label : indent, .accent), Span(piece, .strong)]))
            }
            let meta = [article.source.name, article.publishedAt.map(time.relative) ?? ""]
                .map { TextSanitizer.clean($0) }.filter { !$0.isEmpty }.joined(separator: " · ")
            if !meta.isEmpty {
                lines.append(StyledLine([Span(indent), Span(meta, .muted)]).truncated(toWidth: width))
            }
            // The address stays whole so it can be copied; the terminal folds it if need be.
            lines.append(StyledLine([Span(indent), Span(article.url.absoluteString, .link)]))
        }
        if !page.isLastPage {
            lines.append(.blank)
            lines.append(StyledLine("More with --page \(page.page + 1).", .muted))
        }
        return lines
    }

    private static func emptyMessage(_ listing: Listing, page: ArticlePage) -> String {
        if page.reachedResultCap {
            return
                "Page \(page.page) is past the end: NewsAPI returns at most 100 results per query on this plan."
        }
        if page.page > 1 && page.totalResults > 0 {
            let pages = (page.totalResults + page.pageSize - 1) / max(page.pageSize, 1)
            let articles = page.totalResults == 1 ? "1 article" : "\(page.totalResults) articles"
            return "Page \(page.page) is past the end: there are \(articles) on \(pages) "
                + (pages == 1 ? "page." : "pages.")
        }
        if case .store(_, .offlineMode) = page.origin {
            switch listing {
            case .headlines:
                return "No headlines are stored yet: run once without --offline to keep some."
            case .search(let words, _, _):
                return "No stored article matches “\(ArticleListRenderer.quoted(words, width: 60))”."
            case .filter:
                return "No stored feed item matches the filter."
            }
        }
        switch listing {
        case .headlines(nil): return "There are no headlines right now."
        case .headlines(let category?): return "There are no \(category.rawValue) headlines right now."
        case .search(let words, _, _):
            return "No articles match “\(ArticleListRenderer.quoted(words, width: 60))”."
        case .filter:
            return "No stored feed item matches the filter."
        }
    }
}
