import Coordinators
import Networking

/// Makes the app's screens and hands them back as protocol-typed modules, their loads started.
@MainActor
public protocol ModuleFactory {
    func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule
    func makeArticle(_ article: Article) -> any ArticleModule
    func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule
}

/// The app's screens over a ``NewsService``.
@MainActor
public struct NewsModuleFactory: ModuleFactory {
    public let service: any NewsService
    public let environment: ScreenEnvironment
    public let pageSize: Int
    /// The edition of the top headlines, e.g. `us`.
    public let country: String?

    public init(
        service: any NewsService, environment: ScreenEnvironment, pageSize: Int = 20, country: String? = nil
    ) {
        self.service = service
        self.environment = environment
        self.pageSize = pageSize
        self.country = country
    }

    public func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule {
        let viewModel = ArticleListViewModel(
            query: query, service: service, pageSize: pageSize, country: country)
        let screen = ArticleListScreen(viewModel: viewModel, environment: environment)
        screen.refresh()
        return screen
    }

    public func makeArticle(_ article: Article) -> any ArticleModule {
        ArticleScreen(article: article, environment: environment)
    }

    public func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule {
        HelpScreen(sections: sections)
    }
}
