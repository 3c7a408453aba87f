import Coordinators

/// Makes the app's child coordinators.
@MainActor
public protocol CoordinatorFactory {
    func makeFeedCoordinator(router: any NavigationRoutable) -> FeedCoordinator
}

/// The live coordinator factory: every flow shares one ``ModuleFactory``.
@MainActor
public struct NewsCoordinatorFactory: CoordinatorFactory {
    public let modules: any ModuleFactory

    public init(modules: any ModuleFactory) {
        self.modules = modules
    }

    public func makeFeedCoordinator(router: any NavigationRoutable) -> FeedCoordinator {
        FeedCoordinator(router: router, modules: modules)
    }
}
