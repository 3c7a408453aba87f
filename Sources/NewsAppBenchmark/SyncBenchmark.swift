import Foundation
import NewsModels
import ReaderAPIStub
import Store

#if canImport(Glibc)
    import Glibc
#endif

/// The `sync` section: the release `newsapp sync` against our Google Reader API server
/// (in this process) and, when its archive is at hand, a real FreshRSS, each beside the physical
/// limit, `curl` fetching the same pages back to back in the same run. Then a sync with nothing
/// new, 5,000 read marks made offline and sent, the peak memory of the first sync, and the app's
/// first screen on a terminal while a sync runs behind it.
enum SyncBenchmark {
    static let feeds = 20
    static let itemsPerFeed = 500

    static func run(
        newsapp: String, probe: String, data: URL, freshrss archive: String?, runs: Int,
        into report: inout Report
    ) async throws {
        var account = ReaderAPIAccount()
        let labels = ["Space", "World", "Technology", "Culture"]
        for feed in 1...feeds {
            let stream = account.addFeed(
                title: "Feed \(feed)", url: "https://feed\(feed).example/rss",
                siteURL: "https://feed\(feed).example/",
                labels: [labels[(feed - 1) % labels.count]])
            account.addItems(to: stream, count: itemsPerFeed, contentBytes: 900)
        }
        let server = ReaderAPIStubServer(account: account)
        try await server.start()
        do {
            try await measure(
                server, newsapp: newsapp, probe: probe, data: data, freshrss: archive, runs: runs,
                into: &report)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func measure(
        _ server: ReaderAPIStubServer, newsapp: String, probe: String, data: URL, freshrss archive: String?,
        runs: Int,
        into report: inout Report
    ) async throws {
        let service = BenchSyncService(
            base: server.baseURL, user: server.options.user, password: server.options.password)
        let home = try PrivateHome(store: nil)
        defer { home.remove() }

        log("Sync: first sync of \(feeds * itemsPerFeed) items from our server…")
        let first = try await firstSync(
            newsapp, probe: probe, service: service, home: home, expected: "10,000 new items")
        add(first, against: "our server (\(feeds) feeds × \(itemsPerFeed))", into: &report)

        log("Sync: nothing new, \(runs) runs…")
        let sync = ColdStart(
            executable: newsapp, arguments: ["sync"], environment: home.environment, prompt: nil)
        var quiet = Samples()
        for _ in 0..<runs {
            let run = try sync.run()
            try check(run, "0 new items")
            quiet.append(run.toExit)
        }
        report.add("Sync with nothing new, against our server (\(runs) runs)", quiet, target: .p50(300))

        log("Sync: 5,000 read marks made offline, then sent…")
        let (store, _) = try NewsStore.open(at: home.storeFile)
        let marked = try await store.markFeedsRead(Array(try await store.syncedFeeds().map(\.url).prefix(10)))
        try store.close()
        let editsBefore = server.edits.count
        let send = try sync.run()
        try check(send, "\(Amount.grouped(marked)) changes sent")
        let batches = server.edits.dropFirst(editsBefore).map(\.ids.count)
        report.add(
            "\(Amount.grouped(marked)) read marks made offline, then sent (`newsapp sync`, \(batches.count) requests, "
                + "at least \(batches.min() ?? 0) ids each; target ≥ 250)",
            Samples([send.toExit.milliseconds]),
            target: .p99(2_000))

        try await terminalStarts(newsapp, home: home, runs: runs, into: &report)

        if let archive {
            log("Sync: FreshRSS with 10,000 items (50 feeds × 200; a minute to set up)…")
            let freshrss = try await BenchFreshRSS(
                archive: archive, data: data, port: try LoopbackPort.free())
            let other = try PrivateHome(store: nil)
            defer { other.remove() }
            let run: FirstSync
            do {
                run = try await firstSync(
                    newsapp, probe: probe, service: freshrss.service, home: other,
                    expected: "10,000 new items")
            } catch {
                await freshrss.stop()
                throw error
            }
            await freshrss.stop()
            add(run, against: "FreshRSS 1.25 (50 feeds × 200)", into: &report)
        } else {
            report.notes.append(
                "Sync against FreshRSS: skipped (no FRESHRSS_ARCHIVE and no ../shared/servers/freshrss-*.tar.gz)."
            )
        }
    }

    /// A first sync measured: `newsapp sync` through the probe, and `curl` of the same requests.
    struct FirstSync {
        var sync: ColdStart.Run
        var curl: Duration
        var requests: Int
    }

    private static func firstSync(
        _ newsapp: String, probe: String, service: BenchSyncService, home: PrivateHome, expected: String
    ) async throws -> FirstSync {
        let password = home.root.appendingPathComponent("password")
        try Data((service.password + "\n").utf8).write(to: password)
        let login = try ColdStart(
            executable: newsapp,
            arguments: [
                "sync", "login", service.base.absoluteString, "--user", service.user, "--password-file",
                password.path,
            ],
            environment: home.environment, prompt: nil
        ).run()
        try check(login, "Signed in")
        let sync = try ColdStart(
            executable: newsapp, arguments: ["sync"], environment: home.environment, prompt: nil
        )
        .run(through: probe)
        try check(sync, expected)
        let token = try await service.token()
        let urls = try await service.firstSyncRequests(token: token)
        // Twice: the first warms the server's caches as the sync did.
        _ = try service.curl(urls, token: token, home: home.root)
        let curl = try service.curl(urls, token: token, home: home.root)
        log(
            String(
                format: "  newsapp sync %.0f ms (peak %.1f MB), curl of the same %d requests %.0f ms",
                sync.toExit.milliseconds, Double(sync.memory?.peakRSS ?? 0) / 1e6, urls.count,
                curl.milliseconds))
        return FirstSync(sync: sync, curl: curl, requests: urls.count)
    }

    private static func add(_ run: FirstSync, against name: String, into report: inout Report) {
        let curl = run.curl.milliseconds
        report.add(
            "First sync of 10,000 unread items against \(name): `newsapp sync` (target 1.2 × curl + 1 s)",
            Samples([run.sync.toExit.milliseconds]), target: .p99(1.2 * curl + 1_000))
        report.add(
            "First sync of 10,000 unread items against \(name): `curl` of the same \(run.requests) requests back to back",
            Samples([curl]), target: nil)
        report.add(
            "Peak RSS during the first sync against \(name)",
            Samples([Double(run.sync.memory?.peakRSS ?? 0) / 1e6]), target: .p99(60), unit: "MB")
    }

    /// The first screen on a terminal, spawn → prompt, with no sync due and with a sync at launch
    /// (the last sync made old, the pull started over: 10,000 items read again behind the screen).
    private static func terminalStarts(
        _ newsapp: String, home: PrivateHome, runs: Int, into report: inout Report
    )
        async throws
    {
        log("Sync: the first screen on a terminal, \(runs) runs without and with a sync behind it…")
        var environment = home.environment
        environment["TERM"] = "dumb"
        var without = Samples()
        var with = Samples()
        for index in 0..<(runs + 1) {
            try await setSyncDue(false, store: home.storeFile)
            let quiet = try TerminalStart.run(newsapp, environment: environment)
            try await setSyncDue(true, store: home.storeFile)
            let busy = try TerminalStart.run(newsapp, environment: environment)
            // The first pair warms the caches.
            if index > 0 {
                without.append(quiet)
                with.append(busy)
            }
        }
        report.add("First screen on a terminal, no sync due (\(runs) runs)", without, target: nil)
        report.add(
            "First screen on a terminal while a sync of 10,000 items runs behind it (\(runs) runs; target p50 "
                + "within 10 % of the one above)", with, target: .p50(without.p50 * 1.1))
    }

    /// Makes the next launch sync (`due`), or not, by the last sync's time; a due sync starts its
    /// pull over.
    private static func setSyncDue(_ due: Bool, store file: URL) async throws {
        let (store, _) = try NewsStore.open(at: file)
        let now = Date().timeIntervalSince1970
        try await store.setSyncValues(due ? ["lastSync": "0", "since": nil] : ["lastSync": String(now)])
        try store.close()
    }

    private static func check(_ run: ColdStart.Run, _ expected: String) throws {
        guard run.status == 0, run.output.contains(expected) else {
            throw ColdStart.Failure(
                description:
                    "newsapp (status \(run.status)) did not say “\(expected)”: \(run.output.prefix(1_000))")
        }
    }
}
