import Foundation
import NewsModels
import Testing

@testable import Feeds

/// The vocabularies feeds mix into RSS and Atom, read by their usual prefix when a document binds
/// that prefix to an address that is not the vocabulary's own (and that is no other vocabulary we
/// know), as feedparser reads them; and empty elements, which never hide full ones. Each document
/// is written here after the shape of real feeds that lost their authors, summaries and bodies.
@Suite("Feeds: namespaces by prefix, empty elements")
struct NamespacePrefixTests {
    /// An RSS 2.0 document whose channel declares `declarations` and holds one item of `item`.
    private static func rss(_ declarations: String, _ item: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" \(declarations)><channel><title>Prefixes</title>
        <link>https://example.org/</link>
        <item><title>One</title><link>https://example.org/one</link>\(item)</item>
        </channel></rss>
        """
    }

    private static func item(_ document: String) throws -> FeedItem {
        try #require(try Fixture.feed(text: document).items.first)
    }

    // MARK: Each prefix bound to an address of its own making

    @Test func dublinCoreUnderAnotherAddress() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:dc="http://purl.org/dc/elements/1.0/""#,
                """
                <dc:creator>Ann Other</dc:creator><dc:date>2024-05-01T10:00:00Z</dc:date>
                <dc:description>What the council decided.</dc:description>
                """))
        #expect(item.author == "Ann Other")
        #expect(item.published == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(item.summary == "What the council decided.")
    }

    @Test func contentUnderAnotherAddress() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:content="http://purl.org/rss/modules/content/""#,
                "<description>A teaser.</description><content:encoded><![CDATA[<p>The whole post.</p>]]></content:encoded>"
            ))
        #expect(item.content == "The whole post.")
        #expect(item.summary == "A teaser.")
    }

    @Test func itunesUnderAnotherAddress() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:itunes="http://www.itunes.com/dtd/podcast.dtd""#,
                """
                <itunes:author>The Hosts</itunes:author>
                <itunes:summary>We talk about the harbour and the new quay.</itunes:summary>
                <enclosure url="https://example.org/one.mp3" type="audio/mpeg" length="1000"/>
                """))
        #expect(item.author == "The Hosts")
        #expect(item.summary == "We talk about the harbour and the new quay.")
        #expect(item.enclosures.map(\.url.absoluteString) == ["https://example.org/one.mp3"])
    }

    @Test func mediaUnderAnotherAddress() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:media="http://search.yahoo.com/mediarss/""#,
                """
                <media:content url="https://example.org/one.mp4" type="video/mp4"/>
                <media:thumbnail url="https://example.org/one.jpg"/>
                """))
        #expect(item.enclosures.map(\.url.absoluteString) == ["https://example.org/one.mp4"])
        #expect(item.imageURL == URL(string: "https://example.org/one.jpg"))
    }

    @Test func atomUnderAnotherAddress() throws {
        let document = """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom-1.0"><channel><title>Prefixes</title>
            <item><title>One</title><guid isPermaLink="false">one</guid>
            <atom:link rel="alternate" href="https://example.org/one"/>
            <atom:link rel="self" href="https://example.org/feed"/>
            <atom:updated>2024-05-01T10:00:00Z</atom:updated></item></channel></rss>
            """
        let item = try Self.item(document)
        #expect(item.link == URL(string: "https://example.org/one"))
        #expect(item.updated == Date(timeIntervalSince1970: 1_714_557_600))
    }

    @Test func aPrefixInCapitalsIsTheSamePrefix() throws {
        let item = try Self.item(
            Self.rss(#"xmlns:DC="http://example.org/dc""#, "<DC:creator>Ann Other</DC:creator>"))
        #expect(item.author == "Ann Other")
    }

    @Test func anAddressOfAnotherVocabularyWeKnowIsThatVocabulary() throws {
        // `dc` bound to the terms' address reads as Dublin Core terms (`dcterms:modified`), not as
        // the elements: the document said which it meant, and feedparser goes by the address too.
        let item = try Self.item(
            Self.rss(
                #"xmlns:dc="http://purl.org/dc/terms/""#,
                "<dc:modified>2024-05-01T10:00:00Z</dc:modified><dc:creator>Nobody</dc:creator>"))
        #expect(item.updated == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(item.author == nil)
    }

    @Test func twoPrefixesBoundToOneUnknownAddressKeepTheirOwnMeaning() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:dc="http://example.org/mixed" xmlns:content="http://example.org/mixed""#,
                "<dc:creator>Ann Other</dc:creator><content:encoded>&lt;p&gt;Body.&lt;/p&gt;</content:encoded>"
            ))
        #expect(item.author == "Ann Other")
        #expect(item.content == "Body.")
    }

    @Test func dublinCoreInAtomEntries() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1">
            <title>Prefixes</title><entry><id>urn:one</id><title>One</title>
            <dc:creator>Ann Other</dc:creator><dc:date>2024-05-01T10:00:00Z</dc:date></entry></feed>
            """
        let item = try Self.item(document)
        #expect(item.author == "Ann Other")
        #expect(item.published == Date(timeIntervalSince1970: 1_714_557_600))
    }

    // MARK: Empty elements

    @Test func anEmptyEncodedContentDoesNotHideTheShowNotes() throws {
        let notes = (1...20).map { "<li><a href=\"https://example.org/link/\($0)\">Link \($0)</a></li>" }
        let item = try Self.item(
            Self.rss(
                #"xmlns:content="http://purl.org/rss/1.0/modules/content/""#,
                """
                <description><![CDATA[<p>This week's notes:</p><ul>\(notes.joined())</ul>]]></description>
                <content:encoded><![CDATA[]]></content:encoded>
                <enclosure url="https://example.org/one.mp3" type="audio/mpeg" length="1000"/>
                """))
        #expect(item.content == nil)
        #expect(item.summary?.contains("Link 20 [20]") == true)
        #expect(item.links.count == 20)
        #expect(item.links.first == URL(string: "https://example.org/link/1"))
    }

    @Test func contentOfMarkupAloneIsNoContent() throws {
        let item = try Self.item(
            Self.rss(
                #"xmlns:content="http://purl.org/rss/1.0/modules/content/""#,
                """
                <description>The notes, with &lt;a href="https://example.org/a"&gt;a link&lt;/a&gt;.</description>
                <content:encoded><![CDATA[<p> </p><div>&nbsp;</div>]]></content:encoded>
                """))
        #expect(item.content == nil)
        #expect(item.summary == "The notes, with a link [1].")
        #expect(item.links == [URL(string: "https://example.org/a")])
    }

    @Test func aSecondEmptyElementDoesNotReplaceTheFirst() throws {
        let item = try Self.item(
            Self.rss(
                "",
                "<description>The summary.</description><description></description><title></title>"))
        #expect(item.summary == "The summary.")
        #expect(item.title == "One")
    }

    @Test func anEmptyAtomContentDoesNotHideTheSummary() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Empty</title>
            <entry><id>urn:one</id><title>One</title>
            <summary type="html">&lt;p&gt;See &lt;a href="https://example.org/a"&gt;this&lt;/a&gt;.&lt;/p&gt;</summary>
            <content type="html"></content></entry></feed>
            """
        let item = try Self.item(document)
        #expect(item.content == nil)
        #expect(item.summary == "See this [1].")
        #expect(item.links == [URL(string: "https://example.org/a")])
    }

    @Test func whatShowsAnythingCounts() {
        #expect(!FeedText.showsAnything(Array("  \n ".utf8)))
        #expect(!FeedText.showsAnything(Array("<p> </p><br/>&nbsp;&#160;\u{A0}".utf8)))
        #expect(FeedText.showsAnything(Array("<p>a</p>".utf8)))
        #expect(FeedText.showsAnything(Array("<img src=\"x.jpg\">".utf8)))
        #expect(FeedText.showsAnything(Array("a < b".utf8)))
        #expect(FeedText.showsAnything(Array("<p".utf8)))
        #expect(FeedText.showsAnything(Array("<b>".utf8), isHTML: false))
    }
}
