import Foundation
import NewsModels
import Testing

@testable import Feeds

/// The urls file, link numbering and feed links ask NewsModels' one web-address check; what
/// each lets through is unchanged: any case of http or https, a host where it asked for one.
@Suite("Web addresses in feeds")
struct WebAddressCallerTests {
    @Test("the urls file takes http(s) in any case and with credentials, and skips a hostless address")
    func urlsFile() {
        let file = UrlsFile(
            text: "HTTPS://A.example/feed\n  https://u:p@b.example/f\nhttp:/nohost\nftp://c.example/f\n")
        #expect(
            file.subscriptions.map(\.url.absoluteString) == [
                "HTTPS://A.example/feed", "https://u:p@b.example/f",
            ])
        #expect(file.skipped.count == 2)
    }

    @Test("relative links are numbered against a web base in any case, never against a hostless one")
    func linkBase() {
        let html = "<a href=\"/b\">that</a> <a href=\"HTTP://x.example/\">there</a>"
        let upper = HTMLText(html: html, baseURL: URL(string: "HTTPS://Example.org/posts/1"))
        #expect(upper.text == "that [1] there [2]")
        let hostless = HTMLText(html: html, baseURL: URL(string: "https:posts/1"))
        #expect(hostless.text == "that there [1]")
        #expect(hostless.links.map(\.absoluteString) == ["HTTP://x.example/"])
    }

    @Test("a feed's links are judged by their scheme alone; xml:base takes any scheme")
    func feedLinks() {
        #expect(WebURL.resolve("HTTP://a.example/x", against: nil)?.absoluteString == "HTTP://a.example/x")
        #expect(WebURL.resolve(" http:item-7 ", against: nil)?.absoluteString == "http:item-7")
        #expect(WebURL.resolve("javascript:alert(1)", against: URL(string: "https://a.example/")) == nil)
        #expect(WebURL.resolve("/x", against: URL(string: "ftp://a.example/")) == nil)
        #expect(WebURL.resolve("urn:a:b", against: nil, webOnly: false)?.absoluteString == "urn:a:b")
        #expect(WebURL.resolve("relative", against: nil, webOnly: false) == nil)
    }
}
