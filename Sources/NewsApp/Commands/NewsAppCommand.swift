import ArgumentParser
import Coordinators
import Networking

/// `newsapp`: the terminal news reader.
@main
struct NewsAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsapp",
        abstract: "A calm, fast news reader for the terminal.",
        discussion: """
            With NEWSAPI_KEY set, NewsApp reads live news from NewsAPI (or from the compatible server \
            named by NEWSAPI_BASE_URL). Without a key it opens the bundled sample edition.
            """,
        version: NewsAppVersion.current
    )

    @Flag(help: "Read the bundled sample edition even when NEWSAPI_KEY is set.")
    var sample = false

    @Option(help: "Screen layout: auto (split on wide terminals), stack, or split (whenever two panes fit).")
    var layout: LayoutChoice = .auto

    @Option(help: "The narrowest terminal, in columns, that the auto layout splits.")
    var splitMinColumns = 120

    @Option(help: "Articles per page (1–100).")
    var pageSize = 20

    @Option(help: ArgumentHelp("Start in a category.", valueName: "name"))
    var category: String?

    @Option(help: ArgumentHelp("Open the n-th headline directly.", valueName: "n"))
    var open: Int?

    @Option(help: ArgumentHelp("Start with a search.", valueName: "words"))
    var search: String?

    @Option(help: "Search order: relevancy, popularity or newest.")
    var sort: String = "newest"

    /// Where the session starts.
    var deepLink: DeepLink? {
        if let search {
            return DeepLink(["search"], parameters: ["q": search, "sort": sort])
        }
        var path: [String] = []
        if let category { path += ["category", category] }
        if let open { path += ["headline", String(open)] }
        return path.isEmpty ? nil : DeepLink(path)
    }

    func validate() throws {
        guard (1...100).contains(pageSize) else {
            throw ValidationError("--page-size must be between 1 and 100.")
        }
        guard splitMinColumns >= 40 else {
            throw ValidationError("--split-min-columns must be at least 40.")
        }
        if let category, NewsCategory(matching: category) == nil {
            let names = NewsCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--category must be one of \(names).")
        }
        if let open, open < 1 {
            throw ValidationError("--open takes a headline number from 1.")
        }
        if ArticleSortOrder(keyword: sort) == nil {
            throw ValidationError("--sort must be relevancy, popularity or newest.")
        }
    }

    func run() async throws {
        let status = await AppLauncher.run(self)
        if status != 0 { throw ExitCode(status) }
    }
}

/// The `--layout` values.
enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, stack, split
}
