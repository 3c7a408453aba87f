import Coordinators
import FilterLanguage
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An article list as its coordinator sees it: a screen that reports the article the user picked.
@MainActor
public protocol ArticleListModule: Presentable {
    /// The user picked an article.
    var onArticleSelected: (@MainActor (Article) -> Void)? { get set }
    /// The user wants to leave the list; when nil, the list does not answer `b`.
    var onBack: (@MainActor () -> Void)? { get set }
    /// The user typed `sort` without an order: the coordinator may offer a picker. When nil, the
    /// list lists the orders itself.
    var onSortRequested: (@MainActor () -> Void)? { get set }
    /// The user typed `r` on a feed list: the coordinator may refresh the feeds in the background
    /// (the list itself is loaded again either way).
    var onRefreshFeeds: (@MainActor () -> Void)? { get set }
    /// What the list shows.
    var query: ArticleQuery { get }
    /// Shows another query in place and loads it from page 1.
    func show(_ query: ArticleQuery)
    /// Loads the list again from page 1, keeping what is shown until the answer arrives.
    func refresh()
    /// The article numbered `number` (1-based), once loaded.
    func article(numbered number: Int) -> Article?
    /// Shows search results in `order`, from page 1.
    func sort(by order: ArticleSortOrder)
    /// Shows `article` as read from now on: the coordinator opened it.
    func markOpened(_ article: Article)
}

/// Top headlines, search results, saved articles or a feed's items: a numbered list the user
/// opens by number and extends with `n`, as the terminal's infinite scroll; search results can be
/// re-sorted with `sort`. A feed list also answers `unread` (only the unread items, or all again),
/// `mark read` and `next` (the next unread item).
///
/// Loads run through ``activity``. The next page is fetched ahead in the background without
/// holding the screen busy; it is cancelled by a reload or a query change, and when the screen
/// leaves navigation and is released.
@MainActor
public final class ArticleListScreen: ArticleListModule {
    public let activity = ScreenActivity()
    public var onArticleSelected: (@MainActor (Article) -> Void)?
    public var onBack: (@MainActor () -> Void)?
    public var onSortRequested: (@MainActor () -> Void)?
    public var onRefreshFeeds: (@MainActor () -> Void)?
    public let viewModel: ArticleListViewModel
    private let environment: ScreenEnvironment

    public init(viewModel: ArticleListViewModel, environment: ScreenEnvironment) {
        self.viewModel = viewModel
        self.environment = environment
    }

    isolated deinit {
        viewModel.cancelBackgroundWork()
    }

    public var title: String { ArticleListRenderer.title(viewModel.state.query) }
    public var query: ArticleQuery { viewModel.state.query }

    public func show(_ query: ArticleQuery) {
        viewModel.change(to: query)
        activity.setNeedsDisplay()
        refresh()
    }

    public func article(numbered number: Int) -> Article? {
        viewModel.article(numbered: number)
    }

    public func markOpened(_ article: Article) {
        if viewModel.markOpened(article) { activity.setNeedsDisplay() }
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        ArticleListRenderer.render(
            viewModel.state, width: width, height: height, context: environment.renderContext)
    }

    // MARK: Commands

    public var declaredCommands: [DeclaredCommand] {
        let count = viewModel.state.list.count
        let feeds = query.feedScope != nil
        var commands: [DeclaredCommand] = [
            .number(in: count > 0 ? 1...count : nil, summary: "Open that article") { self.open($0) },
            DeclaredCommand(["n", "more"], summary: "Show more articles") { self.more() },
            .refresh(
                feeds ? "Load the list again and refresh the feeds" : "Load the list again from the start"
            ) {
                self.reload(trigger: .explicit)
                if feeds { self.onRefreshFeeds?() }
            },
        ]
        if isSearch {
            commands.append(
                DeclaredCommand(
                    ["sort"], argument: "ORDER",
                    summary: "Sort by relevancy, popularity or newest (sort alone to choose)",
                    argumentCompletions: ArticleSortOrder.allCases.map(\.keyword)
                ) { self.sort($0) })
        } else {
            commands.append(
                DeclaredCommand(["sort"], summary: "", listed: false) {
                    self.activity.post([
                        StyledLine(
                            "Sorting applies to search results; headlines come in the editors’ order.", .muted
                        )
                    ])
                })
        }
        if feeds {
            commands += [
                DeclaredCommand(["next"], summary: "Open the next unread item") { self.openNextUnread() },
                DeclaredCommand(["unread"], summary: "Show only the unread items (again: every item)") {
                    self.toggleUnreadOnly()
                },
                DeclaredCommand(["mark read", "mark-read"], summary: "Mark every item of the list read") {
                    self.markAllRead()
                },
                DeclaredCommand(["undo"], summary: "Take back the list's last mark read") {
                    self.undoMarkRead()
                },
                DeclaredCommand(["mark"], summary: "", listed: false) {
                    self.activity.post([
                        StyledLine("Type mark read to mark every item of the list read.", .muted)
                    ])
                },
            ]
        }
        commands.append(
            DeclaredCommand(
                ["filter"], argument: "EXPRESSION",
                summary: "Narrow the list, e.g. filter title =~ \"mars\" (filter alone: every item again)"
            ) { self.filter($0) })
        if let onBack { commands.append(.back("Leave this list", perform: onBack)) }
        return commands
    }

    // MARK: Actions

    /// Loads the list from page 1.
    public func refresh() {
        reload(trigger: .automatic)
    }

    /// Loads the list from page 1, as the app (a fresh stored copy may answer) or as the reader (`r`).
    private func reload(trigger: RequestTrigger) {
        activity.cancelAll()
        activity.run("Loading \(ArticleListRenderer.subject(viewModel.state.query))") {
            [viewModel, activity] in
            var storedShown: ArticleList?
            await viewModel.reload(
                trigger: trigger,
                storedPageShown: {
                    // The stored page is worth reading while the network is asked for a fresh one.
                    storedShown = viewModel.state.list
                    activity.releaseDisplay()
                    activity.setNeedsDisplay()
                })
            // The network answered with the very articles the stored page showed: one line says
            // so, not the whole list again.
            if let storedShown, storedShown.articles.map(\.url) == viewModel.state.list.articles.map(\.url),
                viewModel.state.phase == .loaded, viewModel.state.moreError == nil,
                let note = viewModel.state.note
            {
                activity.post([StyledLine(note, .muted)])
            } else {
                activity.setNeedsDisplay()
            }
        }
    }

    /// Shows the results in `order`, from page 1; the current order loads them again.
    public func sort(by order: ArticleSortOrder) {
        guard case .search(let words, let current) = viewModel.state.query else { return }
        guard order != current else { return refresh() }
        show(.search(words, order))
    }

    private var isSearch: Bool {
        if case .search = viewModel.state.query { return true }
        return false
    }

    private func sort(_ argument: String) {
        if argument.isEmpty, let onSortRequested {
            return onSortRequested()
        }
        guard let order = ArticleSortOrder(keyword: argument) else {
            let orders = ArticleSortOrder.allCases.map(\.keyword).joined(separator: ", ")
            let message =
                argument.isEmpty
                ? "Sort by one of: \(orders)." : "There is no order “\(argument)”: use \(orders)."
            return activity.post([StyledLine(message, argument.isEmpty ? .muted : .warning)])
        }
        sort(by: order)
    }

    /// Appends the next page; on screen, only the new articles are printed below the list.
    private func more() {
        let state = viewModel.state
        guard state.phase == .loaded else {
            return activity.post([StyledLine("The list is not loaded yet.", .muted)])
        }
        guard state.list.nextPage != nil else {
            return activity.post([StyledLine("End of results: there are no more articles.", .muted)])
        }
        guard !state.isRefreshing else {
            return activity.post([
                StyledLine("The list is still refreshing; try n again in a moment.", .muted)
            ])
        }
        guard !state.isLoadingMore else { return }
        let shown = state.list.count
        activity.run("Loading more") { [viewModel, activity, environment] in
            await viewModel.loadMore()
            activity.setNeedsDisplay { width in
                ArticleListRenderer.appendix(
                    viewModel.state, from: shown, width: width, context: environment.renderContext)
            }
        }
    }

    // MARK: Filtering

    /// `filter EXPRESSION`: a feed's list is read again with the expression (the store answers
    /// it); another list keeps the articles it chooses as pages arrive. `filter` alone undoes it.
    private func filter(_ text: String) {
        let text = text.trimmingSpaces()
        if text.isEmpty {
            guard viewModel.state.filterText != nil else {
                return activity.post([
                    StyledLine(
                        "Type filter and an expression, e.g. filter title =~ \"mars\" and unread = \"yes\".",
                        .muted)
                ])
            }
            if case .feed(let scope, let title, let unreadOnly) = query {
                show(.feed(scope.unfiltered, title: title, unreadOnly: unreadOnly))
            } else {
                viewModel.narrow(nil, text: nil)
                show(query)
            }
            return activity.post([StyledLine("Showing every item again.", .muted)])
        }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(text)
        } catch {
            return activity.post([StyledLine(error.sentence, .warning)])
        }
        if case .feed(let scope, let title, let unreadOnly) = query {
            show(.feed(.filtered(scope.unfiltered, expression: text), title: title, unreadOnly: unreadOnly))
        } else {
            viewModel.narrow(expression, text: text)
            show(query)
        }
    }

    // MARK: Feed lists

    private func toggleUnreadOnly() {
        guard case .feed(let scope, let title, let unreadOnly) = query else { return }
        show(.feed(scope, title: title, unreadOnly: !unreadOnly))
        let message =
            unreadOnly
            ? "Showing every item." : "Showing the unread items only; unread shows every item again."
        activity.post([StyledLine(message, .muted)])
    }

    private func markAllRead() {
        activity.run("Marking the items read") { [viewModel, activity] in
            do throws(FeedLibraryError) {
                let count = try await viewModel.markAllRead()
                let message =
                    switch count {
                    case 0: "Every item was already read."
                    case 1: "Marked 1 item read."
                    default: "Marked \(count) items read."
                    }
                activity.post([StyledLine(message, .muted)])
            } catch {
                activity.post([StyledLine(error.sentence, .warning)])
            }
            activity.setNeedsDisplay()
        }
    }

    private func undoMarkRead() {
        activity.run("Marking the items unread again") { [viewModel, activity] in
            do throws(FeedLibraryError) {
                guard let count = try await viewModel.undoMarkRead() else {
                    return activity.post([
                        StyledLine("Nothing to undo: undo takes back this list's last mark read.", .muted)
                    ])
                }
                let items = count == 1 ? "1 item" : "\(count) items"
                activity.post([StyledLine("Undone: \(items) unread again.", .muted)])
            } catch {
                activity.post([StyledLine(error.sentence, .warning)])
            }
            activity.setNeedsDisplay()
        }
    }

    /// Opens the next unread item, or says there is none.
    private func openNextUnread() {
        activity.run("Finding the next unread item") { [weak self] in
            guard let self else { return }
            guard let next = await self.viewModel.nextUnread() else {
                guard !Task.isCancelled else { return }
                return self.activity.post([StyledLine("No unread items left.", .muted)])
            }
            guard !Task.isCancelled else { return }
            self.markOpened(next)
            self.onArticleSelected?(next)
        }
    }

    private func open(_ number: Int) {
        guard let article = viewModel.article(numbered: number) else {
            let count = viewModel.state.list.count
            let range = count == 0 ? "the list is empty" : count == 1 ? "choose 1" : "choose 1–\(count)"
            return activity.post([StyledLine("There is no article \(number) here: \(range).", .warning)])
        }
        viewModel.readerIsAt(number)
        markOpened(article)
        onArticleSelected?(article)
    }
}
