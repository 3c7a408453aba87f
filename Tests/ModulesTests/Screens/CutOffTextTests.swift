import Foundation
import NewsModels
import Testing

@testable import Modules

/// Which articles `full_text = "auto"` reads the page of as they open.
@Suite("Cut-off text")
struct CutOffTextTests {
    static let feed = FeedItemReference(feed: URL(string: "https://example.org/feed")!, item: "1")

    static func item(content: String?, summary: String? = "A summary.") -> Article {
        Article(
            source: ArticleSource(name: "Feed"), title: "Item", summary: summary,
            url: URL(string: "https://example.org/item")!, content: content, feedItem: feed)
    }

    @Test("NewsAPI: cut off with [+N chars] or without content, whole otherwise")
    func newsAPI() {
        var article = Articles.truncated
        #expect(CutOffText.isCutOff(article))
        article.omittedCharacterCount = nil
        #expect(!CutOffText.isCutOff(article))
        article.content = nil
        #expect(CutOffText.isCutOff(article))
    }

    @Test("A feed item with only a summary, or nothing, is cut off")
    func summaryOnly() {
        #expect(CutOffText.isCutOff(Self.item(content: nil)))
        #expect(CutOffText.isCutOff(Self.item(content: nil, summary: nil)))
    }

    @Test(
        "A feed item's text is cut off when its last line ends in an ellipsis or asks to read on",
        arguments: [
            ("First paragraph.\n\nThe council said the plan would…", true),
            ("It went on and on...", true),
            ("Our reporter spent a week there […]", true),
            ("Our reporter spent a week there [...]", true),
            ("The story so far.\n\nRead more [3]", true),
            ("The story so far.\n\nContinue reading →", true),
            ("The story so far.\n\n• Continue reading “Trams” »", true),
            ("A whole story. It ends here.", false),
            ("A list:\n• one\n• two", false),
            ("She wrote: read more books, and read them slowly, every single day of the year.", false),
            ("The end [2]", false),
            ("Read online at the library.", false),
        ])
    func feedText(text: String, cut: Bool) {
        #expect(CutOffText.isCutOff(Self.item(content: text)) == cut)
    }

    @Test("A feed item whose summary is the whole post is not cut off; one ending cut is")
    func wholeSummary() {
        let post = Array(repeating: "The council met again and agreed on the plan for the quarry.", count: 15)
            .joined(separator: " ")
        #expect(!CutOffText.isCutOff(Self.item(content: nil, summary: post)))
        #expect(CutOffText.isCutOff(Self.item(content: nil, summary: post + " Read more…")))
    }
}
