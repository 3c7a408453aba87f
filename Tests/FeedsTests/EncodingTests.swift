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
        #expect(SourceEncoding(label: "ansi_x3.4-1968") == .windows1252)
        #expect(SourceEncoding(label: "utf8") == .utf8)
        #expect(SourceEncoding(label: "UTF-16BE") == .utf16BigEndian)
        #expect(SourceEncoding(label: "Shift_JIS") == .iconv("CP932"))
        #expect(SourceEncoding(label: "gb2312") == .iconv("GB18030"))
        #expect(SourceEncoding(label: "ISO-8859-9") == .iconv("CP1254"))
        #expect(SourceEncoding(label: "iso-2022-kr") == .replacement)
        #expect(SourceEncoding(label: "x-no-such-charset") == nil)
        #expect(SourceEncoding(label: "") == nil)
    }

    @Test func everyIconvNameOfTheTableIsKnownToIconv() {
        for label in [
            "ibm866", "iso-8859-2", "iso-8859-16", "koi8-u", "macintosh", "tis-620", "windows-1258",
            "x-mac-cyrillic", "gbk", "big5", "euc-jp", "iso-2022-jp", "sjis", "euc-kr",
        ] {
            guard case .iconv(let name) = SourceEncoding(label: label) else {
                Issue.record("\(label) is not an iconv encoding")
                continue
            }
            #expect(IconvDecoder(label: name) != nil, "\(label) → \(name)")
        }
    }

    private func sniff(_ bytes: [UInt8], _ contentType: String?, _ markup: EncodingSniffer.Markup = .xml)
        -> (SourceEncoding, Int)
    {
        let finding = EncodingSniffer.sniff(
            bytes, charset: contentType.flatMap(EncodingSniffer.charset(inContentType:)), markup: markup)
        return (finding.encoding, finding.byteOrderMark)
    }

    @Test func theByteOrderMarkWinsThenTheDeclarationThenTheHeader() {
        let declared = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss/>"#.utf8)
        let plain = Array(#"<?xml version="1.0"?><rss/>"#.utf8)
        let header = "text/xml; charset=koi8-r"
        #expect(sniff([0xEF, 0xBB, 0xBF] + declared, header) == (.utf8, 3))
        #expect(sniff([0xFF, 0xFE, 0x3C, 0x00], nil) == (.utf16LittleEndian, 2))
        #expect(sniff([0xFE, 0xFF, 0x00, 0x3C], nil) == (.utf16BigEndian, 2))
        #expect(sniff([0x3C, 0x00, 0x3F, 0x00], nil) == (.utf16LittleEndian, 0))
        #expect(sniff(declared, header) == (.windows1252, 0))
        #expect(sniff(plain, header) == (.iconv("KOI8-R"), 0))
        #expect(sniff(plain, "application/rss+xml") == (.utf8, 0))
        #expect(
            EncodingSniffer.sniff(plain, charset: nil, markup: .xml).basis
                == EncodingSniffer.Finding.Basis.undeclared)
        #expect(sniff(Array(#"{"version":1}"#.utf8), header) == (.utf8, 0))
        let page = Array(
            #"<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#.utf8)
        #expect(sniff(page, nil, .html) == (.iconv("CP1251"), 0))
        #expect(sniff(page, "text/html; charset=utf-8", .html) == (.utf8, 0))
        // The prescan reads every <meta> in the window, and skips a label it does not know.
        let second = Array(#"<meta name="x" content="charset=nonsense"><meta charset='gb2312'>"#.utf8)
        #expect(sniff(second, nil, .html) == (.iconv("GB18030"), 0))
        #expect(sniff(Array(#"<meta charset="utf-16">"#.utf8), nil, .html) == (.utf8, 0))
    }

    // MARK: Bytes against their declaration

    private func decodeDocument(_ bytes: [UInt8], charset: String?, chunkSize: Int = 1 << 20) -> String {
        let finding = EncodingSniffer.sniff(bytes, charset: charset, markup: .html)
        return decode(
            Array(bytes[finding.byteOrderMark...]), with: DocumentDecoder.decoder(for: finding),
            chunkSize: chunkSize)
    }

    @Test(arguments: [1, 3, 1 << 20])
    func undeclaredBytesThatAreNotUTF8AreWindows1252(chunkSize: Int) {
        // "Café – naïve" in windows-1252, with nothing declared.
        let latin: [UInt8] =
            Array("<p>Caf".utf8) + [0xE9, 0x20, 0x96, 0x20] + Array("na".utf8) + [0xEF] + Array("ve".utf8)
        #expect(decodeDocument(latin, charset: nil, chunkSize: chunkSize) == "<p>Café – naïve")
        // UTF-8 first: a stray byte later is one U+FFFD, the rest stays UTF-8.
        let utf8 = Array("<p>Café ".utf8) + [0xE9] + Array(" naïve".utf8)
        #expect(decodeDocument(utf8, charset: nil, chunkSize: chunkSize) == "<p>Café \u{FFFD} naïve")
    }

    @Test(arguments: [1, 5, 1 << 20])
    func undeclaredJapaneseInShiftJISIsReadAsShiftJIS(chunkSize: Int) {
        // "東京の天気は晴れです。明日は雨が降るでしょう。" in Shift_JIS, with nothing declared.
        let japanese: [UInt8] = [
            0x93, 0x8C, 0x8B, 0x9E, 0x82, 0xCC, 0x93, 0x56, 0x8B, 0x43, 0x82, 0xCD, 0x90, 0xB0, 0x82, 0xEA,
            0x82, 0xC5, 0x82, 0xB7, 0x81, 0x42, 0x96, 0xBE, 0x93, 0xFA, 0x82, 0xCD, 0x89, 0x4A, 0x82, 0xAA,
            0x8D, 0x7E, 0x82, 0xE9, 0x82, 0xC5, 0x82, 0xB5, 0x82, 0xE5, 0x82, 0xA4, 0x81, 0x42,
        ]
        let page = Array("<p>".utf8) + japanese + Array("</p>".utf8)
        #expect(decodeDocument(page, charset: nil, chunkSize: chunkSize) == "<p>東京の天気は晴れです。明日は雨が降るでしょう。</p>")
        // German in windows-1252 is well-formed Shift_JIS as far as "Grüße für" goes, but has no kana.
        let german: [UInt8] =
            Array("<p>Gr".utf8) + [0xFC, 0xDF] + Array("e f".utf8) + [0xFC] + Array("r J".utf8) + [0xFC]
            + Array("rgen".utf8)
        #expect(decodeDocument(german, charset: nil, chunkSize: chunkSize) == "<p>Grüße für Jürgen")
    }

    @Test(arguments: [1, 2, 1 << 20])
    func aLegacyDeclarationGivesWayToBytesThatArePlainlyUTF8(chunkSize: Int) {
        let chinese = "<meta charset=\"gb2312\"><p>新华社北京电 国务院总理今天主持召开常务会议。</p>"
        #expect(decodeDocument(Array(chinese.utf8), charset: nil, chunkSize: chunkSize) == chinese)
        // The same text in GB2312 stays GB2312.
        let gb: [UInt8] = [0xD0, 0xC2, 0xBB, 0xAA, 0xC9, 0xE7, 0xB1, 0xB1, 0xBE, 0xA9, 0xB5, 0xE7]
        let fromGB = decodeDocument(Array("<p>".utf8) + gb, charset: "gb2312", chunkSize: chunkSize)
        #expect(fromGB == "<p>新华社北京电")
        // A Latin-1 page that declares it keeps it, even where its first two bytes look like UTF-8.
        let latin = Array("<p>".utf8) + [0xC3, 0xA9, 0x20, 0xE9, 0x74, 0xE9]
        #expect(decodeDocument(latin, charset: "iso-8859-1", chunkSize: chunkSize) == "<p>Ã© été")
    }

    @Test func theCharsetParameterIsFoundInAnyContentType() {
        #expect(EncodingSniffer.charset(inContentType: "text/xml; charset=ISO-8859-1") == "ISO-8859-1")
        #expect(
            EncodingSniffer.charset(inContentType: #"application/rss+xml;CHARSET="utf-8""#) == #""utf-8""#)
        #expect(EncodingSniffer.charset(inContentType: "text/xml; q=1 ; charset = koi8-r") == "koi8-r")
        #expect(EncodingSniffer.charset(inContentType: "text/xml") == nil)
    }
}
