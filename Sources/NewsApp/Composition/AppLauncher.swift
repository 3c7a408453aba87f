import Account
import Configuration
import Console
import Coordinators
import Feeds
import Modules
import Networking
import NewsModels
import Store
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

/// The composition root: resolves the settings, picks the news source and the terminal, then
/// runs a ``NewsSession``.
@MainActor
enum AppLauncher {
    /// Resolves the settings (command line, then environment, then config file, then defaults)
    /// and the news source. Each problem with the config file or the key file is one line on
    /// standard error and the run goes on without the refused part; nil when the news source
    /// cannot be made at all (a bad `NEWSAPI_BASE_URL`, a missing sample edition), said on
    /// standard error too.
    ///
    /// Then it opens the local stores in `$XDG_CACHE_HOME/newsapp/` it needs (the live one for
    /// NewsAPI and the feeds, the sample edition's own for the sample edition) and evicts what is
    /// older than `retention_days`; a store set aside as damaged, or one that cannot be opened at
    /// all, is one line on standard error, and in the second case the run goes on without it.
    ///
    /// `clock` is now for the stores and NewsAPI's daily count (tests inject one).
    static func prepare(
        _ commandLine: CommandLineSettings,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) async -> LaunchContext? {
        let settings = Settings.resolved(commandLine, environment: environment)

        var key: APIKey?
        var sampleNotice: String?
        switch settings.key {
        case .none:
            break
        case .environment(let value):
            key = value
        case .file(let keyFile):
            let outcome = keyFile.read()
            for message in outcome.messages {
                StandardError.write(message)
            }
            key = outcome.key
            if key == nil { sampleNotice = "the key file \(keyFile.displayPath) could not be used" }
        }
        let directory = CacheDirectory.standard(environment: environment)
        // NewsAPI and the feeds record into the live store; the sample edition into a store of its
        // own, and it opens the live one only for the feeds beside it.
        // With sync on, the service's feeds are feeds too, whatever the urls file holds.
        let syncAccount = (try? SyncAccountFile.standard(environment: environment)?.load()) ?? nil
        let subscriptions =
            subscribedFeeds(environment: environment)
            ?? (syncAccount != nil ? SubscriptionsFile.standard(environment: environment) : nil)
        var live: LocalStore.Outcome?
        if key != nil || subscriptions != nil {
            live = await LocalStore.open(
                directory, retentionDays: settings[\.retentionDays], now: clock, notices: StandardError.write)
            for message in live?.messages ?? [] { StandardError.write(message) }
        }
        let feeds = live?.store.flatMap { store in
            subscriptions.map {
                feedLibrary(
                    $0, store: store, settings: settings, environment: environment, syncAccount: syncAccount)
            }
        }
        let source: NewsSourceChoice
        do {
            source = try NewsSourceChoice.resolve(
                key: key, country: settings.liveCountry, environment: environment,
                timeout: TimeInterval(settings[\.requestTimeout]), sampleNotice: sampleNotice,
                feedsOnly: feeds != nil && !commandLine.sample)
        } catch {
            try? live?.store?.close()
            StandardError.write("newsapp: \(TextSanitizer.clean(error.description))")
            return nil
        }
        var local = live ?? LocalStore.Outcome()
        if source.isSample {
            if feeds == nil { try? live?.store?.close() }
            local = await LocalStore.open(
                directory, edition: .sample, retentionDays: settings[\.retentionDays], now: clock,
                notices: StandardError.write)
            for message in local.messages { StandardError.write(message) }
        }
        return LaunchContext(
            environment: environment, settings: settings, source: source, cacheDirectory: directory,
            store: local.store, evictionLeft: local.evictionLeft, feeds: feeds, clock: clock)
    }

    /// The urls file when it subscribes to any feed; its unreadable lines are said once on
    /// standard error, and an unreadable file is one line there (and no feeds).
    nonisolated static func subscribedFeeds(environment: [String: String]) -> SubscriptionsFile? {
        guard let subscriptions = SubscriptionsFile.standard(environment: environment) else { return nil }
        let file: UrlsFile
        do {
            file = try subscriptions.load()
        } catch {
            StandardError.write("newsapp: " + TextSanitizer.clean(error.description))
            return nil
        }
        let notice = SkippedLinesNotice(environment: environment, displayPath: subscriptions.displayPath)
        for line in notice.lines(for: file.skipped) { StandardError.write(TextSanitizer.clean(line)) }
        return file.subscriptions.isEmpty ? nil : subscriptions
    }

    /// Podcast downloads into the download folder, queued in the live store; none offline or
    /// without a store or a folder. `foreground` runs a player that gets the terminal (the
    /// session's lifts its prompt meanwhile).
    nonisolated static func downloads(
        _ context: LaunchContext,
        foreground: (@Sendable (URL, [String]) async -> ForegroundJob.Outcome)? = nil
    ) -> any Downloads {
        guard !context.settings.offline, let store = context.feeds?.store ?? context.store,
            let folder = DownloadFolder.path(settings: context.settings, environment: context.environment)
        else { return NoDownloads() }
        var downloads = StoreDownloads(
            store: store, folder: folder, home: context.environment["HOME"],
            player: context.settings[\.player])
        if let foreground { downloads.foreground = foreground }
        return downloads
    }

    /// The feeds of `subscriptions` and, with `syncAccount`, of its service, their items in
    /// `store`.
    nonisolated static func feedLibrary(
        _ subscriptions: SubscriptionsFile, store: NewsStore, settings: Settings,
        environment: [String: String], syncAccount: SyncAccount? = nil
    ) -> StoreFeedLibrary {
        let log = AppLog(environment: environment, level: settings.logLevel)
        let refresher = FeedRefreshService(
            subscriptions: subscriptions, store: store, settings: settings.feeds,
            retentionDays: settings[\.retentionDays], logger: log.logger("feeds"))
        let sync = syncAccount.map {
            SyncService(
                account: $0, store: store, settings: settings.feeds, subscriptions: subscriptions,
                logger: log.logger("sync"))
        }
        return StoreFeedLibrary(
            subscriptions: subscriptions, store: store, refresher: refresher, offline: settings.offline,
            sync: sync)
    }

    /// Runs the interactive app, from `link` when given, until the user quits or input ends.
    static func runSession(_ context: LaunchContext, from link: DeepLink?) async -> Int32 {
        let environment = context.environment
        let settings = context.settings
        let interactive = TerminalProbe.isTerminal(STDIN_FILENO) && TerminalProbe.isTerminal(STDOUT_FILENO)
        var mode =
            interactive
            ? ANSIStyler.Mode.forTerminal(environment, theme: settings[\.theme]) : ANSIStyler.Mode.plain
        var typeAhead: [UInt8] = []
        if settings[\.theme] == .auto, mode == .color(.neutral),
            TerminalBackground.palette(colorFGBG: environment["COLORFGBG"]) == nil
        {
            // No COLORFGBG: the terminal is asked (OSC 11); keys typed meanwhile go to the prompt.
            let answer = TerminalBackground.ask()
            typeAhead = answer.typeAhead
            if let palette = answer.palette { mode = .color(palette) }
        }
        let styler = ANSIStyler(
            mode: mode,
            hyperlinks: mode != .plain
                && HyperlinkSupport.isEnabled(settings[\.hyperlinks], environment: environment))
        let readline =
            interactive
            ? ReadlineTerminal(
                styler: styler, history: HistoryFile.standard(environment: environment), typeAhead: typeAhead)
            : nil
        let terminal: any Terminal =
            readline
            ?? PipeTerminal(size: TerminalProbe.fallbackSize(environment: environment), styler: styler)
        defer { readline?.close() }

        let clipboard = readline.map { readline in
            { @MainActor (text: String) in readline.copyToClipboard(text) }
        }
        let pager = readline.map { readline in
            LiveSystemActions.Pager(
                launcher: PagerLauncher(environment: environment),
                styler: ANSIStyler(mode: mode, hyperlinks: false),
                columns: { [weak readline] in
                    readline?.size.columns ?? 80
                })
        }
        let player = readline.map { readline in
            { @Sendable (executable: URL, arguments: [String]) async -> ForegroundJob.Outcome in
                await readline.outsidePrompt { ForegroundJob.run(executable, arguments: arguments) }
            }
        }
        let images = PictureSupport.images(
            settings[\.images], isTerminal: interactive, environment: environment,
            directory: context.cacheDirectory, offline: settings.offline,
            timeout: TimeInterval(settings[\.requestTimeout]))
        var preferences = FeedPreferences()
        if let feeds = context.feeds, !settings.feeds.rules.isEmpty {
            let inForce = await feeds.settingsInForce(FeedRules(settings: settings))
            var imagesByChoice: [ImagesChoice: any ArticleImages] = [settings[\.images]: images]
            for (url, feed) in inForce {
                // As the session's own: a piped script would wait for every page it opens.
                if interactive && !settings.offline { preferences.fullText[url] = feed.fullText }
                if imagesByChoice[feed.images] == nil {
                    imagesByChoice[feed.images] = PictureSupport.images(
                        feed.images, isTerminal: interactive, environment: environment,
                        directory: context.cacheDirectory, offline: settings.offline,
                        timeout: TimeInterval(settings[\.requestTimeout]))
                }
                preferences.images[url] = imagesByChoice[feed.images]
            }
        }
        // Built once here, the composition root; the session and its screens take it as it is.
        let screens = AppEnvironment(
            service: context.service, pageSize: settings[\.pageSize], country: context.source.country,
            language: context.source.isSample ? nil : settings[\.language],
            actions: LiveSystemActions(
                environment: environment, browser: settings[\.browser], clipboard: clipboard, pager: pager),
            readingList: context.readingList, images: images, feeds: context.feeds ?? NoFeedLibrary(),
            // A page fetched ahead is a NewsAPI request the reader may never use: within the
            // daily quota, `n` asks for it.
            prefetchesNextPage: context.requestBudget == nil,
            frontPage: FrontPageSources(
                categories: context.source.hasCategories, feeds: context.feeds != nil),
            sourcesInUse: SourcesSummary.inUse(by: context).sentence, serviceStatus: context.requestStatus,
            reader: context.reader,
            // As the feeds' refresh: a piped script would wait for every page it opens.
            fullText: interactive && !settings.offline ? settings[\.fullText] : .off,
            feedPreferences: preferences, downloads: downloads(context, foreground: player))
        let session = NewsSession(
            environment: screens, terminal: terminal,
            options: NewsSession.Options(
                layout: policy(settings), banner: context.source.banner,
                // At the start, in the background, on a terminal only: a piped script would wait
                // for it before its first screen. --offline touches no network.
                refreshFeedsOlderThan: interactive && !settings.offline && context.feeds != nil
                    ? .seconds(60 * settings.feeds.refreshInterval) : nil))
        // A store left alone for long finishes its eviction while the app is in use.
        let eviction = context.store.flatMap { store in
            context.evictionLeft.map { cutoff in
                Task.detached(priority: .background) {
                    await LocalStore.evictRemaining(store, olderThan: cutoff)
                }
            }
        }
        // Said where the user is looking: between the screens, above the prompt.
        for store in context.stores {
            guard let directory = context.cacheDirectory else { break }
            LocalStore.relayNotices(of: store, in: directory) { [weak session] line in
                Task { @MainActor in session?.app.post?([StyledLine(line, .warning)]) }
            }
        }
        await session.run(from: link)
        for store in context.stores {
            guard let directory = context.cacheDirectory else { break }
            LocalStore.relayNotices(of: store, in: directory, to: StandardError.write)
        }
        eviction?.cancel()
        return 0
    }

    private static func policy(_ settings: Settings) -> AdaptiveRouter.Policy {
        switch settings[\.layout] {
        case .auto: .automatic(splitFromColumns: settings[\.splitMinColumns])
        case .stack: .alwaysStack
        case .split: .preferSplit
        }
    }
}
