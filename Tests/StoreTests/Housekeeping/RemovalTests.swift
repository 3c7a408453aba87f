import Foundation
import NewsModels
import Testing

@testable import Store

@Suite("Removing the articles under an address")
struct RemovalTests {
    static let prefix = "https://example.org/newsapp-sample/"

    /// An article under ``prefix`` named `name`, with `title`.
    static func foreign(_ name: String, title: String) -> Article {
        var article = Fixture.article(name, title: title)
        article.url = URL(string: prefix + "business/" + name)!
        return article
    }

    @Test func articlesUnderThePrefixGoWithTheirMarksAndTheListsThatHeldThem() async throws {
        let store = try NewsStore.testing()
        let live = Fixture.articles("live", count: 3)
        let foreign = [
            Self.foreign("harbour", title: "Harbour cranes"), Self.foreign("orchard", title: "Orchard"),
        ]
        var neighbour = Fixture.article("neighbour", title: "Harbour neighbour")
        neighbour.url = URL(string: "https://example.org/newsapp-sampler/neighbour")!
        // A page holding both, one holding only live news, a search holding only the foreign ones.
        try await store.record(Fixture.page(live + foreign), for: Fixture.business)
        try await store.record(Fixture.page([live[0], neighbour]), for: Fixture.science)
        try await store.record(Fixture.page(foreign), for: Fixture.searchKey("harbour"))
        try await store.save(foreign[0])
        try await store.save(live[1])
        try await store.markRead(foreign[1].url)
        try await store.markRead(live[2].url)
        // A feed item that links under the prefix is the feed's, and stays.
        var item = FeedFixture.item("post", title: "Harbour post")
        item.link = URL(string: Self.prefix + "feed/post")
        try await store.recordFeeds([FeedFixture.fetched("a", [item])])

        #expect(try await store.removeArticles(withAddressPrefix: Self.prefix) == 2)

        #expect(try await store.storedPage(for: Fixture.business, page: 1, pageSize: 20) == nil)
        #expect(try await store.storedPage(for: Fixture.searchKey("harbour"), page: 1, pageSize: 20) == nil)
        #expect(
            try await store.storedPage(for: Fixture.science, page: 1, pageSize: 20)?.urls == [
                live[0].url, neighbour.url,
            ])
        let stats = try await store.stats()
        #expect(stats.listingCount == 1)
        #expect(try await store.savedArticles().map(\.url) == [live[1].url])
        #expect(try await store.readURLs(among: foreign.map(\.url) + [live[2].url]) == [live[2].url])
        let found = try await store.search("harbour", pageSize: 20).articles.map(\.title).sorted()
        #expect(found == ["Harbour neighbour", "Harbour post"])
        #expect(try await store.checkIntegrity() == [])
        // Nothing is left to remove.
        #expect(try await store.removeArticles(withAddressPrefix: Self.prefix) == 0)
        #expect(try await store.stats().articleCount == stats.articleCount)
    }

    @Test func theEndOfThePrefixRangeIsTheNextString() {
        #expect(NewsStore.successor(of: "https://a/") == "https://a0")
        #expect(NewsStore.successor(of: "ab") == "ac")
        #expect(NewsStore.successor(of: "a\u{D7FF}") == "a\u{E000}")
        #expect(NewsStore.successor(of: "a\u{10FFFF}") == "b")
        #expect(NewsStore.successor(of: "") == nil)
        #expect(NewsStore.successor(of: "\u{10FFFF}") == nil)
    }
}
