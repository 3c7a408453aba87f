import Foundation
import NewsModels
import Testing

@testable import Sync

/// Pages of items read one item at a time: fields as FreshRSS and others send them, text made
/// safe, marks from the categories, and caps that hold whatever the page holds.
@Suite struct StreamPageReaderTests {
    static func item(_ fields: String) -> String {
        #"{"id":"tag:google.com,2005:reader/item/000000000000001f","origin":{"streamId":"feed/2","htmlUrl":"https://orbit.example/"}\#(fields)}"#
    }

    @Test func anItemIsReadWithItsMarksAndItsTextAsAFeedsItem() throws {
        let body = #"""
            {"updated": 1795821545, "items": [{"id": "tag:google.com,2005:reader/item/000000000000001f",
              "crawlTimeMsec": "1795821545446", "published": 1795788000, "title": "Comet &amp; moon",
              "canonical": [{"href": "https://orbit.example/comet"}],
              "categories": ["user/-/state/com.google/reading-list", "user/-/state/com.google/read",
                "user/-/state/com.google/starred", "user/-/label/Space"],
              "origin": {"streamId": "feed/2", "htmlUrl": "https://orbit.example/", "title": "Orbit"},
              "summary": {"content": "<p>Bright <a href=\"/more\">tail</a></p>"},
              "author": "Ines", "enclosure": [{"href": "https://orbit.example/a.mp3", "type": "audio/mpeg", "length": "123"}],
              "unknown": {"deep": [1, 2, {"x": null}]}}], "continuation": "1795821545446599"}
            """#
        let page = try StreamPageReader.read(Data(body.utf8), itemLimit: 10)
        #expect(page.continuation == "1795821545446599")
        #expect(page.updated == 1_795_821_545)
        #expect(page.newestCrawl == 1_795_821_545_446)
        let item = try #require(page.items.first)
        #expect(item.id == ItemID(31))
        #expect(item.feed == "feed/2")
        #expect(item.read && item.starred)
        #expect(item.item.id == "tag:google.com,2005:reader/item/000000000000001f")
        #expect(item.item.title == "Comet & moon")
        #expect(item.item.link?.absoluteString == "https://orbit.example/comet")
        #expect(item.item.content == "Bright tail [1]")
        #expect(item.item.links.map(\.absoluteString) == ["https://orbit.example/more"])
        #expect(item.item.author == "Ines")
        #expect(item.item.published == Date(timeIntervalSince1970: 1_795_788_000))
        #expect(item.item.enclosures.first?.length == 123)
    }

    @Test func itemsWithoutAnIdOrAFeedAreSkippedAndCountedAndTheOthersKept() throws {
        let items = [
            #"{"title": "no id", "origin": {"streamId": "feed/2"}}"#,
            #"{"id": "tag:google.com,2005:reader/item/0000000000000002", "title": "no feed"}"#,
            #"{"id": "not an id", "origin": {"streamId": "feed/2"}, "title": "bad id"}"#,
            Self.item(""),
            Self.item(#","title":null,"published":"soon","categories":"none","summary":[1]"#),
        ]
        let page = try StreamPageReader.read(
            Data(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8), itemLimit: 10)
        #expect(page.skipped == 3)
        #expect(page.items.count == 2)
        // An item with nothing to name it by is named after its link, else "Untitled".
        #expect(page.items.allSatisfy { !$0.item.title.isEmpty })
        #expect(page.items.allSatisfy { !$0.read && !$0.starred })
        #expect(page.continuation == nil && page.updated == nil)
    }

    @Test func hostileTextLosesItsEscapesAndControls() throws {
        let title = #"\u001b[31mRed\u001b]0;pwned\u0007 \u202eevil\u0000"#
        let page = try StreamPageReader.read(
            Data(
                #"{"items":[\#(Self.item(#","title":"\#(title)","summary":{"content":"<script>x()</script>ok\u001b[2J"}"#))]}"#
                    .utf8),
            itemLimit: 10)
        let item = try #require(page.items.first?.item)
        #expect(item.title == "Red evil")
        #expect(item.content == "ok")
    }

    @Test func aPageWithMoreItemsThanAskedIsRefusedAtTheFirstExtraItem() {
        let items = Array(repeating: "{}", count: 1_001).joined(separator: ",")
        #expect(throws: SyncError.malformed("the service sent more than 1000 items in one page")) {
            try StreamPageReader.read(Data(#"{"items":[\#(items)]}"#.utf8), itemLimit: 1_000)
        }
    }

    @Test func aMillionEmptyObjectsInAnIgnoredFieldCostNothingBuilt() throws {
        // 8 MiB of `{},` inside one item: skipped with a depth counter, nothing built.
        let junk = String(repeating: "{},", count: 2_800_000) + "{}"
        let body = #"{"items":[\#(Self.item(#","junk":[\#(junk)]"#))]}"#
        let page = try StreamPageReader.read(Data(body.utf8), itemLimit: 1_000)
        #expect(page.items.count == 1)
    }

    @Test func notAPageIsASentence() {
        for body in ["<html>", #"{"id":"x"}"#, "[]"] {
            #expect(throws: SyncError.self) { try StreamPageReader.read(Data(body.utf8), itemLimit: 10) }
        }
    }

    @Test func subscriptionsKeepTheirLabelsWithSlashesAndQuotes() throws {
        let body = #"""
            {"subscriptions": [
              {"id": "feed/1", "title": "Orbit \u001b[2J", "url": "https://orbit.example/feed",
               "htmlUrl": "https://orbit.example/", "categories": [
                 {"id": "user/-/label/Space/Deep \"sky\"", "label": "Space/Deep \"sky\""},
                 {"id": "user/1234/label/Sci & Tech"}]},
              {"id": "feed/2", "title": "No address"},
              {"title": "no id"},
              {"id": "feed/1", "title": "repeated"}]}
            """#
        let feeds = try SubscriptionListReader.read(Data(body.utf8)) { id in
            URL(string: "https://svc.example/\(id)")!
        }
        #expect(feeds.count == 2)
        #expect(feeds[0].labels == ["Space/Deep \"sky\"", "Sci & Tech"])
        #expect(feeds[0].title == "Orbit")
        #expect(feeds[1].url.absoluteString == "https://svc.example/feed/2")
    }

    @Test func itemIDsAreReadInBothFormsAndCapped() throws {
        let page = try ItemIDsReader.read(
            Data(
                #"{"itemRefs":[{"id":"31"},{"id":"tag:google.com,2005:reader/item/0000000000000020"},{"id":"x"},{"directStreamIds":[]}],"continuation":"9"}"#
                    .utf8),
            limit: 10)
        #expect(page.ids == [ItemID(31), ItemID(32)])
        #expect(page.continuation == "9")
        let many = (0..<20).map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        #expect(throws: SyncError.self) {
            try ItemIDsReader.read(Data(#"{"itemRefs":[\#(many)]}"#.utf8), limit: 10)
        }
    }

    @Test func aLongContinuationIsKeptWholeAndOneTooLongIsRefusedNeverCut() throws {
        let long = String(repeating: "c", count: 5_000)
        let page = try StreamPageReader.read(
            Data(#"{"items": [], "continuation": "\#(long)"}"#.utf8), itemLimit: 10)
        #expect(page.continuation == long)
        let tooLong = String(repeating: "c", count: 9_000)
        #expect(throws: SyncError.self) {
            try StreamPageReader.read(
                Data(#"{"items": [], "continuation": "\#(tooLong)"}"#.utf8), itemLimit: 10)
        }
        let ids = try ItemIDsReader.read(
            Data(#"{"itemRefs": [], "continuation": "\#(long)"}"#.utf8), limit: 10)
        #expect(ids.continuation == long)
    }

    @Test(arguments: [#"{"items": []} {"items": []}"#, #"{"items": []}x"#, #"{"itemRefs": []}]"#])
    func bytesAfterTheAnswerAreRefused(body: String) {
        #expect(throws: SyncError.self) {
            if body.contains("itemRefs") {
                _ = try ItemIDsReader.read(Data(body.utf8), limit: 10)
            } else {
                _ = try StreamPageReader.read(Data(body.utf8), itemLimit: 10)
            }
        }
    }

    @Test func aTenMegabyteTitleIsKeptToAKilobyte() throws {
        let title = String(repeating: "Long title ", count: 1_000_000)
        let body = #"{"items": [\#(Self.item(#","title":"\#(title)""#))]}"#
        let page = try StreamPageReader.read(Data(body.utf8), itemLimit: 10)
        let kept = try #require(page.items.first?.item.title)
        #expect(kept.utf8.count <= 1_024 && kept.hasPrefix("Long title Long title"))
    }
}
