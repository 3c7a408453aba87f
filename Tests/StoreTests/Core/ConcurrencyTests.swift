import Foundation
import NewsModels
import Testing

@testable import Store

@Suite("Two store instances on one file")
struct ConcurrencyTests {
    @Test func twoInstancesWriteInParallelAndNoBusyErrorSurfaces() async throws {
        let directory = try TemporaryDirectory()
        let first = try NewsStore.openClean(directory.storeURL)
        let second = try NewsStore.openClean(directory.storeURL)
        let writers = 8
        let pagesEach = 20

        func articles(_ writer: Int, _ index: Int) -> [Article] {
            // Mostly shared URLs, so the instances update the same rows, plus one of its own.
            (0..<15).map { Fixture.article("shared-\((writer * 3 + index + $0) % 40)") }
                + [Fixture.article("own-\(writer)-\(index)")]
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let store = writer.isMultiple(of: 2) ? first : second
                group.addTask {
                    for index in 0..<pagesEach {
                        let page = Fixture.page(articles(writer, index))
                        try await store.record(page, for: Fixture.searchKey("w\(writer) p\(index)"))
                        try await store.markRead(page.articles[0].url)
                        if index.isMultiple(of: 5) { try await store.save(page.articles[15]) }
                        _ = try await store.search("story", page: 1, pageSize: 5)
                        _ = try await store.stats()
                    }
                }
            }
            try await group.waitForAll()
        }

        // Each instance sees every page either of them wrote.
        for writer in 0..<writers {
            for index in 0..<pagesEach {
                let other = writer.isMultiple(of: 2) ? second : first
                let page = try await other.storedPage(
                    for: Fixture.searchKey("w\(writer) p\(index)"), page: 1, pageSize: 20)
                #expect(page?.urls == articles(writer, index).map(\.url))
            }
        }
        let stats = try await first.stats()
        #expect(stats.listingCount == writers * pagesEach)
        #expect(stats.articleCount == 40 + writers * pagesEach)
        #expect(stats.savedCount == writers * 4)
        #expect(try await second.checkIntegrity() == [])
    }

    @Test func instancesCreatingTheSameNewStoreAtOnceEndUpSharingOneFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.storeURL
        let stores = try await withThrowingTaskGroup(of: NewsStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await Self.onThread { try NewsStore.open(at: url, clock: { Date() }) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (index, store) in stores.enumerated() {
            try await store.record(
                Fixture.page([Fixture.article("from-\(index)")]), for: Fixture.searchKey("\(index)"))
        }
        for store in stores {
            #expect(try await store.stats().listingCount == 4)
        }
        #expect(
            try directory.names().allSatisfy {
                $0 == "news.sqlite" || $0 == "news.sqlite-wal" || $0 == "news.sqlite-shm"
            })
    }

    /// Runs `body` on a thread of its own, so that several blocking opens really overlap.
    private static func onThread(_ body: @escaping @Sendable () throws -> (NewsStore, notice: String?))
        async throws
        -> NewsStore
    {
        let (store, notice) = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
        #expect(notice == nil)
        return store
    }
}
