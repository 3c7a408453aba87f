import ArgumentParser
import Configuration
import Console
import Coordinators
import Networking
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

/// `newsapp`: the terminal news reader.
@main
struct NewsAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsapp",
        abstract: "A calm, fast news reader for the terminal.",
        usage: """
            newsapp [<options>]
            newsapp headlines [<options>]
            newsapp search <words> ... [<options>]
            newsapp feeds [list|add|remove|import|export|show] …
            newsapp refresh [--json]
            newsapp sync [login|logout|status] …
            newsapp cache stats|clear|vacuum
            newsapp extract [--url <url>] [--json] [--no-links] [<file>]
            newsapp read <url> [--json] [--no-links]
            """,
        discussion: """
            With a NewsAPI key (NEWSAPI_KEY, or key_file in the config file) NewsApp reads live news \
            from NewsAPI, or from the compatible server named by NEWSAPI_BASE_URL. Your feeds (RSS, \
            Atom, RSS 1.0, JSON Feed; see `newsapp feeds`) come beside it, or without a key they are \
            the edition. With neither it opens the bundled sample edition.

            `newsapp` alone starts the app; `newsapp headlines` and `newsapp search` print and exit \
            (in a terminal, `newsapp search WORDS` starts the app at the results).

            Reader mode: on an article, `full` fetches its web page and shows its whole text in \
            place of a cut-off one (full_text below says when that happens as an article opens), \
            `o N` opens its link N, and `pager` shows the article in $PAGER (less -R by default). \
            `newsapp read URL` and `newsapp extract` print a page's article.

            Each setting comes from the command line, else the environment, else the config file \
            $XDG_CONFIG_HOME/newsapp/config.toml (by default ~/.config/newsapp/config.toml), else \
            its default. The config file is TOML and every key is optional:

            \(ConfigurationKeys.helpExample())

            The killfile ([[ignore_article]] rules) and per-feed settings ([[feed]] rules) are tables; \
            see docs/newsboat.md. NEWSAPI_KEY wins over key_file. NO_COLOR turns colours off; TERM=dumb and output that is \
            not a terminal get plain text.

            Every page fetched is kept in $XDG_CACHE_HOME/newsapp/news.sqlite (by default \
            ~/.cache/newsapp/news.sqlite) with your read marks and saved articles: when the network \
            fails the stored copy is shown, --offline reads only from it, and `newsapp cache` shows, \
            clears or compacts it.
            """,
        version: NewsAppVersion.current,
        subcommands: [
            HeadlinesCommand.self, SearchCommand.self, FeedsCommand.self, RefreshCommand.self,
            SyncCommand.self, DownloadsCommand.self, CacheCommand.self, ExtractCommand.self, ReadCommand.self,
        ]
    )

    @OptionGroup var shared: SharedOptions

    @Option(
        help: "Screen layout (default: auto): auto splits on wide terminals, split whenever two panes fit.")
    var layout: LayoutChoice?

    @Option(
        help: ArgumentHelp(
            "The narrowest terminal, in columns, that the auto layout splits (default: 120).", valueName: "n")
    )
    var splitMinColumns: Int?

    @OptionGroup var categoryOption: CategoryOption

    @Option(help: ArgumentHelp("Open the n-th headline directly.", valueName: "n"))
    var open: Int?

    @Option(help: ArgumentHelp("Start with a search.", valueName: "words"))
    var search: String?

    @Option(
        help: ArgumentHelp(
            "Start at a feed's items: its title (or the start of it) or its address.", valueName: "name"))
    var feed: String?

    /// `--tag`: start at the items of the feeds with this tag (one; `feeds add` takes several).
    @OptionGroup var tagOption: TagOption

    var tag: String? { tagOption.tags.first }

    @OptionGroup var sortOption: SortOption

    /// Where the session starts.
    var deepLink: DeepLink? {
        if let feed { return DeepLink(["feed"], parameters: ["name": feed]) }
        if let tag { return DeepLink(["tag"], parameters: ["name": tag]) }
        if let search {
            return DeepLink(["search"], parameters: ["q": search, "sort": sortOption.order.keyword])
        }
        var path: [String] = []
        if let category = categoryOption.category { path += ["category", category.category.rawValue] }
        if let open { path += ["headline", String(open)] }
        return path.isEmpty ? nil : DeepLink(path)
    }

    /// The options that override the config file.
    var commandLine: CommandLineSettings {
        var settings = shared.commandLine
        settings.keys[\.layout] = layout
        settings.keys[\.splitMinColumns] = splitMinColumns
        return settings
    }

    /// Refuses options given with a subcommand that it does not take. `newsapp` parses options
    /// wherever they stand, so `newsapp headlines --open 2` would otherwise drop `--open` silently.
    func refuseOptions(notTakenBy command: String) throws {
        var given = [("--open", open != nil), ("--search", search != nil), ("--feed", feed != nil)]
        if command != "feeds add" { given.append(("--tag", tag != nil)) }
        switch command {
        case "headlines":
            given += [
                ("--layout", layout != nil), ("--split-min-columns", splitMinColumns != nil),
                ("--sort", sortOption.sort != nil),
            ]
        case "search":
            given += [("--category", categoryOption.category != nil)]
        default:
            // `cache …`, `feeds …` and `refresh` read no news: only --theme, for their own output,
            // and --log-level mean anything.
            given += [
                ("--layout", layout != nil), ("--split-min-columns", splitMinColumns != nil),
                ("--sort", sortOption.sort != nil), ("--category", categoryOption.category != nil),
                ("--sample", shared.sample), ("--country", shared.country != nil),
                ("--language", shared.language != nil), ("--page-size", shared.pageSize != nil),
                ("--offline", shared.offline), ("--images", shared.images != nil),
            ]
        }
        if let (name, _) = given.first(where: \.1) {
            throw ValidationError("`newsapp \(command)` does not take \(name).")
        }
    }

    func validate() throws {
        if let splitMinColumns, splitMinColumns < ConfigurationKeys.splitMinColumns.range.lowerBound {
            throw ValidationError(
                "--split-min-columns must be at least \(ConfigurationKeys.splitMinColumns.range.lowerBound).")
        }
        if let open, open < 1 {
            throw ValidationError("--open takes a headline number from 1.")
        }
        if let search, search.trimmingSpaces().isEmpty {
            throw ValidationError("--search needs words to look for.")
        }
        let starts = [search != nil, feed != nil, tag != nil, categoryOption.category != nil || open != nil]
        if starts.filter({ $0 }).count > 1 {
            throw ValidationError(
                "Give one place to start: --search, --feed, --tag, or --category and --open.")
        }
        if let feed, feed.trimmingSpaces().isEmpty {
            throw ValidationError("--feed needs a feed's title or address.")
        }
        if let tag, tag.trimmingSpaces().isEmpty {
            throw ValidationError("--tag needs a tag.")
        }

    }

    func run() async throws {
        // Checked here, not in validate(): `feeds add` takes several --tag, parsed by this command.
        if tagOption.tags.count > 1 {
            throw ValidationError("The app starts at one tag: give --tag once.")
        }
        try await Self.runSession(commandLine, from: deepLink)
    }

    /// Runs the interactive app with `commandLine`'s settings, from `link` when given.
    static func runSession(_ commandLine: CommandLineSettings, from link: DeepLink?) async throws {
        guard let context = await AppLauncher.prepare(commandLine) else { throw ExitCode(2) }
        let status = await AppLauncher.runSession(context, from: link)
        if status != 0 { throw ExitCode(status) }
    }

    /// ArgumentParser's `main`, except that a usage error exits with status 2, as Unix tools do,
    /// rather than 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if command is RefreshCommand { MallocTuning.tuneForRefresh() }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error))
                terminate(2)
            }
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success, message.hasPrefix("OVERVIEW: \(configuration.abstract)") {
                // The app's own help also says which sources a run would use now.
                let sources = SourcesSummary.current(environment: ProcessInfo.processInfo.environment)
                StandardOutput.write(message + "\n\nSOURCES:\n  " + sources.sentence + "\n")
                terminate(0)
            }
            exit(withError: error)
        }
    }
}

/// libc's `exit`, which a command's own `exit(withError:)` hides inside it.
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
