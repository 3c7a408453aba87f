import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Encodings, whole feeds")
struct EncodedFeedTests {
    private func title(_ name: String, contentType: String? = nil) throws -> String? {
        try Fixture.feed(name, contentType: contentType).items.first?.title
    }

    @Test func utf16WithAByteOrderMarkInEitherOrder() throws {
        #expect(try title("encoding/utf16le-bom.xml") == "Grüße — ½ 😀 ok")
        #expect(try title("encoding/utf16be-bom.xml") == "Grüße — ½ 😀 ok")
        #expect(try title("encoding/utf16le-nobom.xml") == "Grüße — ½ 😀 ok")
    }

    @Test func utf8WithAByteOrderMark() throws {
        #expect(try title("encoding/utf8-bom.xml") == "Grüße — ½ 😀 ok")
    }

    @Test func iso88591DeclaredIsReadAsWindows1252() throws {
        let item = try #require(Fixture.feed("encoding/iso-8859-1.xml").items.first)
        #expect(item.title == "Café Ñandú")
        #expect(item.summary == "It\u{2019}s fine")
    }

    @Test func windows1252DeclaredGivesCurlyQuotesAndTheEuro() throws {
        #expect(try title("encoding/windows-1252.xml") == "\u{201C}Quoted\u{201D} \u{2013} \u{20AC} 5")
    }

    @Test func theHTTPCharsetDecidesWhenTheDocumentSaysNothing() throws {
        #expect(
            try title("encoding/http-charset.xml", contentType: "text/xml; charset=iso-8859-1") == "Déjà vu")
        // Nothing declared and not UTF-8: windows-1252, as browsers and feedparser read it.
        #expect(try title("encoding/http-charset.xml") == "Déjà vu")
        #expect(
            try title("encoding/http-charset.xml", contentType: "text/xml; charset=utf-8")
                == "D\u{FFFD}j\u{FFFD} vu")
    }

    @Test func otherEncodingsGoThroughIconv() throws {
        #expect(try title("encoding/koi8-r.xml") == "Привет, мир")
    }

    @Test func anUnknownLabelFallsBackToWindows1252() throws {
        #expect(try title("encoding/unknown-label.xml") == "Café")
    }
}
