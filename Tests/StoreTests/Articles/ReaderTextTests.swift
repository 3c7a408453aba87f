import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

/// Reader mode's text kept with its article: read back, searched, replaced, and gone with the
/// article; carried over by a migration and out of a damaged file with the saved articles.
@Suite("Reader text in the store")
struct ReaderTextTests {
    static let text = ReaderText(
        text:
            "The quarry flooded overnight [1], and the pumps [2] ran until dawn.\n\n• Divers searched the pit",
        links: [URL(string: "https://example.org/quarry")!, URL(string: "https://example.org/pumps")!],
        byline: "R. Page", published: Fixture.epoch.addingTimeInterval(-7200),
        leadImage: URL(string: "https://example.org/lead.jpg")!, fetchedAt: Fixture.epoch)

    @Test("What is kept is read back whole; an article without it has none")
    func roundTrip() async throws {
        let store = try NewsStore.testing()
        let article = Fixture.article("quarry", content: "The quarry flooded…")
        try await store.record(Fixture.page([article, Fixture.article("other")]), for: Fixture.science)
        #expect(try await store.readerText(for: article) == nil)
        #expect(try await store.recordReaderText(Self.text, for: article))
        #expect(try await store.readerText(for: article) == Self.text)
        #expect(try await store.readerText(for: Fixture.article("other")) == nil)
        // Recording the list again (a refresh) keeps the text.
        try await store.record(Fixture.page([article]), for: Fixture.science)
        #expect(try await store.readerText(for: article) == Self.text)
    }

    @Test("An article no list stored is stored with its text; the text can be replaced")
    func unstoredArticleAndReplacement() async throws {
        let store = try NewsStore.testing()
        let article = Fixture.article("loose")
        #expect(try await store.recordReaderText(Self.text, for: article))
        var newer = Self.text
        newer.text = "Rewritten: the pumps stopped at noon."
        newer.links = []
        try await store.recordReaderText(newer, for: article)
        #expect(try await store.readerText(for: article) == newer)
        #expect(try await store.search("noon").urls == [article.url])
        #expect(try await store.search("divers").totalResults == 0, "the old text left the index")
        #expect(try await store.checkIntegrity() == [])
    }

    @Test("Search finds the words of the page, also spread over the title and the page")
    func searchFindsPageWords() async throws {
        let store = try NewsStore.testing()
        let article = Fixture.article("quarry", title: "Flooding in the valley")
        try await store.record(Fixture.page([article, Fixture.article("dry")]), for: Fixture.science)
        #expect(try await store.search("divers").totalResults == 0)
        try await store.recordReaderText(Self.text, for: article)
        #expect(try await store.search("divers").urls == [article.url])
        #expect(try await store.search("valley pumps").urls == [article.url])
        #expect(try await store.search("\"ran until dawn\"", sort: .publishedAt).urls == [article.url])
        #expect(try await store.search("-divers").urls == [Fixture.url("dry")])
        #expect(try await store.checkIntegrity() == [])
    }

    @Test("A feed item keeps its text as an item; its own page is known")
    func feedItems() async throws {
        let store = try NewsStore.testing()
        let withLink = FeedFixture.item("linked")
        let withoutLink = FeedItem(
            id: "urn:item:bare", title: "Bare", link: nil, summary: "Only a summary.")
        _ = try await store.recordFeeds([
            FeedFixture.fetched("a", [withLink, withoutLink], site: FeedFixture.siteURL("a"))
        ])
        let feed = FeedFixture.feedURL("a")
        let item = Article(
            source: ArticleSource(name: "Feed a"), title: "Item linked", url: withLink.link!,
            feedItem: FeedItemReference(feed: feed, item: withLink.id))
        let bare = Article(
            source: ArticleSource(name: "Feed a"), title: "Bare", url: FeedFixture.siteURL("a"),
            feedItem: FeedItemReference(feed: feed, item: withoutLink.id))
        #expect(try await store.hasOwnPage(item))
        #expect(try await store.hasOwnPage(bare) == false)
        #expect(try await store.recordReaderText(Self.text, for: item))
        #expect(try await store.readerText(for: item) == Self.text)
        #expect(try await store.search("divers").urls == [withLink.link!])
        // An item that is not stored is not stored by its text.
        let gone = Article(
            source: ArticleSource(name: "Feed a"), title: "Gone", url: Fixture.url("gone"),
            feedItem: FeedItemReference(feed: feed, item: "urn:item:gone"))
        #expect(try await store.recordReaderText(Self.text, for: gone) == false)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test("The text goes with its article: retention, and cache clear")
    func retention() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let article = Fixture.article("old")
        try await store.record(Fixture.page([article]), for: Fixture.science)
        try await store.recordReaderText(Self.text, for: article)
        clock.advance(by: 3600)
        #expect(try await store.evict(olderThan: clock.date) == 1)
        #expect(try await store.readerText(for: article) == nil)
        #expect(try await store.search("divers").totalResults == 0)
        let kept = Fixture.article("kept")
        try await store.save(kept)
        try await store.recordReaderText(Self.text, for: kept)
        clock.advance(by: 3600)
        _ = try await store.evict(olderThan: clock.date)
        _ = try await store.clear(includingSaved: false)
        #expect(try await store.readerText(for: kept) == Self.text, "a saved article keeps its text")
        #expect(try await store.checkIntegrity() == [])
    }

    @Test("A v3 store is migrated: its index is made again with the page column, and filled")
    func migrationFromV3() async throws {
        let directory = try TemporaryDirectory()
        do {
            let pool = try DatabasePool(path: directory.storeURL.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v3")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO article (id, url, sourceName, title, summary, firstSeenAt, lastFetchedAt)
                        VALUES (1, 'https://example.org/a', 'Orbit', 'Comet seen', 'Astronomers', 1800000000,
                            1800000000);
                        INSERT INTO articleSearch (rowid, title, summary, content, sourceName)
                        VALUES (1, 'Comet seen', 'Astronomers', NULL, 'Orbit');
                        """)
            }
            try pool.close()
        }
        let store = try NewsStore.openClean(directory.storeURL)
        #expect(try await store.search("astronomers").totalResults == 1)
        let article = Article(
            source: ArticleSource(name: "Orbit"), title: "Comet seen",
            url: URL(string: "https://example.org/a")!)
        try await store.recordReaderText(Self.text, for: article)
        #expect(try await store.search("comet divers").totalResults == 1)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test("A saved article's text is copied out of a damaged file with it")
    func salvage() async throws {
        let directory = try TemporaryDirectory()
        let old = try NewsStore.openClean(directory.storeURL)
        let article = Fixture.article("saved")
        try await old.save(article)
        try await old.recordReaderText(Self.text, for: article)
        try old.close()
        let fresh = try NewsStore.testing()
        let outcome = StoreSalvage.copy(from: directory.storeURL.path, into: fresh.writer, at: Fixture.epoch)
        #expect(outcome.savedCopied == 1)
        #expect(try await fresh.readerText(for: article) == Self.text)
        #expect(try await fresh.search("divers").urls == [article.url])
    }
}
