import Foundation
import NewsModels
import Testing

/// The one reading of "an http(s) address": the scheme in any case, a host for
/// ``Foundation/URL/isWebAddress``, the text taken as it is.
@Suite("Web addresses")
struct WebAddressTests {
    @Test(
        "http and https in any case, with a host, are web addresses",
        arguments: [
            "http://example.org", "https://example.org/feed?x=1", "HTTP://EXAMPLE.ORG/",
            "Https://example.org",
            "https://alice:secret@example.org/feed", "http://127.0.0.1:8080/", "http://[::1]/",
        ])
    func webAddresses(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(url.hasWebScheme)
        #expect(url.isWebAddress)
        #expect(URL(webAddress: text) == url)
    }

    @Test(
        "an http or https scheme without a host is judged by its scheme alone",
        arguments: ["http:item-7", "https:/path", "HTTP:///feed", "http://"])
    func schemeWithoutHost(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(url.hasWebScheme)
        #expect(!url.isWebAddress)
        #expect(URL(webAddress: text) == nil)
    }

    @Test(
        "other schemes and relative references are not web addresses",
        arguments: [
            "ftp://example.org/x", "file:///etc/passwd", "mailto:a@example.org", "javascript:alert(1)",
            "httpx://example.org", "htt://example.org", "ws://example.org", "//example.org/feed",
            "example.org/feed", "/feed", "feed://example.org/rss",
        ])
    func otherAddresses(text: String) {
        let url = URL(string: text)
        #expect(url?.hasWebScheme != true)
        #expect(url?.isWebAddress != true)
        #expect(URL(webAddress: text) == nil)
    }

    @Test(
        "white space around an address is the caller's to trim",
        arguments: [" http://example.org", "http://example.org\n", "\thttps://example.org/feed"])
    func whiteSpace(text: String) {
        #expect(URL(webAddress: text) == nil)
        #expect(URL(webAddress: text.trimmingWhitespace())?.isWebAddress == true)
    }
}
