import Foundation
import Testing

@testable import Feeds

@Suite("Encodings")
struct EncodingTests {
    /// Decodes `bytes` with `decoder` in chunks of `chunkSize` bytes.
    private func decode(_ bytes: [UInt8], with decoder: some ByteDecoder, chunkSize: Int = 1 << 20) -> String
    {
        var decoder = decoder
        var output: [UInt8] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            bytes[offset..<end].withUnsafeBufferPointer {
                decoder.decode($0) { output.append(contentsOf: $0) }
            }
            offset = end
        }
        decoder.finish { output.append(contentsOf: $0) }
        return String(decoding: output, as: UTF8.self)
    }

    private static let sample = "ASCII, café, Ελληνικά, 日本語, 😀🎉 and more ASCII to pass eight bytes."

    @Test(arguments: 1...9)
    func utf8SplitAnywhereDecodesTheSame(chunkSize: Int) {
        #expect(decode(Array(Self.sample.utf8), with: UTF8Cleaner(), chunkSize: chunkSize) == Self.sample)
    }

    @Test func invalidUTF8BecomesOneReplacementPerMaximalSubpart() {
        let cases: [([UInt8], String)] = [
            ([0x41, 0xC3, 0x28, 0x42], "A\u{FFFD}(B"),
            ([0xFF, 0xFE], "\u{FFFD}\u{FFFD}"),
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
            ([0xE2, 0x82, 0x45], "\u{FFFD}E"),
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0x61, 0xF0, 0x9F, 0x98], "a\u{FFFD}"),
        ]
        for (bytes, expected) in cases {
            #expect(decode(bytes, with: UTF8Cleaner()) == expected)
            #expect(decode(bytes, with: UTF8Cleaner(), chunkSize: 1) == expected)
        }
    }

    @Test func controlsAndNoncharactersAreDroppedButLineBreaksKept() {
        let bytes: [UInt8] = [
            0x00, 0x61, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x62, 0xEF, 0xBF, 0xBE, 0xEF, 0xBF, 0xBF, 0x7F,
        ]
        // ESC is kept for DocumentDecoder's escape filter, which removes it with its sequence.
        #expect(decode(bytes, with: UTF8Cleaner()) == "a\t\n\r\u{1B}b\u{7F}")
        var document = DocumentDecoder(contentType: "text/xml; charset=utf-8", markup: .xml)
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { document.decode($0) { output += $0 } }
        document.finish { output += $0 }
        #expect(String(decoding: output, as: UTF8.self) == "a\t\n\r\u{7F}")
    }

    @Test func cleanInputIsHandedOnWithoutACopy() {
        var cleaner = UTF8Cleaner()
        let bytes = Array("<rss>clean ASCII and UTF-8: é</rss>".utf8)
        bytes.withUnsafeBufferPointer { input in
            var pieces: [UnsafeBufferPointer<UInt8>] = []
            cleaner.decode(input) { pieces.append($0) }
            #expect(pieces.count == 1)
            #expect(pieces.first?.baseAddress == input.baseAddress)
        }
    }

    @Test(arguments: [false, true], 1...5)
    func utf16InEitherOrderSplitAnywhere(bigEndian: Bool, chunkSize: Int) {
        var bytes: [UInt8] = []
        for unit in Self.sample.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        #expect(
            decode(bytes, with: UTF16Decoder(isBigEndian: bigEndian), chunkSize: chunkSize) == Self.sample)
    }

    @Test func unpairedSurrogatesBecomeReplacementCharacters() {
        let bytes: [UInt8] = [0x3D, 0xD8, 0x41, 0x00, 0x00, 0xDC, 0x3D, 0xD8]
        #expect(decode(bytes, with: UTF16Decoder(isBigEndian: false)) == "\u{FFFD}A\u{FFFD}\u{FFFD}")
    }

    @Test func windows1252HasCurlyQuotesWhereLatin1HasControls() {
        let bytes: [UInt8] = [0x93, 0x41, 0x94, 0x20, 0x96, 0x80, 0xE9, 0x00, 0xFF]
        #expect(decode(bytes, with: Windows1252Decoder()) == "\u{201C}A\u{201D} \u{2013}\u{20AC}éÿ")
    }

    @Test func iconvConvertsOtherEncodingsSplitAnywhere() throws {
        let koi8 = try #require(IconvDecoder(label: "koi8-r"))
        let bytes: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
        #expect(decode(bytes, with: koi8) == "Привет")
        let shiftJIS = try #require(IconvDecoder(label: "shift_jis"))
        #expect(decode([0x93, 0xFA, 0x96, 0x7B], with: shiftJIS, chunkSize: 1) == "日本")
        #expect(IconvDecoder(label: "x-no-such-encoding") == nil)
    }

    @Test func labelsAreMatchedLikeBrowsersDo() {
        #expect(SourceEncoding(label: " \"ISO-8859-1\" ") == .windows1252)
        #expect(SourceEncoding(label: "US-ASCII") == .windows1252)
        #expect(SourceEncoding(label: "utf8") == .utf8)
        #expect(SourceEncoding(label: "UTF-16BE") == .utf16BigEndian)
        #expect(SourceEncoding(label: "Shift_JIS") == .iconv("shift_jis"))
        #expect(SourceEncoding(label: "") == nil)
    }

    @Test func theByteOrderMarkWinsThenTheDeclarationThenTheHeader() {
        let declared = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss/>"#.utf8)
        let plain = Array(#"<?xml version="1.0"?><rss/>"#.utf8)
        let header = "text/xml; charset=koi8-r"
        #expect(
            EncodingSniffer.sniff([0xEF, 0xBB, 0xBF] + declared, contentType: header, markup: .xml) == (
                .utf8, 3
            ))
        #expect(
            EncodingSniffer.sniff([0xFF, 0xFE, 0x3C, 0x00], contentType: nil, markup: .xml) == (
                .utf16LittleEndian, 2
            ))
        #expect(
            EncodingSniffer.sniff([0xFE, 0xFF, 0x00, 0x3C], contentType: nil, markup: .xml) == (
                .utf16BigEndian, 2
            ))
        #expect(
            EncodingSniffer.sniff([0x3C, 0x00, 0x3F, 0x00], contentType: nil, markup: .xml) == (
                .utf16LittleEndian, 0
            ))
        #expect(EncodingSniffer.sniff(declared, contentType: header, markup: .xml) == (.windows1252, 0))
        #expect(EncodingSniffer.sniff(plain, contentType: header, markup: .xml) == (.iconv("koi8-r"), 0))
        #expect(EncodingSniffer.sniff(plain, contentType: "application/rss+xml", markup: .xml) == (.utf8, 0))
        #expect(
            EncodingSniffer.sniff(Array(#"{"version":1}"#.utf8), contentType: header, markup: .xml) == (
                .utf8, 0
            ))
        let page = Array(
            #"<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#.utf8)
        #expect(EncodingSniffer.sniff(page, contentType: nil, markup: .html) == (.iconv("windows-1251"), 0))
        #expect(
            EncodingSniffer.sniff(page, contentType: "text/html; charset=utf-8", markup: .html) == (.utf8, 0))
    }

    @Test func theCharsetParameterIsFoundInAnyContentType() {
        #expect(EncodingSniffer.charset(inContentType: "text/xml; charset=ISO-8859-1") == "ISO-8859-1")
        #expect(
            EncodingSniffer.charset(inContentType: #"application/rss+xml;CHARSET="utf-8""#) == #""utf-8""#)
        #expect(EncodingSniffer.charset(inContentType: "text/xml; q=1 ; charset = koi8-r") == "koi8-r")
        #expect(EncodingSniffer.charset(inContentType: "text/xml") == nil)
    }
}
