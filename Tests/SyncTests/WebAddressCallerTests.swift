import Foundation
import Testing

@testable import Sync

/// A service's address and the addresses a service sends ask NewsModels' one web-address check;
/// what each lets through is unchanged: any case of http or https, a host, white space trimmed.
@Suite("Web addresses in sync")
struct WebAddressCallerTests {
    @Test("a service address in capitals or with white space around it is taken")
    func serviceAddress() {
        #expect(
            ServiceAddress.parse("HTTPS://RSS.example.org/api/greader.php", allowHTTP: false).success?
                .absoluteString == "HTTPS://RSS.example.org/api/greader.php")
        #expect(
            ServiceAddress.parse(" \thttps://rss.example.org/api/ \n", allowHTTP: false).success?
                .absoluteString
                == "https://rss.example.org/api")
        #expect(
            ServiceAddress.parse("HTTP://rss.example.org/api", allowHTTP: false).failure
                == .insecure(host: "rss.example.org"))
    }

    @Test(
        "a service address with no host, or not http(s), is a bad address",
        arguments: ["https:///api", "http:rss.example.org", "ftp://rss.example.org/", "rss.example.org/api"])
    func badServiceAddress(text: String) {
        #expect(ServiceAddress.parse(text, allowHTTP: true).failure == .badAddress(text))
    }

    @Test("a feed address a service sends is trimmed, and must name a host")
    func sentAddresses() {
        #expect(Clean.webAddress(" HTTPS://a.example/feed\n")?.absoluteString == "HTTPS://a.example/feed")
        #expect(
            Clean.webAddress("https://u:p@a.example/feed")?.absoluteString == "https://u:p@a.example/feed")
        #expect(Clean.webAddress("http:/feed") == nil)
        #expect(Clean.webAddress("feed://a.example/rss") == nil)
    }
}
