import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// Reader mode on ``ArticleScreen``: the page's whole text in place of a cut-off one, fetched as the
/// article opens (`full_text`) or on `full`, and `pager`.
@MainActor
@Suite("ArticleScreen: reader mode")
struct ArticleReaderScreenTests {
    static let page = ReaderText(
        text: """
            PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas \
            invoices in bitcoin during a six-month trial organised by the chamber of commerce [1].

            How it works
            • Invoices are priced in euros
            • Settled at the day's rate [2]

            > We want to know the real cost. — Chamber president
            """,
        links: [
            URL(string: "https://example.org/chamber")!, URL(string: "https://example.org/rates")!,
        ],
        byline: "Page Author", published: Fixtures.minutesAgo(30),
        leadImage: URL(string: "https://example.org/lead.jpg")!, fetchedAt: Fixtures.now)

    private func screen(
        _ article: Article = Articles.truncated, reader: any ArticleReader, fullText: FullTextMode = .auto,
        images: any ArticleImages = NoArticleImages(), grace: Duration = ArticleScreen.displayGrace
    ) -> (ArticleScreen, RecordingSystemActions, ActivityLog) {
        let actions = RecordingSystemActions()
        let screen = ArticleScreen(
            article: article, environment: Fixtures.environment, actions: actions, images: images,
            reader: reader, fullText: fullText, grace: grace)
        return (screen, actions, ActivityLog(screen.activity))
    }

    /// Wide enough that no paragraph of the fixtures wraps.
    private func text(_ screen: ArticleScreen, width: Int = 400) -> String {
        screen.render(width: width, height: nil).map(\.plainText).joined(separator: "\n")
    }

    private func type(_ line: String, to screen: ArticleScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    @Test("auto: a cut-off article fetches its page as it opens and shows the whole text with its links")
    func autoFetchesCutOffArticle() async {
        let reader = MemoryArticleReader(pages: [Articles.truncated.url: Self.page])
        let (screen, _, log) = self.screen(reader: reader)
        screen.start()
        await screen.activity.settle()
        #expect(reader.fetched == [Articles.truncated.url])
        let shown = text(screen)
        #expect(shown.contains("settle a portion of their overseas invoices in bitcoin"))
        #expect(shown.contains("• Settled at the day's rate [2]"))
        #expect(shown.contains("> We want to know the real cost. — Chamber president"))
        #expect(shown.contains("Links\n[1] https://example.org/chamber\n[2] https://example.org/rates"))
        #expect(shown.contains("Read at https://example.org/business/"))
        #expect(!shown.contains("Continues at") && !shown.contains("Participants, most…"))
        #expect(shown.hasSuffix("o open · o 1–2 link · s share · save · b back"))
        #expect(log.messages.isEmpty)
    }

    @Test("The page's byline, date and lead picture fill only what the article lacks")
    func metadataFillsGaps() async {
        var bare = Articles.truncated
        bare.author = nil
        bare.publishedAt = nil
        bare.imageURL = nil
        let reader = MemoryArticleReader(pages: [bare.url: Self.page])
        let images = RecordingImages(answer: .skipped("test"))
        let (screen, _, _) = self.screen(bare, reader: reader, images: images)
        screen.start()
        await screen.activity.settle()
        let lines = text(screen).split(separator: "\n").map(String.init)
        #expect(lines[1] == "Kestrel Wire Service · by Page Author")
        #expect(lines[2] == "30 minutes ago · Sun 22 Nov 2026 11:30")
        #expect(
            images.thumbnailRequests.map(\.url) == [Self.page.leadImage!], "the lead picture is asked for")
        // An article with its own byline, date and picture keeps them.
        let (own, _, _) = self.screen(reader: MemoryArticleReader(pages: [Articles.truncated.url: Self.page]))
        own.start()
        await own.activity.settle()
        #expect(text(own).contains("Kestrel Wire Service · by Priya Raman"))
        #expect(!text(own).contains("Page Author"))
    }

    @Test("off fetches nothing as the article opens; full does, and offers itself until then")
    func offWaitsForFull() async {
        let reader = MemoryArticleReader(pages: [Articles.truncated.url: Self.page])
        let (screen, _, _) = self.screen(reader: reader, fullText: .off)
        screen.start()
        await screen.activity.settle()
        #expect(reader.fetched.isEmpty)
        #expect(text(screen).hasSuffix("o open · full · s share · save · b back"))
        #expect(screen.commands.contains { $0.names == ["full"] })
        #expect(await type("full", to: screen))
        #expect(reader.fetched == [Articles.truncated.url])
        #expect(text(screen).contains("• Invoices are priced in euros"))
        #expect(!text(screen).contains("· full ·"))
    }

    @Test("auto leaves a whole feed item alone; on fetches every article")
    func autoAndOn() async {
        var long = Self.page
        long.text += "\n\n" + String(repeating: "The trial goes on through the winter. ", count: 30)
        let reader = MemoryArticleReader(pages: [FeedFixtures.tramsReturn.url: long])
        let (auto, _, _) = self.screen(FeedFixtures.tramsReturn, reader: reader)
        auto.start()
        await auto.activity.settle()
        #expect(reader.fetched.isEmpty)
        let (on, _, _) = self.screen(FeedFixtures.tramsReturn, reader: reader, fullText: .on)
        on.start()
        await on.activity.settle()
        #expect(reader.fetched == [FeedFixtures.tramsReturn.url])
        let shown = text(on)
        #expect(shown.contains("• Invoices are priced in euros"))
        #expect(!shown.contains("The harbour trams are back"), "the page's text replaces the item's")
        #expect(
            shown.contains("Enclosures\n[3] audio/mpeg"), "enclosures are numbered after the page's links")
    }

    @Test("A feed item with only a summary is cut off; its page's links are opened with o N")
    func summaryOnlyItemAndLinks() async {
        let reader = MemoryArticleReader(pages: [FeedFixtures.summaryOnly.url: Self.page])
        let (screen, actions, _) = self.screen(FeedFixtures.summaryOnly, reader: reader)
        screen.start()
        await screen.activity.settle()
        #expect(reader.fetched == [FeedFixtures.summaryOnly.url])
        #expect(await type("o 2", to: screen))
        #expect(actions.opened == [Self.page.links[1]])
    }

    @Test("Text kept from before is shown as the article opens, without a fetch; full fetches again")
    func storedText() async {
        let reader = MemoryArticleReader()
        reader.store(Self.page, for: Articles.truncated)
        let (screen, _, _) = self.screen(reader: reader)
        screen.start()
        await screen.activity.settle()
        #expect(reader.fetched.isEmpty)
        #expect(text(screen).contains("• Invoices are priced in euros"))
        var newer = Self.page
        newer.text += "\n\nUpdated: the trial starts in March."
        reader.serve(newer, at: Articles.truncated.url)
        #expect(await type("full", to: screen))
        #expect(reader.fetched == [Articles.truncated.url])
        #expect(text(screen).contains("Updated: the trial starts in March."))
    }

    @Test("A page that cannot be read says why in one line and keeps the short text")
    func failureKeepsShortText() async {
        let reader = MemoryArticleReader()
        reader.fail(with: ArticleReaderError("The page is not there any more (404 Not Found)."))
        let (screen, _, log) = self.screen(reader: reader, fullText: .off)
        screen.start()
        await screen.activity.settle()
        #expect(await type("full", to: screen))
        #expect(
            log.messages == [
                "Could not show the whole article: the page is not there any more (404 Not Found)."
            ])
        #expect(text(screen).contains("Participants, most…\n\nCould not show the whole article: the page"))
        #expect(text(screen).contains("Continues at"))
    }

    @Test("A failure before the article is drawn is in the article, not a line of its own")
    func failureWhileHeld() async {
        let reader = MemoryArticleReader()
        // A hold that cannot run out before the answer, on a machine however loaded.
        let (screen, _, log) = self.screen(reader: reader, grace: .seconds(600))
        screen.start()
        await screen.activity.settle()
        #expect(log.messages.isEmpty)
        #expect(text(screen).contains("Could not show the whole article: the server refused the connection."))
    }

    @Test("A quiet failure is said on full only; a page with less text than the article is not shown")
    func quietAndShorter() async {
        let reader = MemoryArticleReader()
        reader.fail(with: ArticleReaderError("This item has no web page of its own.", isQuiet: true))
        let (item, _, log) = self.screen(FeedFixtures.summaryOnly, reader: reader)
        item.start()
        await item.activity.settle()
        #expect(!text(item).contains("Could not"))
        #expect(await type("full", to: item))
        #expect(log.messages == ["Could not show the whole article: this item has no web page of its own."])
        let teaser = ReaderText(text: "Subscribe.", fetchedAt: Fixtures.now)
        let short = MemoryArticleReader(pages: [Articles.truncated.url: teaser])
        let (paywalled, _, paywallLog) = self.screen(reader: short, fullText: .off)
        #expect(await type("full", to: paywalled))
        #expect(
            paywallLog.messages == [
                "Could not show the whole article: the page holds no more text than the article already shows."
            ])
        #expect(text(paywalled).contains("Participants, most…"))
    }

    @Test("Without pages to fetch, full says why and is not listed")
    func unavailable() async {
        let (screen, _, log) = self.screen(reader: NoArticleReader(reason: "No pages here."))
        screen.start()
        #expect(!screen.commands.contains { $0.names == ["full"] })
        #expect(await type("full", to: screen))
        #expect(log.messages == ["No pages here."])
        #expect(!text(screen).contains("full"))
    }

    @Test("pager shows the article without its keys; piped it says so; a failure is one line")
    func pager() async {
        let reader = MemoryArticleReader(pages: [Articles.truncated.url: Self.page])
        let (screen, actions, log) = self.screen(reader: reader)
        screen.start()
        await screen.activity.settle()
        #expect(await type("pager", to: screen))
        let paged = actions.paged.first ?? ""
        #expect(paged.hasPrefix("Port Avalen exporters trial bitcoin settlement for overseas invoices\n"))
        #expect(paged.contains("• Invoices are priced in euros"))
        #expect(
            paged.hasSuffix(
                "Image https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg"))
        #expect(log.messages.isEmpty)
        actions.pagerOutcome = .notATerminal
        #expect(await type("pager", to: screen))
        actions.pagerOutcome = .failed("less could not be started")
        #expect(await type("pager", to: screen))
        #expect(
            log.messages == [
                "pager opens the article in $PAGER on a terminal; here it is the text above.",
                "The pager failed: less could not be started.",
            ])
    }
}
