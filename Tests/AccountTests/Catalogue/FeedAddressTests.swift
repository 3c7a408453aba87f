import Foundation
import Testing

@testable import Account

/// A feed address as typed asks NewsModels' one web-address check after its own trimming and
/// its `https://` for a bare host; what it lets through is unchanged.
@Suite("Feed addresses as typed")
struct FeedAddressTests {
    @Test(
        "http(s) in any case, credentials and white space around are taken; a bare host gets https",
        arguments: [
            ("HTTP://Example.org/feed", "HTTP://Example.org/feed"),
            ("  https://u:p@example.org/feed\n", "https://u:p@example.org/feed"),
            ("example.org/feed", "https://example.org/feed"),
        ])
    func taken(text: String, expected: String) {
        #expect(FeedAddress.parse(text)?.absoluteString == expected)
    }

    @Test(
        "no host, another scheme or inner spaces are not a feed address",
        arguments: ["http://", "https:///feed", "ftp://example.org/feed", "example.org/a feed", "   "])
    func refused(text: String) {
        #expect(FeedAddress.parse(text) == nil)
    }
}
