import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// `full_text = "auto"` and a page that cannot be read: opening the article again does not fetch
/// it again by itself for a while (``UnreadablePages``), while `full` always does.
@MainActor
@Suite("ArticleScreen: pages that failed are not fetched again on every open")
struct ArticleReaderRetryTests {
    @MainActor
    final class ManualClock {
        var now = Fixtures.now
    }

    /// A clock, the pages that failed by it, and a reader that fails every page.
    private func failing() -> (ManualClock, UnreadablePages, MemoryArticleReader) {
        let clock = ManualClock()
        return (clock, UnreadablePages(now: { clock.now }), MemoryArticleReader())
    }

    private func open(
        reader: MemoryArticleReader, pages: UnreadablePages, fullText: FullTextMode = .auto
    ) async -> ArticleScreen {
        let screen = ArticleScreen(
            article: Articles.truncated, environment: Fixtures.environment, actions: RecordingSystemActions(),
            reader: reader, fullText: fullText, unreadablePages: pages)
        screen.start()
        await screen.activity.settle()
        return screen
    }

    @Test("A failed page is fetched again as the article opens only after the retry interval")
    func failedPageWaits() async {
        let (clock, pages, reader) = failing()
        let url = Articles.truncated.url
        _ = await open(reader: reader, pages: pages)
        #expect(reader.fetched == [url])
        #expect(pages.failedLately(url))
        clock.now += UnreadablePages.retryInterval - 1
        _ = await open(reader: reader, pages: pages)
        #expect(reader.fetched == [url], "opened again within the interval: not fetched")
        clock.now += 2
        _ = await open(reader: reader, pages: pages)
        #expect(reader.fetched == [url, url], "opened after the interval: fetched")
    }

    @Test("full fetches a page that failed lately, and a page read at last is fetched as usual")
    func fullAlwaysFetches() async {
        let (clock, pages, reader) = failing()
        let url = Articles.truncated.url
        let screen = await open(reader: reader, pages: pages)
        #expect(screen.handle(Command("full")!))
        await screen.activity.settle()
        #expect(reader.fetched == [url, url])
        reader.serve(
            ReaderText(text: String(repeating: "The whole text. ", count: 40), fetchedAt: clock.now), at: url)
        #expect(screen.handle(Command("full")!))
        await screen.activity.settle()
        #expect(screen.readerText != nil)
        #expect(!pages.failedLately(url))
    }

    @Test("Each session remembers its own failures; off never fetches on open")
    func separateMemories() async {
        let reader = MemoryArticleReader()
        let url = Articles.truncated.url
        _ = await open(reader: reader, pages: UnreadablePages())
        _ = await open(reader: reader, pages: UnreadablePages())
        #expect(reader.fetched == [url, url])
        _ = await open(reader: reader, pages: UnreadablePages(), fullText: .off)
        #expect(reader.fetched == [url, url])
    }
}
