import Coordinators

/// The root of the app's flows. It starts the feed and answers the commands that work on every
/// screen.
@MainActor
public final class AppCoordinator: BaseCoordinator, CommandResponder {
    private let router: any NavigationRoutable
    private let factory: any CoordinatorFactory
    /// Prints one-off lines; set by the composition root.
    public var post: (@MainActor ([StyledLine]) -> Void)?

    public init(router: any NavigationRoutable, factory: any CoordinatorFactory) {
        self.router = router
        self.factory = factory
    }

    public override func start() {
        startChild(factory.makeFeedCoordinator(router: router))
    }

    // MARK: Global commands

    public var commands: [CommandDescriptor] {
        [CommandDescriptor(["b", "back"], summary: "Go back")]
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "b", "back":
            post?([StyledLine("Already at the top: there is nothing to go back to.", .muted)])
            return true
        default:
            return false
        }
    }
}
