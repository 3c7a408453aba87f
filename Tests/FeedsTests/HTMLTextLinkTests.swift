import Foundation
import Testing

@testable import Feeds

@Suite("HTML to text: links")
struct HTMLTextLinkTests {
    private let page = URL(string: "https://example.org/posts/1")!

    @Test func aLinksTextIsFollowedByItsNumber() throws {
        let html = "<p>See <a href=\"https://example.org/a\">this</a> and <a href=\"/b\">that</a>.</p>"
        let result = HTMLText(html: html, baseURL: page)
        #expect(result.text == "See this [1] and that [2].")
        #expect(
            result.links == [
                try #require(URL(string: "https://example.org/a")),
                try #require(URL(string: "https://example.org/b")),
            ])
    }

    @Test func aURLLinkedAgainKeepsItsNumber() {
        let html = """
            <a href="https://x.org/">one</a> <a href="https://y.org/">two</a> <a href="https://x.org/">three</a>
            """
        let result = HTMLText(html: html, baseURL: nil)
        #expect(result.text == "one [1] two [2] three [1]")
        #expect(result.links.map(\.absoluteString) == ["https://x.org/", "https://y.org/"])
    }

    @Test func relativeLinksResolveAgainstTheBaseURL() {
        let html =
            "<a href=\"../all?tag=a b#top\">up</a> <a href=\"//cdn.example.net/x\">cdn</a> <a href=\" c \n\">c</a>"
        let result = HTMLText(html: html, baseURL: page)
        #expect(result.text == "up [1] cdn [2] c [3]")
        #expect(
            result.links.map(\.absoluteString) == [
                "https://example.org/all?tag=a%20b#top", "https://cdn.example.net/x",
                "https://example.org/posts/c",
            ])
    }

    @Test func relativeLinksResolveAgainstTheDocumentsBase() {
        let absolute = HTMLText(
            html: "<base href=\"https://cdn.example.com/dir/\"><a href=\"page\">p</a>", baseURL: page)
        #expect(absolute.links.map(\.absoluteString) == ["https://cdn.example.com/dir/page"])
        let relative = HTMLText(
            html: "<base href=\"/sub/\"><base href=\"/ignored/\"><a href=\"page\">p</a>", baseURL: page)
        #expect(relative.links.map(\.absoluteString) == ["https://example.org/sub/page"])
        let document = HTMLText(
            html: "<html><head><base href=\"https://b.org/\"></head><body><a href=\"x\">x</a></body></html>",
            baseURL: nil)
        #expect(document.links.map(\.absoluteString) == ["https://b.org/x"])
    }

    @Test func onlyWebAndMailLinksAreNumbered() {
        let html = """
            <a href="javascript:alert(1)">js</a> <a href="#top">top</a> <a href="">empty</a> <a name="n">anchor</a> \
            <a href="ftp://x.org/f">ftp</a> <a href="data:text/html,x">data</a> <a href="mailto:ed@example.org">Write</a>
            """
        let result = HTMLText(html: html, baseURL: page)
        #expect(result.text == "js top empty anchor ftp data Write [1]")
        #expect(result.links.map(\.absoluteString) == ["mailto:ed@example.org"])
    }

    /// Found by Scripts/fuzz (html-text): Foundation gives `:x` back unresolved, without a
    /// scheme, and it was numbered.
    @Test func aReferenceFoundationCannotResolveIsPlainText() {
        let result = HTMLText(html: #"<a href=":ed@example.org">mail</a> <a href=":/x">x</a>"#, baseURL: page)
        #expect(result.text == "mail x")
        #expect(result.links.isEmpty)
    }

    @Test func aRelativeLinkWithoutABaseIsPlainText() {
        let result = HTMLText(html: "<a href=\"/x\">x</a>", baseURL: nil)
        #expect(result.text == "x")
        #expect(result.links.isEmpty)
    }

    @Test func aLinkWithoutTextIsItsNumberOnlyWhenItHoldsAnImage() {
        let image = HTMLText(
            html: "<p>Logo: <a href=\"https://x.org/\"><img src=\"i.png\"></a></p>", baseURL: nil)
        #expect(image.text == "Logo: [1]")
        #expect(image.links.count == 1)
        let alt = HTMLText(html: "<a href=\"https://x.org/\"><img alt=\"Logo\"></a>", baseURL: nil)
        #expect(alt.text == "[image: Logo] [1]")
        let empty = HTMLText(html: "<p>a<a href=\"https://x.org/\"> </a>b</p>", baseURL: nil)
        #expect(empty.text == "a b")
        #expect(empty.links.isEmpty)
    }

    @Test func theNumberFollowsTheLinksLastText() {
        #expect(plainText("<a href=\"https://x.org/\">text </a>next") == "text [1] next")
        #expect(plainText("<a href=\"https://x.org/\"><p>para</p></a><p>next</p>") == "para [1]\n\nnext")
    }

    @Test func withoutNumberingLinksArePlainText() {
        let result = HTMLText(
            html: "<a href=\"https://x.org/\">x</a> <a href=\"https://x.org/\"><img></a>", baseURL: nil,
            numberingLinks: false)
        #expect(result.text == "x")
        #expect(result.links.isEmpty)
    }

    @Test func atMostAThousandURLsAreNumbered() {
        let html =
            (1...1_100).map { "<a href=\"https://x.org/\($0)\">l\($0)</a>" }.joined(separator: " ")
            + " <a href=\"https://x.org/7\">again</a>"
        let result = HTMLText(html: html, baseURL: nil)
        #expect(result.links.count == 1_000)
        #expect(result.text.hasPrefix("l1 [1] l2 [2]"))
        #expect(result.text.contains("l1000 [1000] l1001 l1002"))
        #expect(result.text.hasSuffix("l1100 again [7]"))
    }
}
