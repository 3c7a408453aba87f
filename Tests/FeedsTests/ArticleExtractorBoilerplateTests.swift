import Foundation
import Testing

@testable import Feeds

/// Reader mode's rules for the furniture real pages put beside the article's paragraphs, where
/// class hints say nothing: widgets with buttons, lines of related links, long byline blocks, text
/// only screen readers read. Found on newspaper4k's real pages (`Scripts/real-pages`).
@Suite struct ArticleExtractorBoilerplateTests {
    static func extract(_ body: String) throws -> ExtractedArticle {
        try ArticleExtractorTests.extract(body)
    }

    static let story = ArticleExtractorTests.story

    /// Form controls are counted before they are dropped with their content, so that
    /// Readability's rule (more fields than a third of the paragraphs) can hold.
    @Test func aShortBlockWithAButtonGoesAndAFormInALongBlockStays() throws {
        let article = try Self.extract(
            """
            <article>\(Self.story)<div class="report"><strong>Found a mistake?</strong><p>Select the \
            text and press WIDGET to tell the editors.</p><div><button>Report it</button></div></div>
            </article>
            """)
        #expect(article.text.hasPrefix("The river crested"))
        #expect(!article.text.contains("WIDGET"))
        // Three fields, seven paragraphs: over a third, but the block is long, so it is the article.
        let withForm = try Self.extract(
            """
            <article>\(Self.story)\(Self.story)<div>\(Self.story)\(Self.story)
            <p>Tell us what you saw, in the form KEPT below.</p><input name="name"><input name="mail">
            <textarea>What happened</textarea></div></article>
            """)
        #expect(withForm.text.contains("in the form KEPT below"))
    }

    @Test func aParagraphOfRelatedLinksGoesAndAParagraphWithALinkStays() throws {
        let article = try Self.extract(
            """
            <article>\(Self.story)<p>The <a href="/gauge">river gauge</a> is read every hour, LINKED \
            from the county's site, with the levels of the past week.</p>
            <p><strong>RELATED</strong><br><a href="/a">Storm closes the airport for a day</a><br>
            <a href="/b">How the valley prepared for the floods of 1983</a></p></article>
            """)
        #expect(article.text.contains("LINKED"))
        #expect(!article.text.contains("RELATED"))
        #expect(!article.text.contains("airport"))
    }

    /// Readability takes a byline of under 100 characters; a block of a name, a date, an avatar and
    /// a print link is longer, and stayed in the text.
    @Test func aLongBylineBlockGoesAndItsAuthorIsTheByline() throws {
        let article = try Self.extract(
            """
            <article><div id="byline"><a href="/print">Print</a> <span class="avatar">National Desk</span>
            By <span class="author vcard"><a href="/u/jo">Jo Reporter</a></span><br>on December 27, 2014 \
            at 12:06 PM, updated December 27, 2014 at 12:10 PM</div>\(Self.story)</article>
            """)
        #expect(article.byline == "Jo Reporter")
        #expect(!article.text.contains("Print"))
        #expect(!article.text.contains("updated December"))
        #expect(article.text.hasPrefix("The river crested"))
    }

    @Test(arguments: ["sr-only", "visually-hidden", "screen-reader-text", "media off-screen"])
    func textForScreenReadersOnlyGoes(classes: String) throws {
        let article = try Self.extract(
            """
            <article><figure><img src="/flood.jpg" alt="The flooded square">
            <figcaption><span class="\(classes)">Image caption</span>The square on Tuesday</figcaption>
            </figure>\(Self.story)</article>
            """)
        #expect(!article.text.contains("Image caption"))
        #expect(article.text.contains("The square on Tuesday"))
    }

    /// The scorer's words leave out what stands for a link or a picture.
    @Test func theScorerSkipsLinkNumbersAndPicturePlaceholders() {
        let score = ExtractionScore(
            extracted: "[image: A flooded square] The square [2] on Tuesday",
            expected: "the square on tuesday")
        #expect(score.precision == 1)
        #expect(score.recall == 1)
        let bracketed = ExtractionScore(extracted: "[images] and [1a]", expected: "images and 1a")
        #expect(bracketed.f1 == 1)
    }
}
