import Coordinators
import CoordinatorsTesting
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// The front page as the root of the headlines flow, driven through the recording router: a
/// section's whole list with `c NAME`, a headline by its number, a tag's feed list, and `next` on
/// the feed items opened from it.
@MainActor
@Suite("Front page flow")
struct FrontPageFlowTests {
    private func app(
        _ router: RecordingRouter, _ sources: FrontPageSources, library: MemoryFeedLibrary? = nil,
        readingList: (any ReadingList)? = nil
    ) -> AppCoordinator {
        let feeds = library ?? MemoryFeedLibrary(feeds: [])
        return TestFixtures.app(
            router: router, readingList: readingList ?? FeedReadingList(feeds), feeds: feeds,
            frontPage: sources)
    }

    private var feedsOnly: FrontPageSources { FrontPageSources(categories: false, feeds: true) }

    private func article(_ router: RecordingRouter) -> String? {
        router.top(as: (any ArticleModule).self)?.article.title
    }

    private func text(_ screen: (any Presentable)?) -> String {
        (screen?.render(width: 100, height: nil) ?? []).map(\.plainText).joined(separator: "\n")
    }

    @Test("Front page → c science → article → back → back: at the front page, the article read there")
    func section() async {
        let readingList = RecordingReadingList()
        await withRecordingRouter { router in
            router.start(app(router, FrontPageSources(), readingList: readingList))
            router.expect(.setRoot("Front page"))
            await router.type("c science")
            router.expect(.push("Science"))
            #expect(router.top(as: (any ArticleListModule).self)?.query == .headlines(.science))
            await router.type("1")
            router.expect(.push("Article"))
            let science = TestFixtures.edition.entries.filter { $0.category == .science }.map(\.article.title)
            #expect(article(router) == science[0])
            await router.type("b")
            router.expect(.pop)
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(text(router.top).contains("Science · 11 unread"), "read on the list, counted on the page")
        }
    }

    @Test("Front page → 3 → article → back")
    func number() async {
        await withRecordingRouter { router in
            router.start(app(router, FrontPageSources()))
            router.expect(.setRoot("Front page"))
            await router.type("3")
            router.expect(.push("Article"))
            #expect(article(router) == TestFixtures.frontPageTitles[2])
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
        }
    }

    @Test("Front page → c Science Fiction → feed list → article → next in its place → back → back")
    func tag() async {
        let library = SampleFeeds.library(now: TestFixtures.now)
        await withRecordingRouter { router in
            let app = app(router, feedsOnly, library: library)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("c science fiction")
            router.expect(.push("Science Fiction"))
            #expect(
                router.top(as: (any ArticleListModule).self)?.query
                    == .feed(.tag("Science Fiction"), title: "Science Fiction", unreadOnly: false))
            await router.type("1")
            router.expect(.push("Article"))
            #expect(article(router) == "“The Lighthouse at Vesta” — a new story by Imani Okafor")
            await router.type("next")
            router.expect(.replaceTop("Article"))
            #expect(article(router) == "Interview: writing aliens who do not want to talk to us")
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Science Fiction"])
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(app.children.count == 1, "the feeds flow ended")
            #expect(text(router.top).contains("Science Fiction · 2 unread"))
        }
    }

    @Test("A feed item opened from the front page: next shows its section's next unread in its place")
    func nextFromTheFrontPage() async {
        await withRecordingRouter { router in
            router.start(app(router, feedsOnly, library: SampleFeeds.library(now: TestFixtures.now)))
            router.expect(.setRoot("Front page"))
            await router.type("5")
            router.expect(.push("Article"))
            #expect(article(router) == "Episode 212: How to land on a comet (and bounce twice)")
            await router.type("next")
            router.expect(.replaceTop("Article"))
            #expect(article(router) == "Episode 211: Listener questions about black holes")
            await router.type("b")
            router.expect(.pop)
            #expect(text(router.top).contains("Podcasts · all read"))
        }
    }

    @Test("c Feeds opens the untagged feeds; c all with feeds alone every feed item")
    func untaggedAndAll() async {
        await withRecordingRouter { router in
            router.start(app(router, feedsOnly, library: SampleFeeds.library(now: TestFixtures.now)))
            router.expect(.setRoot("Front page"))
            await router.type("c feeds")
            router.expect(.push("Feeds"))
            #expect(
                router.top(as: (any ArticleListModule).self)?.query
                    == .feed(.untagged, title: "Feeds", unreadOnly: false))
            await router.type("c all")
            router.expectNoNavigation()
            #expect(
                router.top(as: (any ArticleListModule).self)?.query
                    == .feed(.all, title: "All feeds", unreadOnly: false))
            #expect(router.titles == ["Front page", "All feeds"])
            await router.type("c podcasts")
            router.expectNoNavigation()
            #expect(router.titles == ["Front page", "Podcasts"], "the running feeds flow shows it in place")
        }
    }

    @Test("c alone lists the sections; an unknown name gets the closest one")
    func listAndUnknown() async {
        await withRecordingRouter { router in
            let app = app(
                router, FrontPageSources(categories: true, feeds: true),
                library: SampleFeeds.library(now: TestFixtures.now))
            var posted: [String] = []
            app.post = { lines in posted += lines.map(\.plainText) }
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("c")
            await router.type("c podcast s")
            router.expectNoNavigation()
            #expect(
                posted == [
                    "Sections: business, entertainment, general, health, science, sports, technology, "
                        + "Science Fiction, Podcasts, Feeds · c all for every headline",
                    "There is no section “podcast s”. Did you mean Podcasts? Type c to list them.",
                ])
        }
    }

    @Test("c completes the section names once the page has them; feeds refreshed reload the page")
    func completionsAndRefresh() async {
        let library = SampleFeeds.library(now: TestFixtures.now)
        await withRecordingRouter { router in
            let app = app(router, FrontPageSources(categories: true, feeds: true), library: library)
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.settle()
            let completions = app.commands.first { $0.names.contains("c") }?.argumentCompletions
            #expect(
                completions == ["all"] + NewsCategory.allCases.map(\.rawValue) + [
                    "Science Fiction", "Podcasts", "Feeds",
                ])

            let page = router.top(as: (any FrontPageModule).self)
            for article in (page?.article(numbered: 28)).map({ [$0] }) ?? [] { library.markRead(article) }
            app.feedsDidRefresh()
            await router.settle()
            #expect(text(router.top).contains("Feeds · 4 unread"))
        }
    }

    @Test("r on the front page reloads it and, with feeds, asks the app to refresh them")
    func refresh() async {
        await withRecordingRouter { router in
            let app = app(router, feedsOnly, library: SampleFeeds.library(now: TestFixtures.now))
            var refreshes = 0
            app.onRefreshFeeds = { refreshes += 1 }
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("r")
            router.expectNoNavigation()
            #expect(refreshes == 1)
        }
    }
}
