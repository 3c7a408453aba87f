import Foundation
import NewsModels
import SQLite
import Testing

@testable import Store

/// Feed writes hand FTS5 tokens made beforehand on other threads (``TokenReplay``): the index
/// must be exactly the one SQLite's own tokenizer makes, and queries must be tokenized as ever.
@Suite("Full-text tokens made beside the write")
struct TokenReplayTests {
    /// Texts that exercise the tokenizer: case, diacritics removed from Latin only, stemming,
    /// scripts without spaces, emoji, punctuation, an empty summary and no content.
    static let items: [FeedItem] = {
        var items = FeedFixture.items("plain", count: 30)
        var accents = FeedFixture.item("accents", title: "Café crème: CRÈME brûlée rovers’ ROVING")
        accents.summary = "Ελληνικά τονισμένα γράμματα, русский текст, عربي"
        var cjk = FeedFixture.item("cjk", title: "東京都は今日、新しい計画を発表しました")
        cjk.summary = "한국어 뉴스 🚀 emoji 👩‍🔬 and ZWJ"
        cjk.content = nil
        var empty = FeedFixture.item("empty", title: "Only a title")
        empty.summary = ""
        empty.content = nil
        var long = FeedFixture.item("long", title: String(repeating: "word ", count: 400))
        long.content = String(
            repeating: "Supercalifragilisticexpialidocious running runners ran. ", count: 200)
        return items + [accents, cjk, empty, long]
    }()

    /// The shadow tables of the full-text index, row by row.
    static func index(of store: NewsStore) async throws -> [[DatabaseValue]] {
        try await store.writer.read { db in
            var rows: [[DatabaseValue]] = []
            for table in ["articleSearch_data", "articleSearch_idx", "articleSearch_docsize"] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map {
                    Array($0.databaseValues)
                }
            }
            return rows
        }
    }

    /// Writes `records` in one transaction; with `tokensFirst`, with every new item's tokens made
    /// before it starts.
    static func write(_ records: [FeedRecord], to store: NewsStore, tokensFirst: Bool) async throws
        -> (replayed: Int, missed: Int)
    {
        let prepared = records.map(PreparedFeedRecord.init)
        let tokens = tokensFirst ? BatchTokens(prepared) : nil
        await tokens?.fill(knownIn: store.writer)
        return try await store.writer.write { db in
            let writer = try FeedWriter(db, tokens: tokens)
            let replay = try #require(TokenReplay.on(db))
            let before = (replay.replayed, replay.missed)
            for (index, record) in prepared.enumerated() {
                _ = try writer.write(record, index: index)
            }
            return (replay.replayed - before.0, replay.missed - before.1)
        }
    }

    @Test func theIndexIsTheOneSQLiteMakesByteForByte() async throws {
        let records = [
            FeedFixture.fetched("a", Self.items), FeedFixture.fetched("b", FeedFixture.items("b", count: 5)),
        ]
        let replayed = try NewsStore.testing()
        let plain = try NewsStore.testing()
        let counts = try await Self.write(records, to: replayed, tokensFirst: true)
        _ = try await Self.write(records, to: plain, tokensFirst: false)

        // Title, summary, content and source name of every item that has them: all replayed.
        let texts = (Self.items + FeedFixture.items("b", count: 5)).reduce(0) { total, item in
            total + 2 + (item.summary == nil ? 0 : 1) + (item.content == nil ? 0 : 1)
        }
        #expect(counts.replayed == texts)
        #expect(counts.missed == 0)
        let (ours, theirs) = (try await Self.index(of: replayed), try await Self.index(of: plain))
        #expect(!ours.isEmpty && ours == theirs)
        for query in ["creme", "rovers", "東京都は今日", "runner", "plain", "\"brûlée rovers\""] {
            let (found, expected) = (try await replayed.search(query), try await plain.search(query))
            #expect(found.urls == expected.urls && found.totalResults > 0, "\(query)")
        }
        #expect(try await replayed.checkIntegrity() == [])
    }

    /// A text that is not the one the tokens were made of (here, a source name the transaction
    /// chose) is tokenized by SQLite, and the rest are still replayed.
    @Test func aTextOtherThanTheTokensIsTokenizedBySQLite() async throws {
        var record = FeedFixture.fetched("a", FeedFixture.items("a", count: 3))
        record.sourceName = nil  // The feed is named after its host inside the transaction.
        let replayed = try NewsStore.testing()
        let plain = try NewsStore.testing()
        let counts = try await Self.write([record], to: replayed, tokensFirst: true)
        _ = try await Self.write([record], to: plain, tokensFirst: false)
        #expect(counts.replayed == 9)
        #expect(counts.missed == 3)
        let (ours, theirs) = (try await Self.index(of: replayed), try await Self.index(of: plain))
        #expect(ours == theirs)
    }

    /// Items the store already holds get no tokens: they gain no index rows.
    @Test func storedItemsAreNotTokenizedAgain() async throws {
        let directory = try TemporaryDirectory()
        let store = try NewsStore.openClean(directory.storeURL)
        let first = FeedFixture.fetched("a", FeedFixture.items("a", count: 4))
        try await store.recordFeeds([first])
        let again = FeedFixture.fetched("a", FeedFixture.items("a", count: 6))
        let prepared = [PreparedFeedRecord(again)]
        let tokens = try #require(BatchTokens(prepared))
        await tokens.fill(knownIn: store.writer)
        // Items a-0 to a-3 are stored; a-4 and a-5 are new.
        #expect((0..<4).allSatisfy { tokens.take(record: 0, item: $0) == nil })
        #expect(
            tokens.take(record: 0, item: 4)?.map(\.text) == [
                "Item a-4", "About a-4.", "The body of a-4 [1].", "Feed a",
            ])
        #expect(tokens.take(record: 0, item: 5) != nil)
        #expect(tokens.take(record: 0, item: 5) == nil)  // Taken once.
    }

    /// Items the writer has passed (it took their tokens, or tokenized them itself when none were
    /// ready) are not tokenized beside it any more: their tokens would never be taken.
    @Test func itemsTheWriterPassedAreNotTokenized() async throws {
        let store = try NewsStore.testing()
        let prepared = [PreparedFeedRecord(FeedFixture.fetched("b", FeedFixture.items("b", count: 6)))]
        let tokens = try #require(BatchTokens(prepared))
        #expect(tokens.take(record: 0, item: 3) == nil)  // The writer went ahead: nothing was ready.
        await tokens.fill(knownIn: store.writer)
        #expect((0..<4).allSatisfy { tokens.take(record: 0, item: $0) == nil })
        #expect(tokens.take(record: 0, item: 4)?.first?.text == "Item b-4")
        #expect(tokens.take(record: 0, item: 5) != nil)
    }

    /// SQLite's tokenizer on another thread gives what FTS5's own gives for a document.
    @Test func theTokensAreSQLitesOwn() async throws {
        let tokenizer = try #require(DocumentTokenizer.shared)
        for item in Self.items {
            let text = item.title + " " + (item.summary ?? "")
            let ours = try #require(tokenizer.tokens(of: text))
            var replayed: [String] = []
            _ = ours.replay { _, token, length, _, _ in
                replayed.append(
                    String(decoding: UnsafeRawBufferPointer(start: token, count: Int(length)), as: UTF8.self))
                return 0
            }
            // A connection of its own, SQLite's built-in porter with no wrapper: the terms an FTS5
            // table indexes for the text, in their order, as its fts5vocab table lists them.
            let sqlite = try DatabaseQueue().inDatabase { db in
                try db.execute(
                    sql: """
                        CREATE VIRTUAL TABLE t USING fts5(x, tokenize = '\(StoreSchema.tokenizer)');
                        CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');
                        INSERT INTO t (x) VALUES (?);
                        """, arguments: [text])
                return try String.fetchAll(db, sql: "SELECT term FROM v ORDER BY offset")
            }
            #expect(replayed == sqlite, "\(text)")
        }
    }
}
