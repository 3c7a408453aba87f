import Coordinators
import CoordinatorsTesting
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// Saved articles and pictures in whole sessions played through the scripted terminal.
@MainActor
@Suite("Sessions: saved articles and pictures")
struct LibrarySessionTests {
    @Test("1, save, saved, b, b: the article is kept and listed, and b goes back the way it came")
    func saveAndList() async {
        let readingList = RecordingReadingList()
        let (session, terminal) = TestFixtures.session(
            ["1", "save", "saved", "b", "b"], readingList: readingList)
        #expect(await session.run() == .endOfInput)
        let title = TestFixtures.frontPageTitles[0]
        #expect(readingList.saved.map(\.title) == [title])
        #expect(terminal.text.contains("Saved. Type saved to list your saved articles."))
        #expect(terminal.text.contains("Saved articles\n1 of 1 article\n\n1  \(title)"))
        #expect(terminal.text.contains("news › Front page › Article › Saved › b"))
        #expect(terminal.outputs[terminal.outputs.count - 2].hasPrefix(title), "back on the article")
        #expect(
            terminal.lastOutput.contains("Kestrel Wire Service · 18 minutes ago · read"),
            "then on the front page, the article read")
        #expect(session.app.children.count == 1, "the saved flow ended")
    }

    @Test("Without a reading list, save and saved say in one line that the store is missing")
    func noReadingList() async {
        let (session, terminal) = TestFixtures.session(["1", "save", "saved"])
        await session.run()
        #expect(terminal.text.contains(ReadingListError.unavailable.sentence))
        #expect(terminal.lastOutput.contains("Could not load saved articles."))
    }

    @Test(
        "The picture is asked for at the detail pane's width and a third of its height, and drawn",
        arguments: [(80, 30, 80, 10), (160, 40, PaneWidths(total: 160).right, 12), (90, 8, 90, 3)])
    func pictureSize(columns: Int, rows: Int, pictureColumns: Int, pictureRows: Int) async {
        let images = BlockImages()
        let (session, terminal) = TestFixtures.session(["1"], columns: columns, rows: rows, images: images)
        await session.run()
        // The front page asked first, for its featured story: its pane less the indent, a quarter
        // of its height (3 to 8 rows).
        let pane = columns >= 120 ? PaneWidths(total: columns).left : columns
        #expect(
            images.thumbnailRequests == [
                BlockImages.Request(columns: pane - 4, rows: min(8, max(3, rows / 4))),
                BlockImages.Request(columns: pictureColumns, rows: pictureRows),
            ])
        #expect(terminal.lastOutput.contains("▀▀▀▀▀▀"))
    }
}
