import Foundation

/// The contents of a page's `script` and `style` elements, cut out before libxml2 reads the page.
///
/// Real news pages are mostly scripts and style sheets (CNN's 2.9 MB pages hold 1.9 MB of script
/// and 0.7 MB of style in 1,800 elements), which reader mode drops, and which libxml2's HTML parser
/// still reads a character at a time, decoding each. Their elements stay, empty; JSON-LD scripts,
/// which the metadata comes from, stay whole. The page is read as libxml2 reads it in recovery
/// mode: an element's raw text ends at the first `</script` or `</style` (in any case), and the
/// rest of the page is its text when there is none; comments and quoted attribute values are
/// skipped over, so that a `<script` inside them starts nothing. One pass, nothing recursive.
enum RawTextElements {
    /// `html` without the text of its scripts (but JSON-LD) and style sheets; nil when it has none
    /// worth cutting.
    static func emptied(_ html: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        let count = html.count
        while let open = next(UInt8(ascii: "<"), in: html, from: index) {
            index = open + 1
            if starts(html, at: open, with: "<!--") {
                index = find("-->", in: html, from: open + 4).map { $0 + 3 } ?? count
                continue
            }
            guard isLetter(at: open + 1, in: html) else { continue }
            // A start tag that never ends: libxml2 reads the rest as its attributes.
            guard let tag = startTag(in: html, at: open) else { break }
            index = tag.end
            guard tag.isRaw else { continue }
            let close = closing(tag.name, in: html, from: tag.end) ?? count
            index = close
            guard !tag.isJSONLD, close > tag.end else { continue }
            if output.isEmpty { output.reserveCapacity(count / 2) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<tag.end]))
            copied = close
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<count]))
        return output
    }

    private struct StartTag {
        /// `script` or `style` when ``isRaw``.
        var name: StaticString
        var isRaw: Bool
        var isJSONLD: Bool
        /// Just past its `>`.
        var end: Int
    }

    private static let script: StaticString = "script"
    private static let style: StaticString = "style"

    /// The start tag at `open` (a `<` and a letter), when a `>` ends it.
    private static func startTag(in html: UnsafeBufferPointer<UInt8>, at open: Int) -> StartTag? {
        var index = open + 1
        let nameStart = index
        while index < html.count, isNameByte(html[index]) { index += 1 }
        let nameLength = index - nameStart
        var quote: UInt8 = 0
        while index < html.count {
            let byte = html[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Only a value's opening quote: after `=` and any white space.
                var before = index - 1
                while before > nameStart, isSpace(html[before]) { before -= 1 }
                if html[before] == UInt8(ascii: "=") { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        guard index < html.count else { return nil }
        let end = index + 1
        if equalsIgnoringCase(html, at: nameStart, length: nameLength, script) {
            let isJSONLD = occurs("ld+json", in: html, nameStart..<end)
            return StartTag(name: script, isRaw: true, isJSONLD: isJSONLD, end: end)
        }
        if equalsIgnoringCase(html, at: nameStart, length: nameLength, style) {
            return StartTag(name: style, isRaw: true, isJSONLD: false, end: end)
        }
        return StartTag(name: "", isRaw: false, isJSONLD: false, end: end)
    }

    /// Where `</name` (in any case) starts, from `start` on.
    private static func closing(_ name: StaticString, in html: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        var index = start
        let length = name.utf8CodeUnitCount
        while let open = next(UInt8(ascii: "<"), in: html, from: index) {
            if open + 1 < html.count, html[open + 1] == UInt8(ascii: "/"), open + 2 + length <= html.count,
                equalsIgnoringCase(html, at: open + 2, length: length, name)
            {
                return open
            }
            index = open + 1
        }
        return nil
    }

    // MARK: Bytes

    private static func next(_ byte: UInt8, in html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < html.count, let base = html.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), html.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private static func starts(_ html: UnsafeBufferPointer<UInt8>, at index: Int, with text: StaticString)
        -> Bool
    {
        let length = text.utf8CodeUnitCount
        guard index + length <= html.count else { return false }
        return (0..<length).allSatisfy { html[index + $0] == text.utf8Start[$0] }
    }

    /// Where `text` (`-->`) starts in `html` from `start` on.
    private static func find(_ text: StaticString, in html: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        var index = start
        while let candidate = next(text.utf8Start[0], in: html, from: index) {
            if starts(html, at: candidate, with: text) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// Whether `text` (`ld+json`) occurs, in any case, in `html[range]`.
    private static func occurs(_ text: StaticString, in html: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
        -> Bool
    {
        let length = text.utf8CodeUnitCount
        guard range.count >= length else { return false }
        return (range.lowerBound...(range.upperBound - length)).contains {
            equalsIgnoringCase(html, at: $0, length: length, text)
        }
    }

    private static func equalsIgnoringCase(
        _ html: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, _ name: StaticString
    ) -> Bool {
        guard length == name.utf8CodeUnitCount, index + length <= html.count else { return false }
        return (0..<length).allSatisfy { html[index + $0] | 0x20 == name.utf8Start[$0] | 0x20 }
    }

    private static func isLetter(at index: Int, in html: UnsafeBufferPointer<UInt8>) -> Bool {
        index < html.count && isLetter(html[index])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }
}
