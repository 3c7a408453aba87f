import Coordinators
import Networking

/// Makes the app's screens and hands them back as protocol-typed modules, their loads started.
@MainActor
public protocol ModuleFactory {
    func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule
    func makeArticle(_ article: Article) -> any ArticleModule
    func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule
    func makeSortPicker(words: String, current: ArticleSortOrder) -> any SortPickerModule
}

/// The app's screens over a ``NewsService``.
@MainActor
public struct NewsModuleFactory: ModuleFactory {
    public let service: any NewsService
    public let environment: ScreenEnvironment
    public let pageSize: Int
    /// The edition of the top headlines, e.g. `us`.
    public let country: String?
    /// The language of search results, e.g. `en`; nil for all.
    public let language: String?
    public let actions: any SystemActions

    public init(
        service: any NewsService,
        environment: ScreenEnvironment,
        pageSize: Int = 20,
        country: String? = nil,
        language: String? = nil,
        actions: any SystemActions = NoSystemActions()
    ) {
        self.service = service
        self.environment = environment
        self.pageSize = pageSize
        self.country = country
        self.language = language
        self.actions = actions
    }

    public func makeArticleList(_ query: ArticleQuery) -> any ArticleListModule {
        let viewModel = ArticleListViewModel(
            query: query, service: service, pageSize: pageSize, country: country, language: language)
        let screen = ArticleListScreen(viewModel: viewModel, environment: environment)
        screen.refresh()
        return screen
    }

    public func makeArticle(_ article: Article) -> any ArticleModule {
        ArticleScreen(article: article, environment: environment, actions: actions)
    }

    public func makeHelp(_ sections: [HelpScreen.Section]) -> any HelpModule {
        HelpScreen(sections: sections)
    }

    public func makeSortPicker(words: String, current: ArticleSortOrder) -> any SortPickerModule {
        SortPickerScreen(words: words, current: current)
    }
}
