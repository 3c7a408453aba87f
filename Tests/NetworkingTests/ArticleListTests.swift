import Foundation
import NewsModels
import Testing

@testable import Networking

/// ``ArticlePage/isLastPage`` and ``ArticleList``: paging, de-duplication and the result cap.
@Suite("ArticlePage and ArticleList")
struct ArticleListTests {
    static func article(_ number: Int) -> Article {
        Article(
            source: ArticleSource(name: "S"), title: "Story \(number)",
            url: URL(string: "https://s.example/\(number)")!)
    }

    static func page(_ numbers: [Int], total: Int, page: Int, size: Int, capped: Bool = false) -> ArticlePage
    {
        ArticlePage(
            articles: numbers.map(article), totalResults: total, page: page, pageSize: size,
            reachedResultCap: capped)
    }

    @Test(
        "isLastPage",
        arguments: [
            (page([1, 2], total: 10, page: 1, size: 2), false),
            (page([9, 10], total: 10, page: 5, size: 2), true),
            (page([9], total: 9, page: 5, size: 2), true),
            (page([], total: 10, page: 3, size: 2), true),
            (page([5, 6], total: 10, page: 3, size: 2, capped: true), true),
            (page([1], total: 0, page: 1, size: 20), true),
            (page([1, 2], total: 3322, page: 1, size: 2), false),
        ])
    func isLastPage(page: ArticlePage, expected: Bool) {
        #expect(page.isLastPage == expected)
    }

    @Test("pages from the wire: the article repeated on page 2 is kept once, where it first appeared")
    func duplicatesAcrossPages() throws {
        let first = try DecodingTests.articles("everything-page-1.json")
        let second = try DecodingTests.articles("everything-page-2.json")
        var list = ArticleList()
        #expect(list.nextPage == 1 && list.isEmpty && !list.isComplete)

        let addedFirst = list.append(
            ArticlePage(articles: first.articles, totalResults: first.totalResults, page: 1, pageSize: 3))
        #expect(addedFirst == 3)
        #expect(list.nextPage == 2)
        #expect(!list.isComplete)

        let addedSecond = list.append(
            ArticlePage(articles: second.articles, totalResults: second.totalResults, page: 2, pageSize: 3))
        #expect(addedSecond == 1)
        #expect(list.articles.map(\.title) == (1...4).map { "Bitcoin story number \($0)" })
        #expect(list.count == 4)
        #expect(list.totalResults == 5)
        #expect(list.isComplete)
        #expect(list.nextPage == nil)
        #expect(!list.reachedResultCap)
    }

    @Test("the result cap ends the list and keeps the last real total")
    func resultCap() {
        var list = ArticleList()
        list.append(Self.page([1, 2], total: 3322, page: 1, size: 2))
        list.append(Self.page([3, 4], total: 3322, page: 2, size: 2))
        #expect(list.nextPage == 3 && !list.isComplete)
        list.append(Self.page([], total: 4, page: 3, size: 2, capped: true))
        #expect(list.isComplete)
        #expect(list.reachedResultCap)
        #expect(list.totalResults == 3322)
        #expect(list.count == 4)
        #expect(list.lastPage == 3)
        #expect(list.nextPage == nil)
    }

    @Test("a page that repeats only known articles adds nothing")
    func onlyDuplicates() {
        var list = ArticleList()
        list.append(Self.page([1, 2], total: 6, page: 1, size: 2))
        #expect(list.append(Self.page([2, 1], total: 6, page: 2, size: 2)) == 0)
        #expect(list.count == 2)
        #expect(list.nextPage == 3)
    }
}
