import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// ``ArticleScreen`` asks NewsModels' one web-address check before it opens or copies an
/// article's address: any case of http or https with a host, credentials kept in the address.
@MainActor
@Suite("ArticleScreen's web addresses")
struct ArticleScreenAddressTests {
    @Test(
        "o opens and s copies an http(s) address however its scheme is written",
        arguments: [
            "HTTPS://Example.org/news/1", "Http://example.org/news/1", "https://u:p@example.org/news/1",
        ])
    func opensAnyCase(address: String) {
        let actions = RecordingSystemActions()
        let screen = ArticleScreen(
            article: Articles.withURL(address), environment: Fixtures.environment, actions: actions)
        #expect(screen.handle(Command("o")!))
        #expect(actions.opened.map(\.absoluteString) == [address])
        #expect(screen.handle(Command("s")!))
        #expect(actions.copied == [address])
    }

    @Test(
        "an http(s) address without a host is neither opened nor copied",
        arguments: ["HTTPS:///news/1", "http:news"])
    func refusesHostless(address: String) {
        let actions = RecordingSystemActions()
        let screen = ArticleScreen(
            article: Articles.withURL(address), environment: Fixtures.environment, actions: actions)
        #expect(screen.handle(Command("o")!))
        #expect(screen.handle(Command("s")!))
        #expect(actions.opened.isEmpty)
        #expect(actions.copied.isEmpty)
    }
}
