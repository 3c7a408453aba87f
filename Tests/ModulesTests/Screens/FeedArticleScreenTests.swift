import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``ArticleScreen`` showing a feed's item: `o N` for its links and enclosures, and `next`.
@MainActor
@Suite("ArticleScreen: feed items")
struct FeedArticleScreenTests {
    private func screen(
        _ article: Article = FeedFixtures.tramsReturn,
        feeds: any FeedLibrary = NoFeedLibrary(),
        scope: FeedScope? = nil
    ) -> (ArticleScreen, RecordingSystemActions, ActivityLog) {
        let actions = RecordingSystemActions()
        let screen = ArticleScreen(
            article: article, environment: Fixtures.environment, actions: actions, feeds: feeds, scope: scope)
        return (screen, actions, ActivityLog(screen.activity))
    }

    private func type(_ line: String, to screen: ArticleScreen) async -> Bool {
        let handled = screen.handle(Command(line)!)
        await screen.activity.settle()
        return handled
    }

    @Test("A feed item is drawn with its links and enclosures; a NewsAPI article as before")
    func rendering() {
        let (feedItem, _, _) = screen()
        #expect(
            feedItem.render(width: 80, height: nil)
                == FeedArticleRenderer.render(FeedFixtures.tramsReturn, width: 80, context: Fixtures.context))
        let (news, _, _) = screen(Articles.truncated)
        #expect(
            news.render(width: 80, height: nil)
                == ArticleRenderer.render(Articles.truncated, width: 80, context: Fixtures.context))
    }

    @Test("o opens the item's page; o N its link N, and the enclosures are numbered after the links")
    func openNumbered() async {
        let (screen, actions, log) = screen()
        for line in ["o", "o 1", "open 2", "o 4", "o 5"] { #expect(await type(line, to: screen)) }
        let item = FeedFixtures.tramsReturn
        #expect(
            actions.opened == [
                item.url, item.links[0], item.links[1], item.enclosures[0].url, item.enclosures[1].url,
            ])
        #expect(log.messages == Array(repeating: "Opened in test-browser.", count: 5))
    }

    @Test(
        "o N refuses what is not http or https, a number past the list and anything but a number",
        arguments: [
            ("o 3", "Link 3 is not a web address (mailto:), so it was not opened."),
            ("o 6", "Enclosure 6 is not a web address (ftp:), so it was not opened."),
            ("o 7", "There is no link “7”: choose 1–6, or type o for the article."),
            ("o 0", "There is no link “0”: choose 1–6, or type o for the article."),
            ("o first", "There is no link “first”: choose 1–6, or type o for the article."),
        ])
    func openRefuses(line: String, message: String) async {
        let (screen, actions, log) = screen()
        #expect(await type(line, to: screen))
        #expect(actions.opened.isEmpty)
        #expect(log.messages == [message])
    }

    @Test("o N on an article without links says there are none")
    func openWithoutLinks() async {
        let (screen, actions, log) = screen(Articles.plain)
        #expect(await type("o 1", to: screen))
        #expect(actions.opened.isEmpty)
        #expect(log.messages == ["This article has no links: type o to open the article."])
        #expect(screen.commands.first { $0.names.contains("o") }?.argument == nil)
    }

    @Test("Without a browser, o N prints the link's address")
    func openWithoutBrowser() async {
        let (screen, actions, log) = screen()
        actions.browserOutcome = .noBrowser
        #expect(await type("o 2", to: screen))
        #expect(
            log.messages == [
                "No browser found: set $BROWSER or install xdg-utils. The address:\n"
                    + "https://port.example.org/news/overhead-lines-contract-2026-final-signed-version"
            ])
    }

    @Test("Tab completes o with the numbers of the links and enclosures")
    func completions() {
        let (screen, _, _) = screen()
        let open = screen.commands.first { $0.names.contains("o") }
        #expect(open?.argument == "[N]")
        #expect(open?.argumentCompletions == ["1", "2", "3", "4", "5", "6"])
    }

    @Test("next hands the coordinator the list's next unread item; at the end it says none is left")
    func next() async {
        let feed = MemoryFeedLibrary.feed("news", count: 3, now: Fixtures.now)
        let library = MemoryFeedLibrary(feeds: [feed])
        library.markRead(feed.items[1])
        let (screen, _, log) = screen(feed.items[0], feeds: library, scope: .feed(feed.url))
        var next: [Article] = []
        screen.onNext = { next.append($0) }
        #expect(screen.commands.contains { $0.names == ["next"] })
        #expect(screen.render(width: 80, height: nil).last?.plainText.contains("next unread") == true)
        #expect(await type("next", to: screen))
        #expect(next.map(\.title) == ["news item 3"], "the read item 2 is skipped")
        library.markRead(feed.items[2])
        #expect(await type("next", to: screen))
        #expect(next.count == 1)
        #expect(log.messages == ["No unread items left."])
    }

    @Test("next is not answered without a feed list to follow or a coordinator to show the item")
    func nextNeedsScopeAndCoordinator() {
        let library = MemoryFeedLibrary(feeds: [MemoryFeedLibrary.feed("news", count: 2)])
        let (withoutScope, _, _) = screen(feeds: library)
        withoutScope.onNext = { _ in }
        let (withoutCoordinator, _, _) = screen(feeds: library, scope: .all)
        for screen in [withoutScope, withoutCoordinator] {
            #expect(!screen.handle(Command("next")!))
            #expect(!screen.commands.contains { $0.names == ["next"] })
            #expect(screen.render(width: 80, height: nil).last?.plainText.contains("next") == false)
        }
    }
}
