import Foundation
import Testing

@testable import Networking

/// `NEWSAPI_BASE_URL`, the host in error sentences, and keeping the key secret.
@Suite("NewsAPIConfiguration and APIKey")
struct ConfigurationTests {
    static let secret = "0123456789abcdef-SECRET"

    @Test("no or blank NEWSAPI_BASE_URL means the public service", arguments: [nil, "", "   "])
    func publicServiceByDefault(value: String?) throws {
        let environment = value.map { ["NEWSAPI_BASE_URL": $0] } ?? [:]
        #expect(
            try NewsAPIConfiguration.baseURL(environment: environment) == NewsAPIConfiguration.publicBaseURL)
        #expect(NewsAPIConfiguration.publicBaseURL.absoluteString == "https://newsapi.org")
    }

    @Test(
        "http and https URLs are accepted",
        arguments: [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("https://news.example/api/", "https://news.example/api/"),
            ("HTTP://LOCALHOST:1", "HTTP://LOCALHOST:1"),
            ("  http://[::1]:8080  ", "http://[::1]:8080"),
        ])
    func accepted(text: String, expected: String) throws {
        let url = try NewsAPIConfiguration.baseURL(environment: ["NEWSAPI_BASE_URL": text])
        #expect(url.absoluteString == expected)
    }

    @Test(
        "anything else is refused, quoting the text",
        arguments: [
            "garbage", "ftp://files.example", "file:///tmp/news", "mailto:news@example.org", "http://",
            "https://", "localhost:8080", "//127.0.0.1:8080", "http://news.example/?apiKey=x",
            "http://news.example/#top", "ws://127.0.0.1:8080", "http://127.0.0.1:99999", "http://127.0.0.1:0",
        ])
    func refused(text: String) {
        #expect {
            try NewsAPIConfiguration.baseURL(environment: ["NEWSAPI_BASE_URL": text])
        } throws: { error in
            guard let refusal = error as? NewsAPIConfiguration.InvalidBaseURL else { return false }
            return refusal.text == text
                && refusal.description == "NEWSAPI_BASE_URL must be an http or https URL such as "
                    + "http://127.0.0.1:8080, not “\(text)”."
        }
    }

    @Test(
        "the host description names host and explicit port",
        arguments: [
            ("http://127.0.0.1:8080", "127.0.0.1:8080"), ("https://newsapi.org", "newsapi.org"),
            ("https://proxy.example:8443/newsapi/", "proxy.example:8443"),
        ])
    func hostDescription(base: String, expected: String) throws {
        let configuration = NewsAPIConfiguration(
            baseURL: try #require(URL(string: base)), apiKey: APIKey("k")!)
        #expect(configuration.hostDescription == expected)
    }

    @Test("a key is trimmed, and a blank one is no key", arguments: ["", " ", "\n\t "])
    func blankKey(text: String) {
        #expect(APIKey(text) == nil)
    }

    @Test("a key's text is trimmed")
    func trimmedKey() throws {
        let key = try #require(APIKey("  \(Self.secret)\n"))
        #expect(key.value == Self.secret)
        #expect(key == APIKey(Self.secret))
    }

    @Test("no description of a key contains it")
    func descriptionsAreRedacted() throws {
        let key = try #require(APIKey(Self.secret))
        let configuration = NewsAPIConfiguration(apiKey: key)
        let texts = [
            key.description, key.debugDescription, "\(key)", String(describing: key), String(reflecting: key),
            "\(configuration)", String(reflecting: configuration), "\([key])", "\(Optional(key) as Any)",
        ]
        for text in texts {
            #expect(!text.contains(Self.secret), "\(text)")
        }
        #expect(key.description == "APIKey(redacted)")
        #expect(key.debugDescription == "APIKey(redacted)")
    }

    @Test("dumping a key does not reveal it")
    func dumpIsRedacted() throws {
        let key = try #require(APIKey(Self.secret))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains(Self.secret))
        #expect(Mirror(reflecting: key).children.isEmpty)
    }

    @Test("redacting replaces every occurrence of the key and nothing else")
    func redacting() throws {
        let key = try #require(APIKey(Self.secret))
        let text = "Key \(Self.secret) is invalid; \(Self.secret)!"
        #expect(key.redacting(text) == "Key ••• is invalid; •••!")
        #expect(key.redacting("nothing secret here") == "nothing secret here")
        #expect(key.redacting("") == "")
    }
}
