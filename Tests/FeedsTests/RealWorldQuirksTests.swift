import Foundation
import NewsModels
import Testing

@testable import Feeds

/// Quirks met in real feeds, where a reader could read less than feedparser does: each document
/// is written for this test after the shape of the real one.
@Suite("Feeds: real-world quirks")
struct RealWorldQuirksTests {
    /// An Atom feed of `count` entries; entry `index` gets `content` as its XHTML content.
    private static func atom(count: Int, content: (Int) -> String) -> String {
        let entries = (1...count).map { index in
            """
            <entry><id>urn:entry:\(index)</id><title>Entry \(index)</title>
            <link href="https://example.org/\(index)"/><updated>2024-05-01T10:00:00Z</updated>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\(content(index))</div></content>
            </entry>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Quirks</title>
            \(entries.joined(separator: "\n"))
            </feed>
            """
    }

    // MARK: 1. A document that breaks

    @Test func aStrayEndTagInsideXHTMLContentDoesNotStopTheParse() throws {
        // Entry 4 closes a paragraph twice: libxml2 alone closed the content, the entry and the
        // feed with the extra end tags that followed, and read 4 entries of 25.
        let document = Self.atom(count: 25) { index in
            index == 4 ? "<p>One.</p></p><p>Two, <b>bold</b></i> and on.</p>" : "<p>Text \(index).</p>"
        }
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.count == 25)
        #expect(feed.damage == nil)
        #expect(feed.items[3].content == "One.\n\nTwo, bold and on.")
        #expect(feed.items[24].title == "Entry 25")
    }

    @Test func anElementLeftOpenIsClosedByItsParentsEndTag() throws {
        let document = """
            <rss version="2.0"><channel><title>Open</title>
            <item><title>First</title><description>Left open</item>
            <item><title>Second</title><guid>2</guid></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.map(\.title) == ["First", "Second"])
        #expect(feed.items[0].summary == "Left open")
        #expect(feed.damage == nil)
    }

    @Test func aDocumentThatEndsEarlyKeepsWhatWasReadAndSaysSo() throws {
        let whole = Self.atom(count: 25) { "<p>Text \($0).</p>" }
        // Cut in the middle of the fifth entry's content, as a dropped connection does.
        let cut = try #require(whole.range(of: "Text 5"))
        let text = String(whole[..<cut.lowerBound])
        let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let feed = try Fixture.feed(text: text)
        #expect(feed.items.map(\.title) == ["Entry 1", "Entry 2", "Entry 3", "Entry 4"])
        let damage = try #require(feed.damage)
        #expect(damage.itemsRead == 4 && damage.itemsSeen == 5)
        #expect(damage.line == lastLine)
        #expect(damage.sentence == "The feed ended early at line \(lastLine): 4 of at least 5 items read.")
    }

    @Test func aDocumentLibxmlGivesUpOnCountsTheItemsItHoldsAfter() throws {
        // An end of the feed between two entries (two documents glued together): what follows is
        // "extra content" to libxml2, which stops; the 21 entries after are counted.
        let document = Self.atom(count: 25) { "<p>Text \($0).</p>" }
            .replacingOccurrences(of: "<entry><id>urn:entry:5<", with: "</feed>\n<entry><id>urn:entry:5<")
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.count == 4)
        let damage = try #require(feed.damage)
        #expect(damage.itemsRead == 4 && damage.itemsSeen == 25)
        #expect(damage.sentence.hasSuffix(": 4 of at least 25 items read."))
    }

    @Test func aDocumentThatEndsBeforeItsFirstItemIsAnError() {
        let error = Fixture.error(parsing: Data("<rss><channel><title>Cut</title><item><title>One".utf8))
        #expect(error == .malformed("it ended early at line 1, before any item could be read"))
    }

    @Test func theEndOfTheFeedInsideAnEntryIsAStrayTag() throws {
        let document = Self.atom(count: 25) {
            $0 == 3 ? "<p>Pasted.</p></feed></body></html>" : "<p>Text \($0).</p>"
        }
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.count == 25)
        #expect(feed.damage == nil)
    }

    @Test func somethingAfterTheDocumentLosesNothing() throws {
        let feed = try Fixture.feed(
            text: "<rss><channel><item><title>One</title></item></channel></rss>\n<script>track()</script>")
        #expect(feed.items.map(\.title) == ["One"])
        #expect(feed.damage == nil)
    }

    @Test(arguments: [1, 7, 64, 4096])
    func theBalancingHoldsWhateverTheChunks(chunkSize: Int) throws {
        let document = Self.atom(count: 6) { index in
            index == 2
                ? "<p title=\"a > b\">One</p></p><!-- </div> --><![CDATA[</p>]]><?pi </p>?>two"
                : "<p>Text \(index).</p>"
        }
        var parser = FeedStreamParser(contentType: nil, url: Fixture.url)
        let bytes = Array(document.utf8)
        var offset = 0
        while offset < bytes.count {
            try parser.consume(bytes[offset..<min(offset + chunkSize, bytes.count)])
            offset += chunkSize
        }
        let feed = try parser.finish()
        #expect(feed.items.count == 6)
        #expect(feed.damage == nil)
        #expect(feed.items[1].content == "One\n\n</p>two")
    }

    // MARK: 2. and 3. Authors

    @Test func itunesAuthorIsTheAuthorWhenNothingElseNamesOne() throws {
        let document = """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <item><title>Episode 1</title><itunes:author>The Hosts</itunes:author></item>
            <item><title>Episode 2</title><itunes:author>The Hosts</itunes:author>
            <author>guest@example.org (A Guest)</author></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.map(\.author) == ["The Hosts", "A Guest"])
    }

    @Test func theChildElementsOfAnAuthorAreJoinedWithSeparators() throws {
        let document = """
            <rss version="2.0"><channel><item><title>Launch</title>
            <author><name>Diane Chaleff</name><title>Product Manager, Office of the CTO</title></author>
            </item></channel></rss>
            """
        let feed = try Fixture.feed(text: document)
        #expect(feed.items.first?.author == "Diane Chaleff, Product Manager, Office of the CTO")
    }

    @Test func anAuthorWrittenWithAnAddressIsTheName() {
        #expect(ItemDraft.personName("jo@example.org (Jo Bloggs)") == "Jo Bloggs")
        #expect(ItemDraft.personName("Jo Bloggs (jo@example.org)") == "Jo Bloggs")
        #expect(ItemDraft.personName("Jo Bloggs <jo@example.org>") == "Jo Bloggs")
        #expect(ItemDraft.personName("Jo Bloggs (editor)") == "Jo Bloggs (editor)")
        #expect(ItemDraft.personName("jo@example.org") == "jo@example.org")
        #expect(ItemDraft.personName("(Jo Bloggs)") == "Jo Bloggs")
    }

    @Test func dublinCoreAndAtomAuthorsLoseTheirAddressToo() throws {
        let rss = """
            <rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item><title>A</title>
            <dc:creator>jo@example.org (Jo Bloggs)</dc:creator></item></channel></rss>
            """
        #expect(try Fixture.feed(text: rss).items.first?.author == "Jo Bloggs")
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>A</title>
            <author><name>Ann Other (ann@example.org)</name></author></entry></feed>
            """
        #expect(try Fixture.feed(text: atom).items.first?.author == "Ann Other")
    }

    // MARK: 4. Latin-1 bytes with nothing declared

    @Test func undeclaredLatin1BytesAreReadAsWindows1252() throws {
        var bytes = Array("<?xml version=\"1.0\"?><rss><channel><item><title>Caf".utf8)
        bytes += [0xE9, 0x20, 0x96, 0x20, 0x93, 0x6F, 0x6B, 0x94]
        bytes += Array("</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(Data(bytes), contentType: "application/rss+xml", url: Fixture.url)
        #expect(feed.items.first?.title == "Café – “ok”")
    }

    @Test func aLatin1DeclarationOverUTF8BytesIsReadAsUTF8() throws {
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><item>
            <title>Zürich – naïve café, São Paulo, Ελληνικά</title></item></channel></rss>
            """
        #expect(try Fixture.feed(text: text).items.first?.title == "Zürich – naïve café, São Paulo, Ελληνικά")
    }

    // MARK: 5. Namespaces with a slightly wrong address

    @Test func namespacesAreKnownByTheirWellKnownPrefixWhenTheAddressIsWrong() throws {
        let document = """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content"
              xmlns:dc="HTTP://PURL.ORG/DC/ELEMENTS/1.1" xmlns:media="https://search.yahoo.com/mrss/"
              xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel><item>
            <title>Namespaced</title><content:encoded><![CDATA[<p>The whole text.</p>]]></content:encoded>
            <dc:creator>Ann Other</dc:creator><media:thumbnail url="https://example.org/t.jpg"/>
            </item></channel></rss>
            """
        let item = try #require(try Fixture.feed(text: document).items.first)
        #expect(item.content == "The whole text.")
        #expect(item.author == "Ann Other")
        #expect(item.imageURL == URL(string: "https://example.org/t.jpg"))
    }

    @Test func anUnknownPrefixWithAnUnknownAddressStaysUnknown() throws {
        let document = """
            <rss xmlns:x="http://example.org/ns/"><channel><item><title>A</title>
            <x:creator>Nobody</x:creator></item></channel></rss>
            """
        #expect(try Fixture.feed(text: document).items.first?.author == nil)
    }

    // MARK: 6. noscript

    @Test func noscriptTextIsKept() throws {
        let document = """
            <rss><channel><item><title>Embed</title><description><![CDATA[<p>Watch it.</p>
            <noscript><p>The video: <a href="https://example.org/v">on the site</a>.</p></noscript>
            ]]></description></item></channel></rss>
            """
        let item = try #require(try Fixture.feed(text: document).items.first)
        #expect(item.summary == "Watch it.\n\nThe video: on the site [1].")
    }

    // MARK: 7. Pictures listed as media

    @Test func untypedMediaPicturesAreThePictureNotEnclosures() throws {
        let document = """
            <rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item><title>Photo</title>
            <media:content url="https://example.org/photo-large.jpg" width="1200"/>
            <media:content url="https://example.org/photo-small.JPEG?w=300" width="300"/>
            <media:content url="https://example.org/talk.mp3"/>
            </item></channel></rss>
            """
        let item = try #require(try Fixture.feed(text: document).items.first)
        #expect(item.imageURL == URL(string: "https://example.org/photo-large.jpg"))
        #expect(item.enclosures == [Enclosure(url: URL(string: "https://example.org/talk.mp3")!)])
    }

    // MARK: 8. Titles from text

    @Test func aTitleMadeFromTheTextHasNoLinkNumbers() throws {
        let document = """
            <rss><channel><item><description><![CDATA[Read <a href="https://example.org/a">the report</a> \
            and <a href="https://example.org/b">the reply</a> today]]></description></item></channel></rss>
            """
        let item = try #require(try Fixture.feed(text: document).items.first)
        #expect(item.title == "Read the report and the reply today")
        #expect(item.summary == "Read the report [1] and the reply [2] today")
    }

    /// A title made from an enclosure's file name is trimmed like any title, even when the address
    /// is malformed and its last part is mostly spaces.
    @Test func aTitleFromAnEnclosuresNameIsOneTrimmedLine() throws {
        let document = """
            <rss><channel><item><enclosure url="https: url="/></item></channel></rss>
            """
        let item = try #require(try Fixture.feed(text: document).items.first)
        #expect(item.title == item.title.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!item.title.isEmpty)
    }
}
