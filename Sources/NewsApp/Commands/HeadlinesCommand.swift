import ArgumentParser

/// `newsapp headlines`: prints a page of top headlines and exits.
struct HeadlinesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headlines",
        abstract: "Print the top headlines and exit.",
        discussion: """
            Prints one page as a numbered list at the terminal's width (COLUMNS, else 80, when output \
            is not a terminal): each article's title, its source and age, and its address. With \
            --json it prints one JSON object instead: {"query", "page", "pageSize", "totalResults", \
            "articles"}, the articles in NewsAPI's format, and with NewsAPI "requestsToday" and \
            "requestLimit" (its requests counted today, UTC, and newsapi_daily_limit). A page \
            fetched less than refresh_interval minutes ago is printed from the store (see \
            newsapi_refresh). Errors go to standard error with exit status 1.
            """
    )

    @OptionGroup var shared: SharedOptions
    @OptionGroup var categoryOption: CategoryOption
    @ParentCommand var app: NewsAppCommand

    @Option(help: ArgumentHelp("The page to print, from 1.", valueName: "n"))
    var page = 1

    @Flag(help: "Print JSON instead of a list.")
    var json = false

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page takes a page number from 1.") }
        try app.refuseOptions(notTakenBy: "headlines")
    }

    func run() async throws {
        try await ListingPrinter.print(
            .headlines(categoryOption.category?.category), page: page, json: json,
            settings: shared.commandLine)
    }
}
