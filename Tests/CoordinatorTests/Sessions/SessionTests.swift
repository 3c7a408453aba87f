import Coordinators
import CoordinatorsTesting
import Modules
import NewsModels
import TerminalText
import Testing

/// Whole app sessions played through the scripted terminal.
@MainActor
@Suite("Sessions")
struct SessionTests {
    @Test("Front page → detail → back prints the page, the article, then the page again, the article read")
    func feedDetailBack() async {
        let (session, terminal) = TestFixtures.session(["1", "b", "q"])
        let ending = await session.run()
        #expect(ending == .quit)
        #expect(terminal.outputs.count == 3)
        #expect(terminal.outputs[0].contains(" 1  \(TestFixtures.frontPageTitles[0])"))
        #expect(terminal.outputs[1].hasPrefix(TestFixtures.frontPageTitles[0]))
        #expect(terminal.outputs[1].contains("18 minutes ago · Sun 22 Nov 2026 11:41"))
        let readMeta = "    Kestrel Wire Service · 18 minutes ago"
        #expect(terminal.outputs[0].contains(readMeta + "\n"))
        #expect(
            terminal.outputs[2]
                == terminal.outputs[0].replacingOccurrences(of: readMeta + "\n", with: readMeta + " · read\n")
                .replacingOccurrences(of: "Business · 12 unread", with: "Business · 11 unread"),
            "the page again, the article just read marked and counted")
        #expect(terminal.text.contains("news › Front page › Article › b"))
    }

    @Test("A line over 4 KiB is refused in one line and not run; the session goes on")
    func aVeryLongLineIsRefused() async {
        let paste = "/" + String(repeating: "mars rover ", count: 20_000)
        let (session, terminal) = TestFixtures.session([.line(paste), "1", "q"])
        #expect(await session.run() == .quit)
        #expect(
            terminal.text.contains(
                "That line is 214 KiB long: commands are at most 4 KiB, so it was not run."))
        #expect(!terminal.text.contains("Search “mars rover"))
        #expect(terminal.outputs.last?.hasPrefix(TestFixtures.frontPageTitles[0]) == true)
    }

    @Test("Feed → search → results → detail → back → back")
    func searchSession() async {
        let (session, terminal) = TestFixtures.session(["/mars rover", "2", "b", "b"])
        #expect(await session.run() == .endOfInput)
        #expect(terminal.outputs[1].contains("Search “mars rover” · sorted by newest"))
        #expect(terminal.outputs[1].contains("3 of 3 articles"))
        #expect(terminal.outputs[2].contains("Mars"))
        #expect(terminal.outputs[4].hasPrefix("Front page · "))
        #expect(session.app.children.count == 1, "the search flow ended")
    }

    @Test("A command the sort picker does not take closes it and runs")
    func sortPickerLetsCommandsThrough() async {
        let (session, terminal) = TestFixtures.session([
            "/mars", "sort", "c science", "/mars", "sort", "?", "q",
        ])
        #expect(await session.run() == .quit)
        #expect(terminal.text.contains("news › Front page › Search “mars” › Sort › c science"))
        #expect(terminal.outputs.contains { $0.contains("Top stories · Science") })
        #expect(terminal.text.contains("Search “mars” › Sort › ?"))
        let help = terminal.outputs.last { $0.contains("sort") && $0.contains("Everywhere") }
        #expect(help != nil, "help for the search results, not the picker")
        #expect(!terminal.text.contains("Choose 1–3"))
        #expect(session.router.presented == nil || session.router.presented?.title == "Help")
    }

    @Test("In split view a number opens an article while another is shown: the detail is replaced")
    func splitReplacesDetail() async {
        let (session, terminal) = TestFixtures.session(["1", "2"], columns: 160)
        await session.run()
        #expect(session.router.layout == .split)
        #expect(session.router.stack.map(\.title) == ["Front page", "Article"])
        let last = terminal.lastOutput
        #expect(last.contains("│ " + TestFixtures.frontPageTitles[1].prefix(40)))
        #expect(last.contains(" 1  "), "the front page stays on the left")
    }

    @Test("Resizing stack → split → stack mid-flow keeps the article on screen")
    func resizeKeepsPlace() async {
        let (session, terminal) = TestFixtures.session([
            "1", .resize(columns: 160), .resize(columns: 90), "b",
        ])
        await session.run()
        let title = String(TestFixtures.frontPageTitles[0].prefix(40))
        #expect(terminal.outputs[1].hasPrefix(title), "stack: the detail alone")
        #expect(terminal.outputs[2].contains("│ " + title), "split: the detail on the right")
        #expect(terminal.outputs[3].hasPrefix(title), "stack again: the detail alone")
        #expect(
            terminal.outputs[4].contains(" 1  \(TestFixtures.frontPageTitles[0])"),
            "b still goes back to the front page")
    }

    @Test("Help over the split layout is drawn full width and closes back to both panes")
    func helpOverSplit() async {
        let (session, terminal) = TestFixtures.session(["1", "?", "b"], columns: 160)
        await session.run()
        #expect(terminal.outputs[2].hasPrefix("Help"))
        #expect(terminal.outputs[2].contains("Article"))
        #expect(terminal.outputs[2].contains("Everywhere"))
        #expect(terminal.outputs[3].contains("│ "), "both panes again")
    }

    @Test("An unknown command gets one line with the closest command")
    func unknownCommand() async {
        let (session, terminal) = TestFixtures.session(["refrsh"])
        await session.run()
        #expect(terminal.lastOutput == "Unknown command “refrsh”. Did you mean “refresh”? Type ? for help.")
    }

    @Test("Tab completion offers commands, section names and article numbers")
    func completion() async {
        let (session, terminal) = TestFixtures.session([], interactive: true)
        let run = Task { await session.run() }
        await terminal.waitUntilReading()
        while session.router.stack.first?.activity.isBusy == true {
            await session.router.stack.first?.activity.settle()
        }
        #expect(terminal.complete("re") == ["refresh"])
        #expect(terminal.complete("c sc") == ["science"])
        #expect(terminal.complete("category ").contains("technology"))
        #expect(terminal.complete("1").contains("12"))
        terminal.endInput()
        _ = await run.value
        #expect(terminal.complete("re").isEmpty, "the shell withdraws completion when the session ends")
    }

    @Test("Ctrl-C cancels the load in flight and the session goes on", .timeLimit(.minutes(5)))
    func interruptCancelsLoad() async {
        let service = HangingNewsService()
        let (session, terminal) = TestFixtures.session([], service: service, interactive: true)
        let run = Task { await session.run() }
        await service.waitForRequest()
        terminal.send(.interrupt)
        // Each section's load ends on a main-actor turn of its own, and the front page is drawn again
        // after each: wait for the drawing in which none is loading, not for the first that shows a
        // cancelled section (on a loaded machine that one can still show the others loading).
        await terminal.waitForOutput { $0.contains("was cancelled") && !$0.contains("Loading…") }
        #expect(terminal.lastOutput.contains("Business\n   Loading was cancelled · r loads it\n"))
        #expect(!terminal.lastOutput.contains("Loading…"), "every section's load was cancelled")
        terminal.send("q")
        #expect(await run.value == .quit)
        #expect(await service.sawCancellation)
        #expect(terminal.text.contains("news › Front page › q"))
    }
}

/// A news service that never answers until the caller cancels: for tests about the caller.
actor HangingNewsService: NewsService {
    private(set) var sawCancellation = false
    private var requested = false
    private var requestWaiters: [CheckedContinuation<Void, Never>] = []

    func waitForRequest() async {
        if requested { return }
        await withCheckedContinuation { requestWaiters.append($0) }
    }

    func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await hang()
    }

    func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await hang()
    }

    func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        throw .cancelled
    }

    private func hang() async throws(NewsServiceError) -> ArticlePage {
        requested = true
        for waiter in requestWaiters { waiter.resume() }
        requestWaiters.removeAll()
        let stream = AsyncStream<Never> { _ in }
        for await _ in stream {}
        sawCancellation = Task.isCancelled
        throw .cancelled
    }
}

@Suite("CommandSuggester")
struct CommandSuggesterTests {
    @Test("A suggestion only for a likely typo, or for the command a word begins")
    func suggestions() {
        let names = ["back", "exit", "help", "refresh", "mark read", "next"]
        #expect(CommandSuggester.closest(to: "refrsh", among: names) == "refresh")
        #expect(CommandSuggester.closest(to: "hepl", among: names) == "help")
        #expect(CommandSuggester.closest(to: "mark", among: names) == "mark read")
        #expect(CommandSuggester.closest(to: "mark", among: ["back", "exit"]) == nil)
        #expect(CommandSuggester.closest(to: "next", among: ["back", "exit"]) == nil)
    }
}
