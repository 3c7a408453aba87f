import Coordinators
import CoordinatorsTesting
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// The saved articles flow and read marks, driven through the recording router.
@MainActor
@Suite("Saved articles and read marks")
struct SavedFlowTests {
    private var articles: [Article] { TestFixtures.edition.entries.map(\.article) }

    private func text(_ screen: (any Presentable)?) -> String {
        (screen?.render(width: 100, height: nil) ?? []).map(\.plainText).joined(separator: "\n")
    }

    @Test("saved lists the saved articles over the feed; an article opens; b returns to the list, reloaded")
    func savedFlow() async {
        let readingList = RecordingReadingList(saved: [articles[4], articles[1]])
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router, readingList: readingList)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("saved")
            router.expect(.push("Saved"))
            weak let flow = app.children.last as? SavedCoordinator
            #expect(flow != nil)
            let list = router.top(as: (any ArticleListModule).self)
            #expect(list?.query == .saved)
            #expect(list?.article(numbered: 1)?.title == articles[4].title)
            #expect(text(list).hasPrefix("Saved articles\n2 of 2 articles\n"))

            await router.type("2")
            router.expect(.push("Article"))
            #expect(router.top(as: (any ArticleModule).self)?.article.title == articles[1].title)
            #expect(text(router.top).contains(" · Saved\n"))
            await router.type("unsave")
            router.expectNoNavigation()
            await router.type("b")
            router.expect(.pop)
            #expect(list?.article(numbered: 1)?.title == articles[4].title)
            #expect(list?.article(numbered: 2) == nil, "the unsaved article left the list")
            #expect(text(list).contains("1  \(articles[4].title)"))

            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(flow == nil, "a finished saved flow must be deallocated")
            #expect(app.children.count == 1)
        }
    }

    @Test("With nothing saved the list says how to save")
    func emptySaved() async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router, readingList: RecordingReadingList()))
            router.expect(.setRoot("Front page"))
            await router.type("saved")
            router.expect(.push("Saved"))
            #expect(text(router.top).contains("No saved articles yet. Type save on an article to keep it."))
        }
    }

    @Test("save on an article, then saved: the article is listed; saved again from it closes it")
    func saveThenSaved() async {
        let readingList = RecordingReadingList()
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router, readingList: readingList))
            router.expect(.setRoot("Front page"))
            await router.type("3")
            router.expect(.push("Article"))
            await router.type("save")
            router.expectNoNavigation()
            #expect(readingList.saved.map(\.title) == [TestFixtures.frontPageTitles[2]])
            await router.type("saved")
            router.expect(.push("Saved"))
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("saved")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Article", "Saved"])
        }
    }

    @Test("A search ends the saved flow and saved ends a search; a category ends either")
    func oneFlowAtATime() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(
                router: router, readingList: RecordingReadingList(saved: [articles[0]]))
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("saved")
            router.expect(.push("Saved"))
            await router.type("/mars")
            router.expect(.pop, .push("Search “mars”"))
            await router.type("saved")
            router.expect(.pop, .push("Saved"))
            await router.type("c science")
            // The ended flow closes its own screen; the feed then has only the front page to cover.
            router.expect(.pop, .push("Science"))
            #expect(router.titles == ["Front page", "Science"])
            #expect(app.children.count == 1)
        }
    }

    @Test("The saved deep link opens the saved articles over the feed")
    func deepLink() async {
        await withRecordingRouter { router in
            router.start(
                TestFixtures.app(router: router, readingList: RecordingReadingList(saved: [articles[2]])),
                at: DeepLink(["saved"]))
            router.expect(.setRoot("Front page"), .push("Saved"))
            await router.settle()
            #expect(
                router.top(as: (any ArticleListModule).self)?.article(numbered: 1)?.title == articles[2].title
            )
        }
    }

    @Test("saved is a global command, listed for help")
    func listedForHelp() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            #expect(app.commands.contains { $0.names == ["saved"] })
        }
    }

    @Test("Opening an article marks it read; back on the front page it shows as read")
    func readMarks() async {
        let readingList = RecordingReadingList()
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router, readingList: readingList))
            router.expect(.setRoot("Front page"))
            await router.type("2")
            router.expect(.push("Article"))
            let second = articles.first { $0.title == TestFixtures.frontPageTitles[1] }
            // The page and the article screen each write the mark (the reader may leave the
            // article before its write is done).
            #expect(Set(readingList.markedRead) == Set([second?.url].compactMap { $0 }))
            await router.type("b")
            router.expect(.pop)
            let lines = text(router.top).components(separatedBy: "\n")
            let meta = { (number: String) in lines.firstIndex { $0.hasPrefix(number) }.map { lines[$0 + 1] } }
            #expect(meta(" 2  ")?.hasSuffix(" · read") == true)
            #expect(meta(" 3  ")?.hasSuffix(" · read") == false)
            #expect(lines.contains("Business · 11 unread"))
        }
    }

    @Test("The headline deep link marks the article it opens as read on the list")
    func deepLinkMarksRead() async {
        await withRecordingRouter { router in
            router.start(
                TestFixtures.app(router: router, readingList: RecordingReadingList()),
                at: DeepLink(["headline", "1"]))
            router.expect(.setRoot("Front page"))
            await router.settle()
            for _ in 0..<1000 where router.stack.count < 2 { await Task.yield() }
            router.expect(.push("Article"))
            await router.type("b")
            router.expect(.pop)
            #expect(text(router.top).contains("Kestrel Wire Service · 18 minutes ago · read"))
        }
    }
}
