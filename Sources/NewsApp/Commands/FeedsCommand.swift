import Account
import ArgumentParser
import Console
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp feeds …`: the subscriptions, in `$XDG_CONFIG_HOME/newsapp/urls` (newsboat's format).
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "List, add, remove, import, export and show your feeds (RSS, Atom, RSS 1.0, JSON Feed).",
        discussion: """
            Subscriptions live in $XDG_CONFIG_HOME/newsapp/urls (by default ~/.config/newsapp/urls), \
            in newsboat's urls format: one address a line, then optional tags ("quoted" when they hold \
            spaces), "~Title" to rename a feed, # for comments; copy newsboat's file over to bring your \
            feeds, with its query:, exec: and filter: feeds. Lines NewsApp does not read are listed as \
            skipped. A feed is named by its address, its number in `newsapp feeds`, or a query feed's \
            name. `newsapp refresh` fetches them.
            """,
        subcommands: [
            FeedsListCommand.self, FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsImportCommand.self,
            FeedsExportCommand.self, FeedsShowCommand.self,
        ],
        defaultSubcommand: FeedsListCommand.self
    )
}

/// Runs a feed command with the feeds context; throws the exit status when it is not 0.
enum FeedsCommandRunner {
    static func run(
        _ app: NewsAppCommand, _ body: (FeedCommands) async -> Int32
    ) async throws {
        guard let context = await FeedsContext.prepare(app.shared.commandLine) else { throw ExitCode(1) }
        let status = await body(FeedCommands(context: context))
        try? context.store.close()
        if status != 0 { throw ExitCode(status) }
    }
}

/// `newsapp feeds` / `newsapp feeds list`.
struct FeedsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your feeds: title, address, tags, items, unread items, last refresh and last error.",
        discussion: """
            With --json: {"file", "feeds": [{"number", "url", "title", "tags", "items", "unread", \
            "lastRefresh", "lastSuccess", "lastError", "lastWarning", "retryAfter"}], "skipped": [{"line", "text", \
            "reason"}]}, dates in ISO 8601.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds") }

    func run() async throws {
        try await FeedsCommandRunner.run(app) { await $0.list(json: json) }
    }
}

/// `newsapp feeds add URL [--tag T]… [--title NAME]`, `newsapp feeds add --query NAME EXPRESSION`.
struct FeedsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract:
            "Subscribe to a feed, after fetching it once to check it and to name it; or add a query feed.",
        discussion: """
            The address of a web page works too: NewsApp follows the feed the page announces with \
            <link rel="alternate">. The items fetched are stored at once.

            With --query NAME, the argument is a filter expression (newsboat's filter language, see \
            docs/filters.md) and a query feed is added: the stored items of every feed it chooses, \
            e.g. newsapp feeds add --query "Unread Linux" 'unread = "yes" and tags # "linux"'.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(
        help: ArgumentHelp(
            "The feed's address (or a page announcing it); with --query, the filter expression.",
            valueName: "url"))
    var url: String

    @Option(
        help: ArgumentHelp(
            "Add a query feed of this name, choosing the items the expression matches.", valueName: "name"))
    var query: String?

    /// `--tag T`, repeated for more tags: parsed with the app's own `--tag` (one option group).
    @OptionGroup var tagOption: TagOption

    @Option(help: ArgumentHelp("Show the feed under this name instead of its own.", valueName: "name"))
    var title: String?

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds add") }

    func run() async throws {
        if let query {
            try await FeedsCommandRunner.run(app) {
                await $0.addQuery(name: query, expression: url, tags: app.tagOption.tags)
            }
            return
        }
        try await FeedsCommandRunner.run(app) { await $0.add(url, tags: app.tagOption.tags, title: title) }
    }
}

/// `newsapp feeds remove URL|N`.
struct FeedsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract:
            "Unsubscribe from a feed: its line leaves the urls file and its items the store (saved ones stay)."
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(
        help: ArgumentHelp(
            "The feed's address, its number in `newsapp feeds`, or a query feed's name.", valueName: "url|n"))
    var feed: String

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds") }

    func run() async throws {
        try await FeedsCommandRunner.run(app) { await $0.remove(FeedSelector(text: feed)) }
    }
}

/// `newsapp feeds import FILE`.
struct FeedsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Add the feeds of an OPML file or a newsboat urls file, or carry a newsboat config file over.",
        discussion: """
            The kind of file is detected. OPML folders become tags. Feeds already subscribed to are \
            left as they are. Nothing is fetched: `newsapp refresh` does that. A urls file's exec: and \
            filter: feeds run commands: they are added only with --allow-commands, or when you answer \
            y in a terminal. A newsboat config file's ignore-article, ignore-mode, reload-time, \
            max-items, browser, download-path and player lines go into config.toml; the lines it does \
            not read are listed.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"), completion: .file())
    var file: String

    @Flag(help: "Add the feeds that run commands (exec:, filter:) without asking.")
    var allowCommands = false

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds") }

    func run() async throws {
        try await FeedsCommandRunner.run(app) { await $0.importFile(file, allowCommands: allowCommands) }
    }
}

/// `newsapp feeds export`.
struct FeedsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print your feeds as OPML 2.0 (tags as folders); importing it gives the same feeds."
    )

    @ParentCommand var app: NewsAppCommand

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds") }

    func run() async throws {
        try await FeedsCommandRunner.run(app) { commands in commands.export() }
    }
}

/// `newsapp feeds show URL|N [--json]`.
struct FeedsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a feed's stored items, newest first.",
        discussion: """
            With --json: {"url", "title", "items": [{"id", "title", "link", "author", "published", \
            "updated", "summary", "content", "links", "enclosures": [{"url", "type", "length"}], \
            "image", "read"}]}, dates in ISO 8601, text as plain text (links numbered [1], [2], … as in \
            "links"); a date the feed does not give is null.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(
        help: ArgumentHelp(
            "The feed's address, its number in `newsapp feeds`, or a query feed's name.", valueName: "url|n"))
    var feed: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Only the items not read yet.")
    var unread = false

    @Option(help: ArgumentHelp("At most this many items.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit takes a number of items from 1.") }
        try app.refuseOptions(notTakenBy: "feeds")
    }

    func run() async throws {
        try await FeedsCommandRunner.run(app) {
            await $0.show(FeedSelector(text: feed), json: json, unreadOnly: unread, limit: limit)
        }
    }
}
