import Coordinators
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// The background refresh of every feed: progress above the prompt, one line at the end, the
/// screens told to reload.
@Suite @MainActor struct FeedRefreshCenterTests {
    final class Screen {}

    @Test func progressGoesToTheStatusLineAndTheOutcomeToOneLine() async {
        let library = MemoryFeedLibrary(
            feeds: [MemoryFeedLibrary.feed("orbit", count: 2)],
            refreshProgress: [
                RefreshProgress(total: 3, done: 1, newItems: 1_200),
                RefreshProgress(total: 3, done: 3, newItems: 4_210),
            ],
            refreshSummary: FeedRefreshSummary(
                sentence: "3 feeds: 2 updated, 1 failed · 4,210 new", failed: 1))
        let activity = ScreenActivity()
        var messages: [String] = []
        activity.observer = { event in
            if case .message(let lines) = event { messages += lines.map(\.plainText) }
        }
        var statuses: [String?] = []
        let center = FeedRefreshCenter(library: library, activity: activity) {
            statuses.append($0?.plainText)
        }
        let screen = Screen()
        var reloads = 0
        center.observe(screen) { reloads += 1 }

        center.start()
        #expect(center.isRefreshing)
        center.start()
        await activity.settle()

        #expect(statuses.last == .some(nil))
        #expect(statuses.compactMap { $0 }.last == "Refreshing 3/3 feeds · 4,210 new")
        #expect(
            messages == [
                "The feeds are being refreshed already.", "3 feeds: 2 updated, 1 failed · 4,210 new",
            ])
        #expect(reloads == 1)
        #expect(!center.isRefreshing)
        #expect(library.refreshes == [nil])
    }

    @Test func aRefreshAtLaunchThatFoundNothingToDoSaysNothing() async {
        let library = MemoryFeedLibrary(
            feeds: [],
            refreshSummary: FeedRefreshSummary(
                sentence: "Every feed was refreshed a moment ago.", anyRefreshed: false))
        let activity = ScreenActivity()
        var messages: [String] = []
        activity.observer = { event in
            if case .message(let lines) = event { messages += lines.map(\.plainText) }
        }
        let center = FeedRefreshCenter(library: library, activity: activity)
        center.start(olderThan: .seconds(1_800))
        await activity.settle()
        #expect(messages.isEmpty)
        #expect(library.refreshes == [.seconds(1_800)])
    }

    @Test func anObserverThatIsGoneIsNotCalled() async {
        let activity = ScreenActivity()
        let center = FeedRefreshCenter(library: MemoryFeedLibrary(feeds: []), activity: activity)
        var reloads = 0
        do {
            let screen = Screen()
            center.observe(screen) { reloads += 1 }
        }
        center.start()
        await activity.settle()
        #expect(reloads == 0)
    }
}
