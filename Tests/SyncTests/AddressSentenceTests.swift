import Foundation
import HTTPTestServer
import Networking
import Testing

@testable import Sync

/// A sentence about a wrong address names the address form of the protocol in use, and every
/// protocol's when none is chosen yet: a Tiny Tiny RSS user is not sent to FreshRSS's.
@Suite(.timeLimit(.minutes(2)))
struct AddressSentenceTests {
    static let http = CurlHTTPClient()

    /// What each protocol's sentence must hold, and what only another protocol's would.
    static let forms: [SyncServiceKind: String] = [
        .greader: "https://HOST/api/greader.php", .ttrss: "https://HOST/tt-rss/",
        .miniflux: "Miniflux's is https://HOST", .nextcloud: "https://HOST/nextcloud",
    ]

    /// The sentence each protocol's client says when the address answers 404 to everything.
    static func notFoundSentence(_ kind: SyncServiceKind) async throws -> String {
        let server = try RawHTTPServer(.reply(RawHTTPServer.response(status: 404, body: Data())))
        let base = server.baseURL
        let result = await Result.capture { () async throws(SyncError) in
            switch kind {
            case .greader:
                _ = try await ReaderAPIClient.login(base: base, user: "reader", password: "x", http: http)
            case .ttrss:
                _ = try await TinyTinyRSSClient(base: base, user: "reader", password: "x", http: http)
                    .subscriptions()
            case .miniflux:
                _ = try await MinifluxClient(base: base, credentials: .apiKey("key"), http: http)
                    .subscriptions()
            case .nextcloud:
                _ = try await NextcloudNewsClient(base: base, user: "reader", password: "x", http: http)
                    .subscriptions()
            }
        }
        await server.stop()
        guard case .failure(let error) = result else { return "no failure" }
        return error.sentence
    }

    @Test(arguments: SyncServiceKind.allCases)
    func nothingAnsweringNamesTheAddressFormOfTheProtocolInUse(_ kind: SyncServiceKind) async throws {
        let sentence = try await Self.notFoundSentence(kind)
        #expect(sentence.hasPrefix("Nothing answers at that address"), "\(sentence)")
        for (other, form) in Self.forms {
            #expect(sentence.contains(form) == (other == kind), "\(kind): \(sentence)")
        }
    }

    @Test(arguments: SyncServiceKind.allCases)
    func anAddressWithAQueryNamesTheFormOfTheProtocolChosen(_ kind: SyncServiceKind) {
        let sentence =
            ServiceAddress.parse("https://rss.example.org/?page=1", allowHTTP: false, service: kind)
            .failure?.sentence ?? ""
        #expect(sentence.contains("has a query"), "\(sentence)")
        for (other, form) in Self.forms {
            #expect(sentence.contains(form) == (other == kind), "\(kind): \(sentence)")
        }
    }

    @Test func anAddressWithAQueryAndNoProtocolChosenNamesEveryForm() {
        let sentence =
            ServiceAddress.parse("https://rss.example.org/#top", allowHTTP: false).failure?.sentence ?? ""
        #expect(sentence.contains("has a query or a fragment"), "\(sentence)")
        for form in Self.forms.values { #expect(sentence.contains(form), "\(sentence)") }
    }

    @Test func notAGoogleReaderAPINamesFreshRSSsAddressAlone() {
        let sentence = SyncError.notReaderAPI(host: "h", reason: "it gave no write token").sentence
        #expect(sentence.contains(Self.forms[.greader]!))
        #expect(!sentence.contains("tt-rss"))
    }
}
