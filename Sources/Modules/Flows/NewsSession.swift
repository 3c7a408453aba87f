import Coordinators
import NewsModels
import TerminalText

/// The whole app on a terminal: the adaptive router, the factories, the app coordinator and the
/// shell, wired together. The executable and the transcript tests build sessions the same way.
@MainActor
public final class NewsSession {
    /// How a session looks and behaves around its screens, which ``AppEnvironment`` serves.
    public struct Options: Sendable {
        public var layout: AdaptiveRouter.Policy
        /// Drawn across the top of every screen, e.g. the sample edition's notice.
        public var banner: StyledLine?
        /// At the start, the feeds not refreshed for this long are refreshed in the background;
        /// nil: none is (pipes, `--offline`).
        public var refreshFeedsOlderThan: Duration?

        public init(
            layout: AdaptiveRouter.Policy = .automatic(splitFromColumns: 120),
            banner: StyledLine? = nil,
            refreshFeedsOlderThan: Duration? = nil
        ) {
            self.layout = layout
            self.banner = banner
            self.refreshFeedsOlderThan = refreshFeedsOlderThan
        }
    }

    public let router: AdaptiveRouter
    public let app: AppCoordinator
    public let shell: Shell
    /// Refreshes the feeds in the shell's background work (`r` on the feed screens, and at the start).
    public let feedRefresh: FeedRefreshCenter
    /// Runs the download queue in the shell's background work once a file is queued.
    public let downloadCenter: DownloadCenter
    private let refreshFeedsOlderThan: Duration?

    public init(environment: AppEnvironment, terminal: any Terminal, options: Options = Options()) {
        let router = AdaptiveRouter(
            policy: options.layout, columns: terminal.size.columns,
            placeholder: [StyledLine("Type an article’s number to read it here.", .muted)])
        let banner = options.banner
        let paneSize: @MainActor (Pane) -> TerminalSize = { [weak router, weak terminal] pane in
            guard let router, let terminal else { return TerminalSize(columns: 80, rows: 24) }
            let size = terminal.size
            let rows = size.rows - (banner?.wrapped(toWidth: size.columns).count ?? 0)
            guard router.layout == .split else { return TerminalSize(columns: size.columns, rows: rows) }
            let widths = PaneWidths(total: size.columns)
            return TerminalSize(columns: pane == .primary ? widths.left : widths.right, rows: rows)
        }
        let modules = NewsModuleFactory(environment: environment, paneSize: paneSize)
        self.router = router
        app = AppCoordinator(
            router: router, factory: NewsCoordinatorFactory(modules: modules), modules: modules,
            feeds: environment.feeds)
        shell = Shell(
            terminal: terminal, router: router, globals: app, promptName: "news", banner: options.banner)
        let shell = shell
        feedRefresh = FeedRefreshCenter(library: environment.feeds, activity: shell.background) {
            [weak shell] line in
            shell?.showStatus(line)
        }
        let center = DownloadCenter(downloads: environment.downloads, activity: shell.background) {
            [weak shell] line in
            shell?.showStatus(line)
        }
        downloadCenter = center
        modules.downloadTrigger.action = { [weak center] in center?.start() }
        refreshFeedsOlderThan = options.refreshFeedsOlderThan
        app.onRefreshFeeds = { [weak feedRefresh] in feedRefresh?.start() }
        feedRefresh.observe(app) { [weak app] in app?.feedsDidRefresh() }
        app.post = { [weak terminal] lines in terminal?.write(lines) }
        app.helpSections = { [weak shell] in
            (shell?.commandGroups ?? []).map { HelpScreen.Section(title: $0.title, commands: $0.commands) }
        }
    }

    /// Starts the app (at `link`, if given) and runs until the user quits or input ends.
    @discardableResult
    public func run(from link: DeepLink? = nil) async -> Shell.Ending {
        if let link { app.start(with: link) } else { app.start() }
        if let interval = refreshFeedsOlderThan { feedRefresh.start(olderThan: interval) }
        return await shell.run()
    }
}
