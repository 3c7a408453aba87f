import ArgumentParser
import Console
import Logging
import Store

/// `newsapp refresh`: fetch every feed once and exit, like `newsboat -x reload`.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every feed once and store what is new, then exit.",
        discussion: """
            Feeds are fetched refresh_concurrency at a time (config file, default 48; at most \
            host_connections, default 2, from one server, the servers with the most feeds first; a \
            request still waiting after 0.5 s holds only its server's place), \
            each within refresh_timeout seconds (default 30), asking only for what \
            changed (ETag, Last-Modified). A feed that moved for good (301, 308) is updated in the \
            urls file, and that is said. A server's Retry-After is honoured. A failing feed never \
            stops the others: `newsapp feeds` shows why it failed, and the log has it too. On a \
            terminal one line shows the progress; piped, only the summary is printed. With --json: \
            {"feeds", "updated", "unchanged", "failed", "skipped", "newItems", "updatedItems", \
            "seconds", "results": [{"url", "title", "status", "new", "updated", "error", "movedTo", \
            "retryAfter"}]}. Exit status 0 when any feed answered, 1 when none did.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of the summary.")
    var json = false

    func validate() throws { try app.refuseOptions(notTakenBy: "refresh") }

    func run() async throws {
        guard let context = await FeedsContext.prepare(app.shared.commandLine) else { throw ExitCode(1) }
        let status = await RefreshRun(context: context, json: json).run()
        if let arenas = MallocTuning.arenaCount() {
            context.logger.info(
                "malloc arenas", metadata: ["arenas": "\(arenas)", "limit": "\(MallocTuning.arenaLimit)"])
        }
        try? context.store.close()
        if status != 0 { throw ExitCode(status) }
    }
}
