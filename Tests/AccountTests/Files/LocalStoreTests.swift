import Foundation
import NewsModels
import Store
import TestSupport
import Testing

@testable import Account

/// Opening the store at launch in a real folder: what is said, what is evicted, the sample
/// edition's articles removed from the live store once.
@Suite(.timeLimit(.minutes(1)))
struct LocalStoreTests {
    static let sampleArticle = Article(
        source: ArticleSource(id: "sample", name: "Sample"), author: nil, title: "A sample story",
        summary: "Sample.", url: URL(string: "https://example.org/newsapp-sample/story-1")!,
        publishedAt: Date())

    static func open(
        _ directory: CacheDirectory?, edition: StoreEdition = .live, now: Date = Date()
    ) async -> LocalStore.Outcome {
        await LocalStore.open(directory, edition: edition, retentionDays: 30, now: { now }, notices: { _ in })
    }

    @Test func withoutAHomeNothingIsKept() async {
        let outcome = await Self.open(nil)
        #expect(outcome.store == nil)
        #expect(outcome.messages.count == 1)
        #expect(outcome.messages.first?.hasPrefix("newsapp: No home directory") == true)
    }

    @Test func aFolderThatCannotBeMadeIsOneLine() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("x", to: "blocked")
        let outcome = await Self.open(CacheDirectory(path: file + "/newsapp", home: nil))
        #expect(outcome.store == nil)
        #expect(outcome.messages.first?.contains("is not a directory") == true)
        #expect(outcome.messages.first?.hasSuffix("so articles will not be kept this time.") == true)
    }

    @Test func whatIsNotAStoreIsMovedAsideWithOneLine() async throws {
        let folder = try TemporaryDirectory()
        let directory = CacheDirectory(path: folder.path + "/newsapp", home: nil)
        try FileManager.default.createDirectory(
            atPath: directory.storePath, withIntermediateDirectories: true)
        let outcome = await Self.open(directory)
        #expect(outcome.store != nil)
        #expect(outcome.messages.count == 1)
        #expect(outcome.messages.first?.hasPrefix("newsapp: ") == true)
        try outcome.store?.close()
    }

    @Test func theLiveStoreLosesTheSampleArticlesOnce() async throws {
        let folder = try TemporaryDirectory()
        let directory = CacheDirectory(path: folder.path + "/newsapp", home: nil)
        try directory.create()
        let (old, _) = try NewsStore.open(at: directory.storeURL)
        try await old.record(
            ArticlePage(articles: [Self.sampleArticle], totalResults: 1, page: 1, pageSize: 20),
            for: .headlines(country: nil, category: nil))
        try old.close()

        let first = await Self.open(directory)
        let store = try #require(first.store)
        #expect(first.messages.isEmpty)
        #expect(first.evictionLeft == nil)
        #expect(try await store.stats().articleCount == 0)
        #expect(
            FileManager.default.fileExists(atPath: directory.path + "/" + SampleArticlesCleanup.markerName))

        // Once removed, a sample article recorded later is live news like any other.
        try await store.record(
            ArticlePage(articles: [Self.sampleArticle], totalResults: 1, page: 1, pageSize: 20),
            for: .headlines(country: nil, category: nil))
        await SampleArticlesCleanup.runOnce(on: store, in: directory)
        #expect(try await store.stats().articleCount == 1)
        try store.close()
        #expect(try LocalStore.openExisting(directory, edition: .live) != nil)
    }

    @Test func theSampleEditionHasAStoreOfItsOwn() async throws {
        let folder = try TemporaryDirectory()
        let directory = CacheDirectory(path: folder.path + "/newsapp", home: nil)
        #expect(try LocalStore.openExisting(directory, edition: .sample) == nil)

        let outcome = await Self.open(directory, edition: .sample)

        #expect(outcome.store != nil)
        #expect(FileManager.default.fileExists(atPath: directory.storePath(.sample)))
        #expect(
            !FileManager.default.fileExists(atPath: directory.path + "/" + SampleArticlesCleanup.markerName))
        try outcome.store?.close()
    }

    @Test func articlesOlderThanTheRetentionAreEvictedAtLaunch() async throws {
        let folder = try TemporaryDirectory()
        let directory = CacheDirectory(path: folder.path + "/newsapp", home: nil)
        let past = Date().addingTimeInterval(-90 * 86_400)
        let then = await Self.open(directory, now: past)
        let store = try #require(then.store)
        try await store.record(
            ArticlePage(articles: [AccountFixtures.article("old")], totalResults: 1, page: 1, pageSize: 20),
            for: .headlines(country: nil, category: nil))
        #expect(try await store.stats().articleCount == 1)
        try store.close()

        let now = await Self.open(directory)
        let reopened = try #require(now.store)
        #expect(try await reopened.stats().articleCount == 0)
        await LocalStore.evictRemaining(reopened, olderThan: Date())
        try reopened.close()
    }

    @Test func whatLaunchLeftIsEvictedInStepsUntilNoneIsLeft() async throws {
        let folder = try TemporaryDirectory()
        let past = Date().addingTimeInterval(-90 * 86_400)
        let (store, _) = try NewsStore.open(
            at: folder.url.appendingPathComponent("news.sqlite"), clock: { past })
        let count = LocalStore.backgroundEvictionLimit + 10
        let articles = (0..<count).map { AccountFixtures.article("old-\($0)") }
        try await store.record(
            ArticlePage(articles: articles, totalResults: count, page: 1, pageSize: count),
            for: .headlines(country: nil, category: nil))
        #expect(try await store.stats().articleCount == count)

        await LocalStore.evictRemaining(store, olderThan: Date())

        #expect(try await store.stats().articleCount == 0)
        try store.close()
    }

    @Test func theOfflineServiceWithoutAStoreRefusesEverything() async {
        let service = StorelessOfflineService()
        await #expect(throws: StorelessOfflineService.error) {
            _ = try await service.topHeadlines(HeadlinesRequest())
        }
        await #expect(throws: StorelessOfflineService.error) {
            _ = try await service.search(SearchRequest(query: "x"))
        }
        await #expect(throws: StorelessOfflineService.error) {
            _ = try await service.sources(SourcesRequest())
        }
    }
}
