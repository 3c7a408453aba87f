import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``ArticleScreen`` with a reading list and pictures: read marks, `save` and `unsave`, and the
/// picture asked for in the background.
@MainActor
@Suite("ArticleScreen: reading list and pictures", .timeLimit(.minutes(1)))
struct ArticleScreenLibraryTests {
    private func screen(
        _ article: Article = Articles.truncated,
        readingList: any ReadingList = RecordingReadingList(),
        images: any ArticleImages = NoArticleImages(),
        pane: TerminalSize = TerminalSize(columns: 100, rows: 30)
    ) -> ArticleScreen {
        ArticleScreen(
            article: article, environment: Fixtures.environment, actions: RecordingSystemActions(),
            readingList: readingList, images: images, paneSize: { pane })
    }

    private func text(_ screen: ArticleScreen, width: Int = 100) -> [String] {
        screen.render(width: width, height: nil).map(\.plainText)
    }

    private func type(_ line: String, to screen: ArticleScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    // MARK: Read and saved

    @Test("Starting marks the article read and finds out that it is saved")
    func startMarksRead() async {
        let readingList = RecordingReadingList(saved: [Articles.truncated])
        let screen = screen(readingList: readingList)
        let log = ActivityLog(screen.activity)
        screen.start()
        await screen.activity.settle()
        #expect(readingList.markedRead == [Articles.truncated.url])
        #expect(screen.isSaved)
        #expect(text(screen)[1] == "Kestrel Wire Service · by Priya Raman · Saved")
        #expect(log.changedCount == 1)
    }

    @Test("Leaving at once loses no read mark: it is written when the store gets to it")
    func leavingKeepsTheMark() async {
        let readingList = RecordingReadingList()
        let gate = Gate()
        let screen = screen(readingList: GatedReadingList(readingList, gate: gate))
        screen.start()
        await gate.waitForArrivals(1)
        screen.activity.cancelAll()
        gate.open()
        await screen.activity.settle()
        #expect(readingList.markedRead == [Articles.truncated.url])
        #expect(gate.cancellations == 0)
    }

    @Test("An unsaved article starts without a redraw")
    func startUnsaved() async {
        let screen = screen()
        let log = ActivityLog(screen.activity)
        screen.start()
        await screen.activity.settle()
        #expect(!screen.isSaved)
        #expect(log.events.allSatisfy { if case .busyChanged = $0 { true } else { false } })
        #expect(text(screen)[1] == "Kestrel Wire Service · by Priya Raman")
    }

    @Test("save keeps the article, says so once and shows Saved and unsave in the footer; unsave removes it")
    func saveAndUnsave() async {
        let readingList = RecordingReadingList()
        let screen = screen(readingList: readingList)
        screen.start()
        await screen.activity.settle()
        let log = ActivityLog(screen.activity)
        #expect(text(screen).last == "o open · s share · save · b back")

        #expect(await type("save", to: screen))
        #expect(readingList.saved.map(\.url) == [Articles.truncated.url])
        #expect(screen.isSaved)
        #expect(text(screen)[1].hasSuffix(" · Saved"))
        #expect(text(screen).last == "o open · s share · unsave · b back", "the footer offers the way back")
        #expect(log.messages == ["Saved. Type saved to list your saved articles."])
        #expect(log.changedCount == 0, "the sentence says it: the article is not drawn again")

        #expect(await type("save", to: screen))
        #expect(log.messages.last == "Already saved. Type saved to list your saved articles.")

        #expect(await type("unsave", to: screen))
        #expect(readingList.saved.isEmpty)
        #expect(!screen.isSaved)
        #expect(!text(screen)[1].contains("Saved"))
        #expect(text(screen).last == "o open · s share · save · b back")
        #expect(log.messages.last == "Removed from your saved articles.")

        #expect(await type("unsave", to: screen))
        #expect(log.messages.last == "This article is not saved.")
    }

    @Test("A reading list that cannot save answers in one line and nothing changes")
    func saveFails() async {
        let screen = screen(readingList: NoReadingList())
        let log = ActivityLog(screen.activity)
        #expect(await type("save", to: screen))
        #expect(log.messages == [ReadingListError.unavailable.sentence])
        #expect(log.messageLines.allSatisfy { $0.count == 1 })
        #expect(!screen.isSaved)
        #expect(log.changedCount == 0)

        let failing = RecordingReadingList(saved: [Articles.truncated])
        let saved = self.screen(readingList: failing)
        saved.start()
        await saved.activity.settle()
        failing.fail(with: ReadingListError("The article was not unsaved: the disk is full."))
        let savedLog = ActivityLog(saved.activity)
        #expect(await type("unsave", to: saved))
        #expect(savedLog.messages == ["The article was not unsaved: the disk is full."])
        #expect(saved.isSaved)
    }

    @Test("save and unsave are listed for help and tab completion")
    func commandsListed() {
        let names = screen().commands.flatMap(\.names)
        #expect(names.contains("save"))
        #expect(names.contains("unsave"))
    }

    // MARK: Pictures

    @Test(
        "The picture is asked for at the pane's width and a third of its height, at most 12 rows",
        arguments: [
            (TerminalSize(columns: 100, rows: 30), 100, 10),
            (TerminalSize(columns: 88, rows: 60), 88, 12),
            (TerminalSize(columns: 40, rows: 6), 40, 3),
        ])
    func pictureSize(pane: TerminalSize, columns: Int, rows: Int) async {
        let images = RecordingImages(answer: .disabled)
        let screen = screen(images: images, pane: pane)
        screen.start()
        await screen.activity.settle()
        #expect(
            images.thumbnailRequests == [
                RecordingImages.Request(url: Articles.truncated.imageURL!, columns: columns, rows: rows)
            ])
    }

    @Test("The picture is drawn under the meta lines when it arrives, with a redraw")
    func pictureArrives() async {
        let picture = ArticleRendererGoldenTests.picture(columns: 20, rows: 3)
        let gate = Gate()
        let images = RecordingImages(answer: .picture(picture), thumbnailGate: gate)
        let screen = screen(images: images)
        let log = ActivityLog(screen.activity)
        screen.start()
        await gate.waitForArrivals(1)
        #expect(screen.activity.isBusy, "the picture loads through the screen's activity")
        #expect(screen.activity.label == "Loading the picture")
        let before = screen.render(width: 100, height: nil)
        gate.open()
        await screen.activity.settle()
        #expect(log.changedCount == 1)
        let after = screen.render(width: 100, height: nil)
        #expect(after.count == before.count + 4)
        #expect(Array(after[3...6]) == [.blank] + picture)
        #expect(after[2].plainText.hasPrefix("18 minutes ago"))
    }

    @Test("A skipped picture is one muted line; pictures off change nothing")
    func skippedAndDisabled() async {
        let skipped = screen(
            images: RecordingImages(answer: .skipped("The image is not a JPEG or PNG file.")))
        skipped.start()
        await skipped.activity.settle()
        #expect(text(skipped)[3] == "Image skipped: The image is not a JPEG or PNG file.")
        #expect(skipped.render(width: 100, height: nil)[3].spans.allSatisfy { $0.role == .muted })

        let disabled = screen(images: RecordingImages(answer: .disabled))
        let log = ActivityLog(disabled.activity)
        disabled.start()
        await disabled.activity.settle()
        #expect(log.changedCount == 0)
        #expect(
            disabled.render(width: 100, height: nil)
                == ArticleRenderer.render(Articles.truncated, width: 100, context: Fixtures.context))
        #expect(text(disabled).contains { $0.hasPrefix("Image https://") }, "the Image address stays")
    }

    @Test("An article without a picture asks for none")
    func noImageURL() async {
        let images = RecordingImages(answer: .disabled)
        let screen = screen(Articles.sparse, images: images)
        screen.start()
        await screen.activity.settle()
        #expect(images.thumbnailRequests.isEmpty)
    }

    @Test("Popping the article cancels the picture's load")
    func popCancelsPicture() async {
        let gate = Gate()
        let images = RecordingImages(
            answer: .picture(ArticleRendererGoldenTests.picture(columns: 4, rows: 2)), thumbnailGate: gate)
        let router = StackRouter()
        router.setRoot(BlankScreen())
        let article = screen(images: images)
        router.push(article)
        article.start()
        await gate.waitForArrivals(1)
        router.pop()
        await gate.waitForCancellations(1)
        await article.activity.settle()
        #expect(article.picture == nil, "a cancelled picture is not kept")
    }
}
