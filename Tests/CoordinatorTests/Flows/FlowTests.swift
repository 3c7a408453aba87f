import CoordinatorsTesting
import Modules
import NewsModels
import Testing

/// The app's flows, driven through the recording router as a user would type.
@MainActor
@Suite("Flows")
struct FlowTests {
    @Test("Feed → detail → back")
    func feedToDetailAndBack() async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router))
            router.expect(.setRoot("Front page"))
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("b")
            router.expect(.pop)
        }
    }

    @Test("The article opened is the one with that number")
    func opensTheNumberedArticle() async {
        await withRecordingRouter(exhaustive: false) { router in
            router.start(TestFixtures.app(router: router))
            await router.settle()
            await router.type("3")
            #expect(
                router.top(as: (any ArticleModule).self)?.article.title == TestFixtures.frontPageTitles[2])
        }
    }

    @Test("Feed → search → results → detail → back → back, and the search flow is released")
    func searchFlow() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("/mars rover")
            router.expect(.push("Search “mars rover”"))
            weak let search = app.children.last as? SearchCoordinator
            #expect(search != nil)
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("b")
            router.expect(.pop)
            await router.type("back")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(search == nil, "a finished search flow must be deallocated")
            #expect(app.children.count == 1)
        }
    }

    @Test("A command the sort picker does not take closes it and reaches the results below it")
    func sortPickerLetsCommandsThrough() async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router))
            router.expect(.setRoot("Front page"))
            await router.type("/mars")
            router.expect(.push("Search “mars”"))
            var posted: [String] = []
            router.top?.activity.observer = { event in
                if case .message(let lines) = event { posted += lines.map(\.plainText) }
            }
            await router.type("sort")
            router.expect(.present("Sort"))
            // Not n: the picker takes a prefix, and n is its newest.
            #expect(await router.type("more"))
            router.expect(.dismiss)
            #expect(posted == ["End of results: there are no more articles."])
        }
    }

    @Test("Searching again from an article closes it and reuses the results screen")
    func searchAgain() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("/mars")
            router.expect(.push("Search “mars”"))
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("/climate")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Search “climate”"])
        }
    }

    /// Help is presented modally and closes on any command; one it does not take is declined and
    /// goes to the screens below (`2` opens the second headline) and the app (`c science`), as if
    /// help had not been open; one nobody takes closes help all the same.
    @Test(
        "Help closes on any command and hands back those it does not take",
        arguments: [
            ("b", nil, true), ("2", "Article", true), ("c science", "Science", true),
            ("frobnicate", nil, false),
        ]
            as [(String, String?, Bool)])
    func helpHandsCommandsBack(line: String, pushed: String?, performed: Bool) async {
        await withRecordingRouter { router in
            router.start(TestFixtures.app(router: router))
            router.expect(.setRoot("Front page"))
            await router.type("?")
            router.expect(.present("Help"))
            #expect(await router.type(line) == performed)
            router.expect(.dismiss)
            if let pushed { router.expect(.push(pushed)) }
            #expect(router.presented == nil)
        }
    }

    @Test(
        "A category opens over the front page; another replaces it in place, from an article back to the list first"
    )
    func categories() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            router.start(app)
            router.skipUnasserted()
            await router.type("c science")
            router.expect(.push("Science"))
            #expect(router.titles == ["Front page", "Science"])
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("c sports")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Sports"])
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
        }
    }

    @Test("A category ends a running search: its screens close, the top first, and it is released")
    func categoryEndsSearch() async {
        await withRecordingRouter { router in
            let app = TestFixtures.app(router: router)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("/mars")
            router.expect(.push("Search “mars”"))
            weak let search = app.children.last as? SearchCoordinator
            await router.type("2")
            router.expect(.push("Article"))
            await router.type("c health")
            router.expect(.pop, .pop, .push("Health"))
            #expect(router.titles == ["Front page", "Health"])
            #expect(search == nil, "an ended search flow must be deallocated")
            #expect(app.children.count == 1)
        }
    }
}
