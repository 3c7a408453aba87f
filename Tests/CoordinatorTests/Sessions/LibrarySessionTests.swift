import Coordinators
import CoordinatorsTesting
import Modules
import Networking
import Testing

/// Saved articles and pictures in whole sessions played through the scripted terminal.
@MainActor
@Suite("Sessions: saved articles and pictures")
struct LibrarySessionTests {
    @Test("1, save, saved, b, b: the article is kept and listed, and b goes back the way it came")
    func saveAndList() async {
        let readingList = MemoryReadingList()
        let (session, terminal) = TestFixtures.session(
            ["1", "save", "saved", "b", "b"], readingList: readingList)
        #expect(await session.run() == .endOfInput)
        let title = TestFixtures.headlineTitles[0]
        #expect(readingList.saved.map(\.title) == [title])
        #expect(terminal.text.contains("Saved. Type saved to list your saved articles."))
        #expect(terminal.text.contains("Northfield Courier · by Patrick Doyle-Evans · Saved"))
        #expect(terminal.text.contains("Saved articles\n1 of 1 articles\n\n1  \(title)"))
        #expect(terminal.text.contains("news › Top stories › Article › Saved › b"))
        #expect(terminal.outputs[terminal.outputs.count - 2].hasPrefix(title), "back on the article")
        #expect(
            terminal.lastOutput.contains("Northfield Courier · 17 minutes ago · read"),
            "then on the list, the article read")
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
        #expect(images.thumbnailRequests == [BlockImages.Request(columns: pictureColumns, rows: pictureRows)])
        #expect(terminal.lastOutput.contains("▀▀▀▀▀▀"))
    }
}
