import Feeds
import Foundation
import Store
import Testing

@testable import Account

/// The urls file's feeds and a feed service's, listed once each.
@Suite struct ListedFeedTests {
    @Test func aFeedInBothIsTheServicesWhereTheFileListsIt() throws {
        let local = try #require(URL(string: "https://a.example/feed"))
        let both = try #require(URL(string: "https://b.example/feed"))
        let remote = try #require(URL(string: "https://c.example/feed"))
        let listed = ListedFeed.merging(
            [Subscription(url: local, tags: ["mine"]), Subscription(url: both, tags: ["old"])],
            [
                SyncedFeed(url: remote, streamID: "feed/c", title: "C", labels: ["News"]),
                SyncedFeed(url: both, streamID: "feed/b", title: "B", labels: ["Labelled"]),
            ])
        #expect(listed.map(\.subscription.url) == [local, both, remote])
        #expect(listed.map(\.fromService) == [false, true, true])
        #expect(listed.map(\.subscription.tags) == [["mine"], ["Labelled"], ["News"]])
    }
}
