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
        // `</scripts` ends the script's text; libxml2 then finds no `scripts` element open and
        // drops the tag, as is done here.
        #expect(Self.emptied("<script>x</scripts>y</script>z") == "<script>y</script>z")
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

/// What libxml2 2.9's HTML parser is given of a hostile page: its work is not linear in the page
/// (each end tag is looked for among every open element, each attribute among the tag's others),
/// so end tags of elements never opened are dropped (libxml2 drops them after its search), and
/// the page is cut at its 250,000th tag and before a tag of more than 256 attributes.
@Suite struct ReaderInputBoundsTests {
    static func prepared(_ html: String, tagLimit: Int = RawTextElements.tagLimit) -> (String?, Bool) {
        let result = Array(html.utf8).withUnsafeBufferPointer {
            RawTextElements.prepared($0, tagLimit: tagLimit)
        }
        return (result.bytes.map { String(decoding: $0, as: UTF8.self) }, result.wasCut)
    }

    @Test func endTagsOfElementsNeverOpenedAreDropped() {
        #expect(Self.prepared("<b>x</b></i><div>y</I ></div></div>").0 == "<b>x</b><div>y</div>")
        // Those libxml2 may open by itself stay, and so does any end tag that may close something.
        #expect(Self.prepared("</p></body></HTML></head><p>x</p>").0 == nil)
        #expect(Self.prepared("<i><i>x</i></i>").0 == nil)
        // An end tag never ended takes the rest of the page, as libxml2 reads it.
        #expect(Self.prepared("<p>x</q trailing").0 == "<p>x")
    }

    @Test func aPageIsCutAtItsTagLimit() {
        let page = String(repeating: "<p>a</p>", count: 10)
        let (cut, wasCut) = Self.prepared(page, tagLimit: 7)
        #expect(wasCut)
        #expect(cut == "<p>a</p><p>a</p><p>a</p><p>a")
        #expect(Self.prepared(page, tagLimit: 20) == (nil, false))
        #expect(RawTextElements.tagLimit == 250_000)
    }

    @Test func aTagOfTooManyAttributesEndsThePage() {
        let many = (0...RawTextElements.attributeLimit).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let (cut, wasCut) = Self.prepared("<p>kept</p><div \(many)>gone</div>")
        #expect(wasCut)
        #expect(cut == "<p>kept</p>")
        // Never ended, it is cut all the same (libxml2 would read the rest of the page as attributes).
        #expect(Self.prepared("<p>kept</p><div \(many)").0 == "<p>kept</p>")
        // As many as the limit, in every way of writing them, are read.
        let fewer = (1...RawTextElements.attributeLimit).map { ["a\($0)='v'", "b\($0)=x", "c\($0)"][$0 % 3] }
        #expect(Self.prepared("<div \(fewer.joined(separator: " "))>x</div>") == (nil, false))
    }
}
