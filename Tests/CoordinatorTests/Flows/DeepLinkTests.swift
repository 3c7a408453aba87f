import Coordinators
import CoordinatorsTesting
import Modules
import NewsModels
import Testing

/// Each deep link lands on the right screen.
@MainActor
@Suite("Deep links")
struct DeepLinkTests {
    @Test("category/science opens Science over the front page")
    func category() async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router), at: DeepLink(["category", "science"]))
            router.expect(.setRoot("Front page"), .push("Science"))
        }
    }

    @Test("search?q= opens the results over the feed, in the requested order")
    func search() async {
        await withRecordingRouter { router in
            router.start(
                TestFixtures.app(router: router),
                at: DeepLink(["search"], parameters: ["q": "mars rover", "sort": "relevancy"]))
            router.expect(.setRoot("Front page"), .push("Search “mars rover”"))
            #expect(router.top(as: (any ArticleListModule).self)?.query == .search("mars rover", .relevancy))
        }
    }

    @Test("headline/3 opens the front page's third headline once the page has loaded")
    func headline() async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router), at: DeepLink(["headline", "3"]))
            router.expect(.setRoot("Front page"))
            await waitForNavigation(router)
            router.expect(.push("Article"))
            #expect(
                router.top(as: (any ArticleModule).self)?.article.title == TestFixtures.frontPageTitles[2])
        }
    }

    @Test("category/sports/headline/2 combines both")
    func categoryAndHeadline() async {
        await withRecordingRouter { router in
            router.start(
                TestFixtures.app(router: router), at: DeepLink(["category", "sports", "headline", "2"]))
            await waitForNavigation(router, depth: 3)
            router.expect(.setRoot("Front page"), .push("Sports"), .push("Article"))
            let sports = TestFixtures.edition.entries.filter { $0.category == .sports }.map(\.article.title)
            #expect(router.top(as: (any ArticleModule).self)?.article.title == sports[1])
        }
    }

    @Test("A headline number past the list opens nothing and says so")
    func missingHeadline() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            var posted: [String] = []
            app.post = { lines in posted += lines.map(\.plainText) }
            router.start(app, at: DeepLink(["headline", "99"]))
            router.expect(.setRoot("Front page"))
            await router.settle()
            await Task.yield()
            router.expectNoNavigation()
            #expect(posted == ["There is no headline 99 to open."])
        }
    }

    /// The headline link waits for the list's load, then navigates on the main actor: wait for
    /// that hop, not for time.
    private func waitForNavigation(_ router: RecordingRouter, depth: Int = 2) async {
        await router.settle()
        for _ in 0..<1000 where router.stack.count < depth { await Task.yield() }
    }
}
