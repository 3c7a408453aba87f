import CoordinatorsTesting
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// Reader mode in the headlines flow, driven through the recording router: an article opened from
/// the front page, `full` showing its page's whole text in place (no navigation), `o N` opening
/// the page's link N, and the text kept for the next time the article opens.
@MainActor
@Suite("Reader flow")
struct ReaderFlowTests {
    /// The first headline of the front page and what its page gives.
    static var first: Article {
        TestFixtures.edition.entries.first { $0.category == .business }!.article
    }

    static let page = ReaderText(
        text: "The whole story [1], as the page tells it, with every paragraph the wire service cut [2].\n\n"
            + String(
                repeating: "Exporters and the chamber of commerce met again to count the costs. ", count: 20),
        links: [URL(string: "https://example.org/one")!, URL(string: "https://example.org/two")!],
        fetchedAt: TestFixtures.now)

    private func text(_ router: RecordingRouter) -> String {
        (router.top?.render(width: 2_000, height: nil) ?? []).map(\.plainText).joined(separator: "\n")
    }

    @Test(
        "Front page → 1 → full shows the page's text in place → o 2 opens its link 2 → b → 1 shows it at once"
    )
    func fullAndLinks() async {
        let reader = MemoryArticleReader(pages: [Self.first.url: Self.page])
        let actions = RecordingSystemActions()
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router, actions: actions, reader: reader))
            router.expect(.setRoot("Front page"))
            await router.type("1")
            router.expect(.push("Article"))
            #expect(text(router).contains("Continues at"))
            #expect(reader.fetched.isEmpty, "full_text off: nothing is fetched as it opens")
            #expect(await router.type("full"))
            router.expectNoNavigation()
            #expect(reader.fetched == [Self.first.url])
            #expect(text(router).contains("The whole story [1], as the page tells it"))
            #expect(text(router).contains("Links\n[1] https://example.org/one\n[2] https://example.org/two"))
            #expect(await router.type("o 2"))
            #expect(actions.opened == [URL(string: "https://example.org/two")!])
            await router.type("b")
            router.expect(.pop)
            await router.type("1")
            router.expect(.push("Article"))
            #expect(text(router).contains("The whole story [1]"), "kept from the first fetch")
            #expect(reader.fetched.count == 1)
        }
    }

    @Test("auto: the cut-off article opens with its page's text, fetched as it opened")
    func automatic() async {
        let reader = MemoryArticleReader(pages: [Self.first.url: Self.page])
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router, reader: reader, fullText: .auto))
            router.expect(.setRoot("Front page"))
            await router.type("1")
            router.expect(.push("Article"))
            await router.settle()
            #expect(reader.fetched == [Self.first.url])
            #expect(text(router).contains("The whole story [1]"))
            #expect(!text(router).contains("Continues at"))
        }
    }

    @Test("Side by side, full draws the whole text in the right pane, the front page still on the left")
    func splitLayout() async {
        let reader = MemoryArticleReader(pages: [Self.first.url: Self.page])
        let (session, terminal) = TestFixtures.session(["1", "full"], columns: 160, reader: reader)
        await session.run()
        #expect(session.router.layout == .split)
        let last = terminal.lastOutput
        #expect(last.contains("│ The whole story [1], as the page tells it"))
        #expect(last.contains("│ [2] https://example.org/two"))
        #expect(last.contains(" 1  "), "the front page stays on the left")
    }
}
