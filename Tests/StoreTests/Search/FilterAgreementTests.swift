import FilterLanguage
import Foundation
import NewsModels
import TestSupport
import Testing

@testable import Store

/// The store answers a filter expression in SQL (``FilterSQL``) and the killfile evaluates one in
/// memory (``FilterExpression/matches(_:now:)``): for generated expressions over generated items
/// in a real store, both choose the same items. Every attribute and operator is drawn, with values
/// that hit and miss: words in either case, letters whose case partner is ASCII, numbers around
/// the items' ages and counts, ranges in either order, regular expressions with and without the
/// text shortcuts, empty text and text with spaces.
@Suite("Filter agreement: SQL and memory choose the same items")
struct FilterAgreementTests {
    static let words = [
        "Linux", "linux", "LINUX", "kernel", "Rust", "été", "ÉTÉ", "\u{212A}elvin", "kelvin", "news", "Mars",
        "", "two words", "7", "12", "-3",
    ]
    static let patterns = [
        "linux", "^linux", "ker.el", "(rust|mars)", "[0-9]+", "été", "kelvin", "k", "^$", ".", "news$",
        "colou?r", "\\.mp3$", "audio/", "^Sat,", "2027", "s", "yes", "^no",
    ]

    /// Feeds a, b and c, with what the filter knows of them.
    static let feeds: [String: FilterFeed] = [
        "a": FilterFeed(
            url: FeedFixture.feedURL("a").absoluteString, title: "Feed a", link: "https://a.example.net/",
            tags: ["linux", "news"], unreadCount: 3, totalCount: 12, index: 1),
        "b": FilterFeed(
            url: FeedFixture.feedURL("b").absoluteString, title: "Kernel Weekly", tags: ["linux"],
            unreadCount: 0,
            totalCount: 7, index: 2),
        "c": FilterFeed(
            url: FeedFixture.feedURL("c").absoluteString, title: "Feed c", tags: [], unreadCount: 9,
            totalCount: 9, index: 3),
    ]

    struct Generated {
        var item: FeedItem
        var feed: String
        var read: Bool
        var saved: Bool
    }

    func items(_ random: inout SplitMix64) -> [Generated] {
        (0..<90).map { index in
            func word() -> String { Self.words.randomElement(using: &random)! }
            let hours = Double(Int.random(in: -30...400, using: &random))
            let dated = Int.random(in: 0..<5, using: &random) > 0
            let item = FeedItem(
                id: "urn:item:\(index)",
                title: "\(word()) \(word()) \(index)",
                link: Bool.random(using: &random)
                    ? URL(string: "https://site.example.net/\(word().isEmpty ? "x" : "p")/\(index)") : nil,
                author: Bool.random(using: &random) ? word() : nil,
                published: dated ? Fixture.epoch.addingTimeInterval(-hours * 3600) : nil,
                updated: !dated && Bool.random(using: &random)
                    ? Fixture.epoch.addingTimeInterval(-hours * 1800) : nil,
                summary: Bool.random(using: &random) ? "\(word()) summary" : nil,
                content: Bool.random(using: &random) ? "\(word()) and \(word()) in the body" : nil,
                enclosures: Bool.random(using: &random)
                    ? [
                        Enclosure(
                            url: URL(string: "https://cdn.example.net/\(index).mp3")!,
                            type: Bool.random(using: &random) ? "audio/mpeg" : nil)
                    ] : [])
            return Generated(
                item: item, feed: ["a", "b", "c"].randomElement(using: &random)!,
                read: Bool.random(using: &random), saved: Int.random(in: 0..<4, using: &random) == 0)
        }
    }

    func expression(_ random: inout SplitMix64, depth: Int = 0) -> String {
        if depth < 3, Int.random(in: 0..<4, using: &random) == 0 {
            let count = Int.random(in: 2...3, using: &random)
            let parts = (0..<count).map { _ in expression(&random, depth: depth + 1) }
            var text = "(" + parts[0]
            for part in parts.dropFirst() {
                text += (Int.random(in: 0..<3, using: &random) == 0 ? " and " : " or ") + part
            }
            return text + ")"
        }
        // Item attributes and regular expressions more often: they split the items most.
        let attributes =
            FilterAttribute.allCases + [.title, .title, .author, .content, .age, .age, .unread, .tags]
        let attribute = attributes.randomElement(using: &random)!
        let operators =
            FilterOperator.allCases + [.matches, .matches, .doesNotMatch, .contains, .less, .greater]
        let op = operators.randomElement(using: &random)!
        let value: String
        switch op {
        case .between:
            value = "\(Int.random(in: -5...40, using: &random)):\(Int.random(in: -5...40, using: &random))"
        case .matches, .doesNotMatch:
            value = FilterValue(text: Self.patterns.randomElement(using: &random)!, kind: .text).written
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            value =
                Bool.random(using: &random)
                ? String(Int.random(in: -3...20, using: &random))
                : "\"\(Int.random(in: 0...89, using: &random))x\""
        default:
            switch Int.random(in: 0..<5, using: &random) {
            case 0: value = String(Int.random(in: 0...12, using: &random))
            case 1: value = "1:3"
            case 2:
                value = ["\"yes\"", "\"no\"", "\"s\"", "\"\"", "\"audio/mpeg\""].randomElement(
                    using: &random)!
            default: value = FilterValue(text: Self.words.randomElement(using: &random)!, kind: .text).written
            }
        }
        return "\(attribute.name) \(op.rawValue) \(value)"
    }

    @Test func sqlAndMemoryChooseTheSameItems() async throws {
        var random = SplitMix64(seed: 0x5EED_F117)
        let clock = TestClock()
        let store = try NewsStore.testing(clock)
        let generated = items(&random)
        let written = Fixture.epoch.addingTimeInterval(-600)
        for name in ["a", "b", "c"] {
            let items = generated.filter { $0.feed == name }.map(\.item)
            try await store.recordFeeds([
                FeedFixture.fetched(name, items, at: written, sourceName: Self.feeds[name]!.title)
            ])
        }
        for entry in generated {
            let feed = FeedFixture.feedURL(entry.feed)
            if entry.read { try await store.markFeedItemRead(feed: feed, itemID: entry.item.id) }
            if entry.saved { try await store.markFeedItemSaved(feed: feed, itemID: entry.item.id) }
        }
        let filterFeeds = Dictionary(
            uniqueKeysWithValues: Self.feeds.map { (FeedFixture.feedURL($0.key), $0.value) })
        let now = clock.date.timeIntervalSince1970
        var tried = 0
        var nonTrivial = 0
        // Until 150 expressions split the items (some chosen, some not); those that choose all or
        // none are checked too.
        while nonTrivial < 150 && tried < 3_000 {
            let text = expression(&random)
            guard let parsed = try? FilterParser.parse(text) else { continue }
            tried += 1
            let expected = Set(
                generated.filter { entry in
                    let item = entry.item
                    let values = FilterItem(
                        title: item.title, link: item.link?.absoluteString ?? "", author: item.author ?? "",
                        content: item.content ?? item.summary ?? "",
                        date: (item.published ?? item.updated)?.timeIntervalSince1970
                            ?? written.timeIntervalSince1970,
                        unread: !entry.read, saved: entry.saved, guid: item.id,
                        enclosureURL: item.enclosures.first?.url.absoluteString ?? "",
                        enclosureType: item.enclosures.first?.type ?? "", feed: Self.feeds[entry.feed]!)
                    return parsed.matches(values, now: now)
                }.map(\.item.id))
            let chosen = try await store.filteredFeedArticles(
                NewsStore.FeedFilter(expression: parsed, feeds: filterFeeds), limit: 1_000)
            let found = Set(chosen.compactMap(\.feedItem?.item))
            #expect(
                found == expected,
                "\(text): SQL chose \(found.subtracting(expected).sorted()) too, missed \(expected.subtracting(found).sorted())"
            )
            let counts = try await store.filteredFeedCounts(
                NewsStore.FeedFilter(expression: parsed, feeds: filterFeeds))
            #expect(counts.items == expected.count, "\(text)")
            if !expected.isEmpty && expected.count < generated.count { nonTrivial += 1 }
        }
        // The generator must not hollow the property out.
        #expect(nonTrivial >= 150, "only \(nonTrivial) of \(tried) expressions chose some but not all items")
    }
}
