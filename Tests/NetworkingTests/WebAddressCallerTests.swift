import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Networking

/// The client and the redirect rules ask NewsModels' one web-address check; what each lets through
/// is unchanged: any case of http or https, a host, credentials in the address.
@Suite("Web addresses in the client", .timeLimit(.minutes(1)))
struct WebAddressCallerTests {
    @Test("the client fetches an address whose scheme is written in capitals, or with credentials")
    func fetchesAnyCase() async throws {
        let server = try RawHTTPServer(FetchTests.reply())
        let port = try #require(server.baseURL.port)
        for address in [
            "HTTP://127.0.0.1:\(port)/feed.xml", "http://alice:secret@127.0.0.1:\(port)/feed.xml",
        ] {
            let request = HTTPRequest(url: try #require(URL(string: address)))
            let result = await fetching { () async throws(HTTPClientError) in
                try await CurlHTTPClient().fetch(request)
            }
            #expect(result.success?.status == 200, "\(address)")
        }
        await server.stop()
        #expect(server.requestHeads.count == 2)
    }

    @Test("the client refuses an address with no host however its scheme is written")
    func refusesHostless() async throws {
        for address in ["HTTP:///x", "https:x", "Https://"] {
            let request = HTTPRequest(url: try #require(URL(string: address)))
            let result = await fetching { () async throws(HTTPClientError) in
                try await CurlHTTPClient().fetch(request)
            }
            #expect(result.failure == .unsupportedURL, "\(address)")
        }
    }

    static func next(_ location: String) -> Result<HTTPRequest, HTTPClientError> {
        Redirection.next(
            to: location, from: HTTPRequest(url: URL(string: "http://h.example/a")!), followed: 0)
    }

    @Test("a redirect to HTTPS in capitals is followed; one to a hostless or other scheme is not")
    func redirects() {
        #expect(Self.next("HTTPS://other.example/b").success?.url.absoluteString == "HTTPS://other.example/b")
        #expect(
            Self.next("https://me:pw@other.example/b").success?.url.absoluteString
                == "https://other.example/b")
        #expect(
            Self.next("HTTP://").failure == .redirectRefused("the redirect names no address that can be read")
        )
        #expect(
            Self.next("FTP://files.example/b").failure
                == .redirectRefused("the redirect leads to ftp:, not to http or https"))
        #expect(
            Self.next("mailto:a@example.org").failure
                == .redirectRefused("the redirect leads to mailto:, not to http or https"))
    }
}
