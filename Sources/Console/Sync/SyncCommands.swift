import Account
import Configuration
import Coordinators
import Logging
import Modules
import Networking
import NewsModels
import Store
import Sync
import TerminalText

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

/// What `newsapp sync …` does. Each returns the exit status: 0, or 1 when the work failed (one
/// line on standard error says why).
public struct SyncCommands {
    public let context: FeedsContext
    public var now = Date()

    public init(context: FeedsContext) {
        self.context = context
    }

    private var accountFile: SyncAccountFile? { SyncAccountFile.standard(environment: context.environment) }
    private var time: TimeFormatting { TimeFormatting(now: now) }

    // MARK: sync login

    public func login(
        _ address: String, user: String, passwordFile: String?, allowHTTP: Bool,
        service chosen: SyncServiceKind? = nil, apiKey: Bool = false
    ) async -> Int32 {
        guard let accountFile else {
            FeedsContext.fail(
                "No home directory (HOME and XDG_STATE_HOME are unset), so there is nowhere to keep the login."
            )
            return 1
        }
        let base: URL
        switch ServiceAddress.parse(address, allowHTTP: allowHTTP, service: chosen) {
        case .failure(let error):
            FeedsContext.fail(error.sentence)
            return 2
        case .success(let url):
            base = url
        }
        let user = user.trimmingWhitespace()
        let password: String
        if let passwordFile {
            switch PasswordReader.read(file: passwordFile) {
            case .failure(let failure):
                FeedsContext.fail(failure.description)
                return 1
            case .success(let read):
                password = read
            }
        } else {
            let host = ReaderAPIClient.host(of: base)
            let secret =
                apiKey ? "API key" : chosen == .miniflux || chosen == .nextcloud ? "Password" : "API password"
            guard
                let typed = PasswordReader.readStandardInput(prompt: "\(secret) for \(user) at \(host): ")
            else {
                FeedsContext.fail(
                    "No password was given: type it when asked, pipe it in, or use --password-file FILE.")
                return 1
            }
            password = typed
        }
        let options = ReaderAPIClient.Options(timeout: TimeInterval(context.settings.feeds.timeout))
        let account: SyncAccount
        let service: SyncServiceKind
        var found: String?
        var probedToken: String?
        do {
            if let chosen {
                service = chosen
            } else {
                let probed = try await ServiceProbe(
                    base: base, user: user, password: password, http: CurlHTTPClient(), options: options
                ).run()
                service = probed.kind
                probedToken = probed.token
                found = probed.sentence
            }
            switch service {
            case .greader:
                let token: String
                if let probed = probedToken {
                    token = probed
                } else {
                    token = try await ReaderAPIClient.login(
                        base: base, user: user, password: password, http: CurlHTTPClient(), options: options)
                }
                // The login proves the password; a list of subscriptions proves the API.
                let client = ReaderAPIClient(
                    base: base, auth: token, http: CurlHTTPClient(), options: options)
                _ = try await client.subscriptions()
                account = SyncAccount(server: base, user: user, token: token, allowHTTP: allowHTTP)
            case .ttrss:
                let client = TinyTinyRSSClient(
                    base: base, user: user, password: password, http: CurlHTTPClient(), options: options)
                let session = try await client.login()
                _ = try await client.subscriptions()
                account = SyncAccount(
                    server: base, user: user, token: client.currentSession ?? session, allowHTTP: allowHTTP,
                    service: .ttrss, password: password)
            case .miniflux:
                let credentials: MinifluxClient.Credentials =
                    apiKey ? .apiKey(password) : .password(user: user, password: password)
                let client = MinifluxClient(
                    base: base, credentials: credentials, http: CurlHTTPClient(), options: options)
                // The user proves the credentials; a list of subscriptions proves the API.
                try await client.me()
                _ = try await client.subscriptions()
                account = SyncAccount(
                    server: client.base, user: user, token: password, allowHTTP: allowHTTP,
                    service: .miniflux,
                    password: apiKey ? nil : password)
            case .nextcloud:
                let client = NextcloudNewsClient(
                    base: base, user: user, password: password, http: CurlHTTPClient(), options: options)
                try await client.version()
                _ = try await client.subscriptions()
                account = SyncAccount(
                    server: client.endpoint, user: user, token: "", allowHTTP: allowHTTP, service: .nextcloud,
                    password: password)
            }
        } catch {
            context.logger.warning(
                "sync login failed",
                metadata: ["service": "\(ReaderAPIClient.host(of: base))", "reason": "\(error.sentence)"])
            FeedsContext.fail(error.sentence)
            return 1
        }
        var lines: [String] = []
        do {
            let previous = (try? await context.store.syncValues())?[SyncValueKey.account]
            if let previous, previous != account.identity {
                let dropped = try await context.store.removeSyncData()
                lines.append(
                    "The feeds of the previous account were removed from this machine"
                        + (dropped > 0 ? " with \(Amount.grouped(dropped)) changes never sent." : "."))
            }
            try await context.store.setSyncValues([SyncValueKey.account: account.identity])
            try accountFile.save(account)
        } catch let error as SyncAccountFile.Failure {
            FeedsContext.fail(error.description)
            return 1
        } catch {
            FeedsContext.fail((error as? StoreError)?.sentence ?? "The login could not be kept.")
            return 1
        }
        if base.scheme?.lowercased() == "http", !ServiceAddress.isLoopback(base) {
            lines.append(
                "Plain http to \(account.serviceName): the token travels unencrypted, as you asked with --allow-http."
            )
        }
        let kept =
            switch service {
            case .greader:
                "The token is kept in \(accountFile.displayPath), readable by you only; the password is not kept."
            case .ttrss:
                "The session and the password are kept in \(accountFile.displayPath), readable by you only: "
                    + "Tiny Tiny RSS ends a session after a day unused, and NewsApp opens another."
            case .miniflux where apiKey:
                "The API key is kept in \(accountFile.displayPath), readable by you only."
            case .miniflux:
                "The password is kept in \(accountFile.displayPath), readable by you only (Miniflux's API has "
                    + "no token: an API key, with --token, keeps your password off this machine)."
            case .nextcloud:
                "The password is kept in \(accountFile.displayPath), readable by you only: "
                    + "Nextcloud News's API has no token, every request carries the password."
            }
        lines.insert(
            "Signed in to \(account.serviceName)\(service == .greader ? "" : " (\(service.name))") as \(user). \(kept) "
                + "newsapp sync brings your feeds.",
            at: 0)
        if let found { lines.insert(found, at: 1) }
        context.logger.info("sync login", metadata: ["service": "\(account.serviceName)", "user": "\(user)"])
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    // MARK: sync logout

    public func logout(discardingChanges: Bool) async -> Int32 {
        guard let accountFile, let account = loadAccount(accountFile) else {
            StandardOutput.write("Sync is off already.\n")
            return 0
        }
        let waiting = (try? await context.store.syncChangeCount()) ?? 0
        if waiting > 0, !discardingChanges {
            FeedsContext.fail(
                "\(Amount.grouped(waiting)) change\(waiting == 1 ? "" : "s") made here \(waiting == 1 ? "has" : "have") "
                    + "not reached \(account.serviceName) yet: run newsapp sync first, or newsapp sync logout "
                    + "--discard-changes to drop them.")
            return 1
        }
        do {
            try await context.store.removeSyncData()
            try accountFile.remove()
        } catch let error as SyncAccountFile.Failure {
            FeedsContext.fail(error.description)
            return 1
        } catch {
            FeedsContext.fail((error as? StoreError)?.sentence ?? "The service's feeds could not be removed.")
            return 1
        }
        StandardOutput.write(
            TextSanitizer.clean(
                "Signed out of \(account.serviceName): the \(account.password != nil ? "password" : "token") is gone, and so are the service's feeds on this "
                    + "machine (saved items stay in saved).") + "\n")
        return 0
    }

    // MARK: sync status

    public func status(json: Bool) async -> Int32 {
        guard let accountFile else {
            FeedsContext.fail("No home directory (HOME and XDG_STATE_HOME are unset).")
            return 1
        }
        let account = loadAccount(accountFile)
        let values = (try? await context.store.syncValues()) ?? [:]
        let waiting = (try? await context.store.syncChangeCount()) ?? 0
        let feeds = (try? await context.store.syncedFeeds().count) ?? 0
        let lastSync = values[StoreSyncStorage.Key.lastSync].flatMap(StoreSyncStorage.date)
        let lastAttempt = values[StoreSyncStorage.Key.lastAttempt].flatMap(StoreSyncStorage.date)
        let lastError = values[StoreSyncStorage.Key.lastError]
        if json {
            let document = SyncStatusDocument(
                signedIn: account != nil, service: account?.kind.rawValue,
                server: account?.server.absoluteString,
                user: account?.user,
                accountFile: accountFile.displayPath, feeds: feeds, waiting: waiting,
                lastSync: lastSync.map(Timestamp.format), lastAttempt: lastAttempt.map(Timestamp.format),
                lastError: lastError)
            StandardOutput.write(TerminalSafeJSON.encode(document) + "\n")
            return 0
        }
        guard let account else {
            StandardOutput.write(
                "Sync is off. newsapp sync login URL --user NAME signs in to a Google Reader API service "
                    + "(FreshRSS, Miniflux, Inoreader, The Old Reader, BazQux), Tiny Tiny RSS, Miniflux or "
                    + "Nextcloud News; the address: \(SyncServiceKind.addressForms(nil)).\n")
            return 0
        }
        var lines = [
            "Service       \(account.server.absoluteString) (\(account.kind.name))",
            "User          \(account.user)",
            "Feeds         \(Amount.grouped(feeds)) from the service",
            "Last sync     " + (lastSync.map { time.relative($0) } ?? "never"),
            "Waiting       \(Amount.grouped(waiting)) change\(waiting == 1 ? "" : "s") made here, not sent yet",
        ]
        if let lastError, let lastAttempt, lastAttempt > (lastSync ?? .distantPast) {
            lines.append("Last error    \(lastError) (\(time.relative(lastAttempt)))")
        }
        // Nextcloud News has no token, Tiny Tiny RSS's session ends, Miniflux signed in without an
        // API key has neither: then the file keeps the password, and the line says so.
        lines.append(
            (account.password != nil ? "Password      in " : "Token         in ") + accountFile.displayPath)
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    // MARK: sync

    public func sync(json: Bool) async -> Int32 {
        guard let accountFile, let account = loadAccount(accountFile) else {
            FeedsContext.fail("Sync is off: newsapp sync login URL --user NAME signs in to a service first.")
            return 1
        }
        let service = SyncService(
            account: account, store: context.store, settings: context.settings.feeds,
            subscriptions: context.subscriptions, logger: context.logger)
        let progress = ProgressLine(
            enabled: !json && TerminalProbe.isTerminal(STDOUT_FILENO), environment: context.environment)
        let report = await service.run { step in
            progress.show(step.line(service: account.serviceName))
        }
        progress.clear()
        if json {
            StandardOutput.write(
                TerminalSafeJSON.encode(SyncDocument(report, service: account.serviceName)) + "\n")
        } else if report.succeeded {
            StandardOutput.write(
                TextSanitizer.clean(report.summary(service: account.serviceName)) + "\n")
        }
        if let error = report.error {
            var line = error.sentence
            if report.waiting > 0 { line += " " + Self.keptForNextSync(report.waiting) }
            FeedsContext.fail(line)
            return 1
        }
        return 0
    }

    /// What becomes of the changes a failed sync did not send: `1 change made here is kept and
    /// sent at the next sync.`, `4 changes made here are kept …`.
    public static func keptForNextSync(_ waiting: Int) -> String {
        waiting == 1
            ? "1 change made here is kept and sent at the next sync."
            : "\(Amount.grouped(waiting)) changes made here are kept and sent at the next sync."
    }

    private func loadAccount(_ file: SyncAccountFile) -> SyncAccount? {
        do {
            return try file.load()
        } catch {
            FeedsContext.fail(error.description)
            return nil
        }
    }
}

/// The keys of the store's sync values that the commands use beside the engine's.
public enum SyncValueKey {
    /// The account the service's data in the store belongs to.
    public static let account = "account"
}
