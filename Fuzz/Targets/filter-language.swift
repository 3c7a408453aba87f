import FilterLanguage
import Foundation
import GRDB

@testable import Store

/// newsboat's filter language: any text reads as an expression or fails with one sentence naming a
/// column inside it; what reads writes back as the same expression, stays within its bounds, and
/// is answered alike in memory and by the store's SQL over a few items (small inputs only: the
/// store's work grows with the expression).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilterLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let expression: FilterExpression
    do {
        expression = try FilterParser.parse(text)
    } catch {
        let sentence = error.sentence
        Invariant.check(sentence.hasPrefix("At column "), "not a sentence: \(sentence)")
        Invariant.check(!sentence.contains("\n"), "a sentence over two lines")
        Invariant.check(
            error.column >= 1 && error.column <= max(text.count, 1) + 1, "column \(error.column) outside")
        return 0
    }
    Invariant.check(expression.depth <= FilterParser.maximumDepth, "deeper than the bound")
    Invariant.check(
        expression.conditions.count <= FilterParser.maximumConditions, "more conditions than the bound")
    let written = expression.written
    let again = try? FilterParser.parse(written)
    Invariant.check(again == expression, "\(String(reflecting: written)) reads back differently")
    if size <= 512 { checkAgreement(expression) }
    return 0
}

private let items: [FilterItem] = {
    let feed = FilterFeed(
        url: "https://a.example/feed", title: "Feed A", link: "https://a.example/", tags: ["x", "y"],
        unreadCount: 2, totalCount: 3, index: 1)
    return (0..<3).map { index in
        FilterItem(
            title: ["Linux kernel 7", "été \u{212A}elvin", ""][index],
            link: index == 0 ? "https://a.example/1" : "",
            author: ["bob", "", "Ann"][index], content: ["body 12", "", "x y z"][index],
            date: 1_800_000_000 - Double(index) * 90_000,
            unread: index != 1, saved: index == 2, guid: "g\(index)",
            enclosureURL: index == 0 ? "https://a.example/1.mp3" : "",
            enclosureType: index == 0 ? "audio/mpeg" : "", feed: feed)
    }
}()

/// The store, in memory, chooses the items the in-memory evaluation does.
private func checkAgreement(_ expression: FilterExpression) {
    let now = 1_800_000_000.0
    let expected = Set(items.indices.filter { expression.matches(items[$0], now: now) }.map { "g\($0)" })
    let compiled = FilterSQL(expression, feeds: [1: items[0].feed], now: now, budget: 5)
    let found: Set<String>? = try? fuzzStore.read { db in
        Set(
            try String.fetchAll(
                db, sql: "SELECT a.itemID FROM article a WHERE \(compiled.sql)", arguments: compiled.arguments
            ))
    }
    guard let found else { return }  // a regular expression past its deadline
    Invariant.check(
        found == expected,
        "SQL chose \(found.sorted()), memory \(expected.sorted()) for \(expression.written)")
}

private let fuzzStore: DatabaseQueue = {
    let queue = try! DatabaseQueue(configuration: StoreOpener.configuration())
    try! StoreSchema.migrator.migrate(queue)
    try! queue.write { db in
        try db.execute(
            sql: "INSERT INTO feed (id, url, sourceName) VALUES (1, 'https://a.example/feed', 'Feed A')")
        for (index, item) in items.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO article (id, feedID, itemID, url, urlIsLink, sourceName, title, author, content,
                        publishedAt, firstSeenAt, readAt, enclosures)
                    VALUES (?, 1, ?, ?, ?, 'Feed A', ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    index + 1, item.guid, item.link.isEmpty ? "https://a.example/" : item.link,
                    !item.link.isEmpty,
                    item.title, item.author.isEmpty ? nil : item.author,
                    item.content.isEmpty ? nil : item.content,
                    item.date, item.date, item.unread ? nil : 1.0,
                    item.enclosureURL.isEmpty
                        ? nil : #"[{"url":"\#(item.enclosureURL)","type":"\#(item.enclosureType)"}]"#,
                ])
            if item.saved {
                try db.execute(
                    sql: "INSERT INTO saved (articleID, savedAt) VALUES (?, 0)", arguments: [index + 1])
            }
        }
    }
    return queue
}()
