import CoordinatorsTesting
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// The feed screens in whole sessions played through the scripted terminal.
@MainActor
@Suite("Sessions: feeds")
struct FeedSessionTests {
    @Test("feeds, 1, 1, next, b, mark read, next: each screen printed once, the messages in their place")
    func readingAFeed() async {
        let library = FeedsFlowTests.library(blogRead: true)
        let (session, terminal) = TestFixtures.session(
            ["feeds", "1", "1", "next", "b", "mark read", "next"], readingList: FeedReadingList(library),
            feeds: library)
        #expect(await session.run() == .endOfInput)
        #expect(
            terminal.text.contains(
                "news › Front page › feeds\n\nFeeds\n2 feeds · 3 unread\n\n1  World News\n"))
        #expect(terminal.text.contains("news › Front page › Feeds › 1\n\nWorld News\n3 of 3 items\n"))
        #expect(
            terminal.text.contains(
                "news › Front page › Feeds › World News › 1\n\nnews item 1\nnews · by Ada\n"))
        #expect(terminal.text.contains("news › … › Feeds › World News › Article › next\n\nnews item 2\n"))
        let outputs = terminal.outputs
        #expect(outputs[outputs.count - 3] == "Marked 1 item read.")
        #expect(outputs.last == "No unread items left.")
        let list = outputs[outputs.count - 2]
        #expect(list.hasPrefix("World News\n3 of 3 items\n"))
        #expect(list.components(separatedBy: "\n").filter { $0.hasSuffix(" · read") }.count == 3)
    }

    @Test("Tab completes c with the front page's sections, ignoring case, a word at a time")
    func sectionCompletion() async {
        let library = SampleFeeds.library(now: TestFixtures.now)
        let (session, terminal) = TestFixtures.session(
            [], interactive: true, feeds: library, frontPage: FrontPageSources(categories: true, feeds: true))
        let run = Task { await session.run() }
        await terminal.waitUntilReading()
        while session.router.stack.first?.activity.isBusy == true {
            await session.router.stack.first?.activity.settle()
        }
        #expect(terminal.complete("c sci") == ["science", "Science Fiction"])
        #expect(terminal.complete("c SCIENCE f") == ["Fiction"], "only the word under the cursor is replaced")
        #expect(terminal.complete("category pod") == ["Podcasts"])
        #expect(terminal.complete("c fe") == ["Feeds"])
        terminal.endInput()
        _ = await run.value
    }

    @Test("Tab completes feed with the feeds' titles, a word at a time")
    func completion() async {
        let library = FeedsFlowTests.library()
        let (session, terminal) = TestFixtures.session([], interactive: true, feeds: library)
        let run = Task { await session.run() }
        await terminal.waitUntilReading()
        await session.app.reloadFeedTitles().value
        #expect(terminal.complete("fee") == ["feeds", "feed"])
        #expect(terminal.complete("feed ") == ["World News", "Harbour Blog"])
        #expect(terminal.complete("feed wor") == ["World News"])
        #expect(terminal.complete("feed world n") == ["News"], "only the word under the cursor is replaced")
        #expect(terminal.complete("feed world x").isEmpty)
        terminal.endInput()
        _ = await run.value
    }
}
