import Foundation
import NewsModels
import Testing

@testable import SampleEdition

/// The bundled sample edition and its service: the same contract as NewsAPI.
@Suite("Sample edition")
struct SampleEditionTests {
    /// Sun 22 Nov 2026 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_348_800)
    static let edition = try! SampleEdition.bundled(now: now)
    let service = SampleNewsService(edition: Self.edition)

    @Test("The binary's edition and pictures are the bytes of Sources/SampleEdition/Resources")
    func embeddedDataMatchesResources() throws {
        // Scripts/generate-sample-edition-data.py writes SampleEditionData.swift from these files;
        // this fails when one of them changed and the script was not run again.
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SampleEdition/Resources")
        let json = try Data(contentsOf: resources.appendingPathComponent("sample-edition.json"))
        #expect(SampleEdition.bundledData == json)
        let folder = resources.appendingPathComponent("pictures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(names) == Set(SamplePictures.bundledFiles.keys))
        for name in names {
            let file = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(SamplePictures.bundledFiles[name] == file, "\(name) differs from its resource")
        }
    }

    @Test("At least 80 articles, every category, unique URLs, newest first")
    func contents() {
        let entries = Self.edition.entries
        #expect(entries.count >= 80)
        #expect(Set(entries.map(\.category)) == Set(NewsCategory.allCases))
        #expect(Set(entries.map(\.article.url)).count == entries.count)
        let dates = entries.compactMap(\.article.publishedAt)
        #expect(dates.count == entries.count, "every date shape in the data decodes")
        #expect(dates == dates.sorted(by: >))
    }

    @Test("The quirks survive: null and blank fields, truncated content, non-Latin text and emoji")
    func quirks() {
        let articles = Self.edition.entries.map(\.article)
        #expect(articles.contains { $0.source.id == nil })
        #expect(articles.contains { $0.author == nil })
        #expect(articles.contains { $0.summary == nil })
        #expect(articles.contains { $0.imageURL == nil })
        #expect(articles.contains { $0.isContentTruncated && !($0.content?.contains("chars]") ?? true) })
        #expect(
            articles.contains { $0.title.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
        #expect(
            articles.contains { $0.title.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        #expect(articles.contains { $0.title.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    }

    @Test("Dates are moved so the newest article is 17 minutes old, gaps kept")
    func rebasing() throws {
        let raw = try SampleEdition(data: #require(SampleEdition.bundledData))
        let first = try #require(Self.edition.entries.first?.article.publishedAt)
        #expect(first == Self.now.addingTimeInterval(-17 * 60))
        let gap = { (edition: SampleEdition) in
            edition.entries[0].article.publishedAt!.timeIntervalSince(
                edition.entries[10].article.publishedAt!)
        }
        #expect(abs(gap(raw) - gap(Self.edition)) < 0.001)
    }

    @Test("Headlines by category, paged, with the right total", arguments: NewsCategory.allCases)
    func headlines(category: NewsCategory) async throws {
        let expected = Self.edition.entries.filter { $0.category == category }.map(\.article)
        let first = try await service.topHeadlines(HeadlinesRequest(category: category, page: 1, pageSize: 5))
        let second = try await service.topHeadlines(
            HeadlinesRequest(category: category, page: 2, pageSize: 5))
        #expect(first.totalResults == expected.count)
        #expect(first.articles + second.articles == Array(expected.prefix(10)))
        #expect(!first.isLastPage)
    }

    @Test("Paging the whole edition visits every article once and ends")
    func pagingToTheEnd() async throws {
        var list = ArticleList()
        while let page = list.nextPage {
            list.append(try await service.topHeadlines(HeadlinesRequest(page: page, pageSize: 20)))
        }
        #expect(list.count == Self.edition.entries.count)
        #expect(list.isComplete)
        let past = try await service.topHeadlines(HeadlinesRequest(page: 99, pageSize: 20))
        #expect(past.articles.isEmpty)
        #expect(past.totalResults == Self.edition.entries.count)
    }

    @Test("Search is case- and accent-insensitive over title, description and content")
    func searchMatching() async throws {
        let upper = try await service.search(SearchRequest(query: "MARS ROVER"))
        let lower = try await service.search(SearchRequest(query: "mars rover"))
        #expect(upper == lower)
        #expect(upper.totalResults >= 2)
        for article in upper.articles {
            let text = [article.title, article.summary ?? "", article.content ?? ""].joined(separator: " ")
                .lowercased()
            #expect(text.contains("mars") && text.contains("rover"))
        }
        let accent = try await service.search(SearchRequest(query: "cafe"))
        #expect(accent.articles.contains { $0.title.contains("Café") })
    }

    @Test("Whole words match, plurals too, but not words that merely contain the query")
    func wordMatching() async throws {
        let vaccine = try await service.search(SearchRequest(query: "vaccine"))
        #expect(vaccine.totalResults >= 3)
        let ai = try await service.search(SearchRequest(query: "AI"))
        for article in ai.articles {
            let text = [article.title, article.summary ?? "", article.content ?? ""].joined(separator: " ")
            #expect(
                text.range(of: #"\bAI\b"#, options: [.regularExpression, .caseInsensitive]) != nil,
                "\(article.title)")
        }
    }

    @Test("Phrases, exclusions and OR")
    func querySyntax() async throws {
        let phrase = try await service.search(SearchRequest(query: "\"mars rover\""))
        let mars = try await service.search(SearchRequest(query: "mars"))
        let notRover = try await service.search(SearchRequest(query: "mars -rover"))
        #expect(phrase.totalResults + notRover.totalResults <= mars.totalResults)
        #expect(notRover.articles.allSatisfy { !$0.title.lowercased().contains("rover") })
        let either = try await service.search(SearchRequest(query: "bitcoin OR football"))
        let bitcoin = try await service.search(SearchRequest(query: "bitcoin"))
        let football = try await service.search(SearchRequest(query: "football"))
        #expect(either.totalResults == bitcoin.totalResults + football.totalResults)
    }

    /// Found by Scripts/fuzz (search-query): Foundation's `range(of:)` found `\0\0t\0` again at
    /// the end of `\0\0t\0\u{0C}\0\0t`, past the last character, and the next search crashed.
    @Test("Control characters in a query or a text are spaces")
    func controlCharacters() {
        let query = SampleSearch("\0\0t\0 rover\u{7}")
        #expect(query.score([("\0\0t\0\u{0C}\0\0t", 1)]) == nil)
        #expect(query.score([("t\0rover", 1)]) == 2)
        #expect(SampleSearch("mars\0rover").score([("Mars rover", 1)]) == 2)
    }

    /// Found by Scripts/fuzz (search-query): a text did not match a query of its own words. The
    /// phrase `t t` occurs in `tt t t` inside `tt` first, and the search went on after that
    /// occurrence instead of one character into it, so it missed the whole-word one that overlaps it.
    @Test("A phrase is found where it overlaps an occurrence inside a word")
    func overlappingPhrase() {
        let text = "\0\0tt\u{0C}\0\0\"\0t \0\0t\0"
        #expect(SampleSearch(text).score([(text, 1)]) != nil)
        #expect(SampleSearch(#""a a""#).score([("aa a a", 1)]) == 1)
        #expect(SampleSearch("rover").score([("rovers rover overrover rover", 1)]) == 3)
    }

    @Test("A query means what Networking's SearchQuery reads, whatever the sample edition's matching")
    func sharedGrammar() async throws {
        func urls(_ query: String) async throws -> [URL] {
            try await service.search(SearchRequest(query: query, pageSize: 100)).articles.map(\.url)
        }
        // A NOT with nothing after it is dropped, not carried over the OR.
        let either = try await urls("mars OR bitcoin")
        #expect(try await urls("mars NOT OR bitcoin") == either)
        #expect(!either.isEmpty)
        // A run of signs is its first sign.
        #expect(try await urls("mars --rover") == urls("mars -rover"))
        #expect(try await urls("mars ++rover") == urls("mars rover"))
        // A sign before a phrase signs the phrase.
        let mars = try await urls("mars")
        let phrase = try await urls("\"mars rover\"")
        let notPhrase = try await urls("mars -\"mars rover\"")
        #expect(!phrase.isEmpty && Set(notPhrase) == Set(mars).subtracting(phrase))
        // Exclusions bind to their neighbour: (mars AND NOT rover) OR bitcoin.
        let bitcoin = try await urls("bitcoin")
        let marsNotRover = try await urls("mars -rover")
        #expect(Set(try await urls("bitcoin OR mars -rover")) == Set(bitcoin).union(marsNotRover))
        // A non-word is no word.
        #expect(try await urls("mars 🚀 —") == mars)
    }

    @Test("Japanese and Chinese match inside words")
    func cjk() async throws {
        let japanese = try #require(Self.edition.entries.first { $0.article.title.contains("湖") })
        let result = try await service.search(SearchRequest(query: "湖"))
        #expect(result.articles.contains(japanese.article))
    }

    @Test("The three sorts: relevancy by match score, popularity by the stable score, newest first")
    func sorts() async throws {
        let newest = try await service.search(
            SearchRequest(query: "climate", sortBy: .publishedAt, pageSize: 100))
        let dates = newest.articles.compactMap(\.publishedAt)
        #expect(dates == dates.sorted(by: >))

        let popular = try await service.search(
            SearchRequest(query: "climate", sortBy: .popularity, pageSize: 100))
        let scores = popular.articles.map { article in
            Self.edition.entries.first { $0.article == article }!.popularity
        }
        #expect(scores == scores.sorted(by: >))
        #expect(Set(popular.articles) == Set(newest.articles))

        let relevant = try await service.search(
            SearchRequest(query: "mars", sortBy: .relevancy, pageSize: 100))
        let top = try #require(relevant.articles.first)
        #expect(top.title.lowercased().contains("mars"), "a title match outranks a body match")
    }

    @Test("No match is an empty page with zero results; bad paging is NewsAPI's parameterInvalid")
    func edges() async throws {
        let none = try await service.search(SearchRequest(query: "zzxqv"))
        #expect(none.articles.isEmpty)
        #expect(none.totalResults == 0)
        await #expect(throws: NewsServiceError.self) {
            try await service.search(SearchRequest(query: "mars", pageSize: 101))
        }
        do {
            _ = try await service.topHeadlines(HeadlinesRequest(page: 0))
            Issue.record("page 0 was accepted")
        } catch {
            #expect(error.code == "parameterInvalid")
        }
        do {
            _ = try await service.search(SearchRequest(query: "  "))
            Issue.record("an empty query was accepted")
        } catch {
            #expect(error.code == "parametersMissing")
        }
    }

    @Test("Damaged data is one sentence, not a crash")
    func damaged() {
        #expect(
            throws: NewsServiceError.unavailable("The sample edition's data is damaged; reinstall NewsApp.")
        ) {
            try SampleEdition(data: Data("{\"articles\": 3".utf8))
        }
    }
}
