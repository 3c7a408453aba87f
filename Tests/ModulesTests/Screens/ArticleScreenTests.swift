import Coordinators
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import TerminalText
import Testing

/// ``ArticleScreen``'s `o`, `s` and `b`, with a recording ``SystemActions``.
@MainActor
@Suite("ArticleScreen")
struct ArticleScreenTests {
    private func screen(_ article: Article) -> (ArticleScreen, RecordingSystemActions, ActivityLog) {
        let actions = RecordingSystemActions()
        let screen = ArticleScreen(article: article, environment: Fixtures.environment, actions: actions)
        return (screen, actions, ActivityLog(screen.activity))
    }

    @Test("o hands the browser exactly the article's address")
    func openPassesURL() {
        let (screen, actions, log) = screen(Articles.plain)
        #expect(screen.handle(Command("o")!))
        #expect(actions.opened == [Articles.plain.url])
        #expect(actions.opened.first?.absoluteString == "https://example.org/news/volunteers-plant-trees")
        #expect(log.messages == ["Opened in test-browser."])
        #expect(screen.handle(Command("open")!))
        #expect(actions.opened.count == 2)
        #expect(actions.copied.isEmpty)
    }

    @Test("o prints the address when there is no browser or it failed")
    func openWithoutBrowser() {
        let (screen, actions, log) = screen(Articles.plain)
        actions.browserOutcome = .noBrowser
        #expect(screen.handle(Command("o")!))
        actions.browserOutcome = .failed("exit status 3")
        #expect(screen.handle(Command("o")!))
        #expect(
            log.messages == [
                "No browser found: set $BROWSER or install xdg-utils. The address:\n"
                    + "https://example.org/news/volunteers-plant-trees",
                "The browser failed: exit status 3. The address:\n"
                    + "https://example.org/news/volunteers-plant-trees",
            ])
        #expect(log.messageLines.allSatisfy { $0.last?.spans.first?.link == Articles.plain.url })
    }

    @Test(
        "o refuses an address that is not http or https, without asking the browser",
        arguments: [
            ("javascript:alert(1)", " (javascript:)"),
            ("file:///etc/passwd", " (file:)"),
            ("data:text/html,<script>alert(1)</script>", " (data:)"),
            ("ftp://example.org/file", " (ftp:)"),
            ("http:no-host", " (http:)"),
        ])
    func openRefusesOtherSchemes(address: String, scheme: String) {
        let (screen, actions, log) = screen(Articles.withURL(address))
        #expect(screen.handle(Command("o")!))
        #expect(actions.opened.isEmpty)
        #expect(
            log.messages == ["This article’s address is not a web address\(scheme), so it was not opened."])
    }

    @Test("s prints the title and address and copies the address")
    func sharePostsAndCopies() {
        let (screen, actions, log) = screen(Articles.plain)
        #expect(screen.handle(Command("s")!))
        #expect(actions.copied == ["https://example.org/news/volunteers-plant-trees"])
        #expect(actions.opened.isEmpty)
        #expect(
            log.messages == [
                "Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳\n"
                    + "https://example.org/news/volunteers-plant-trees\n"
                    + "The address was sent to the clipboard (your terminal must allow OSC 52)."
            ])
    }

    @Test("s does not claim a copy the clipboard refused")
    func shareWithoutClipboard() {
        let (screen, actions, log) = screen(Articles.plain)
        actions.clipboardWorks = false
        #expect(screen.handle(Command("share")!))
        #expect(actions.copied.count == 1)
        #expect(
            log.messages == [
                "Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳\n"
                    + "https://example.org/news/volunteers-plant-trees"
            ])
    }

    @Test(
        "s prints but never copies an address that is not http or https",
        arguments: ["javascript:alert(1)", "file:///etc/passwd"])
    func shareDoesNotCopyOtherSchemes(address: String) {
        let (screen, actions, log) = screen(Articles.withURL(address))
        #expect(screen.handle(Command("s")!))
        #expect(actions.copied.isEmpty)
        #expect(log.messages == ["Not a web page\n\(address)"])
        #expect(log.messageLines.first?.last?.spans.first?.link == nil, "no hyperlink to a non-web address")
    }

    @Test("s sanitises a hostile title")
    func shareSanitisesTitle() {
        let (screen, _, log) = screen(Articles.hostile)
        #expect(screen.handle(Command("s")!))
        let lines = log.messageLines.first ?? []
        #expect(lines.first?.plainText == "RED Markets crash today FAKE: all clear")
        Golden.expectSafe(lines, width: 200)
        Golden.expectNoHostileFragments(lines)
    }

    @Test("b calls onBack")
    func back() {
        let (screen, _, _) = screen(Articles.plain)
        var backs = 0
        screen.onBack = { backs += 1 }
        #expect(screen.handle(Command("b")!))
        #expect(screen.handle(Command("back")!))
        #expect(backs == 2)
    }

    @Test("Other commands fall through")
    func unknownCommand() {
        let (screen, actions, log) = screen(Articles.plain)
        #expect(!screen.handle(Command("n")!))
        #expect(!screen.handle(Command("1")!))
        #expect(log.events.isEmpty)
        #expect(actions.opened.isEmpty && actions.copied.isEmpty)
    }
}
