import Coordinators
import NewsModels

/// Makes the app's child coordinators.
@MainActor
public protocol CoordinatorFactory {
    func makeFeed(router: any NavigationRoutable) -> FeedCoordinator
    func makeSearch(router: any NavigationRoutable, words: String, sort: ArticleSortOrder)
        -> SearchCoordinator
    func makeSaved(router: any NavigationRoutable) -> SavedCoordinator
    /// The feeds flow, starting at `start`.
    func makeFeeds(router: any NavigationRoutable, start: FeedsCoordinator.Start) -> FeedsCoordinator
}

/// The live coordinator factory: every flow shares one ``ModuleFactory``.
@MainActor
public struct NewsCoordinatorFactory: CoordinatorFactory {
    public let modules: any ModuleFactory

    public init(modules: any ModuleFactory) {
        self.modules = modules
    }

    public func makeFeed(router: any NavigationRoutable) -> FeedCoordinator {
        FeedCoordinator(router: router, modules: modules)
    }

    public func makeSearch(router: any NavigationRoutable, words: String, sort: ArticleSortOrder)
        -> SearchCoordinator
    {
        SearchCoordinator(router: router, modules: modules, words: words, sort: sort)
    }

    public func makeSaved(router: any NavigationRoutable) -> SavedCoordinator {
        SavedCoordinator(router: router, modules: modules)
    }

    public func makeFeeds(router: any NavigationRoutable, start: FeedsCoordinator.Start) -> FeedsCoordinator {
        FeedsCoordinator(router: router, modules: modules, start: start)
    }
}
