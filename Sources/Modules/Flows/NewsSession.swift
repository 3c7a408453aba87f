import Coordinators
import Networking

/// The whole app on a terminal: the adaptive router, the factories, the app coordinator and the
/// shell, wired together. The executable and the transcript tests build sessions the same way.
@MainActor
public final class NewsSession {
    /// How a session looks and behaves.
    public struct Options: Sendable {
        public var layout: AdaptiveRouter.Policy
        public var pageSize: Int
        /// The edition of the top headlines, e.g. `us`.
        public var country: String?
        /// The language of search results, e.g. `en`.
        public var language: String?
        /// Opening a browser and the clipboard.
        public var actions: any SystemActions
        /// Drawn across the top of every screen, e.g. the sample edition's notice.
        public var banner: StyledLine?
        public var environment: ScreenEnvironment

        public init(
            layout: AdaptiveRouter.Policy = .automatic(splitFromColumns: 120),
            pageSize: Int = 20,
            country: String? = nil,
            language: String? = nil,
            actions: any SystemActions = NoSystemActions(),
            banner: StyledLine? = nil,
            environment: ScreenEnvironment = ScreenEnvironment()
        ) {
            self.layout = layout
            self.pageSize = pageSize
            self.country = country
            self.language = language
            self.actions = actions
            self.banner = banner
            self.environment = environment
        }
    }

    public let router: AdaptiveRouter
    public let app: AppCoordinator
    public let shell: Shell

    public init(service: any NewsService, terminal: any Terminal, options: Options = Options()) {
        let modules = NewsModuleFactory(
            service: service, environment: options.environment, pageSize: options.pageSize,
            country: options.country, language: options.language, actions: options.actions)
        router = AdaptiveRouter(
            policy: options.layout, columns: terminal.size.columns,
            placeholder: [StyledLine("Type an article’s number to read it here.", .muted)])
        app = AppCoordinator(
            router: router, factory: NewsCoordinatorFactory(modules: modules), modules: modules)
        shell = Shell(
            terminal: terminal, router: router, globals: app, promptName: "news", banner: options.banner)
        app.post = { [weak terminal] lines in terminal?.write(lines) }
        app.dispatch = { [weak shell] command in shell?.dispatch(command) }
        app.helpSections = { [weak shell] in
            (shell?.commandGroups ?? []).map { HelpScreen.Section(title: $0.title, commands: $0.commands) }
        }
    }

    /// Starts the app (at `link`, if given) and runs until the user quits or input ends.
    @discardableResult
    public func run(from link: DeepLink? = nil) async -> Shell.Ending {
        if let link { app.start(with: link) } else { app.start() }
        return await shell.run()
    }
}
