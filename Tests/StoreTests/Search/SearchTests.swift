import Foundation
import NewsModels
import Testing

@testable import Store

@Suite("Full-text search: ranking, syntax and hostile input")
struct SearchTests {
    /// Six articles: `title` matches in the title, `older-title` too but older, `content` only
    /// in the body (newest), `summary` in the description, `source` in the outlet's name, and
    /// `other` nowhere.
    private func marsStore() async throws -> NewsStore {
        let store = try NewsStore.testing()
        let articles = [
            Fixture.article(
                "content", title: "Space agency budget", summary: "Funding news.",
                content: "The budget mentions mars once.", hoursAgo: 1),
            Fixture.article(
                "summary", title: "Night sky guide", summary: "Where to see Mars tonight.", hoursAgo: 2),
            Fixture.article(
                "title", title: "Mars rover finds layered rocks", summary: "Geology.", hoursAgo: 3),
            Fixture.article(
                "source", title: "Weekly roundup", summary: "Seven stories.", source: "Mars Daily",
                hoursAgo: 4),
            Fixture.article("other", title: "Venus clouds studied", summary: "Sulphuric acid.", hoursAgo: 5),
            Fixture.article(
                "older-title", title: "Rover team rehearses Mars driving", summary: "Desert trial.",
                hoursAgo: 6),
        ]
        try await store.record(Fixture.page(articles), for: Fixture.science)
        return store
    }

    private func names(_ page: ArticlePage) -> [String] {
        page.urls.map(\.lastPathComponent)
    }

    @Test func relevancyPutsTitleMatchesFirstAndNewestIsByDate() async throws {
        let store = try await marsStore()
        let relevant = try await store.search("mars", sort: .relevancy)
        #expect(relevant.totalResults == 5)
        #expect(Set(names(relevant).prefix(2)) == ["title", "older-title"])
        #expect(names(relevant).last == "content")  // A body mention counts least.
        #expect(names(relevant).firstIndex(of: "summary")! < names(relevant).firstIndex(of: "content")!)

        let newest = try await store.search("mars", sort: .publishedAt)
        #expect(names(newest) == ["content", "summary", "title", "source", "older-title"])

        let popular = try await store.search("mars", sort: .popularity)
        #expect(names(popular) == names(relevant))
    }

    @Test func pagesOfResultsHaveTheRightTotalAndOrigin() async throws {
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        try await store.record(
            Fixture.page(
                (0..<7).map { Fixture.article("p\($0)", title: "Comet \($0)", hoursAgo: Double($0)) }),
            for: Fixture.science)
        clock.advance(by: 3600)
        let second = try await store.search("comet", sort: .publishedAt, page: 2, pageSize: 3)
        #expect(names(second) == ["p3", "p4", "p5"])
        #expect(second.totalResults == 7)
        #expect(second.page == 2 && second.pageSize == 3)
        #expect(second.origin == .store(savedAt: Fixture.epoch, reason: .stale))
        let third = try await store.search("comet", sort: .publishedAt, page: 3, pageSize: 3)
        #expect(names(third) == ["p6"])
        #expect(third.isLastPage)
    }

    @Test func phrasesExclusionsNotAndOr() async throws {
        let store = try await marsStore()
        #expect(names(try await store.search("\"mars rover\"", sort: .publishedAt)) == ["title"])
        #expect(names(try await store.search("“mars rover”", sort: .publishedAt)) == ["title"])
        #expect(names(try await store.search("rover mars", sort: .publishedAt)) == ["title", "older-title"])
        #expect(
            names(try await store.search("mars -rover", sort: .publishedAt)) == [
                "content", "summary", "source",
            ])
        #expect(
            names(try await store.search("mars NOT rover", sort: .publishedAt)) == [
                "content", "summary", "source",
            ])
        #expect(names(try await store.search("+mars +rocks", sort: .publishedAt)) == ["title"])
        #expect(names(try await store.search("venus OR budget", sort: .publishedAt)) == ["content", "other"])
        #expect(names(try await store.search("mars AND sky", sort: .publishedAt)) == ["summary"])
        // Lowercase "or" is a word, as NewsAPI reads it.
        #expect(try await store.search("venus or budget").articles.isEmpty)
        // Only exclusions: everything else, newest first.
        #expect(names(try await store.search("-mars", sort: .relevancy)) == ["other"])
    }

    @Test func stemmingCaseAndDiacriticsAreFolded() async throws {
        let store = try NewsStore.testing()
        try await store.record(
            Fixture.page([
                Fixture.article("greek", title: "Δεκατριάχρονος σκακιστής απέσπασε ισοπαλία"),
                Fixture.article("cafe", title: "Café owners celebrate", summary: "Rovers parked outside."),
            ]), for: Fixture.science)
        #expect(names(try await store.search("Δεκατριάχρονος")) == ["greek"])
        #expect(names(try await store.search("ΙΣΟΠΑΛΊΑ")) == ["greek"])  // Case folds in every script.
        #expect(names(try await store.search("cafe")) == ["cafe"])
        #expect(names(try await store.search("CAFÉ")) == ["cafe"])
        #expect(names(try await store.search("rover")) == ["cafe"])
        #expect(names(try await store.search("celebrating")) == ["cafe"])
    }

    /// Nothing typed is FTS5 syntax, and nothing throws.
    @Test(arguments: [
        "\"", "\"\"", "\"mars", "mars\"", "mars \" rover", "*", "mars*", "*mars", "NEAR(", "NEAR(mars rover)",
        "NEAR(mars rover, 2)", "AND", "OR", "NOT", "AND OR NOT", "mars AND", "OR mars", "mars NOT",
        "NOT NOT mars",
        "-", "--", "- -", "-mars -", "+", "+-mars", "(", ")", "(mars", "mars)", "^mars", "title:mars",
        "{title summary}:mars", "mars:", ":", "'", "mars'", "';DROP TABLE article;--", "\\", "\u{0}",
        "mars\u{0}rover",
        "\u{202E}sram", "🚀", "🚀 mars", "mars 🚀🚀", "👩‍🚀", "火星探査", "Δεκατριάχρονος", "", "   ", "\n\t",
        "mars\nrover", "ｍａｒｓ", "rank", "rowid", "articleSearch", "mars OR", "OR OR OR", "\"\"\"\"", "“",
        "”mars“",
        String(repeating: "mars ", count: 2000), String(repeating: "\"", count: 301),
        String(repeating: "(", count: 500),
        // Found by Scripts/fuzz (search-query): a quote and a combining mark are one Character.
        "\"\u{05C7}mars", "mars\"\u{0301} rover", "a \"\u{05C7}\u{FFFD}y)",
    ])
    func hostileQueriesNeverThrowAndMatchOnlyText(_ query: String) async throws {
        let store = try await marsStore()
        for sort in ArticleSortOrder.allCases {
            let page = try await store.search(query, sort: sort, page: 1, pageSize: 10)
            #expect(page.articles.count <= page.totalResults)
        }
        #expect(try await store.stats().articleCount == 6)
        #expect(try await store.checkIntegrity() == [])
    }

    @Test func hostileQueriesMatchWhatTheirWordsSay() async throws {
        let store = try await marsStore()
        #expect(try await store.search("\"").articles.isEmpty)
        #expect(try await store.search("*").articles.isEmpty)
        #expect(try await store.search("AND OR NOT").articles.isEmpty)
        #expect(try await store.search("-").articles.isEmpty)
        #expect(try await store.search("🚀").articles.isEmpty)
        // Punctuation is ignored around the words it is attached to.
        #expect(try await store.search("mars*").totalResults == 5)
        #expect(try await store.search("(mars").totalResults == 5)
        #expect(try await store.search("title:mars").totalResults == 0)  // The phrase "title mars".
        #expect(try await store.search("mars 🚀").totalResults == 5)
        // "near" is a word like any other.
        #expect(names(try await store.search("NEAR(mars rover)", sort: .publishedAt)) == [])
        // An unclosed phrase runs to the end.
        #expect(names(try await store.search("\"mars rover", sort: .publishedAt)) == ["title"])
    }

    @Test func negationsAnywhereInTheQuery() async throws {
        let store = try await marsStore()
        func search(_ query: String) async throws -> [String] {
            names(try await store.search(query, sort: .publishedAt))
        }
        #expect(try await search("rover OR -mars") == ["title", "other", "older-title"])
        #expect(try await search("NOT (mars OR venus)") == [])
        #expect(try await search("-(rover OR venus)") == ["content", "summary", "source"])
        #expect(try await search("(mars -rover) OR venus") == ["content", "summary", "source", "other"])
        #expect(try await search("mars -\"mars rover\"") == ["content", "summary", "source", "older-title"])
        #expect(try await search("-sky -budget -venus") == ["title", "source", "older-title"])
    }

    /// Each word and phrase is one FTS5 string; negations become FTS5's binary NOT, or every
    /// article but a match.
    @Test func theMatchQuotesEveryTermAndPlacesEveryNegation() {
        func match(_ text: String) -> FullTextMatch? {
            FullTextMatch(SearchQuery(text))
        }
        #expect(match("mars rover") == .matching(#"("mars" AND "rover")"#))
        #expect(match("\"mars rover\" OR venus") == .matching(#"("mars rover" OR "venus")"#))
        #expect(match("mars -rover NOT venus") == .matching(#"("mars" NOT ("rover" OR "venus"))"#))
        #expect(match("(a OR b) -c") == .matching(#"(("a" OR "b") NOT "c")"#))
        #expect(match("-mars") == .excluding(#""mars""#))
        #expect(match("-a -b") == .excluding(#"("a" OR "b")"#))
        #expect(match("-a OR -b") == .excluding(#"("a" AND "b")"#))
        #expect(match("mars OR -rover") == .excluding(#"("rover" NOT "mars")"#))
        #expect(match("NOT (a -b)") == .excluding(#"("a" NOT "b")"#))
        #expect(match("NEAR(a b)") == .matching(#"("NEAR" AND "a" AND "b")"#))
        #expect(match("* 🚀 -- \u{0}") == nil)
        #expect(FullTextMatch.quote("say \"hi\"") == #""say ""hi""""#)
        #expect(FullTextMatch.quote("\"\u{05C7}x") == "\"\"\"\u{05C7}x\"")
    }
}
