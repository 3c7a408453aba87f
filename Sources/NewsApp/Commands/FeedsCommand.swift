import ArgumentParser
import Foundation

/// `newsapp feeds …`: the subscriptions, in `$XDG_CONFIG_HOME/newsapp/urls` (newsboat's format).
struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "List, add, remove, import, export and show your feeds (RSS, Atom, RSS 1.0, JSON Feed).",
        discussion: """
            Subscriptions live in $XDG_CONFIG_HOME/newsapp/urls (by default ~/.config/newsapp/urls), \
            in newsboat's urls format: one address a line, then optional tags ("quoted" when they hold \
            spaces), "~Title" to rename a feed, # for comments; copy newsboat's file over to bring your \
            feeds. Lines NewsApp does not read (query:, exec:, filter:) are listed as skipped. A feed is \
            named by its address or by its number in `newsapp feeds`. `newsapp refresh` fetches them.
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

/// `newsapp feeds add URL [--tag T]… [--title NAME]`.
struct FeedsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Subscribe to a feed, after fetching it once to check it and to name it.",
        discussion: """
            The address of a web page works too: NewsApp follows the feed the page announces with \
            <link rel="alternate">. The items fetched are stored at once.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(help: ArgumentHelp("The feed's address (or a page announcing it).", valueName: "url"))
    var url: String

    /// `--tag T`, repeated for more tags: parsed with the app's own `--tag` (one option group).
    @OptionGroup var tagOption: TagOption

    @Option(help: ArgumentHelp("Show the feed under this name instead of its own.", valueName: "name"))
    var title: String?

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds add") }

    func run() async throws {
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

    @Argument(help: ArgumentHelp("The feed's address or its number in `newsapp feeds`.", valueName: "url|n"))
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
        abstract: "Add the feeds of an OPML file (1.0 or 2.0) or a newsboat urls file.",
        discussion: """
            The kind of file is detected. OPML folders become tags. Feeds already subscribed to are \
            left as they are. Nothing is fetched: `newsapp refresh` does that.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"), completion: .file())
    var file: String

    func validate() throws { try app.refuseOptions(notTakenBy: "feeds") }

    func run() async throws {
        try await FeedsCommandRunner.run(app) { await $0.importFile(file) }
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

    @Argument(help: ArgumentHelp("The feed's address or its number in `newsapp feeds`.", valueName: "url|n"))
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
