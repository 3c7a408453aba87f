import Account
import Configuration
import Foundation
import Modules
import Networking
import NewsModels
import SampleEdition
import Store
import Testing

@testable import NewsApp

/// Which service and reading list a run gets, with and without a store, online and offline.
@Suite struct LaunchContextTests {
    func context(key: String?, offline: Bool, store: NewsStore?) throws -> LaunchContext {
        var settings = Settings.resolve(
            commandLine: CommandLineSettings(offline: offline), environment: [:], file: Configuration())
        settings.offline = offline
        let source = try NewsSourceChoice.resolve(
            key: key.flatMap { APIKey($0) }, country: "us",
            environment: ["NEWSAPI_BASE_URL": "http://127.0.0.1:9"])
        return LaunchContext(environment: [:], settings: settings, source: source, store: store)
    }

    @Test func withAStoreEverySourceIsRecorded() throws {
        let store = try NewsStore.inMemory()
        let live = try #require(
            try context(key: "k", offline: false, store: store).service as? CachingNewsService)
        #expect(live.offline == false)
        #expect(live.wrapped is NewsAPIService)
        let offline = try #require(
            try context(key: "k", offline: true, store: store).service as? CachingNewsService)
        #expect(offline.offline)
        // The sample edition needs no network, so --offline leaves it as it is.
        let sample = try #require(
            try context(key: nil, offline: true, store: store).service as? CachingNewsService)
        #expect(sample.offline == false)
        #expect(sample.wrapped is SampleNewsService)
        #expect(try context(key: nil, offline: false, store: store).readingList is StoreReadingList)
    }

    @Test func withoutAStore() throws {
        #expect(try context(key: "k", offline: false, store: nil).service is NewsAPIService)
        #expect(try context(key: "k", offline: true, store: nil).service is StorelessOfflineService)
        #expect(try context(key: nil, offline: true, store: nil).service is SampleNewsService)
        #expect(try context(key: nil, offline: false, store: nil).readingList is NoReadingList)
    }
}
