import Foundation
import Testing

@testable import Store

@Suite("Closing the store")
struct CloseTests {
    @Test("Closing folds the write-ahead log into the file and leaves no other file")
    func closeLeavesOneFile() async throws {
        let directory = try TemporaryDirectory()
        let store = try NewsStore.openClean(directory.storeURL)
        try await store.record(Fixture.page(Fixture.articles("a", count: 30)), for: Fixture.science)
        try await store.recordFeeds([FeedFixture.fetched("a", FeedFixture.items("a", count: 30))])
        _ = try await store.search("item")
        _ = try await store.savedArticles()
        try store.close()
        #expect(try directory.names() == ["news.sqlite"])
    }
}
