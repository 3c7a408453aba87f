import Foundation
import NewsModels
import Testing

@testable import Modules

/// What the front page's featured story says under its title.
@Suite("Front page teaser")
struct FrontPageTeaserTests {
    @Test func theSummaryWhenThereIsOne() {
        var article = Fixtures.article(1)
        article.summary = "A short summary."
        article.content = "The whole text."
        #expect(FrontPageRenderer.teaser(article) == "A short summary.")
    }

    @Test func elseTheTextsFirstParagraphWithoutItsLinkNumbers() {
        var article = Fixtures.article(1)
        article.content =
            "\n\nObservers at the Hale Ridge observatory [1] expect it\nby December [2].\n\nMore."
        #expect(
            FrontPageRenderer.teaser(article)
                == "Observers at the Hale Ridge observatory expect it by December.")
    }

    @Test func aLongParagraphIsCutAtAWord() throws {
        var article = Fixtures.article(1)
        article.content = String(repeating: "comet ", count: 100)
        let teaser = try #require(FrontPageRenderer.teaser(article))
        #expect(teaser.hasSuffix("comet…"))
        #expect(teaser.count <= 281)
    }

    @Test func nothingWithoutEither() {
        #expect(FrontPageRenderer.teaser(Fixtures.article(1)) == nil)
    }
}
