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

    func validate() throws {
        guard (1...100).contains(pageSize) else {
            throw ValidationError("--page-size must be between 1 and 100.")
        }
        guard splitMinColumns >= 40 else {
            throw ValidationError("--split-min-columns must be at least 40.")
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
