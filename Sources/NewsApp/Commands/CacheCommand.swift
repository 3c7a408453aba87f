import ArgumentParser
import Console

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp cache stats|clear|vacuum`: the local article store and the pictures kept beside it.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, clear or compact the articles and pictures kept on this machine.",
        discussion: """
            NewsApp keeps every page it fetches, your read marks and saved articles in \
            $XDG_CACHE_HOME/newsapp/news.sqlite (by default ~/.cache/newsapp/news.sqlite), the \
            sample edition's in a store of its own beside it, sample.sqlite, and article pictures \
            in $XDG_CACHE_HOME/newsapp/images/. Articles not fetched for retention_days (config \
            file, default 30) are removed at launch; saved articles never are.
            """,
        subcommands: [CacheStatsCommand.self, CacheClearCommand.self, CacheVacuumCommand.self],
        defaultSubcommand: CacheStatsCommand.self
    )
}

/// `newsapp cache stats`.
struct CacheStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Say where the stores are, how big they are and what they hold.",
        discussion: """
            Prints the store's path and size, how many articles, saved articles, read marks and \
            lists it holds, the oldest and newest article, the pictures kept, NewsAPI's requests \
            counted today (UTC) against newsapi_daily_limit, and the sample edition's store on one \
            line when there is one. With --json: {"path", "exists", "fileSize", "articles", \
            "saved", "read", "listings", "listingPages", "oldest", "newest", "images": {"path", \
            "files", "bytes"}, "sample": {the same for the sample edition's store}, \
            "requestsToday", "requestLimit"}, dates in ISO 8601.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        try app.refuseOptions(notTakenBy: "cache stats")
    }

    func run() async throws {
        let status = await CacheMaintenance(theme: app.shared.theme).stats(json: json)
        if status != 0 { throw ExitCode(status) }
    }
}

/// `newsapp cache clear`.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove stored articles, lists, read marks and pictures; saved articles stay.",
        discussion: """
            Clears the store and the sample edition's. Saved articles are kept unless \
            --include-saved is given. Says what was removed. The files keep their size until \
            `newsapp cache vacuum`.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Remove saved articles too.")
    var includeSaved = false

    func validate() throws {
        try app.refuseOptions(notTakenBy: "cache clear")
    }

    func run() async throws {
        let status = await CacheMaintenance(theme: app.shared.theme).clear(includingSaved: includeSaved)
        if status != 0 { throw ExitCode(status) }
    }
}

/// `newsapp cache vacuum`.
struct CacheVacuumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Compact the store files and say how big each was and is.",
        discussion: "Merges the full-text index, rebuilds the file and empties its write-ahead log."
    )

    @ParentCommand var app: NewsAppCommand

    func validate() throws {
        try app.refuseOptions(notTakenBy: "cache vacuum")
    }

    func run() async throws {
        let status = await CacheMaintenance(theme: app.shared.theme).vacuum()
        if status != 0 { throw ExitCode(status) }
    }
}
