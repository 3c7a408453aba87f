import ArgumentParser
import Console
import Coordinators
import FilterLanguage
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

            --filter EXPRESSION chooses among the stored feed items with newsboat's filter language \
            (docs/filters.md), e.g. --filter 'unread = "yes" and title =~ "rust"'; with WORDS, it \
            narrows the page of results instead.
            """
    )

    @OptionGroup var shared: SharedOptions

    @Argument(help: ArgumentHelp("What to look for.", valueName: "words"))
    var words: [String] = []

    @Option(
        help: ArgumentHelp(
            "Feed items a filter expression chooses (newsboat's language).", valueName: "expression"))
    var filter: String?

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
        words.joined(separator: " ").trimmingSpaces()
    }

    func validate() throws {
        guard !query.isEmpty || filter != nil else {
            throw ValidationError("Say what to search for, e.g. newsapp search mars rover.")
        }
        if let filter {
            do {
                _ = try FilterParser.parse(filter)
            } catch {
                throw ValidationError(error.sentence)
            }
        }
        guard page >= 1 else { throw ValidationError("--page takes a page number from 1.") }
        try app.refuseOptions(notTakenBy: "search")
    }

    func run() async throws {
        let interactive = TerminalProbe.isTerminal(STDIN_FILENO) && TerminalProbe.isTerminal(STDOUT_FILENO)
        if let filter, query.isEmpty {
            if interactive && !json && !print {
                try await NewsAppCommand.runSession(
                    app.commandLine, from: DeepLink(["filter"], parameters: ["expression": filter]))
            } else {
                try await ListingPrinter.print(
                    .filter(filter), page: page, json: json, settings: shared.commandLine)
            }
            return
        }
        if interactive && !json && !print && filter == nil {
            let link = DeepLink(["search"], parameters: ["q": query, "sort": sortOption.order.keyword])
            try await NewsAppCommand.runSession(app.commandLine, from: link)
        } else {
            try await ListingPrinter.print(
                .search(query, sortOption.order, narrowedBy: filter), page: page, json: json,
                settings: shared.commandLine)
        }
    }
}
