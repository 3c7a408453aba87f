import Coordinators
import CoordinatorsTesting
import Foundation
import Modules
import ModulesTestSupport
import NewsModels
import Testing

/// A feed service's feeds in the app, driven through the recording router: the front page by the
/// service's labels (a slash and quotes in them), a label's whole list, the subscriptions marked
/// as the service's, and `r` running the sync in the background with its progress above the
/// prompt and its outcome in one line, without navigating.
@MainActor
@Suite("Sync flow")
struct SyncFlowTests {
    static let service = "rss.example.org"

    static func library() -> MemoryFeedLibrary {
        var orbit = MemoryFeedLibrary.feed("orbit", tags: ["Space/Deep sky"], count: 2, now: TestFixtures.now)
        orbit.service = service
        var harbour = MemoryFeedLibrary.feed(
            "harbour", tags: ["Quoted \"label\""], count: 1, now: TestFixtures.now)
        harbour.service = service
        return MemoryFeedLibrary(
            feeds: [orbit, harbour],
            refreshProgress: [
                RefreshProgress(
                    total: 0, done: 0, newItems: 0, label: "Syncing with \(service) · sending 1 of 1 changes"),
                RefreshProgress(
                    total: 0, done: 0, newItems: 0, label: "Syncing with \(service) · 2 new items"),
            ],
            refreshSummary: FeedRefreshSummary(
                sentence: "Synced with \(service): 1 change sent · 2 feeds · 2 new items in 0.2 s",
                newItems: 2))
    }

    private func text(_ screen: (any Presentable)?) -> String {
        (screen?.render(width: 100, height: nil) ?? []).map(\.plainText).joined(separator: "\n")
    }

    @Test(
        "front page by label → c a label with a slash → b → feeds marked as the service's → r syncs in the background"
    )
    func labelsSubscriptionsAndABackgroundSync() async {
        let library = Self.library()
        await withRecordingRouter { router in
            let app = TestFixtures.app(
                router: router, readingList: FeedReadingList(library), feeds: library,
                frontPage: FrontPageSources(categories: false, feeds: true))
            // Wired as the session wires it.
            let activity = ScreenActivity()
            var statuses: [String] = []
            var messages: [String] = []
            activity.observer = { event in
                if case .message(let lines) = event { messages += lines.map(\.plainText) }
            }
            let center = FeedRefreshCenter(library: library, activity: activity) { line in
                if let line { statuses.append(line.plainText) }
            }
            app.onRefreshFeeds = { center.start() }
            center.observe(app) { app.feedsDidRefresh() }

            router.start(app)
            router.expect(.setRoot("Front page"))
            await router.settle()
            let front = text(router.top)
            #expect(front.contains("Space/Deep sky · 2 unread"))
            #expect(front.contains("Quoted \"label\" · 1 unread"))
            await router.type("c space/deep sky")
            router.expect(.push("Space/Deep sky"))
            #expect(
                router.top(as: (any ArticleListModule).self)?.query
                    == .feed(.tag("Space/Deep sky"), title: "Space/Deep sky", unreadOnly: false))
            await router.type("b")
            router.expect(.pop)
            await router.type("feeds")
            router.expect(.push("Feeds"))
            await router.settle()
            #expect(
                text(router.top).contains(
                    "2 unread of 2 · not refreshed yet · Space/Deep sky · synced with \(Self.service)"))
            await router.type("r")
            router.expectNoNavigation()
            await activity.settle()
            // Progress keeps the newest step only: a slow screen skips steps, never lags behind.
            #expect(statuses.last == "Syncing with \(Self.service) · 2 new items")
            #expect(
                !statuses.isEmpty && statuses.allSatisfy { $0.hasPrefix("Syncing with \(Self.service) · ") })
            #expect(
                messages == ["Synced with \(Self.service): 1 change sent · 2 feeds · 2 new items in 0.2 s"])
            #expect(library.refreshes == [nil])
            #expect(router.titles == ["Front page", "Feeds"])
        }
    }
}
