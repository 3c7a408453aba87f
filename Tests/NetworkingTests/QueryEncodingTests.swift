import Foundation
import NewsModels
import Testing

@testable import Networking

/// ``QueryEncoding``: every value reaches the server exactly as written.
@Suite("QueryEncoding")
struct QueryEncodingTests {
    static let awkwardValues = [
        "two words", "fish&chips", "c++", "1+1=2", "#hashtag", "a=b", "either/or", "why?", "100%",
        "%41 is not A", "already%20encoded", "東京 オリンピック", "Москва", "القاهرة", "🚀 launch 👩🏽‍🍳",
        "e\u{301}te\u{301} (combining marks)", "été (precomposed)", "“curly” ‘quotes’ — dash",
        "\"exact phrase\" +must -not", "tab\tand\nnewline", "   padded   ", "semi;colon,comma:colon",
        "[brackets]{braces}|pipe\\backslash^caret`tick", "@user $5 !bang *star 'apostrophe' (paren)",
    ]

    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    @Test("a value survives the round trip through the URL", arguments: awkwardValues)
    func roundTrip(value: String) throws {
        let request = NewsAPIRequest(
            .everything(SearchRequest(query: value, domains: [value])),
            configuration: RouterTests.configuration)
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        let items = try #require(components.queryItems)
        let query = try #require(items.first { $0.name == "q" }?.value)
        // Compared scalar by scalar: String's == would call "é" and "e\u{301}" equal.
        #expect(Array(query.unicodeScalars) == Array(value.unicodeScalars))
        #expect(items.first { $0.name == "domains" }?.value == value)
        #expect(items.map(\.name) == ["q", "domains", "sortBy", "page", "pageSize"])
    }

    @Test("only unreserved characters stay literal", arguments: awkwardValues)
    func onlyUnreservedLiteral(value: String) {
        let encoded = QueryEncoding.encode(value)
        #expect(encoded.allSatisfy { Self.unreserved.contains($0) || $0 == "%" })
        #expect(encoded.removingPercentEncoding == value)
    }

    @Test(
        "known encodings",
        arguments: [
            (" ", "%20"), ("+", "%2B"), ("&", "%26"), ("=", "%3D"), ("#", "%23"), ("/", "%2F"), ("?", "%3F"),
            ("%", "%25"), ("é", "%C3%A9"), ("e\u{301}", "e%CC%81"), ("日", "%E6%97%A5"), ("🚀", "%F0%9F%9A%80"),
            ("AZaz09-._~", "AZaz09-._~"), ("", ""),
        ])
    func knownEncodings(raw: String, encoded: String) {
        #expect(QueryEncoding.encode(raw) == encoded)
    }

    @Test("items are joined with & and a missing value is sent empty")
    func items() {
        let items = [
            URLQueryItem(name: "q", value: "a&b=c"), URLQueryItem(name: "flag", value: nil),
            URLQueryItem(name: "na me", value: "x"),
        ]
        #expect(QueryEncoding.encode(items) == "q=a%26b%3Dc&flag=&na%20me=x")
        #expect(QueryEncoding.encode([URLQueryItem]()) == "")
    }
}
