import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``ArticleListScreen`` showing a feed's items: pages from the ``FeedLibrary``, `unread`,
/// `mark read`, `next` and `r`.
@MainActor
@Suite("ArticleListScreen: feed items")
struct FeedItemListScreenTests {
    private static let news = MemoryFeedLibrary.feed("news", count: 7, now: Fixtures.now)
    private static let blog = MemoryFeedLibrary.feed("blog", count: 2, now: Fixtures.now)
    private static let scope = FeedScope.feed(news.url)

    /// A screen of the `news` feed's items, 3 a page, loaded, and a log of its activity from then on.
    private func loadedScreen(
        _ library: MemoryFeedLibrary = MemoryFeedLibrary(feeds: [Self.news, Self.blog]),
        query: ArticleQuery = .feed(Self.scope, title: "News", unreadOnly: false)
    ) async -> (ArticleListScreen, MemoryFeedLibrary, ActivityLog) {
        let viewModel = ArticleListViewModel(
            query: query, service: ScriptedNewsService([]), pageSize: 3,
            readingList: FeedReadingList(library),
            feeds: library)
        let screen = ArticleListScreen(viewModel: viewModel, environment: Fixtures.environment)
        screen.refresh()
        await screen.activity.settle()
        return (screen, library, ActivityLog(screen.activity))
    }

    private func type(_ line: String, to screen: ArticleListScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    private func titles(_ screen: ArticleListScreen) -> [String] {
        screen.viewModel.state.list.articles.map(\.title)
    }

    private func readTitles(_ screen: ArticleListScreen) -> [String] {
        let state = screen.viewModel.state
        return state.list.articles.filter { state.read.contains($0.id) }.map(\.title)
    }

    @Test("The items come newest first, a page at a time; n appends the next page")
    func paging() async {
        let (screen, _, log) = await loadedScreen()
        #expect(titles(screen) == ["news item 1", "news item 2", "news item 3"])
        #expect(screen.title == "News")
        #expect(await type("n", to: screen))
        #expect(await type("n", to: screen))
        #expect(titles(screen) == (1...7).map { "news item \($0)" })
        #expect(log.appendices.count == 2)
        #expect(await type("n", to: screen))
        #expect(log.messages == ["End of results: there are no more articles."])
    }

    @Test("Items read are drawn read; the list never shows a stored-copy banner")
    func readItems() async {
        let library = MemoryFeedLibrary(feeds: [Self.news])
        library.markRead(Self.news.items[1])
        let (screen, _, _) = await loadedScreen(library)
        #expect(readTitles(screen) == ["news item 2"])
        let text = screen.render(width: 80, height: nil).map(\.plainText)
        #expect(Array(text.prefix(3)) == ["News", "3 of 7 items", ""])
        #expect(text.contains("   by Ada · 2 hours ago · read"))
    }

    @Test("unread shows only the unread items and says so; again, every item")
    func unreadToggle() async {
        let library = MemoryFeedLibrary(feeds: [Self.news])
        library.markRead(Self.news.items[0])
        library.markRead(Self.news.items[2])
        let (screen, _, log) = await loadedScreen(library)
        #expect(await type("unread", to: screen))
        #expect(screen.query == .feed(Self.scope, title: "News", unreadOnly: true))
        #expect(titles(screen) == ["news item 2", "news item 4", "news item 5"])
        #expect(screen.render(width: 80, height: nil)[0].plainText == "News · unread items")
        #expect(await type("unread", to: screen))
        #expect(screen.query == .feed(Self.scope, title: "News", unreadOnly: false))
        #expect(titles(screen) == ["news item 1", "news item 2", "news item 3"])
        #expect(
            log.messages == [
                "Showing the unread items only; unread shows every item again.", "Showing every item.",
            ])
    }

    @Test("mark read marks the whole feed read, says how many, and shows them read")
    func markRead() async {
        let library = MemoryFeedLibrary(feeds: [Self.news, Self.blog])
        library.markRead(Self.news.items[0])
        let (screen, _, log) = await loadedScreen(library)
        #expect(await type("mark read", to: screen))
        #expect(log.messages == ["Marked 6 items read."])
        #expect(readTitles(screen) == titles(screen))
        #expect(Self.news.items.allSatisfy(library.isRead))
        #expect(!Self.blog.items.contains(where: library.isRead), "only the list's feed")
        #expect(await type("mark-read", to: screen))
        #expect(log.messages.last == "Every item was already read.")
        #expect(await type("mark", to: screen))
        #expect(log.messages.last == "Type mark read to mark every item of the list read.")
    }

    /// What help and completion offer is what typing performs: each spelling the list declares,
    /// typed as declared, is matched by its declaration and performed by the screen (help said
    /// `mark read` while the screen matched `mark` and an argument).
    @Test("Every spelling the list declares, typed as declared, is that command")
    func declaredSpellingsAreTheCommands() async {
        let (screen, _, _) = await loadedScreen()
        let named = screen.commands.filter { !$0.names.isEmpty }
        #expect(named.contains { $0.names.contains("mark read") })
        for descriptor in named {
            for name in descriptor.names {
                let command = Command(name + (descriptor.argument == nil ? "" : " x"))!
                #expect(descriptor.matches(command), "“\(name)” does not type \(descriptor.usage)")
                #expect(screen.commands.first { $0.matches(command) } == descriptor, "\(name)")
            }
        }
        #expect(await type("mark read", to: screen))
    }

    @Test("mark read on the unread items leaves the list empty, saying how to see every item")
    func markReadUnreadOnly() async {
        let (screen, _, log) = await loadedScreen(query: .feed(Self.scope, title: "News", unreadOnly: true))
        #expect(await type("mark read", to: screen))
        #expect(log.messages == ["Marked 7 items read."])
        let text = screen.render(width: 80, height: nil).map(\.plainText)
        #expect(
            text == [
                "News · unread items", "", "No unread items in News.", "unread shows every item · r refresh",
            ])
    }

    @Test("mark read that fails says why in one sentence and leaves the list as it was")
    func markReadFails() async {
        let (screen, library, log) = await loadedScreen()
        library.fail(with: FeedLibraryError("The article store is read-only."))
        #expect(await type("mark read", to: screen))
        #expect(log.messages == ["The article store is read-only."])
        #expect(readTitles(screen).isEmpty)
    }

    @Test("next opens the first unread item, then the one after the item opened last, then the next feed's")
    func next() async {
        let library = MemoryFeedLibrary(feeds: [Self.news, Self.blog])
        let (screen, _, log) = await loadedScreen(library)
        var opened: [String] = []
        screen.onArticleSelected = { article in
            opened.append(article.title)
            library.markRead(article)
        }
        #expect(await type("next", to: screen))
        #expect(await type("3", to: screen))
        #expect(await type("next", to: screen))
        #expect(opened == ["news item 1", "news item 3", "news item 4"])
        #expect(readTitles(screen) == ["news item 1", "news item 3"], "the opened items are drawn read")
        _ = try? await library.markAllRead(in: Self.scope)
        #expect(await type("next", to: screen))
        #expect(opened.last == "blog item 1")
        _ = try? await library.markAllRead(in: .all)
        #expect(await type("next", to: screen))
        #expect(log.messages == ["No unread items left."])
        #expect(opened.count == 4)
    }

    @Test("r loads the list again and asks for a refresh of the feeds")
    func refresh() async {
        let (screen, _, log) = await loadedScreen()
        var refreshes = 0
        screen.onRefreshFeeds = { refreshes += 1 }
        #expect(await type("r", to: screen))
        #expect(refreshes == 1)
        #expect(log.changedCount == 1)
        #expect(screen.viewModel.state.note == nil, "no “Up to date.” before the refresh has run")
    }

    @Test("A hostile feed title is cleaned where the terminal shows it raw: the load's label and the prompt")
    func hostileTitle() async {
        let title = "Evil\u{1B}[31m Feed\u{07}\u{1B}]0;pwned\u{07}"
        let (screen, _, _) = await loadedScreen(query: .feed(Self.scope, title: title, unreadOnly: false))
        screen.refresh()
        #expect(screen.activity.label == "Loading the items of Evil Feed")
        #expect(screen.title == "Evil Feed")
        await screen.activity.settle()
        Golden.expectSafe(screen.render(width: 80, height: nil), width: 80)
    }

    @Test("The feed commands belong to feed lists only")
    func onlyOnFeedLists() async {
        let service = ScriptedNewsService([.success(Fixtures.page([1, 2], page: 1, pageSize: 3, total: 2))])
        let screen = ArticleListScreen(
            viewModel: ArticleListViewModel(query: .headlines(nil), service: service, pageSize: 3),
            environment: Fixtures.environment)
        var refreshes = 0
        screen.onRefreshFeeds = { refreshes += 1 }
        for verb in ["next", "unread", "mark"] { #expect(!screen.handle(Command(verb)!)) }
        #expect(!screen.commands.contains { $0.names.contains("next") })
        _ = screen.handle(Command("r")!)
        await screen.activity.settle()
        #expect(refreshes == 0)
        let (feedList, _, _) = await loadedScreen()
        let names = feedList.commands.flatMap(\.names)
        #expect(["next", "unread", "mark read", "mark-read"].allSatisfy(names.contains))
    }
}
