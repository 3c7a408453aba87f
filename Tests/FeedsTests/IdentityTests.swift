import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Item identity")
struct IdentityTests {
    private func items() throws -> [FeedItem] { try Fixture.feed("rss/identity.xml").items }

    @Test func theGuidIsTheIdTrimmed() throws {
        #expect(try items()[0].id == "guid-1")
    }

    @Test func withoutAGuidTheLinkIsTheId() throws {
        #expect(try items()[1].id == "https://example.org/only-link")
    }

    @Test func withNeitherTheIdIsAHashOfTitleAndDate() throws {
        let item = try items()[2]
        let date = try #require(Timestamp.parse("2024-05-03T09:00:00Z"))
        #expect(item.id == FeedItem.fallbackID(title: "Neither guid nor link", date: date))
        #expect(item.id.hasPrefix("hash:"))
    }

    @Test func theFallbackIDIsStableAndTellsTitlesAndDatesApart() {
        let date = Date(timeIntervalSince1970: 1_714_557_600)  // 2024-05-01T10:00:00Z
        let id = FeedItem.fallbackID(title: "A title", date: date)
        #expect(id == FeedItem.fallbackID(title: "A title", date: date))
        #expect(id.count == "hash:".count + 16)
        #expect(id != FeedItem.fallbackID(title: "A title", date: nil))
        #expect(id != FeedItem.fallbackID(title: "Another title", date: date))
        // FNV-1a 64 of "title\u{1F}date", pinned: stored ids must stay the same across releases.
        #expect(id == "hash:061ba0b4557cf072")
        #expect(FeedItem.fallbackID(title: "", date: nil) == "hash:af63d24c8601db8e")
    }

    @Test func aRepeatedIdKeepsTheFirstItem() throws {
        let items = try items()
        #expect(items.filter { $0.id == "guid-1" }.map(\.title) == ["Has a guid"])
    }

    @Test func aTitlelessItemTakesItsFirstSentence() throws {
        let item = try #require(try items().first { $0.id == "untitled-1" })
        #expect(item.title == "No title here.")
    }

    @Test func aLongTitlelessTextIsCutAtAWordWithAnEllipsis() throws {
        let item = try #require(try items().first { $0.id == "untitled-2" })
        #expect(item.title.hasSuffix("…"))
        #expect(item.title.count <= 81)
        #expect(item.title.hasPrefix("A very long description without any full stop"))
        #expect(!item.title.dropLast().hasSuffix(" "))
    }

    @Test func aRelativePermalinkGuidIsResolvedAndStaysTheId() throws {
        let item = try #require(try items().first { $0.id == "relative/permalink" })
        #expect(item.link == URL(string: "https://example.org/blog/relative/permalink"))
        #expect(item.title == "https://example.org/blog/relative/permalink")
    }

    @Test func anItemWithNothingAtAllIsLeftOut() throws {
        let items = try items()
        #expect(items.allSatisfy { !$0.title.isEmpty && $0.title != "Untitled" })
        #expect(items.count == 7)
    }

    @Test func linksOutsideTheWebAreDropped() throws {
        let item = try #require(try items().first { $0.title == "Unsafe link" })
        #expect(item.link == nil)
        #expect(item.id.hasPrefix("hash:"))
    }
}
