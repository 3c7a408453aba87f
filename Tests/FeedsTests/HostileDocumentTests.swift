import CXML2
import Foundation
import NewsModels
import Synchronization
import Testing

@testable import Feeds

/// Counts libxml2's attempts to load an external resource (a DTD, an entity) while installed.
private enum ExternalLoads {
    static let count = Atomic<Int>(0)

    static let loader: xmlExternalEntityLoader = { _, _, _ in
        ExternalLoads.count.add(1, ordering: .relaxed)
        return nil
    }
}

@Suite("Hostile documents")
struct HostileDocumentTests {
    /// Every piece of text a feed gives, joined.
    private func allText(_ feed: FeedDocument) -> String {
        var parts = [feed.title ?? "", feed.siteURL?.absoluteString ?? ""]
        for item in feed.items {
            parts += [
                item.id, item.title, item.link?.absoluteString ?? "", item.summary ?? "", item.content ?? "",
            ]
            parts += item.enclosures.map(\.url.absoluteString)
        }
        return parts.joined(separator: "\n")
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let previous = xmlGetExternalEntityLoader()
        xmlSetExternalEntityLoader(ExternalLoads.loader)
        defer { xmlSetExternalEntityLoader(previous) }
        let before = ExternalLoads.count.load(ordering: .relaxed)

        let feed = try Fixture.feed("hostile/xxe.xml")

        #expect(ExternalLoads.count.load(ordering: .relaxed) == before)
        let text = allText(feed)
        #expect(!text.contains("root:"))
        #expect(feed.title == "XXE [] []")
        let item = try #require(feed.items.first)
        #expect(item.title == "Leak: [][]")
        #expect(item.summary?.contains("Hello from a simple entity") == true)
        #expect(item.link == URL(string: "https://example.org/xxe?file="))
    }

    @Test func aLocalFileNamedByAnEntityStaysUnread() throws {
        let secret = "SECRET-\(UUID().uuidString)"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xxe-\(UUID().uuidString).txt")
        try Data(secret.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
              <!ENTITY file SYSTEM "\(file.absoluteString)">
              <!ENTITY % dtd SYSTEM "\(file.absoluteString)">
              %dtd;
            ]>
            <rss><channel><title>t</title><item><title>[&file;]</title><description>&file;</description>
            <link>https://example.org/1</link></item></channel></rss>
            """
        let feed = try Fixture.feed(text: document)
        #expect(!allText(feed).contains(secret))
        #expect(feed.items.first?.title == "[]")
    }

    @Test func billionLaughsExpandToNothing() throws {
        let feed = try Fixture.feed("hostile/billion-laughs.xml")
        let item = try #require(feed.items.first)
        #expect(item.title == "Laugh [] [lol]")
        #expect(allText(feed).utf8.count < 1_000)
    }

    @Test func oneEntityReferencedOverAndOverIsCapped() throws {
        let value = String(repeating: "y", count: 1_000)
        let references = String(repeating: "&big;", count: 100_000)
        let document = """
            <!DOCTYPE rss [<!ENTITY big "\(value)">]>
            <rss><channel><item><title>Quadratic</title><guid>q</guid>
            <description>\(references)</description></item></channel></rss>
            """
        let feed = try Fixture.feed(text: document)
        let summary = try #require(feed.items.first?.summary)
        #expect(summary.utf8.count <= XMLEntityTable.expansionBudget)
        #expect(summary.utf8.count > 0)
    }

    @Test func aBodyOverTheLimitIsRefusedWhileItArrives() throws {
        var parser = FeedStreamParser(contentType: "application/rss+xml", url: Fixture.url)
        let opening = Data("<rss><channel><title>Big</title><item><title>".utf8)
        try parser.consume(opening)
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        var sent = opening.count
        var refusal: FeedParseError?
        while sent < 2 * FeedParser.maximumBytes, refusal == nil {
            do {
                try parser.consume(chunk)
                sent += chunk.count
            } catch {
                refusal = error
            }
        }
        #expect(refusal == .tooLarge(limit: FeedParser.maximumBytes))
        #expect(sent <= FeedParser.maximumBytes)
        #expect(StreamParserTests.failure(finishing: parser) == .tooLarge(limit: FeedParser.maximumBytes))
    }

    @Test func aWholeBodyOverTheLimitIsRefused() {
        let body = Data(count: FeedParser.maximumBytes + 1)
        #expect(Fixture.error(parsing: body) == .tooLarge(limit: FeedParser.maximumBytes))
    }

    @Test func aBodyOfExactlyTheLimitIsRead() throws {
        let head = Data("<rss><channel><item><title>Padded</title><guid>p</guid></item>".utf8)
        let tail = Data("</channel></rss>".utf8)
        let padding = Data(
            repeating: UInt8(ascii: " "), count: FeedParser.maximumBytes - head.count - tail.count)
        let feed = try FeedParser.parse(head + padding + tail, url: Fixture.url)
        #expect(feed.items.map(\.title) == ["Padded"])
    }

    @Test func nulAndControlBytesAreDropped() throws {
        let feed = try Fixture.feed("encoding/nul-bytes.xml")
        let item = try #require(feed.items.first)
        // The ESC goes with its sequence, as a terminal reads it, so no `[31m` is left behind.
        #expect(item.title == "Nul and esc red")
        #expect(item.link == URL(string: "https://example.org/1"))
        #expect(item.summary == "body")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let item = try #require(Fixture.feed("encoding/invalid-utf8.xml").items.first)
        #expect(item.title == "A\u{FFFD}(B\u{FFFD}C\u{FFFD}\u{FFFD}D\u{FFFD}E")
        #expect(item.summary == "ok \u{FFFD}\u{FFFD}\u{FFFD} surrogate")
    }

    @Test func aMillionTinyItemsKeepOnlyTheFirstTenThousand() throws {
        let items = (0..<20_000).map { "<item><title>\($0)</title></item>" }.joined()
        let feed = try Fixture.feed(text: "<rss><channel>\(items)</channel></rss>")
        #expect(feed.items.count == ItemCollector.limit)
        #expect(feed.items.first?.title == "0")
    }

    @Test func deepNestingKeepsTheItemsBeforeIt() throws {
        let depth = 5_000
        let document =
            "<rss><channel><item><title>Before</title><guid>b</guid></item><item><title>Deep</title><description>"
            + String(repeating: "<div>", count: depth) + "bottom" + String(repeating: "</div>", count: depth)
            + "</description></item></channel></rss>"
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.first?.title == "Before")
    }
}
