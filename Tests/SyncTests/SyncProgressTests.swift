import Testing

@testable import Sync

/// The words of a sync's progress, which the command line and the screens both show.
struct SyncProgressTests {
    @Test func eachPhaseIsOneLineNamingTheService() {
        #expect(
            SyncProgress(.sending(done: 1_000, of: 5_000)).line(service: "rss.example.org")
                == "Syncing with rss.example.org · sending 1,000 of 5,000 changes")
        #expect(
            SyncProgress(.items(new: 1)).line(service: "rss.example.org")
                == "Syncing with rss.example.org · 1 new item")
        #expect(
            SyncProgress(.items(new: 2_000)).line(service: "rss.example.org")
                == "Syncing with rss.example.org · 2,000 new items")
        #expect(SyncProgress(.subscriptions).description == "reading the subscriptions")
        #expect(SyncProgress(.marks).description == "reading the marks")
    }
}
