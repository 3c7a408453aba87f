import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("XML layer (libxml2 SAX2 push parser)")
struct XMLPushParserTests {
    @Test func elementsAttributesAndTextArriveInOrder() {
        let recorder = XMLEventRecorder.record(#"<a x="1"><b>hi</b><c/></a>"#)
        #expect(recorder.events == [#"<a x="1">"#, "<b>", "text:hi", "</b>", "<c>", "</c>", "</a>"])
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func chunkBoundariesChangeNothing(chunkSize: Int) {
        let document = #"<rss><t a="x&amp;y">Caf&eacute; &amp; <![CDATA[<b>bold</b>]]> &#8217;</t></rss>"#
        let whole = XMLEventRecorder.record(document)
        let chunked = XMLEventRecorder.record(document, chunkSize: chunkSize)
        #expect(chunked.events == whole.events)
        #expect(chunked.text == "Café & <b>bold</b> \u{2019}")
    }

    @Test func predefinedEntitiesAreExpandedOnceOnly() {
        // RSS feeds escape twice: the XML layer undoes one level, the HTML converter the other.
        let recorder = XMLEventRecorder.record("<t>AT&amp;amp;T &amp;lt;b&amp;gt;</t>")
        #expect(recorder.text == "AT&amp;T &lt;b&gt;")
    }

    @Test func htmlNamedEntitiesWorkWithoutTheirDTD() {
        let recorder = XMLEventRecorder.record("<t>&nbsp;&eacute;&mdash;&hellip;&copy;</t>")
        #expect(recorder.text == "\u{A0}é—…©")
    }

    @Test func undeclaredUnknownEntitiesBecomeNothing() {
        let recorder = XMLEventRecorder.record("<t>a&bogus;b&#;c</t>")
        #expect(recorder.text.hasPrefix("ab"))
        #expect(!recorder.text.contains("bogus"))
    }

    @Test func referencesStillResolveAfterAnError() {
        // libxml2 drops every reference, even &amp;, once the document is known to be broken.
        let recorder = XMLEventRecorder.record("<rss><b>unclosed</c><t>x &amp; &lt;p&gt; &nbsp;y</t></rss>")
        #expect(recorder.text.contains("x & <p> \u{A0}y"))
    }

    @Test func attributeValuesResolveTheirReferences() {
        let recorder = XMLEventRecorder.record(#"<a href="?a=1&amp;b=2&#38;c=&eacute;&nbsp;&bogus;!"/>"#)
        #expect(recorder.events.first == "<a href=\"?a=1&b=2&c=é\u{A0}!\">")
    }

    /// Found by Scripts/fuzz (feed-xml, LeakSanitizer): libxml2 builds a document of its own even
    /// in SAX mode to record an internal entity declared in the DTD, and freeing the context
    /// leaves it.
    @Test(arguments: [false, true])
    func theDocumentLibxml2BuildsForAnEntityDeclarationIsFreed(stopping: Bool) {
        let parser = XMLPushParser(handler: XMLEventRecorder())!
        // libxml2 2.9 parses nothing before the end until it holds more than 80 bytes.
        let document = Array(
            #"<!DOCTYPE t [<!ENTITY name "a value">]><t>&name; and enough text to be read at once</t>"#.utf8)
        document.withUnsafeBufferPointer { parser.parse($0) }
        #expect(parser.holdsDocument)
        if stopping { parser.stop() } else { parser.finish() }
        #expect(!parser.holdsDocument)
    }

    @Test func simpleInternalEntitiesAreExpandedByUs() {
        let document = """
            <!DOCTYPE t [
              <!ENTITY name "Simple &#169; value">
              <!ENTITY nested "<b>markup</b>">
              <!ENTITY refers "&name;">
            ]>
            <t>[&name;] [&nested;] [&refers;]</t>
            """
        let recorder = XMLEventRecorder.record(document)
        #expect(recorder.events.contains("doctype:t"))
        #expect(recorder.text == "[Simple © value] [] []")
    }

    @Test func theFirstDeclarationOfAnEntityWins() {
        let document = #"<!DOCTYPE t [<!ENTITY e "first"><!ENTITY e "second">]><t>&e;</t>"#
        #expect(XMLEventRecorder.record(document).text == "first")
    }

    @Test func entityExpansionIsCappedPerDocument() {
        let value = String(repeating: "x", count: XMLEntityTable.maximumLength)
        let references = String(repeating: "&big;", count: 4 * XMLEntityTable.expansionBudget / value.count)
        let document = #"<!DOCTYPE t [<!ENTITY big "\#(value)">]><t>\#(references)</t>"#
        let recorder = XMLEventRecorder.record(document)
        #expect(recorder.text.utf8.count == XMLEntityTable.expansionBudget)
    }

    @Test func bareAmpersandsAreKeptAsText() {
        let recorder = XMLEventRecorder.record(
            #"<t a="?a=1&b=2&amp;c">Q&A &amp; AT&T & more &#38; &eacute; &</t>"#)
        #expect(recorder.events.first == #"<t a="?a=1&b=2&c">"#)
        #expect(recorder.text == "Q&A & AT&T & more & é &")
    }

    @Test func aHexadecimalReferenceWithACapitalXIsRead() {
        let recorder = XMLEventRecorder.record(#"<t a="&#X41;">&#X42;&#x43;&#X;</t>"#)
        #expect(recorder.events.first == #"<t a="A">"#)
        #expect(recorder.text.hasPrefix("BC"))
    }

    @Test func cdataAndCommentsKeepTheirAmpersands() {
        let recorder = XMLEventRecorder.record("<t><![CDATA[a&b &amp; ]]]]><!-- x&y --> c&d</t>")
        #expect(recorder.text == "a&b &amp; ]] c&d")
    }

    @Test(arguments: 1...12)
    func ampersandRepairIsTheSameWhereverAChunkEnds(chunkSize: Int) {
        let document =
            "<t>Q&A &eacute;&#233;<![CDATA[x&y&#X41;]]><!-- --a&b-- -->&amp; a&b&#X41;<!DOCTYPE-ish &c</t>"
        var repair = AmpersandRepair()
        var output: [UInt8] = []
        let bytes = Array(document.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            bytes[offset..<end].withUnsafeBufferPointer { repair.filter($0) { output += $0 } }
            offset = end
        }
        repair.finish { output += $0 }
        let expected =
            "<t>Q&amp;A &eacute;&#233;<![CDATA[x&y&#X41;]]><!-- --a&b-- -->&amp; a&amp;b&#x41;<!DOCTYPE-ish &amp;c</t>"
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test func namesAreComparedIgnoringCase() {
        let name = "Title"
        let matches = name.withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: 6) { XMLName(bytes: $0).matches("title") }
        }
        let longer = "Titles".withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: 7) { XMLName(bytes: $0).matches("title") }
        }
        #expect(matches)
        #expect(!longer)
    }
}

/// A start tag of more than 256 attributes ends the document before libxml2 reads it whole: libxml2 2.9
/// compares each attribute with the others, so its time grows with the square of their number.
@Suite struct AttributeLimitTests {
    static func allowed(_ text: String, chunk: Int = .max) -> (Int, Bool) {
        var limit = AttributeLimit()
        let bytes = Array(text.utf8)
        var total = 0
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            let part = bytes[offset..<end].withUnsafeBufferPointer { limit.allowed($0) }
            total += part
            if limit.isCut { break }
            offset = end
        }
        return (total, limit.isCut)
    }

    @Test func aTagOfTooManyAttributesEndsTheDocumentWhereItStarts() {
        let many = (0...AttributeLimit.limit).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let text = "<rss><channel><title>T</title><item \(many)><title>x</title></item></channel></rss>"
        let cutAt = text.utf8.count - "<item \(many)><title>x</title></item></channel></rss>".utf8.count
        #expect(Self.allowed(text) == (cutAt, true))
        // In pieces, what went before the piece holding the tag's 257th attribute went to libxml2
        // already (a start tag it cannot finish, of at most 256 attributes); nothing after it does.
        let last =
            text.utf8.count
            - "a\(AttributeLimit.limit)=\"v\"><title>x</title></item></channel></rss>".utf8.count
        for chunk in [1, 7, 64] {
            let (allowed, isCut) = Self.allowed(text, chunk: chunk)
            #expect(isCut, "in chunks of \(chunk)")
            #expect((cutAt...last).contains(allowed), "in chunks of \(chunk): \(allowed)")
        }
    }

    @Test func whatIsNotATagCountsForNothing() {
        let words = (0..<1_000).map { "w\($0)" }.joined(separator: " ")
        let text = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY e "\(words)">]><rss v="1" \
            w='<a \(words)>'><!-- <a \(words)> --><d><![CDATA[<a \(words)>]]></d><?pi <a \(words)>?>\
            <e a="1" b='2' c=3 d/></rss>
            """
        for chunk in [1, 5, .max] {
            #expect(Self.allowed(text, chunk: chunk) == (text.utf8.count, false), "in chunks of \(chunk)")
        }
    }

    @Test func aFeedWithSuchATagKeepsTheItemsBeforeIt() throws {
        let many = (0..<100_000).map { "a\($0)" }.joined(separator: " ")
        let feed = """
            <rss version="2.0"><channel><title>T</title><item><title>First</title><guid>1</guid></item>\
            <item \(many)><title>Second</title></item></channel></rss>
            """
        let document = try FeedParser.parse(Data(feed.utf8), url: URL(string: "https://example.org/feed")!)
        #expect(document.items.map(\.title) == ["First"])
    }
}
