import Foundation
import Modules
import NewsModels
import TerminalText
import Testing

/// The feed screens' renderers against their goldens at 80 columns, each rendering also checked
/// for control characters and width, and at narrow widths for width alone.
@Suite("Feed screens goldens")
struct FeedRendererGoldenTests {
    private func check(
        _ lines: [StyledLine],
        _ name: String,
        width: Int = 80,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.expect(lines, matches: name, in: FeedGoldens.self, sourceLocation: sourceLocation)
        Golden.expectSafe(lines, width: width, sourceLocation: sourceLocation)
        Golden.expectNoHostileFragments(lines, sourceLocation: sourceLocation)
    }

    private func separated(_ renderings: [[StyledLine]]) -> [StyledLine] {
        renderings.flatMap { $0 + [StyledLine("────")] }
    }

    @Test("The subscriptions: counts, refresh times, tags, a failing feed, one never refreshed")
    func subscriptions() {
        let state = FeedListState(phase: .loaded, feeds: FeedFixtures.subscriptions)
        let lines = FeedListRenderer.render(state, width: 80, context: Fixtures.context)
        check(lines, "feeds 80")
        let titles = lines.flatMap(\.spans)
        #expect(
            titles.first { $0.text == "Hacker News" }?.role == .strong, "a feed with unread items stands out")
        #expect(
            titles.first { $0.text.hasPrefix("The Long Now") }?.role == .muted, "a feed all read is muted")
        #expect(titles.contains(Span("✗ ", .error)))
    }

    @Test("A query feed shows its expression where a feed shows its refresh, and counts once")
    func queryFeed() {
        let river = FeedSummary(
            url: URL(string: "query:River")!, title: "River", tags: ["water"], itemCount: 1_216,
            unreadCount: 1_215,
            query: #"title =~ "river""#)
        let state = FeedListState(phase: .loaded, feeds: FeedFixtures.subscriptions + [river])
        let lines = FeedListRenderer.render(state, width: 80, context: Fixtures.context)
        Golden.expectSafe(lines, width: 80)
        let text = lines.map(\.plainText)
        #expect(
            text.contains { $0.contains(#"1215 unread of 1216 · query: title =~ "river" · water"#) },
            "\(text)")
        #expect(!text.contains { $0.contains("1215 unread of 1216 · not refreshed yet") })
        // Its items are the other feeds' items: the header counts them once.
        #expect(
            state.unreadCount == FeedListState(phase: .loaded, feeds: FeedFixtures.subscriptions).unreadCount)
        #expect(text.contains { $0.contains("7 feeds · 20 unread") }, "\(text.prefix(3))")
    }

    @Test("The subscriptions loading, failed, cancelled, empty and after a failed reload")
    func subscriptionPhases() {
        let states = [
            FeedListState(phase: .loading),
            FeedListState(phase: .failed(FeedLibraryError("The article store could not be opened."))),
            FeedListState(phase: .cancelled),
            FeedListState(phase: .loaded),
            FeedListState(
                phase: .loaded, feeds: Array(FeedFixtures.subscriptions.prefix(1)),
                reloadError: FeedLibraryError("The article store is busy.")),
        ]
        let lines = separated(
            states.map { FeedListRenderer.render($0, width: 80, context: Fixtures.context) })
        check(lines, "feeds phases 80")
    }

    @Test("A feed's items, some read; the unread ones only; more to come")
    func items() {
        let all = FeedFixtures.itemsState(count: 4, total: 40, read: [2, 3])
        let unread = FeedFixtures.itemsState(unreadOnly: true, count: 2, total: 2)
        let lines = separated([
            ArticleListRenderer.render(all, width: 80, context: Fixtures.context),
            ArticleListRenderer.render(unread, width: 80, context: Fixtures.context),
        ])
        check(lines, "items 80")
        let firstTitle = lines.flatMap(\.spans).first { $0.text.hasPrefix("Item 1:") }
        #expect(firstTitle?.role == .strong, "no item is featured")
    }

    @Test("Empty feed lists: no items yet, no unread items")
    func emptyItems() {
        var empty = FeedFixtures.itemsState(count: 1, total: 0)
        empty.list = ArticleList()
        var noUnread = FeedFixtures.itemsState(unreadOnly: true, count: 1, total: 0)
        noUnread.list = ArticleList()
        let lines = separated([
            ArticleListRenderer.render(empty, width: 80, context: Fixtures.context),
            ArticleListRenderer.render(noUnread, width: 80, context: Fixtures.context),
        ])
        check(lines, "items empty 80")
    }

    @Test("A feed item: text with references, links, enclosures numbered after them, next offered")
    func article() {
        let lines = FeedArticleRenderer.render(
            FeedFixtures.tramsReturn, width: 80, context: Fixtures.context, offersNext: true)
        check(lines, "article 80")
        let spans = lines.flatMap(\.spans)
        #expect(spans.filter { $0.role == .accent }.map(\.text).prefix(3) == ["[1]", "[2]", "[3]"])
        let text = lines.first { $0.plainText.hasPrefix("Questions go to") }?.spans ?? []
        #expect(text.contains(Span("[3]", .accent)))
        #expect(!text.contains { $0.text == "[4]" }, "a reference past the links is plain text")
        #expect(spans.contains { $0.link == FeedFixtures.tramsReturn.enclosures[0].url })
        let quote = lines.filter { $0.plainText.hasPrefix(">") }
        #expect(quote.count == 3)
        #expect(
            quote.allSatisfy { $0.spans.first == Span("> ", .muted) }, "every line of a quote keeps its mark")
    }

    @Test("A feed item with a summary only, saved, opened outside a feed list")
    func summaryOnly() {
        let lines = FeedArticleRenderer.render(
            FeedFixtures.summaryOnly, width: 80, context: Fixtures.context, saved: true)
        check(lines, "article summary only 80")
    }

    @Test("A hostile feed item is drawn safely")
    func hostile() {
        let lines = FeedArticleRenderer.render(FeedFixtures.hostile, width: 80, context: Fixtures.context)
        check(lines, "article hostile 80")
    }

    @Test("Every line fits at narrow widths", arguments: [20, 33, 60])
    func narrow(width: Int) {
        let renderings = [
            FeedArticleRenderer.render(FeedFixtures.tramsReturn, width: width, context: Fixtures.context),
            FeedArticleRenderer.render(FeedFixtures.hostile, width: width, context: Fixtures.context),
            FeedListRenderer.render(
                FeedListState(phase: .loaded, feeds: FeedFixtures.subscriptions), width: width,
                context: Fixtures.context),
        ]
        for lines in renderings {
            Golden.expectSafe(lines, width: width)
        }
    }
}
