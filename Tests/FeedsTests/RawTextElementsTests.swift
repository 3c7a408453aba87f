import Foundation
import Testing

@testable import Feeds

/// Scripts and style sheets emptied before libxml2 reads a page (most of a real news page's bytes).
@Suite struct RawTextElementsTests {
    static func emptied(_ html: String) -> String? {
        Array(html.utf8).withUnsafeBufferPointer(RawTextElements.emptied).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func scriptsAndStylesAreEmptiedAndJSONLDStays() {
        let page = """
            <head><STYLE media="x">p > a { color: red }</STYLE><script type="application/ld+json">{"a": "<script>x"}\
            </script></head><body><p>Text</p><script>if (a < b && c > d) { w("</div>") }</Script ><p>More</p></body>
            """
        #expect(
            Self.emptied(page) == """
                <head><STYLE media="x"></STYLE><script type="application/ld+json">{"a": "<script>x"}\
                </script></head><body><p>Text</p><script></Script ><p>More</p></body>
                """)
    }

    @Test func aScriptTagInACommentOrAnAttributeStartsNothing() {
        let page = #"<!-- <script> --><a title="<script>" href='x>y'>Link</a><p>Text</p>"#
        #expect(Self.emptied(page) == nil)
        #expect(Self.emptied("<p>No scripts at all, a < b.</p>") == nil)
    }

    /// As libxml2 reads it: a script never closed takes the rest of the page; a start tag never
    /// ended stops the cutting, and what follows is left as it is.
    @Test func unclosedScriptsAndTagsAreReadAsLibxml2ReadsThem() {
        #expect(Self.emptied("<p>a</p><script>var x = 1; <p>b</p>") == "<p>a</p><script>")
        #expect(Self.emptied(#"<p title="open><script>x</script>"#) == nil)
        #expect(Self.emptied("<script>x</scripts>y</script>z") == "<script></scripts>y</script>z")
    }

    @Test func theExtractedArticleIsTheSameWithAndWithoutThem() throws {
        let story = ArticleExtractorTests.story
        let head =
            #"<script type="application/ld+json">{"@type": "NewsArticle", "author": {"name": "Ann Lee"}}</script>"#
        let scripts = "<script>document.write('<p>INJECTED</p>')</script><style>.x{}</style>"
        let plain = try ArticleExtractorTests.extract("<article>\(story)</article>", head: head)
        let withScripts = try ArticleExtractorTests.extract(
            "\(scripts)<article>\(scripts)\(story)\(scripts)</article>", head: head + scripts)
        #expect(withScripts == plain)
        #expect(plain.byline == "Ann Lee")
    }
}
