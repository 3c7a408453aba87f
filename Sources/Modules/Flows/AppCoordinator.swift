import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The root of the app's flows: it starts the feed (the front page and the headlines), starts
/// searches, the saved articles and the subscribed feeds as child flows (one of them at a time,
/// above the feed, ending the one running to start another), presents help, and answers the
/// commands that work on every screen, among them `c NAME`, which opens a front page section's
/// whole list.
///
/// Deep links: `category/<name>`, `headline/<n>` (and both), `search?q=<words>&sort=<order>`,
/// `saved`, `feeds`, `feed?name=<title>`, `tag?name=<tag>`.
@MainActor
public final class AppCoordinator: BaseCoordinator, CommandResponder {
    private let router: any NavigationRoutable
    private let factory: any CoordinatorFactory
    private let modules: any ModuleFactory
    private weak var feed: FeedCoordinator?
    private weak var search: SearchCoordinator?
    private weak var saved: SavedCoordinator?
    private weak var feedsFlow: FeedsCoordinator?
    private weak var help: (any HelpModule)?
    private let feeds: any FeedLibrary
    /// The feeds' titles, for the completion of `feed NAME`.
    private var feedTitles: [String] = []

    /// Prints one-off lines; set by the composition root.
    public var post: (@MainActor ([StyledLine]) -> Void)? {
        didSet { feed?.post = post }
    }
    /// The command groups help lists; set by the composition root (the shell knows them).
    public var helpSections: (@MainActor () -> [HelpScreen.Section])?
    /// Refreshes the feeds in the background when the user types `r` on a feeds screen or the
    /// front page; set by the composition root.
    public var onRefreshFeeds: (@MainActor () -> Void)? {
        didSet { feedsFlow?.onRefreshFeeds = onRefreshFeeds }
    }

    /// - Parameter feeds: The subscribed feeds, whose titles `feed NAME` completes.
    public init(
        router: any NavigationRoutable, factory: any CoordinatorFactory, modules: any ModuleFactory,
        feeds: any FeedLibrary = NoFeedLibrary()
    ) {
        self.router = router
        self.factory = factory
        self.modules = modules
        self.feeds = feeds
    }

    public override func start() {
        startFeed(with: nil)
        reloadFeedTitles()
    }

    public override func start(with link: DeepLink) {
        reloadFeedTitles()
        switch link.destination {
        case "search":
            startFeed(with: nil)
            let sort = link.parameters["sort"].flatMap(ArticleSortOrder.init(keyword:)) ?? .publishedAt
            if let words = link.parameters["q"], !words.isEmpty { startSearch(words, sort: sort) }
        case "category", "headline":
            startFeed(with: link)
        case "saved":
            startFeed(with: nil)
            showSaved()
        case "feeds":
            startFeed(with: nil)
            showFeeds(.subscriptions)
        case "feed":
            startFeed(with: nil)
            let name = link.parameters["name"] ?? ""
            showFeeds(name.isEmpty ? .subscriptions : .feed(named: name))
        case "tag":
            startFeed(with: nil)
            if let tag = link.parameters["name"], !tag.isEmpty { showFeedList(.tag(tag), title: tag) }
        case "filter":
            startFeed(with: nil)
            if let expression = link.parameters["expression"], !expression.isEmpty {
                showFeedList(.filtered(.all, expression: expression), title: "Every feed")
            }
        default:
            startFeed(with: nil)
        }
    }

    private func startFeed(with link: DeepLink?) {
        let feed = factory.makeFeed(router: router)
        feed.post = post
        feed.onRefreshFeeds = { [weak self] in self?.onRefreshFeeds?() }
        self.feed = feed
        startChild(feed, with: link)
    }

    private func startSearch(_ words: String, sort: ArticleSortOrder) {
        if let search {
            search.search(words)
            return
        }
        saved?.finish()
        feedsFlow?.finish()
        let search = factory.makeSearch(router: router, words: words, sort: sort)
        search.onFinish = { [weak self] in self?.feed?.frontPageIsShownAgain() }
        self.search = search
        startChild(search)
    }

    /// Shows the saved articles, ending a search flow first.
    private func showSaved() {
        if let saved {
            saved.reopen()
            return
        }
        search?.finish()
        feedsFlow?.finish()
        let saved = factory.makeSaved(router: router)
        saved.onFinish = { [weak self] in self?.feed?.frontPageIsShownAgain() }
        self.saved = saved
        startChild(saved)
    }

    /// Shows the items of `scope` under `title` (a tag's, for the front page's `c TAG`), in the
    /// feeds flow: in place of the feed list shown, else above what is on screen. A search or the
    /// saved articles close first.
    public func showFeedList(_ scope: FeedScope, title: String) {
        showFeeds(.list(scope, title: title))
    }

    /// Starts the feeds flow at `start`, or takes the running one there; a search or the saved
    /// articles close first.
    private func showFeeds(_ start: FeedsCoordinator.Start) {
        search?.finish()
        saved?.finish()
        if let feedsFlow {
            switch start {
            case .subscriptions: feedsFlow.showSubscriptions()
            case .feed(let name): feedsFlow.openFeed(named: name)
            case .list(let scope, let title): feedsFlow.showList(scope, title: title)
            }
            return
        }
        let flow = factory.makeFeeds(router: router, start: start)
        flow.onRefreshFeeds = onRefreshFeeds
        flow.onFinish = { [weak self] in self?.feed?.frontPageIsShownAgain() }
        feedsFlow = flow
        startChild(flow)
    }

    /// The feeds were refreshed: the feed titles, the feed screens on display and the front page
    /// load again.
    public func feedsDidRefresh() {
        _ = reloadFeedTitles()
        feedsFlow?.feedsDidRefresh()
        feed?.feedsDidRefresh()
    }

    /// Loads the feeds' titles again, for the completion of `feed NAME`: at the start, when the
    /// feeds are shown, and after a refresh (a feed's title is known once it has been fetched).
    @discardableResult
    public func reloadFeedTitles() -> Task<Void, Never> {
        Task { [weak self, feeds] in
            guard let titles = try? await feeds.feeds().map(\.title) else { return }
            self?.feedTitles = titles.map { TextSanitizer.clean($0) }
        }
    }

    private func showHelp() {
        guard help == nil else { return }
        let help = modules.makeHelp(helpSections?() ?? [])
        help.onClose = { [weak self] in self?.router.dismiss() }
        router.present(help)
        self.help = help
    }

    // MARK: Global commands

    public var declaredCommands: [DeclaredCommand] {
        [
            DeclaredCommand(["/", "search"], argument: "WORDS", summary: "Search all articles") { words in
                if words.isEmpty {
                    self.post?([StyledLine("Type what to look for, e.g. /mars rover.", .muted)])
                } else {
                    self.startSearch(words, sort: .publishedAt)
                }
            },
            DeclaredCommand(
                ["c", "category"], argument: "NAME",
                summary: "Show a front page section's whole list (c alone lists them; c all for everything)",
                argumentCompletions: ["all"] + (feed?.sectionNames ?? []), aliases: ["categories"]
            ) { self.chooseSection(Self.unquoted($0)) },
            DeclaredCommand(["saved"], summary: "Show your saved articles") { self.showSaved() },
            DeclaredCommand(["feeds"], summary: "Show your feeds") {
                self.showFeeds(.subscriptions)
                self.reloadFeedTitles()
            },
            DeclaredCommand(
                ["feed"], argument: "NAME",
                summary: "Show the items of the feed with that title (or its start)",
                argumentCompletions: feedTitles
            ) { name in
                self.showFeeds(name.isEmpty ? .subscriptions : .feed(named: name))
                self.reloadFeedTitles()
            },
            DeclaredCommand(["?", "help"], summary: "Show the commands") { self.showHelp() },
            DeclaredCommand.back("") {
                self.post?([StyledLine("Already at the top: there is nothing to go back to.", .muted)])
            }.unlisted,
        ]
    }

    /// `c NAME`: a category's headlines, a tag's or the untagged feeds' items, or with `all`
    /// every headline (every feed item when feeds are the only source); alone, the names.
    private func chooseSection(_ name: String) {
        let hasCategories = feed?.sources?.categories ?? true
        if name.isEmpty {
            listSections(hasCategories: hasCategories)
        } else if ["all", "top", "everything"].contains(name.lowercased()) {
            if hasCategories {
                showCategory(nil)
            } else {
                showFeedList(.all, title: "All feeds")
            }
        } else if let section = feed?.section(named: name) {
            switch section.source {
            case .category(let category): showCategory(category)
            case .feeds(let scope): showFeedList(scope, title: section.title)
            }
        } else {
            var message = "There is no section “\(name)”."
            if let close = CommandSuggester.closest(to: name, among: feed?.sectionNames ?? []) {
                message += " Did you mean \(close)?"
            }
            post?([StyledLine(message + " Type c to list them.", .warning)])
        }
    }

    private func showCategory(_ category: NewsCategory?) {
        search?.finish()
        saved?.finish()
        feedsFlow?.finish()
        feed?.showCategory(category)
    }

    /// `Sections: business, …, Science Fiction, Feeds · c all for every headline`, the category
    /// shown in the strong role.
    private func listSections(hasCategories: Bool) {
        let current = feed?.category?.rawValue
        var line = StyledLine("Sections: ", .muted)
        for (index, name) in (feed?.sectionNames ?? []).enumerated() {
            if index > 0 { line.append(", ", .muted) }
            line.append(name, name == current ? .strong : .accent)
        }
        line.append(" · c all for every " + (hasCategories ? "headline" : "feed item"), .muted)
        post?([line])
    }

    /// A name typed in quotes, `"Science Fiction"` or `“Science Fiction”`, without them.
    static func unquoted(_ text: String) -> String {
        let pairs: [(Character, Character)] = [("\"", "\""), ("'", "'"), ("“", "”"), ("‘", "’")]
        guard text.count >= 2, let first = text.first, let last = text.last,
            pairs.contains(where: { $0 == (first, last) })
        else { return text }
        return String(text.dropFirst().dropLast()).trimmingSpaces()
    }
}
