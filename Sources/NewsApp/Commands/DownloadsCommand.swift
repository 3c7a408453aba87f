import ArgumentParser
import Configuration
import Console
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp downloads …`: the podcast download queue.
struct DownloadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downloads",
        abstract: "List the podcast download queue, or download what is queued.",
        discussion: """
            `download [N]` on an article with an enclosure queues it (in the app the queue runs in the \\
            background). Files go to download_dir (config.toml), else $XDG_DOWNLOAD_DIR/podcasts, \\
            else ~/Downloads/podcasts, named after their item, never over an existing file. An \\
            interrupted download resumes where it stopped.
            """,
        subcommands: [DownloadsListCommand.self, DownloadsRunCommand.self],
        defaultSubcommand: DownloadsListCommand.self
    )
}

/// `newsapp downloads` / `newsapp downloads list`.
struct DownloadsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the download queue: each file's state, size and place.",
        discussion: """
            With --json: {"folder", "downloads": [{"url", "title", "feed", "state", "path", \\
            "received", "total", "error", "queued", "finished"}]}, dates in ISO 8601.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws { try app.refuseOptions(notTakenBy: "downloads") }

    func run() async throws {
        try await DownloadsRunner.run(app) { await $0.list(json: json) }
    }
}

/// `newsapp downloads run`.
struct DownloadsRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Download what is queued, one file at a time, with a progress bar on a terminal.",
        discussion: "Exits 0 when every file was downloaded, 1 when one failed (the reason is printed)."
    )

    @ParentCommand var app: NewsAppCommand

    func validate() throws { try app.refuseOptions(notTakenBy: "downloads") }

    func run() async throws {
        try await DownloadsRunner.run(app) { await $0.runQueue() }
    }
}

/// Runs a downloads command with the feeds context; throws the exit status when it is not 0.
enum DownloadsRunner {
    static func run(_ app: NewsAppCommand, _ body: (DownloadCommands) async -> Int32) async throws {
        guard let context = await FeedsContext.prepare(app.shared.commandLine) else { throw ExitCode(1) }
        guard let folder = DownloadFolder.path(settings: context.settings, environment: context.environment)
        else {
            FeedsContext.fail("There is no folder for downloads: set download_dir in config.toml, or HOME.")
            throw ExitCode(1)
        }
        let downloads = StoreDownloads(
            store: context.store, folder: folder, home: context.environment["HOME"],
            player: context.settings[\.player])
        let status = await body(DownloadCommands(context: context, downloads: downloads))
        try? context.store.close()
        if status != 0 { throw ExitCode(status) }
    }
}
