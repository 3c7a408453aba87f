import Foundation
import NewsAPIStub
import NewsModels
import SQLite
import Testing

@testable import Store

/// NewsAPI within its daily quota, the built binary against the stub, which counts the requests
/// it gets: launches answered from the store while fresh, `r`, the count shown by the print and
/// cache commands, 90 of 100, two instances at once, and runs that make no NewsAPI request
/// (the sample edition, the feeds alone) counting nothing. Moving through time and midnight UTC
/// is `QuotaSessionTests`', with the clock injected.
@Suite(.timeLimit(.minutes(10)))
struct QuotaEndToEndTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// Counts `count` requests today in the sandbox's live store, as earlier runs would have.
    func countRequests(_ count: Int) async throws {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        let budget = RequestBudget(store: store)
        for _ in 0..<count {
            _ = try await budget.send(.explicit) { () async throws(NewsServiceError) in 0 }
        }
        try store.close()
    }

    /// The requests counted today, read from the store as another instance would.
    func countedToday() async throws -> DailyRequests? {
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        defer { try? store.close() }
        return await RequestBudget(store: store).today()
    }

    /// The numbered lines of a front page: each headline's number and the start of its title.
    func titles(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter {
            $0.first(where: { $0 != " " })?.isNumber == true && $0.contains("  ")
        }
    }

    func json(_ output: NewsAppProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    }

    @Test func twoLaunchesMakeSevenRequestsThenNoneAndRMakesSeven() async throws {
        try await withRunningStub { stub in
            let first = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "q\n")
            #expect(first.status == 0)
            #expect(first.err == "")
            #expect(stub.requestCount == 7)
            #expect(!first.out.contains("Fetched"))

            let second = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "q\n")
            #expect(second.status == 0)
            #expect(stub.requestCount == 7)
            // "just now", or minutes on a machine slow enough.
            #expect(
                second.out.split(separator: "\n")[1].wholeMatch(
                    of: /Fetched (just now|\d+ minutes? ago) · r refreshes/) != nil)
            // The same headlines, from the store.
            #expect(titles(second.out) == titles(first.out))
            #expect(titles(first.out).count == 21)

            let asked = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "r\nq\n")
            #expect(asked.status == 0)
            #expect(stub.requestCount == 14)

            // The count, in the commands that show it.
            let printed = try await sandbox.run(["headlines", "--json"], extra: stub.environment)
            #expect(printed.status == 0)
            #expect(stub.requestCount == 15)
            let document = try json(printed)
            #expect(document["requestsToday"] as? Int == 15)
            #expect(document["requestLimit"] as? Int == 100)
            let stats = try await sandbox.run(["cache", "stats", "--json"])
            #expect(try json(stats)["requestsToday"] as? Int == 15)
            #expect(try json(stats)["requestLimit"] as? Int == 100)
            let text = try await sandbox.run(["cache", "stats"])
            #expect(text.out.contains("\nNewsAPI   15 of 100 requests today (UTC)\n"))
            let help = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "?\nq\n")
            #expect(
                help.out.contains("\nNewsAPI requests today: 15 of 100 (the count starts again at midnight"))
            #expect(stub.requestCount == 15)
        }
    }

    @Test func printCommandsAnswerFromTheStoreWhileFreshAndSaySo() async throws {
        try await withRunningStub { stub in
            let first = try await sandbox.run(
                ["headlines", "--category", "science"], extra: stub.environment)
            #expect(first.status == 0)
            #expect(first.out.hasPrefix("Top headlines · Science · 12 of 12 articles\n"))
            let again = try await sandbox.run(
                ["headlines", "--category", "science"], extra: stub.environment)
            #expect(again.status == 0)
            #expect(again.err == "")
            #expect(again.out.hasPrefix("Top headlines · Science · 12 of 12 articles · from "))
            #expect(stub.requestCount == 1)
        }
    }

    @Test func newsapiRefreshAlwaysAsksAtEveryLaunch() async throws {
        try sandbox.writeConfig("newsapi_refresh = \"always\"\n")
        try await withRunningStub { stub in
            for _ in 0..<2 {
                let run = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "q\n")
                #expect(run.err == "")
                #expect(!run.out.contains("Fetched"))
            }
            #expect(stub.requestCount == 14)
        }
    }

    @Test func atNinetyOfAHundredALaunchMakesNoRequestAndSaysWhy() async throws {
        try await countRequests(90)
        try await withRunningStub { stub in
            let launch = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "q\n")
            #expect(launch.status == 0)
            #expect(launch.err == "")
            #expect(stub.requestCount == 0)
            #expect(launch.out.contains("\n90 of 100 NewsAPI requests used today · r asks\n"))
            #expect(launch.out.contains("Business\n   Nothing stored yet.\n"))
            // r is the reader's own: asked.
            let asked = try await sandbox.run(["--page-size", "3"], extra: stub.environment, input: "r\nq\n")
            #expect(stub.requestCount == 7)
            #expect(asked.out.contains("Port Avalen exporters"))
            #expect(try await countedToday()?.used == 97)
            // A script's command is not: a list stored since, fresh, answers; one never stored is
            // not asked for, and the reason is on standard error.
            let printed = try await sandbox.run(
                ["headlines", "--category", "business", "--page-size", "3"], extra: stub.environment)
            #expect(printed.status == 0)
            #expect(printed.out.hasPrefix("Top headlines · Business · 3 of 12 articles · from "))
            let search = try await sandbox.run(["search", "mars", "--print"], extra: stub.environment)
            #expect(search.status == 1)
            #expect(
                search.err
                    == "newsapp: 97 of 100 NewsAPI requests used today: NewsApp asks only when you type r.\n")
            #expect(stub.requestCount == 7)
        }
    }

    @Test func twoInstancesAtOnceShareTheCountAndStopAtNinetyPercentBetweenThem() async throws {
        try await countRequests(86)
        // Each answer takes a while, so the two launches overlap.
        try await withRunningStub(NewsAPIStubServer.Options(latency: .milliseconds(200))) { stub in
            async let one = sandbox.run(
                ["--page-size", "3"], extra: stub.environment, input: "q\n", throttled: false)
            async let two = sandbox.run(
                ["--page-size", "4"], extra: stub.environment, input: "q\n", throttled: false)
            let (a, b) = try await (one, two)
            #expect(a.status == 0 && b.status == 0)
            // Fourteen sections wanted, four requests left before 90: four made, each counted once.
            #expect(stub.requestCount == 4)
            #expect(try await countedToday()?.used == 90)
        }
    }

    @Test func theSampleEditionAndTheFeedsAloneCountNothing() async throws {
        // The sample edition: no key.
        let sample = try await sandbox.run(["headlines", "--json", "--page-size", "3"])
        #expect(sample.status == 0)
        #expect(try json(sample)["requestsToday"] == nil)
        let session = try await sandbox.run(["--page-size", "3"], input: "r\n?\nq\n")
        #expect(session.status == 0)
        #expect(!session.out.contains("NewsAPI requests"))
        #expect(!session.out.contains("Fetched"))

        // The feeds alone.
        let server = try FeedServer(files: ["/orbit.xml": FeedServer.atom("orbit", count: 3)])
        try sandbox.directory.write("\(server.base)/orbit.xml space\n", to: ".config/newsapp/urls")
        #expect(try await sandbox.run(["refresh"]).status == 0)
        let feeds = try await sandbox.run(["--page-size", "3"], input: "r\n?\nq\n")
        #expect(feeds.status == 0)
        #expect(feeds.out.contains("orbit story 0"))
        #expect(!feeds.out.contains("NewsAPI requests"))
        let json = try json(try await sandbox.run(["headlines", "--json"]))
        #expect(json["requestsToday"] == nil)
        await server.stop()
        #expect(try await countedToday()?.used == 0)
        let (store, _) = try NewsStore.open(at: sandbox.storeURL)
        #expect(try await store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM requestDay") } == 0)
        try store.close()
    }
}
