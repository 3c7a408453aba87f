import ArgumentParser
import Console
import NewsModels
import Store
import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp sync …`: sync with a feed service over the Google Reader API.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync feeds, items and read and starred marks with a feed service (FreshRSS, Miniflux, …).",
        discussion: """
            Any service that speaks the Google Reader API: FreshRSS (https://HOST/api/greader.php), \
            Miniflux (https://HOST, with its Google Reader integration on), Inoreader \
            (https://www.inoreader.com), The Old Reader (https://theoldreader.com), BazQux \
            (https://bazqux.com); Tiny Tiny RSS over its own API (--service ttrss, \
            https://HOST/tt-rss/); and Miniflux over its own API (--service miniflux, https://HOST, \
            with --token for an API key); and Nextcloud News over its API v1.3 (--service nextcloud, \
            https://HOST or https://HOST/nextcloud). Sign in once with `newsapp sync login`; then `newsapp sync`, `r` \
            in the app and the launch refresh (when the last sync is older than refresh_interval) \
            send what you read and starred here and bring what is new there. Read marks and saves \
            made here wait in the store until the service has them, offline too; a change made \
            here and not yet sent wins over the service's, otherwise the service's state wins. \
            With sync on, `newsapp feeds add` and `feeds remove` subscribe and unsubscribe at the \
            service, and `save` stars. See docs/sync.md.
            """,
        subcommands: [
            SyncNowCommand.self, SyncLoginCommand.self, SyncLogoutCommand.self, SyncStatusCommand.self,
        ],
        defaultSubcommand: SyncNowCommand.self
    )
}

/// Runs a sync command with the feeds context; throws the exit status when it is not 0.
enum SyncCommandRunner {
    static func run(_ app: NewsAppCommand, _ body: (SyncCommands) async -> Int32) async throws {
        guard let context = await FeedsContext.prepare(app.shared.commandLine) else { throw ExitCode(1) }
        let status = await body(SyncCommands(context: context))
        try? context.store.close()
        if status != 0 { throw ExitCode(status) }
    }
}

/// `newsapp sync` / `newsapp sync now`.
struct SyncNowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Send the changes made here, then bring what is new at the service.",
        discussion: """
            On a terminal one line shows the progress; piped, only the summary is printed. With \
            --json: {"service", "sent", "alreadyThere", "waiting", "feeds", "feedsAdded", \
            "feedsRemoved", "newItems", "updatedItems", "marksChanged", "skippedItems", "keptSaved", "seconds", \
            "error"}. Exit status 0 when the sync ran to its end, 1 when it stopped (the reason on \
            standard error; what was not sent waits for the next sync).
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of the summary.")
    var json = false

    func validate() throws { try app.refuseOptions(notTakenBy: "sync") }

    func run() async throws {
        MallocTuning.keepLargeBlocksMapped()
        try await SyncCommandRunner.run(app) { await $0.sync(json: json) }
    }
}

/// `newsapp sync login URL --user NAME [--password-file FILE] [--allow-http] [--service KIND] [--token]`.
struct SyncLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract:
            "Sign in to a service and keep its login token (the password for Tiny Tiny RSS and Nextcloud News).",
        discussion: """
            --service names the protocol: \(SyncServiceKind.allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ")). \
            Without it, each is tried at the address in turn and the first that answers is used. \
            The API password is asked for without echo, or read from --password-file, or from \
            standard input when it is piped. The token is kept in $XDG_STATE_HOME/newsapp/sync-account \
            (readable by you only) and travels only in the Authorization header. https is required, \
            except to this machine (127.0.0.1, localhost) or with --allow-http.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(
        help: ArgumentHelp(
            "The service's address: \(SyncServiceKind.addressForms(nil)).", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("Your user name at the service.", valueName: "name"))
    var user: String

    @Option(
        help: ArgumentHelp("Read the API password from the first line of this file.", valueName: "file"),
        completion: .file())
    var passwordFile: String?

    @Flag(help: "Accept plain http to another host than this machine (the token then travels unencrypted).")
    var allowHttp = false

    @Option(
        help: ArgumentHelp(
            "The service's protocol: greader (the Google Reader API), ttrss (Tiny Tiny RSS, its address or api/) "
                + "or miniflux (Miniflux's own API, its address) or nextcloud (Nextcloud News, the server's "
                + "address); found by trying each when left out.",
            valueName: "kind"))
    var service: SyncServiceKind?

    @Flag(
        help: ArgumentHelp(
            "Miniflux: what is asked for (or read from --password-file) is an API key (Settings › API Keys), "
                + "not the password."))
    var token = false

    func validate() throws {
        if user.trimmingSpaces().isEmpty { throw ValidationError("--user needs a name.") }
        if token, service != .miniflux { throw ValidationError("--token is for --service miniflux.") }
        try app.refuseOptions(notTakenBy: "sync")
    }

    func run() async throws {
        try await SyncCommandRunner.run(app) {
            await $0.login(
                url, user: user, passwordFile: passwordFile, allowHTTP: allowHttp, service: service,
                apiKey: token)
        }
    }
}

/// `newsapp sync logout [--discard-changes]`.
struct SyncLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the login token and the service's feeds on this machine (saved items stay).",
        discussion: """
            Refused while changes made here have not reached the service, unless --discard-changes.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Sign out even though changes made here were not sent; they are dropped.")
    var discardChanges = false

    func validate() throws { try app.refuseOptions(notTakenBy: "sync") }

    func run() async throws {
        try await SyncCommandRunner.run(app) { await $0.logout(discardingChanges: discardChanges) }
    }
}

/// `newsapp sync status [--json]`.
struct SyncStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "The service, the user, the last sync, the changes waiting and the last error.",
        discussion: """
            With --json: {"signedIn", "server", "user", "accountFile", "feeds", "waiting", "lastSync", \
            "lastAttempt", "lastError"}, dates in ISO 8601.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws { try app.refuseOptions(notTakenBy: "sync") }

    func run() async throws {
        try await SyncCommandRunner.run(app) { await $0.status(json: json) }
    }
}

/// The protocols name themselves in Sync; the command line reads them from `--service`.
extension SyncServiceKind: ExpressibleByArgument {}
