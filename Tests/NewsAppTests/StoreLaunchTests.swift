import Foundation
import HTTPTestServer
import SampleEdition
import Store
import Testing

/// The article stores as the built binary opens them at launch: where they live, what is said
/// when one is damaged or unusable, eviction, the print commands recording into them, and
/// `--offline`. Without a key the sample edition runs, on a store of its own.
@Suite(.timeLimit(.minutes(10)))
struct StoreLaunchTests {
    let sandbox: Sandbox
    let edition: SampleEdition

    init() throws {
        sandbox = try Sandbox()
        edition = try SampleEdition.bundled()
    }

    /// The sandbox's live store, or the sample edition's, opened by the test (a second
    /// connection, as another instance would).
    func openStore(sample: Bool = false) throws -> NewsStore {
        let (store, notice) = try NewsStore.open(at: sample ? sandbox.sampleStoreURL : sandbox.storeURL)
        #expect(notice == nil)
        return store
    }

    func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    // MARK: Where

    @Test func theStoreIsMadeInTheCacheDirectoryReadableByTheOwnerOnly() async throws {
        let run = try await sandbox.run(["headlines", "--page-size", "5"])
        #expect(run.status == 0)
        #expect(run.err == "")
        // The sample edition records into its own store and leaves the live one alone.
        #expect(FileManager.default.fileExists(atPath: sandbox.sampleStoreURL.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeURL.path))
        #expect(try permissions(sandbox.cacheDirectory) == 0o700)
        #expect(try permissions(sandbox.home + "/.cache") == 0o700)
        let store = try openStore(sample: true)
        #expect(try await store.stats().articleCount == 5)
        try store.close()

        try await withRunningStub { stub in
            let live = try await sandbox.run(["headlines", "--page-size", "3"], extra: stub.environment)
            #expect(live.status == 0)
            #expect(live.err == "")
        }
        let liveStore = try openStore()
        #expect(try await liveStore.stats().articleCount == 3)
        try liveStore.close()
    }

    @Test func xdgCacheHomeIsWhereTheStoreLives() async throws {
        let elsewhere = sandbox.home + "/elsewhere"
        let run = try await sandbox.run(["headlines"], extra: ["XDG_CACHE_HOME": elsewhere])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/newsapp/sample.sqlite"))
        #expect(try permissions(elsewhere + "/newsapp") == 0o700)
        #expect(!FileManager.default.fileExists(atPath: sandbox.cacheDirectory))
    }

    // MARK: Damaged and unusable stores

    @Test func aDamagedStoreIsSetAsideWithOneLineOnce() async throws {
        try sandbox.directory.write("this is not a database\n", to: ".cache/newsapp/sample.sqlite")
        let run = try await sandbox.run(["headlines", "--page-size", "3"])
        #expect(run.status == 0)
        #expect(run.out.contains("3 of 84 articles"))
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("newsapp: The news store could not be read (the file is not a database)")
                == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.cacheDirectory)
        let aside = try #require(names.first { $0.hasPrefix("sample.sqlite.corrupt-") })
        #expect(run.err.contains("moved aside to ~/.cache/newsapp/\(aside);"))
        #expect(
            try String(contentsOfFile: sandbox.cacheDirectory + "/" + aside, encoding: .utf8)
                == "this is not a database\n")

        let again = try await sandbox.run(["headlines", "--page-size", "3"])
        #expect(again.err == "")
        #expect(again.status == 0)
    }

    @Test func anUnusableStoreIsOneLineAndTheAppRunsWithoutIt() async throws {
        // A file where the directory should be: no store can be made, whoever runs the tests.
        try sandbox.directory.write("in the way\n", to: ".cache/newsapp")
        let expected =
            "newsapp: Could not open the news store at ~/.cache/newsapp/sample.sqlite (~/.cache/newsapp is "
            + "not a directory), so articles will not be kept this time.\n"

        let run = try await sandbox.run(["headlines", "--page-size", "3"])
        #expect(run.status == 0)
        #expect(run.err == expected)
        #expect(run.out.hasPrefix("Top headlines · All categories · 3 of 84 articles"))

        let session = try await sandbox.run(["--page-size", "3"], input: "2\nq\n")
        #expect(session.status == 0)
        #expect(session.err == expected)
        #expect(session.out.contains(edition.entries[1].article.title))
    }

    @Test func offlineWithoutAStoreSaysThereIsNothingToShow() async throws {
        try sandbox.directory.write("in the way\n", to: ".cache/newsapp")
        let run = try await sandbox.run(
            ["headlines", "--offline"],
            extra: ["NEWSAPI_KEY": "test-key", "NEWSAPI_BASE_URL": "http://127.0.0.1:9"])
        #expect(run.status == 1)
        #expect(run.out == "")
        #expect(
            run.err.hasSuffix(
                "\nnewsapp: NewsApp is offline and the local article store is not available, so there is "
                    + "nothing to show.\n"))
        #expect(run.err.split(separator: "\n").count == 2)
    }

    // MARK: Retention

    /// Old articles (fetched 40 days ago, one of them saved) and recent ones in the sample
    /// edition's store, which the launches of these tests (no key) open.
    func storeWithOldArticles() async throws {
        let clock = ManualClock(Date().addingTimeInterval(-40 * 86_400))
        let (store, _) = try NewsStore.open(at: sandbox.sampleStoreURL, clock: clock.function)
        try await StoreFixtures.fill(store, prefix: "old", count: 10, pageSize: 5)
        try await store.save(StoreFixtures.article("old-3"))
        try await store.markRead(StoreFixtures.url("old-4"))
        clock.date = Date().addingTimeInterval(-2 * 86_400)
        try await StoreFixtures.fill(store, prefix: "recent", count: 4)
        try store.close()
    }

    @Test func articlesPastTheRetentionAgeAreEvictedAtLaunchButSavedOnesStay() async throws {
        try await storeWithOldArticles()
        let run = try await sandbox.run(["headlines", "--page-size", "2"])
        #expect(run.status == 0)
        #expect(run.err == "")
        let store = try openStore(sample: true)
        let stats = try await store.stats()
        // 4 recent, 1 saved old one, 2 from this run's headlines.
        #expect(stats.articleCount == 7)
        #expect(try await store.isSaved(StoreFixtures.url("old-3")))
        #expect(try await store.readURLs(among: [StoreFixtures.url("old-4")]).isEmpty)
        #expect(try await store.search("recent", pageSize: 10).totalResults == 4)
        try store.close()
    }

    @Test func retentionDaysInTheConfigFileKeepsThemLonger() async throws {
        try await storeWithOldArticles()
        try sandbox.writeConfig("retention_days = 60\n")
        let run = try await sandbox.run(["headlines", "--page-size", "2"])
        #expect(run.err == "")
        let store = try openStore(sample: true)
        #expect(try await store.stats().articleCount == 16)
        try store.close()

        try sandbox.writeConfig("retention_days = 1\n")
        _ = try await sandbox.run(["headlines", "--page-size", "2"])
        let after = try openStore(sample: true)
        // Only the saved one and this run's two are left: the recent ones were fetched 2 days ago.
        #expect(try await after.stats().articleCount == 3)
        try after.close()
    }

    // MARK: The print commands and the network

    @Test func printCommandsRecordWhatTheyFetch() async throws {
        try await withRunningStub { stub in
            let run = try await sandbox.run(["headlines", "--page-size", "7"], extra: stub.environment)
            #expect(run.status == 0)
            #expect(run.err == "")
            let search = try await sandbox.run(["search", "mars", "--json"], extra: stub.environment)
            #expect(search.status == 0)
        }
        let store = try openStore()
        let stats = try await store.stats()
        #expect(stats.listingCount == 2)
        #expect(stats.articleCount >= 7)
        let stored = try #require(
            try await store.storedPage(
                for: .headlines(country: "us", category: nil), page: 1, pageSize: 7))
        #expect(stored.articles.map(\.url) == edition.entries.prefix(7).map(\.article.url))
        try store.close()
    }

    @Test func offlineTouchesNoNetworkAndAnswersFromTheStore() async throws {
        try await withRunningStub { stub in
            let online = try await sandbox.run(["headlines", "--page-size", "100"], extra: stub.environment)
            #expect(online.status == 0)
            let requests = stub.requestCount
            #expect(requests == 1)

            let headlines = try await sandbox.run(
                ["headlines", "--offline", "--page-size", "100"], extra: stub.environment)
            #expect(headlines.status == 0)
            #expect(headlines.err == "")
            // "just now", or minutes on a machine slow enough between the two launches; at 80
            // columns "1 minute ago" no longer fits the heading's line and wraps to the next.
            let heading = "Top headlines · All categories · 84 of 84 articles · offline,"
            #expect(headlines.out.hasPrefix(heading))
            #expect(
                headlines.out.firstMatch(
                    of: /^[^\n]* offline,\s+stored\s+(just\s+now|\d+\s+minutes?\s+ago)\n/)
                    != nil)
            #expect(headlines.out.contains(edition.entries[0].article.url.absoluteString))

            let search = try await sandbox.run(
                ["search", "mars", "rover", "--offline", "--json"], extra: stub.environment)
            #expect(search.status == 0)
            let found = try JSONDecoder().decode(CommandLineTests.Document.self, from: search.stdout)
            #expect(!found.articles.isEmpty)
            for article in found.articles {
                #expect(article.title.localizedCaseInsensitiveContains("mars"))
            }

            let session = try await sandbox.run(
                ["--offline", "--page-size", "3"], extra: stub.environment, input: "2\n/mars rover\nq\n")
            #expect(session.status == 0)
            #expect(session.err == "")
            // Only the headlines of every category were stored: the front page's sections say so.
            #expect(session.out.contains("Front page · "))
            #expect(session.out.contains("\nOffline mode\n"))
            #expect(session.out.contains("No business headlines are kept offline yet."))
            #expect(session.out.contains("news › Front page › 2\nThere are no headlines yet.\n"))
            #expect(session.out.contains("Offline mode — articles saved "), "the search, from the store")
            #expect(session.out.contains("Search “mars rover”"))

            #expect(stub.requestCount == requests, "--offline made a request")
        }
    }

    @Test func offlineWithAnEmptyStoreSaysSo() async throws {
        try await withRunningStub { stub in
            let run = try await sandbox.run(["headlines", "--offline"], extra: stub.environment)
            #expect(run.status == 0)
            #expect(
                run.out.hasSuffix("No headlines are stored yet: run once without --offline to keep some.\n"))
            #expect(stub.requestCount == 0)
        }
    }

    @Test func theSampleEditionIsTheSameOffline() async throws {
        let run = try await sandbox.run(["headlines", "--offline", "--page-size", "4"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Top headlines · All categories · 4 of 84 articles · sample edition\n"))
    }

    @Test func whenTheServerIsGoneTheStoredCopyIsPrintedAndStandardErrorSaysWhy() async throws {
        // Every run asks: a copy fresh enough would answer without noticing the server is gone.
        try sandbox.writeConfig("newsapi_refresh = \"always\"\n")
        let stub = try await RunningStub.start()
        let online = try await sandbox.run(["headlines", "--page-size", "5"], extra: stub.environment)
        #expect(online.status == 0)
        await stub.stop()
        let gone = try RefusingAddress()

        let run = try await sandbox.run(["headlines", "--page-size", "5"], extra: gone.environment)
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Top headlines · All categories · 5 of 84 articles · offline, stored "))
        #expect(run.out.contains(edition.entries[4].article.url.absoluteString))
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("newsapp: Could not connect to 127.0.0.1") == true, "\(run.err)")
        #expect(
            lines.first?.firstMatch(of: /Showing the copy stored (just now|\d+ minutes? ago)\.$/) != nil,
            "\(run.err)")
        #expect(!run.err.contains("test-key"))

        // A page never stored is still an error.
        let other = try await sandbox.run(["headlines", "--category", "science"], extra: gone.environment)
        #expect(other.status == 1)
        #expect(other.out == "")
    }
}
