import Foundation
import Testing

@testable import Feeds

@Suite("HTML to text: pages as bytes")
struct HTMLTextDataTests {
    private func text(_ bytes: [UInt8], charset: String? = nil) -> String {
        HTMLText(data: Data(bytes), charset: charset, baseURL: nil).text
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(
            text(Array("<p>a".utf8) + [0xFF, 0xC3] + Array("b</p>".utf8), charset: "utf-8")
                == "a\u{FFFD}\u{FFFD}b")
        #expect(text([0x61, 0x80, 0x62], charset: "utf-8") == "a\u{FFFD}b")
        #expect(text(Array("<p>é a".utf8) + [0x80, 0x62]) == "é a\u{FFFD}b")
    }

    @Test func undeclaredBytesThatAreNotUTF8AreWindows1252() {
        #expect(text(Array("<p>a".utf8) + [0xFF, 0xC3] + Array("b</p>".utf8)) == "aÿÃb")
        #expect(text([0x61, 0x80, 0x62]) == "a€b")
    }

    @Test func theDeclaredCharsetDecodesThePage() {
        // "café €" in windows-1252; ISO-8859-1 is read as windows-1252, as browsers do.
        let bytes = Array("<p>caf".utf8) + [0xE9, 0x20, 0x80] + Array("</p>".utf8)
        #expect(text(bytes, charset: "ISO-8859-1") == "café €")
        #expect(text(bytes, charset: "windows-1252") == "café €")
    }

    @Test func aMetaCharsetDecodesThePageWhenNoneIsDeclared() {
        // "Привет" in windows-1251.
        let privet: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
        let meta = Array("<html><head><meta charset=\"windows-1251\"></head><body><p>".utf8) + privet
        #expect(text(meta) == "Привет")
        let httpEquiv = Array(
            "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=KOI8-R\"><p>".utf8)
        #expect(text(httpEquiv + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]) == "Привет")
    }

    @Test func aByteOrderMarkWinsOverTheDeclaredCharset() {
        let utf16: [UInt8] = [0xFF, 0xFE] + "<p>ü</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(text(utf16, charset: "iso-8859-1") == "ü")
        #expect(text([0xEF, 0xBB, 0xBF] + Array("<p>ü</p>".utf8), charset: "iso-8859-1") == "ü")
    }

    @Test func anUnknownCharsetIsReadAsUTF8() {
        #expect(text(Array("<p>ü</p>".utf8), charset: "x-no-such-charset") == "ü")
    }

    @Test func bytesInvalidInTheirCharsetBecomeReplacementCharacters() {
        // 0x82 0x20 is not Shift_JIS: a lead byte followed by a space.
        #expect(
            text(Array("<p>".utf8) + [0x82, 0xA0, 0x82, 0x20, 0x41], charset: "Shift_JIS") == "あ\u{FFFD} A")
    }
}
