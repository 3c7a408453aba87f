import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import Testing

/// ``FeedListScreen``: the subscriptions loaded from a ``FeedLibrary``, opened by number or by
/// name, reloaded with `r`.
@MainActor
@Suite("FeedListScreen")
struct FeedListScreenTests {
    private static let library = [
        feed("hn", "Hacker News", count: 4), feed("hackaday", "Hackaday", count: 2),
        feed("verge", "The Verge", count: 3), feed("hnbest", "Hacker News Best", count: 1),
    ]

    /// A feed at `https://HOST.example.org/feed.xml` titled `title`.
    private static func feed(_ host: String, _ title: String, count: Int) -> MemoryFeedLibrary.Feed {
        var feed = MemoryFeedLibrary.feed(host, count: count)
        feed.title = title
        return feed
    }

    /// A screen over `library`, loaded, and a log of its activity from then on.
    private func loadedScreen(_ library: MemoryFeedLibrary = MemoryFeedLibrary(feeds: Self.library)) async
        -> (FeedListScreen, MemoryFeedLibrary, ActivityLog)
    {
        let screen = FeedListScreen(
            viewModel: FeedListViewModel(feeds: library), environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        return (screen, library, ActivityLog(screen.activity))
    }

    private func type(_ line: String, to screen: FeedListScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    private func text(_ screen: FeedListScreen) -> String {
        screen.render(width: 80, height: nil).map(\.plainText).joined(separator: "\n")
    }

    @Test("The feeds are listed in the library's order with their counts")
    func lists() async {
        let (screen, _, _) = await loadedScreen()
        #expect(text(screen).hasPrefix("Feeds\n4 feeds · 10 unread\n\n1  Hacker News\n   4 unread of 4 · "))
        #expect(screen.commands.first?.numbers == 1...4)
    }

    @Test("A number opens that feed; one past the list says which there are")
    func number() async {
        let (screen, _, log) = await loadedScreen()
        var picked: [String] = []
        screen.onFeedSelected = { picked.append($0.title) }
        #expect(await type("3", to: screen))
        #expect(await type("5", to: screen))
        #expect(picked == ["The Verge"])
        #expect(log.messages == ["There is no feed 5 here: choose 1–4."])
    }

    @Test(
        "A name opens the feed titled so, else the only one starting with it; case, spaces and quotes aside",
        arguments: [
            ("hacker news", "Hacker News"), ("HACKER   NEWS", "Hacker News"),
            ("\"Hacker News\"", "Hacker News"),
            ("hackad", "Hackaday"), ("the v", "The Verge"), ("Hacker News B", "Hacker News Best"),
        ])
    func named(name: String, title: String) async {
        let (screen, _, log) = await loadedScreen()
        var picked: [String] = []
        screen.onFeedSelected = { picked.append($0.title) }
        screen.open(named: name)
        await screen.activity.settle()
        #expect(picked == [title])
        #expect(log.messages.isEmpty)
    }

    @Test("A name several titles start with, or none, says so and opens nothing")
    func namedAmbiguousOrUnknown() async {
        let (screen, _, log) = await loadedScreen()
        var picked: [String] = []
        screen.onFeedSelected = { picked.append($0.title) }
        for name in ["hack", "the vrege", "nothing like it"] {
            screen.open(named: name)
            await screen.activity.settle()
        }
        #expect(picked.isEmpty)
        #expect(
            log.messages == [
                "“hack” could be any of 3 feeds: Hacker News, Hackaday, Hacker News Best. Type more of the title.",
                "There is no feed “the vrege”. Did you mean The Verge?",
                "There is no feed “nothing like it”.",
            ])
    }

    @Test("A name, with no feeds at all, says there are none yet")
    func namedWithoutFeeds() async {
        let library = MemoryFeedLibrary(feeds: [])
        let (screen, _, log) = await loadedScreen(library)
        screen.open(named: "news")
        await screen.activity.settle()
        #expect(log.messages == ["There is no feed “news”. There are no feeds yet."])
        #expect(text(screen).contains("No feeds yet. Subscribe to one with newsapp feeds add URL"))
    }

    @Test("r loads the feeds again, with the unread counts of now, and asks for a refresh")
    func refresh() async {
        let library = MemoryFeedLibrary(feeds: Self.library)
        let (screen, _, log) = await loadedScreen(library)
        var refreshes = 0
        screen.onRefreshFeeds = { refreshes += 1 }
        _ = try? await library.markAllRead(in: .feed(Self.library[0].url))
        #expect(await type("r", to: screen))
        #expect(refreshes == 1)
        #expect(log.changedCount == 1)
        #expect(text(screen).contains("1  Hacker News\n   0 unread of 4 · "))
        #expect(await type("refresh", to: screen))
        #expect(refreshes == 2)
    }

    @Test("A failed load says why; a failed reload keeps the feeds and says why above them")
    func failures() async {
        let library = MemoryFeedLibrary(feeds: Self.library)
        library.fail(with: FeedLibraryError("The article store could not be opened."))
        let (screen, _, _) = await loadedScreen(library)
        #expect(
            text(screen).contains(
                "Could not load the feeds. The article store could not be opened. · r retries"))
        library.fail(with: nil)
        #expect(await type("r", to: screen))
        library.fail(with: FeedLibraryError("The article store is busy."))
        #expect(await type("r", to: screen))
        #expect(
            text(screen).contains(
                "Could not load the feeds again: The article store is busy.\n\n1  Hacker News"))
    }

    @Test("b is answered only when onBack is set; other commands fall through")
    func back() async {
        let (screen, _, _) = await loadedScreen()
        #expect(!screen.handle(Command("b")!))
        var backs = 0
        screen.onBack = { backs += 1 }
        #expect(screen.handle(Command("back")!))
        #expect(backs == 1)
        #expect(!screen.handle(Command("n")!))
        #expect(!screen.handle(Command("next")!))
    }
}
