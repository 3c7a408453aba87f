import Coordinators
import CoordinatorsTesting
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// The feeds flow, driven through the recording router: the subscriptions, a feed's items, the
/// items opened from them and `next`.
@MainActor
@Suite("Feeds flow")
struct FeedsFlowTests {
    /// `World News` (tagged world, 3 items) and `Harbour Blog` (untagged, 2 items).
    static func library(blogRead: Bool = false) -> MemoryFeedLibrary {
        var news = MemoryFeedLibrary.feed("news", tags: ["world"], count: 3, now: TestFixtures.now)
        news.title = "World News"
        var blog = MemoryFeedLibrary.feed("blog", count: 2, now: TestFixtures.now)
        blog.title = "Harbour Blog"
        let library = MemoryFeedLibrary(feeds: [news, blog])
        if blogRead { blog.items.forEach(library.markRead) }
        return library
    }

    private func app(_ router: RecordingRouter, _ library: MemoryFeedLibrary) -> AppCoordinator {
        TestFixtures.app(router: router, readingList: FeedReadingList(library), feeds: library)
    }

    private func article(_ router: RecordingRouter) -> String? {
        router.top(as: (any ArticleModule).self)?.article.title
    }

    /// Collects the lines `screen` posts.
    private func messages(of screen: (any Presentable)?) -> () -> [String] {
        var messages: [String] = []
        screen?.activity.observer = { event in
            if case .message(let lines) = event { messages += lines.map(\.plainText) }
        }
        return { messages }
    }

    @Test(
        "feeds → 1 → 1 → next replaces the item → b is back at the list; mark read, then next says none is left"
    )
    func feedsFeedArticleNext() async {
        await withRecordingRouter { router in
            router.start(app(router, Self.library(blogRead: true)))
            router.expect(.setRoot("Front page"))
            await router.type("feeds")
            router.expect(.push("Feeds"))
            await router.type("1")
            router.expect(.push("World News"))
            let list = router.top(as: (any ArticleListModule).self)
            let url = URL(string: "https://news.example.org/feed.xml")!
            #expect(list?.query == .feed(.feed(url), title: "World News", unreadOnly: false))
            await router.type("1")
            router.expect(.push("Article"))
            #expect(article(router) == "news item 1")
            await router.type("next")
            router.expect(.replaceTop("Article"))
            #expect(article(router) == "news item 2")
            #expect(router.titles == ["Front page", "Feeds", "World News", "Article"])
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Feeds", "World News"])
            let text = (list?.render(width: 80, height: nil) ?? []).map(\.plainText)
            #expect(
                text.contains("   by Ada · 1 hour ago · read")
                    && text.contains("   by Ada · 2 hours ago · read"))
            let posted = messages(of: list)
            await router.type("mark read")
            await router.type("next")
            router.expectNoNavigation()
            #expect(posted() == ["Marked 1 item read.", "No unread items left."])
        }
    }

    /// The kit reads the screens' declarations as help, completion and dispatch do: what the list
    /// offers is what typing it performs, `mark read` included.
    @Test("The kit lists, completes and performs a feed list's declared commands")
    func kitReadsTheDeclarations() async {
        await withRecordingRouter { router in
            router.start(app(router, Self.library()))
            router.expect(.setRoot("Front page"))
            await router.type("feed world")
            router.expect(.push("Feeds"), .push("World News"))
            let names = router.commands.flatMap(\.names)
            #expect(names.contains("mark read") && names.contains("unread") && names.contains("feeds"))
            #expect(names.contains("q") && !names.contains("mark"), "the hint for mark alone is not offered")
            #expect(router.complete("ma") == ["mark read", "mark-read"])
            #expect(router.complete("mark r") == ["read"])
            #expect(router.complete("feed Wor") == ["World News"])
            let posted = messages(of: router.top)
            #expect(await router.type("mark read"))
            #expect(await router.type("MARK  Read"))
            #expect(await router.type("mark"))
            #expect(
                posted() == [
                    "Marked 3 items read.", "Every item was already read.",
                    "Type mark read to mark every item of the list read.",
                ])
        }
    }

    @Test("next goes on from the list's last item to the following feed; b from there is back at the list")
    func nextAcrossFeeds() async {
        await withRecordingRouter { router in
            router.start(app(router, Self.library()))
            router.expect(.setRoot("Front page"))
            await router.type("feeds")
            router.expect(.push("Feeds"))
            await router.type("1")
            router.expect(.push("World News"))
            await router.type("3")
            router.expect(.push("Article"))
            var opened: [String?] = []
            for _ in 1...2 {
                await router.type("next")
                router.expect(.replaceTop("Article"))
                opened.append(article(router))
            }
            #expect(opened == ["blog item 1", "blog item 2"])
            let posted = messages(of: router.top)
            await router.type("next")
            router.expectNoNavigation()
            #expect(
                posted() == ["No unread items left."],
                "items 1 and 2 of the list were never opened, but come before")
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Feeds", "World News"])
        }
    }

    @Test(
        "feed NAME opens a feed by the start of its title over the subscriptions; b b leaves and releases the flow"
    )
    func feedByName() async {
        await withRecordingRouter { router in
            let app = app(router, Self.library())
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("feed harb")
            router.expect(.push("Feeds"), .push("Harbour Blog"))
            weak let flow = app.children.last as? FeedsCoordinator
            #expect(flow != nil)
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page", "Feeds"])
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(flow == nil, "a finished feeds flow must be deallocated")
            #expect(app.children.count == 1)
        }
    }

    @Test("feed NAME that names no feed leaves the subscriptions shown, saying so")
    func feedByUnknownName() async {
        await withRecordingRouter { router in
            router.start(app(router, Self.library()))
            router.expect(.setRoot("Front page"))
            await router.type("feed world newz")
            router.expect(.push("Feeds"))
            let posted = messages(of: router.top)
            await router.type("feed nothing")
            router.expectNoNavigation()
            #expect(posted() == ["There is no feed “nothing”."])
        }
    }

    @Test("showFeedList opens a tag's items over the front page; b leaves and ends the flow")
    func tagList() async {
        await withRecordingRouter { router in
            let app = app(router, Self.library())
            router.start(app)
            router.expect(.setRoot("Front page"))
            app.showFeedList(.tag("world"), title: "world")
            router.expect(.push("world"))
            await router.type("2")
            router.expect(.push("Article"))
            #expect(router.top(as: (any ArticleModule).self)?.article.title == "news item 2")
            await router.type("b")
            router.expect(.pop)
            await router.type("b")
            router.expect(.pop)
            #expect(router.titles == ["Front page"])
            #expect(app.children.count == 1)
        }
    }

    @Test("Another list in the running flow shows in place; feeds from an item closes it and the list")
    func reuse() async {
        await withRecordingRouter { router in
            let app = app(router, Self.library())
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("feeds")
            router.expect(.push("Feeds"))
            await router.type("1")
            router.expect(.push("World News"))
            await router.type("1")
            router.expect(.push("Article"))
            app.showFeedList(.untagged, title: "Feeds")
            router.expect(.pop)
            await router.settle()
            #expect(router.titles == ["Front page", "Feeds", "Feeds"])
            #expect(
                router.top(as: (any ArticleListModule).self)?.article(numbered: 1)?.title == "blog item 1")
            await router.type("1")
            router.expect(.push("Article"))
            await router.type("feeds")
            router.expect(.pop, .pop)
            #expect(router.titles == ["Front page", "Feeds"])
            #expect(app.children.count == 2)
        }
    }

    @Test("One flow at a time: a search or the saved articles close the feeds; a category ends them")
    func oneFlowAtATime() async {
        await withRecordingRouter { router in
            let app = app(router, Self.library())
            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.type("feeds")
            router.expect(.push("Feeds"))
            await router.type("/mars")
            router.expect(.pop, .push("Search “mars”"))
            await router.type("feed world")
            router.expect(.pop, .push("Feeds"), .push("World News"))
            await router.type("saved")
            router.expect(.pop, .pop, .push("Saved"))
            await router.type("feeds")
            router.expect(.pop, .push("Feeds"))
            await router.type("c science")
            // The ended flow closes its own screen; the feed then has only the front page to cover.
            router.expect(.pop, .push("Science"))
            #expect(router.titles == ["Front page", "Science"])
            #expect(app.children.count == 1)
        }
    }

    @Test("r on the subscriptions and on a list asks the app to refresh the feeds")
    func refresh() async {
        await withRecordingRouter(exhaustive: false) { router in
            let library = Self.library()
            let app = app(router, library)
            var refreshes = 0
            app.onRefreshFeeds = { refreshes += 1 }
            router.start(app)
            await router.type("feeds")
            await router.type("r")
            #expect(refreshes == 1)
            await router.type("1")
            await router.type("refresh")
            #expect(refreshes == 2)
        }
    }

    @Test(
        "Deep links: feeds, feed?name= and tag?name=",
        arguments: [
            (DeepLink(["feeds"]), ["Front page", "Feeds"]),
            (DeepLink(["feed"], parameters: ["name": "harbour"]), ["Front page", "Feeds", "Harbour Blog"]),
            (DeepLink(["tag"], parameters: ["name": "world"]), ["Front page", "world"]),
        ])
    func deepLinks(link: DeepLink, titles: [String]) async {
        await withRecordingRouter(exhaustive: false) { router in
            router.start(app(router, Self.library()), at: link)
            await router.settle()
            #expect(router.titles == titles)
        }
    }

    @Test("feeds and feed NAME are global commands; feed completes the feeds' titles")
    func globalCommands() async {
        await withRecordingRouter(exhaustive: false) { router in
            let app = app(router, Self.library())
            router.start(app)
            await app.reloadFeedTitles().value
            #expect(app.commands.contains { $0.names == ["feeds"] })
            #expect(
                app.commands.first { $0.names == ["feed"] }?.argumentCompletions == [
                    "World News", "Harbour Blog",
                ])
        }
    }
}
