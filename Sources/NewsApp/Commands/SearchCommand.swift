import ArgumentParser
import Coordinators
import Foundation

/// `newsapp search WORDS`: the app at the results in a terminal; a printed page otherwise.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search all articles: open the results in the app, or print them.",
        discussion: """
            `newsapp search mars rover` is a deep link: when standard input and standard output are \
            both terminals and neither --json nor --print is given, the app starts at the results, \
            exactly as `newsapp --search "mars rover"` does (--page is then not used). Otherwise, in \
            a pipe or a script, or with --print or --json, it prints one page of results and exits, \
            as `newsapp headlines` does.

            WORDS follow NewsAPI's syntax: "an exact phrase", +must, -not, AND, OR, NOT. Quote them \
            for your shell.
            """
    )

    @OptionGroup var shared: SharedOptions

    @Argument(help: ArgumentHelp("What to look for.", valueName: "words"))
    var words: [String]

    @OptionGroup var sortOption: SortOption
    @ParentCommand var app: NewsAppCommand

    @Option(help: ArgumentHelp("The page to print, from 1.", valueName: "n"))
    var page = 1

    @Flag(help: "Print JSON instead of a list (implies --print).")
    var json = false

    @Flag(help: "Print the results and exit, even in a terminal.")
    var print = false

    /// The words as one query.
    var query: String {
        words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    func validate() throws {
        guard !query.isEmpty else {
            throw ValidationError("Say what to search for, e.g. newsapp search mars rover.")
        }
        guard page >= 1 else { throw ValidationError("--page takes a page number from 1.") }
        try app.refuseOptions(notTakenBy: "search")
    }

    func run() async throws {
        let interactive = TerminalProbe.isTerminal(STDIN_FILENO) && TerminalProbe.isTerminal(STDOUT_FILENO)
        if interactive && !json && !print {
            let link = DeepLink(["search"], parameters: ["q": query, "sort": sortOption.order.keyword])
            try await NewsAppCommand.runSession(app.commandLine, from: link)
        } else {
            try await ListingPrinter.print(
                .search(query, sortOption.order), page: page, json: json, settings: shared.commandLine)
        }
    }
}
