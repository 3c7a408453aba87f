import Foundation
import HTTPTestServer
import NewsAPIStub
import NewsModels
import SampleEdition
import Store
import Testing

/// The acceptance check: read with the server up, stop it, and the app still shows what
/// it had, and finds read articles by full-text search. Also two instances on one store.
@Suite(.timeLimit(.minutes(10)))
struct OfflineEndToEndTests {
    let sandbox: Sandbox
    let edition: SampleEdition

    init() throws {
        sandbox = try Sandbox()
        edition = try SampleEdition.bundled()
    }

    /// The front page's headlines in the order of their numbers: three of each category.
    var frontPage: [Article] {
        NewsCategory.allCases.flatMap { category in
            edition.entries.filter { $0.category == category }.prefix(3).map(\.article)
        }
    }
    var first: Article { frontPage[0] }
    var second: Article { frontPage[1] }

    @Test func readOnlineThenTheStoredArticlesAreThereWhenTheServerIsGone() async throws {
        // Every launch asks: a copy fresh enough would answer without noticing the server is gone.
        try sandbox.writeConfig("newsapi_refresh = \"always\"\n")
        let stub = try await RunningStub.start()
        let online = try await sandbox.run(
            ["--page-size", "10"], extra: stub.environment, input: "1\nb\n2\nb\nq\n")
        #expect(online.status == 0)
        #expect(online.err == "")
        #expect(online.out.contains("news › Front page › 1\n"))
        #expect(online.out.contains(first.title))
        #expect(online.out.contains(second.title))
        let requests = stub.requestCount
        #expect(requests >= 1)
        await stub.stop()
        // The same home and key; the server is gone (a port where nothing listens: once stopped,
        // the stub's own port may be given to another test's server).
        let gone = try RefusingAddress()
        let offline = try await sandbox.run(
            ["--page-size", "10"], extra: gone.environment, input: "1\nb\n/Port Avalen\nq\n")
        #expect(offline.status == 0)
        #expect(offline.err == "")
        let transcript = offline.out
        // The front page: each category's stored headlines, in the stored order.
        let feed = try #require(transcript.range(of: "news › Front page › 1\n"))
        let listing = transcript[..<feed.lowerBound]
        for article in frontPage {
            #expect(listing.contains(article.title.prefix(40)), "\(article.title) is missing")
        }
        // The offline notice, and why.
        #expect(listing.contains("Offline — showing headlines saved "))
        #expect(listing.contains("the connection was refused"))
        // Opening an article works from the store.
        #expect(transcript[feed.upperBound...].contains(first.title))
        // Full-text search over what was stored finds the article read before.
        let search = try #require(transcript.range(of: "› /Port Avalen\n"))
        let results = transcript[search.upperBound...]
        #expect(results.contains("Search “Port Avalen”"))
        #expect(results.contains(first.title.prefix(40)))
        #expect(stub.requestCount == requests)

        // The print commands answer from the store too.
        let printed = try await sandbox.run(["search", "Port Avalen", "--print"], extra: gone.environment)
        #expect(printed.status == 0)
        #expect(printed.out.contains(first.url.absoluteString))
    }

    @Test func aRefusedKeyShowsTheStoredCopyUnderTheRefusalInTheAppAndThePrintCommands() async throws {
        // Every launch asks: a copy fresh enough would answer without the key being refused.
        try sandbox.writeConfig("newsapi_refresh = \"always\"\n")
        try await withRunningStub { stub in
            // The front page stores each category's headlines, and c all the whole list the
            // headlines command prints.
            let online = try await sandbox.run(
                ["--page-size", "10"], extra: stub.environment, input: "c all\nq\n")
            #expect(online.status == 0)
            var refused = stub.environment
            refused["NEWSAPI_KEY"] = "not-the-key"
            let app = try await sandbox.run(["--page-size", "10"], extra: refused, input: "q\n")
            #expect(app.status == 0)
            #expect(app.out.contains("Key refused — showing headlines saved "))
            #expect(
                app.out.contains("NewsAPI rejected the key (apiKeyInvalid). Set NEWSAPI_KEY to a valid key."))
            #expect(!app.out.contains("Offline"))
            #expect(app.out.contains(first.title.prefix(40)))
            let printed = try await sandbox.run(["headlines", "--page-size", "10"], extra: refused)
            #expect(printed.status == 0)
            #expect(printed.out.contains("key refused, stored "))
            #expect(printed.out.contains(first.title.prefix(40)))
            #expect(
                printed.err.hasPrefix(
                    "newsapp: NewsAPI rejected the key (apiKeyInvalid). Set NEWSAPI_KEY to a valid key. "
                        + "Showing the copy stored "))
            // A list never stored: the refusal alone, and a failure.
            let never = try await sandbox.run(["search", "Kelordale", "--print"], extra: refused)
            #expect(never.status == 1)
            #expect(never.err.contains("apiKeyInvalid"))
        }
    }

    @Test func twoInstancesOnOneStoreBothWork() async throws {
        // Every answer takes 300 ms, so the two sessions overlap; each request is logged with the
        // page size that tells the two instances apart. The test is about sharing the store, not
        // about slow answers: a machine loaded by other builds must not turn them into timeouts.
        try sandbox.writeConfig("request_timeout = 120\n")
        let log = RequestLog()
        let options = NewsAPIStubServer.Options(
            latency: .milliseconds(300),
            faultRule: { request in
                log.append(request.query("pageSize") ?? "")
                return nil
            })
        try await withRunningStub(options) { stub in
            let input = "1\nb\n2\nb\nc all\nn\nb\n/mars\nsort relevancy\n1\nq\n"
            async let one = sandbox.run(
                ["--page-size", "5"], extra: stub.environment, input: input, throttled: false)
            async let two = sandbox.run(
                ["--page-size", "7"], extra: stub.environment, input: input, throttled: false)
            let (a, b) = try await (one, two)
            for run in [a, b] {
                #expect(run.status == 0)
                #expect(run.err == "")
                #expect(run.out.contains(first.title))
                #expect(run.out.contains("Search “mars” · sorted by relevancy"))
            }
            // They ran at the same time: requests of one came between requests of the other.
            let sizes = log.entries
            let firstFive = try #require(sizes.firstIndex(of: "5"))
            let lastFive = try #require(sizes.lastIndex(of: "5"))
            #expect(sizes[firstFive...lastFive].contains("7"), "\(sizes)")
            // Both headlines lists were recorded and the file is sound.
            let (store, notice) = try NewsStore.open(at: sandbox.storeURL)
            #expect(notice == nil)
            #expect(try await store.checkIntegrity() == [])
            #expect(try await store.stats().articleCount >= 12)
            try store.close()
        }
    }
}

/// Strings appended from any thread, in order.
final class RequestLog: Sendable {
    private let storage = Locked<[String]>([])

    func append(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [String] { storage.withLock { $0 } }
}
