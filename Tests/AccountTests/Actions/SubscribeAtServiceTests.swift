import Feeds
import Foundation
import ReaderAPIStub
import Store
import Sync
import TestSupport
import Testing

@testable import Account

/// Subscribing and unsubscribing at a feed service (our Google Reader API server on 127.0.0.1),
/// the feed and its items brought here by the sync that follows.
@Suite(.timeLimit(.minutes(1)))
struct SubscribeAtServiceTests {
    @Test func aSubscriptionIsMadeLabelledNamedAndSyncedHere() async throws {
        try await ReaderAPIStubServer(account: .sample(feeds: 1, items: 2)).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let account = Account(store: harness.store)
            let url = URL(string: "https://new.example/feed.xml")!

            let outcome = await account.subscribe(
                at: harness.service, to: url, labels: ["Science"], title: "New things")

            guard case .subscribed(let made) = outcome else {
                Issue.record("expected a subscription, got \(outcome)")
                return
            }
            #expect(made.name == "New things")
            #expect(made.url == url)
            #expect(made.labels == ["Science"])
            #expect(made.itemCount == 0)
            #expect(made.syncError == nil)
            #expect(
                try await harness.store.syncedFeeds().contains { $0.url == url && $0.title == "New things" })

            // Asked again, by the same address written differently: nothing is sent.
            let again = await account.subscribe(
                at: harness.service, to: URL(string: "HTTPS://NEW.example/feed.xml")!, labels: [], title: nil)
            guard case .alreadyThere(let known) = again else {
                Issue.record("expected the subscription to be found, got \(again)")
                return
            }
            #expect(known == url)
        }
    }

    @Test func whatTheServiceRefusesIsOneSentenceAndNothingChanges() async throws {
        try await ReaderAPIStubServer(account: .sample(feeds: 1, items: 2)).whileRunning { server in
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let before = try await harness.store.syncedFeeds().map(\.url)

            // The server takes only http(s) addresses.
            let outcome = await Account(store: harness.store).subscribe(
                at: harness.service, to: URL(string: "ftp://files.example/feed")!, labels: [], title: nil)

            guard case .refused(let sentence) = outcome else {
                Issue.record("expected a refusal, got \(outcome)")
                return
            }
            #expect(!sentence.isEmpty)
            #expect(try await harness.store.syncedFeeds().map(\.url) == before)
        }
    }

    @Test func unsubscribingEndsItThereAndForgetsItHereAndInTheFile() async throws {
        try await ReaderAPIStubServer(account: .sample(feeds: 2, items: 2)).whileRunning { server in
            let folder = try TemporaryDirectory()
            let harness = SyncHarness(server: server, store: try NewsStore.inMemory())
            #expect(await harness.sync().error == nil)
            let feeds = try await harness.store.syncedFeeds()
            let gone = try #require(feeds.first)
            let file = SubscriptionsFile(path: folder.url.path + "/urls")
            try file.update { file in _ = file.add(Subscription(url: gone.url)) }
            let account = Account(store: harness.store)

            let outcome = await account.unsubscribe(at: harness.service, from: gone.url, alsoFrom: file)

            guard case .unsubscribed(let name, let problems) = outcome else {
                Issue.record("expected the feed to be unsubscribed, got \(outcome)")
                return
            }
            #expect(name == gone.title)
            #expect(problems.isEmpty)
            #expect(try file.load().subscriptions.isEmpty)
            #expect(try await harness.store.feedSummaries(for: [gone.url]).isEmpty)
            #expect(server.requests.contains { $0.path.hasSuffix("subscription/edit") })
            // The service no longer has it: the next sync does not bring it back.
            #expect(await harness.sync().error == nil)
            #expect(try await !harness.store.syncedFeeds().contains { $0.url == gone.url })
            // A feed the service does not have is said, and nothing is sent.
            let sent = server.requestCount
            let unknown = await account.unsubscribe(
                at: harness.service, from: URL(string: "https://elsewhere.example/feed")!, alsoFrom: nil)
            guard case .notThere = unknown else {
                Issue.record("expected the feed not to be found, got \(unknown)")
                return
            }
            #expect(server.requestCount == sent)
        }
    }
}
