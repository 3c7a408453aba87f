import Foundation
import Testing

@testable import Feeds

@Suite("Subscriptions")
struct SubscriptionTests {
    @Test func aSubscriptionKeepsItsTagsInOrder() throws {
        let url = try #require(URL(string: "https://example.org/feed.xml"))
        let subscription = Subscription(url: url, tags: ["news", "tech"], title: "Example")
        #expect(subscription.tags == ["news", "tech"])
    }
}
