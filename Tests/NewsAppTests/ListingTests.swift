import Foundation
import Modules
import NewsModels
import Testing

@testable import Console
@testable import NewsApp

/// What `headlines` and `search` print, without running them.
@Suite struct ListingTests {
    static let now = Date(timeIntervalSince1970: 1_789_400_000)
    let time = TimeFormatting(now: now, timeZone: TimeZone(identifier: "UTC")!)

    func article(_ title: String, source: String = "The Daily", minutesAgo: Double = 5, path: String = "a")
        -> Article
    {
        Article(
            source: ArticleSource(name: source), title: title,
            url: URL(string: "https://example.org/\(path)")!,
            publishedAt: Self.now.addingTimeInterval(-minutesAgo * 60))
    }

    @Test func eachArticleIsNumberTitleMetaAndAddress() {
        let page = ArticlePage(
            articles: [
                article("First story", minutesAgo: 5), article("Second story", minutesAgo: 180, path: "b"),
            ],
            totalResults: 2, page: 1, pageSize: 20)
        let lines = ListingRenderer.render(
            .headlines(.science), page: page, width: 80, time: time, edition: .newsAPI
        ).map(\.plainText)
        #expect(
            lines == [
                "Top headlines · Science · 2 of 2 articles",
                "",
                "1  First story",
                "   The Daily · 5 minutes ago",
                "   https://example.org/a",
                "",
                "2  Second story",
                "   The Daily · 3 hours ago",
                "   https://example.org/b",
            ])
    }

    @Test func laterPagesNumberOnAndSayThereIsMore() {
        let articles = (1...5).map { article("Story \($0)", path: "s\($0)") }
        let page = ArticlePage(articles: articles, totalResults: 30, page: 2, pageSize: 5)
        let lines = ListingRenderer.render(
            .search("rover", .relevancy), page: page, width: 100, time: time, edition: .sample
        ).map(\.plainText)
        #expect(
            lines.first == "Search “rover” · sorted by relevancy · 5 of 30 articles · page 2 · sample edition"
        )
        #expect(lines.contains(" 6  Story 1"))
        #expect(lines.contains("10  Story 5"))
        #expect(lines.contains("    https://example.org/s5"))
        #expect(lines.last == "More with --page 3.")
    }

    @Test func titlesWrapUnderTheirNumber() throws {
        let title = "A rather long headline that cannot possibly fit on one line of forty columns"
        let page = ArticlePage(articles: [article(title)], totalResults: 1, page: 1, pageSize: 20)
        let lines = ListingRenderer.render(
            .headlines(nil), page: page, width: 40, time: time, edition: .newsAPI)
        for line in lines where !line.plainText.hasPrefix("   https://") {
            #expect(line.displayWidth <= 40)
        }
        let text = lines.map(\.plainText)
        let first = try #require(text.firstIndex { $0.hasPrefix("1  ") })
        #expect(text[first] == "1  A rather long headline that cannot")
        #expect(text[first + 1] == "   possibly fit on one line of forty")
        #expect(text[first + 2] == "   columns")
    }

    @Test func noEscapeSequenceFromTheNetworkReachesTheOutput() {
        let hostile = article(
            "Hi\u{1B}]52;c;SGVsbG8=\u{07} there\u{1B}[2J\u{9B}31m\u{202E}txt.exe",
            source: "Evil\u{1B}[31m Wire")
        let page = ArticlePage(articles: [hostile], totalResults: 1, page: 1, pageSize: 20)
        let lines = ListingRenderer.render(
            .search("x\u{1B}[5m", .publishedAt), page: page, width: 80, time: time, edition: .newsAPI)
        let text = lines.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Hi theretxt.exe"))
        #expect(text.contains("Evil Wire · 5 minutes ago"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        // Even styled for a colour terminal, the only escapes are the styler's own SGR.
        let styled = lines.map { ANSIStyler(mode: .color(.dark), hyperlinks: false).render($0) }.joined()
        #expect(!styled.contains("\u{1B}]"))
        #expect(!styled.contains("\u{1B}[2J"))
        #expect(!styled.contains("\u{1B}[5m"))
    }

    @Test(arguments: [
        (Listing.search("zyzzyva", .publishedAt), 1, 0, "No articles match “zyzzyva”."),
        (Listing.headlines(nil), 1, 0, "There are no headlines right now."),
        (Listing.headlines(.health), 1, 0, "There are no health headlines right now."),
        (Listing.headlines(nil), 7, 84, "Page 7 is past the end: there are 84 articles on 5 pages."),
    ])
    func emptyPagesSaySo(listing: Listing, page number: Int, total: Int, message: String) {
        let page = ArticlePage(articles: [], totalResults: total, page: number, pageSize: 20)
        let lines = ListingRenderer.render(listing, page: page, width: 80, time: time, edition: .newsAPI)
        #expect(lines.last?.plainText == message)
        #expect(!lines.first!.plainText.contains(" of "))
    }

    @Test func pastNewsAPIsResultCap() {
        let page = ArticlePage(articles: [], totalResults: 100, page: 6, pageSize: 20, reachedResultCap: true)
        let lines = ListingRenderer.render(
            .search("mars", .publishedAt), page: page, width: 100, time: time, edition: .newsAPI)
        #expect(
            lines.last?.plainText
                == "Page 6 is past the end: NewsAPI returns at most 100 results per query on this plan.")
    }

    /// Piped at 80 columns a sentence longer than the line is wrapped between words, never cut.
    @Test func aLongMessageIsWrappedNotCut() {
        let page = ArticlePage(articles: [], totalResults: 100, page: 6, pageSize: 20, reachedResultCap: true)
        let lines = ListingRenderer.render(
            .headlines(nil), page: page, width: 40, time: time, edition: .newsAPI)
        let message = lines.drop { !$0.plainText.hasPrefix("Page 6") }.map(\.plainText)
        #expect(
            message.joined(separator: " ")
                == "Page 6 is past the end: NewsAPI returns at most 100 results per query on this plan.")
        #expect(message.count > 1)
        #expect(message.allSatisfy { $0.count <= 40 })
    }

    // MARK: JSON

    @Test func jsonHasTheQueryThePageAndNewsAPIsArticles() throws {
        let document = ListingDocument(
            query: ListingDocument.Query(.search("mars rover", .relevancy), country: nil, language: "en"),
            page: 2, pageSize: 10, totalResults: 31, articles: [article("Rover")])
        let text = document.json()
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["page"] as? Int == 2)
        #expect(object["pageSize"] as? Int == 10)
        #expect(object["totalResults"] as? Int == 31)
        #expect(
            object["query"] as? [String: String]
                == ["endpoint": "everything", "q": "mars rover", "sortBy": "relevancy", "language": "en"])
        let articles = try #require(object["articles"] as? [[String: Any]])
        #expect(articles.first?["url"] as? String == "https://example.org/a")
        let keys = Set(articles.first?.keys.map { $0 } ?? [])
        #expect(keys.isSuperset(of: ["source", "title", "publishedAt"]))
        #expect(text.hasPrefix("{\n  \"articles\" : ["))
    }

    /// What the screen shows, `--json` prints: escape sequences, controls and bidi overrides go.
    @Test func jsonCarriesTextCleanedAsTheScreenCleansIt() throws {
        let title = "A\u{1B}[31mB\u{9B}C\u{202E}D\u{2028}E\u{7F}F"
        let document = ListingDocument(
            query: ListingDocument.Query(.headlines(nil), country: "us", language: nil),
            page: 1, pageSize: 20, totalResults: 1, articles: [article(title)])
        let text = document.json()
        #expect(
            !text.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                    || $0 == "\u{2028}"
            })
        #expect(!text.contains("\\u202E") && !text.contains("\\u001b") && !text.contains("[31m"))
        let decoded = try JSONDecoder().decode(Decoded.self, from: Data(text.utf8))
        #expect(decoded.articles.first?.title == "ABD\nEF")
    }

    struct Decoded: Decodable {
        var articles: [Article]
    }
}
