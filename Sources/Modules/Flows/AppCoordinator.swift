import Coordinators
import Networking

/// The root of the app's flows: it starts the feed, starts searches and the saved articles as
/// child flows (one of them at a time, above the feed), presents help, and answers the commands
/// that work on every screen.
///
/// Deep links: `category/<name>`, `headline/<n>` (and both), `search?q=<words>&sort=<order>`,
/// `saved`.
@MainActor
public final class AppCoordinator: BaseCoordinator, CommandResponder {
    private let router: any NavigationRoutable
    private let factory: any CoordinatorFactory
    private let modules: any ModuleFactory
    private weak var feed: FeedCoordinator?
    private weak var search: SearchCoordinator?
    private weak var saved: SavedCoordinator?
    private weak var help: (any HelpModule)?

    /// Prints one-off lines; set by the composition root.
    public var post: (@MainActor ([StyledLine]) -> Void)? {
        didSet { feed?.post = post }
    }
    /// The command groups help lists; set by the composition root (the shell knows them).
    public var helpSections: (@MainActor () -> [HelpScreen.Section])?
    /// Runs a command as if typed; set by the composition root, used when help closes.
    public var dispatch: (@MainActor (Command) -> Void)?

    public init(router: any NavigationRoutable, factory: any CoordinatorFactory, modules: any ModuleFactory) {
        self.router = router
        self.factory = factory
        self.modules = modules
    }

    public override func start() {
        startFeed(with: nil)
    }

    public override func start(with link: DeepLink) {
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
        default:
            startFeed(with: nil)
        }
    }

    private func startFeed(with link: DeepLink?) {
        let feed = factory.makeFeed(router: router)
        feed.post = post
        self.feed = feed
        startChild(feed, with: link)
    }

    private func startSearch(_ words: String, sort: ArticleSortOrder) {
        if let search {
            search.search(words)
            return
        }
        saved?.close()
        let search = factory.makeSearch(router: router, words: words, sort: sort)
        self.search = search
        startChild(search)
    }

    /// Shows the saved articles, ending a search flow first.
    private func showSaved() {
        if let saved {
            saved.reopen()
            return
        }
        search?.close()
        let saved = factory.makeSaved(router: router)
        self.saved = saved
        startChild(saved)
    }

    private func showHelp() {
        guard help == nil else { return }
        let help = modules.makeHelp(helpSections?() ?? [])
        help.onClose = { [weak self] pending in
            guard let self else { return }
            self.router.dismiss()
            if let pending { self.dispatch?(pending) }
        }
        router.present(help)
        self.help = help
    }

    // MARK: Global commands

    public var commands: [CommandDescriptor] {
        [
            CommandDescriptor(["/", "search"], argument: "WORDS", summary: "Search all articles"),
            CommandDescriptor(
                ["c", "category"], argument: "NAME",
                summary: "Show a category's headlines (c alone lists them; c all for every category)",
                argumentCompletions: ["all"] + NewsCategory.allCases.map(\.rawValue)),
            CommandDescriptor(["saved"], summary: "Show your saved articles"),
            CommandDescriptor(["?", "help"], summary: "Show the commands"),
        ]
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "/", "search":
            guard !command.argument.isEmpty else {
                post?([StyledLine("Type what to look for, e.g. /mars rover.", .muted)])
                return true
            }
            startSearch(command.argument, sort: .publishedAt)
        case "c", "category", "categories":
            chooseCategory(command.argument)
        case "saved":
            showSaved()
        case "?", "help":
            showHelp()
        case "b", "back":
            post?([StyledLine("Already at the top: there is nothing to go back to.", .muted)])
        default:
            return false
        }
        return true
    }

    private func chooseCategory(_ name: String) {
        if name.isEmpty {
            let current = feed?.category
            var line = StyledLine("Categories: ", .muted)
            for (index, category) in NewsCategory.allCases.enumerated() {
                if index > 0 { line.append(", ", .muted) }
                line.append(category.rawValue, category == current ? .strong : .accent)
            }
            line.append(" · c all for every category", .muted)
            post?([line])
        } else if ["all", "top", "everything"].contains(name.lowercased()) {
            search?.finish()
            saved?.finish()
            feed?.showCategory(nil)
        } else if let category = NewsCategory(matching: name) {
            search?.finish()
            saved?.finish()
            feed?.showCategory(category)
        } else {
            let names = NewsCategory.allCases.map(\.rawValue)
            var message = "There is no category “\(name)”."
            if let close = CommandSuggester.closest(to: name, among: names) {
                message += " Did you mean \(close)?"
            }
            post?([StyledLine(message + " Type c to list them.", .warning)])
        }
    }
}
