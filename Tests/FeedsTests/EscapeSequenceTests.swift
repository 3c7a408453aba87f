import Foundation
import NewsModels
import Testing

@testable import Feeds

/// Escape sequences in a feed's text vanish whole, read as a terminal reads them (TerminalText's
/// parser, on the feed's bytes before parsing and on its text after): nothing a terminal would
/// swallow is left behind as text.
@Suite("Escape sequences in feeds")
struct EscapeSequenceTests {
    /// An ESC inside an nF escape (`ESC (`, waiting for its final byte) starts a new sequence, as
    /// on a terminal: `ESC ( ESC [31m` is two sequences, and `[31m` is not text.
    @Test func anEscapeInsideAnNFEscapeStartsANewSequence() throws {
        let rss = """
            <rss version="2.0"><channel><title>Feed\u{1B}(\u{1B}[31m name</title>
            <item><title>Before\u{1B}(\u{1B}[31mAfter</title><link>https://example.org/1</link>
            <description>&lt;p&gt;One\u{1B}(\u{1B}[31mTwo&lt;/p&gt;</description></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: rss)
        #expect(feed.title == "Feed name")
        #expect(feed.items.first?.title == "BeforeAfter")
        #expect(feed.items.first?.summary == "OneTwo")
    }

    @Test func anEscapeInsideAnNFEscapeInAJSONFeed() throws {
        let json = #"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "JSON",
             "items": [{"id": "1", "title": "Before\u001b(\u001b[31mAfter", "content_text": "x"}]}
            """#
        let feed = try Fixture.feed(text: json, contentType: "application/feed+json")
        #expect(feed.items.first?.title == "BeforeAfter")
    }

    /// The 8-bit CSI (U+009B), written as a character reference the XML parser decodes, takes its
    /// parameters with it: `Hostile &#x9B;31m feed` is `Hostile feed`, not `Hostile 31m feed`.
    @Test func anEightBitCSIFromACharacterReferenceVanishesWithItsParameters() throws {
        let rss = """
            <rss version="2.0"><channel><title>Channel &#x9B;1;31m name</title>
            <item><title>Hostile &#x9B;31m feed</title><link>https://example.org/1</link>
            <description>Plain &#x9B;31m summary</description></item>
            <item><title>Hostile &#155;0m again &#x9D;8;;https://evil.example/&#x9C; end</title>
            <link>https://example.org/2</link></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: rss)
        #expect(feed.title == "Channel name")
        #expect(feed.items.map(\.title) == ["Hostile feed", "Hostile again end"])
        #expect(feed.items.first?.summary == "Plain  summary")  // plain text keeps its spaces
    }

    @Test func anEightBitCSIInAJSONFeedVanishesWithItsParameters() throws {
        let json = #"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "JSON \u009b31mfeed",
             "items": [{"id": "1", "title": "Hostile \u009b31m feed", "content_text": "Text \u009b1mhere"}]}
            """#
        let feed = try Fixture.feed(text: json, contentType: "application/feed+json")
        #expect(feed.title == "JSON feed")
        #expect(feed.items.first?.title == "Hostile feed")
        #expect(feed.items.first?.content == "Text here")
    }

    /// A C1 control that introduces nothing (NEL, U+0085) is still a control: NEL breaks the line,
    /// the others vanish alone, and the text after them stays.
    @Test func otherC1ControlsVanishAloneAndKeepTheTextAfterThem() throws {
        let rss = """
            <rss version="2.0"><channel><title>C1</title>
            <item><title>One&#x85;two&#x80;three&#x9C;four</title><link>https://example.org/1</link></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: rss)
        #expect(feed.items.first?.title == "One twothreefour")
    }

    /// A string sequence ends at BEL (`ESC ] 0 ; title BEL`, how a terminal's title is set): the
    /// decoders keep BEL for the filter, so the sequence ends there and the rest of the feed stays,
    /// and a BEL, CAN or SUB outside a sequence goes alone (XML forbids them).
    @Test func aStringSequenceEndsAtBELAndTheRestOfTheFeedStays() throws {
        let rss = """
            <rss version="2.0"><channel><title>Feed\u{1B}]0;owned\u{07} name</title>
            <item><title>Link \u{1B}]8;;https://evil.example\u{07}here\u{1B}]8;;\u{07} end</title>
            <link>https://example.org/1</link></item>
            <item><title>Bell\u{07} cancel\u{18} sub\u{1A} kept</title><link>https://example.org/2</link></item>
            </channel></rss>
            """
        let feed = try Fixture.feed(text: rss)
        #expect(feed.title == "Feed name")
        #expect(feed.items.map(\.title) == ["Link here end", "Bell cancel sub kept"])
    }
}
