#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The contents of a page's `script` and `style` elements, cut out before libxml2 reads the page.
///
/// Real news pages are mostly scripts and style sheets (CNN's 2.9 MB pages hold 1.9 MB of script
/// and 0.7 MB of style in 1,800 elements), which reader mode drops, and which libxml2's HTML parser
/// still reads a character at a time, decoding each. Their elements stay, empty; JSON-LD scripts,
/// which the metadata comes from, stay whole. The page is read as libxml2 reads it in recovery
/// mode: an element's raw text ends at the first `</script` or `</style` (in any case), and the
/// rest of the page is its text when there is none; comments and quoted attribute values are
/// skipped over, so that a `<script` inside them starts nothing. One pass, nothing recursive.
///
/// The same pass bounds what libxml2 2.9's HTML parser is given, whose work on hostile markup is
/// not linear in the page: it looks for each end tag among all the open elements (up to
/// ``ReaderDocument/depthLimit``), and for each attribute among the tag's others. An end tag whose
/// element was never opened, which libxml2 would look for in vain and drop, is dropped here; the
/// page is cut (what comes before is kept, as libxml2 keeps it) at its ``tagLimit``-th tag, and
/// before a start tag of more than ``attributeLimit`` attributes. Real pages stay far below both:
/// the largest news pages hold some 40,000 tags, and a tag some 30 attributes.
enum RawTextElements {
    /// The most start and end tags read from a page: some 125,000 elements.
    static let tagLimit = 250_000
    /// The most attributes one start tag may have (libxml2 compares each with all the others).
    static let attributeLimit = 256

    /// A page ready for libxml2: its bytes, when they differ from the page's, and whether it was
    /// cut short.
    struct Prepared {
        /// Nil when the page is given as it is.
        var bytes: [UInt8]?
        var wasCut = false
    }

    /// `html` without the text of its scripts (but JSON-LD) and style sheets, cut at the limits;
    /// nil when there is nothing worth cutting.
    static func emptied(_ html: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        prepared(html).bytes
    }

    /// `html` without the text of its scripts (but JSON-LD) and style sheets, and cut at
    /// ``tagLimit`` tags or before a start tag of more than ``attributeLimit`` attributes.
    static func prepared(_ html: UnsafeBufferPointer<UInt8>, tagLimit: Int = tagLimit) -> Prepared {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        var tags = 0
        var cut: Int?
        var opened = OpenedNames()
        let count = html.count
        while let open = next(UInt8(ascii: "<"), in: html, from: index) {
            index = open + 1
            if starts(html, at: open, with: "<!--") {
                index = find("-->", in: html, from: open + 4).map { $0 + 3 } ?? count
                continue
            }
            let isEnd = open + 1 < count && html[open + 1] == UInt8(ascii: "/")
            guard isLetter(at: open + (isEnd ? 2 : 1), in: html) else { continue }
            if isEnd {
                guard opened.close(name(in: html, from: open + 2)) else {
                    // Never opened: libxml2 would look for it among every open element, then drop it.
                    let end = next(UInt8(ascii: ">"), in: html, from: open + 2).map { $0 + 1 } ?? count
                    if output.isEmpty { output.reserveCapacity(count) }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<open]))
                    copied = end
                    index = end
                    continue
                }
            }
            tags += 1
            if tags > tagLimit {
                cut = open
                break
            }
            if isEnd { continue }
            opened.open(name(in: html, from: open + 1))
            let tag = startTag(in: html, at: open)
            if tag.attributes > attributeLimit {
                cut = open
                break
            }
            // A start tag that never ends: libxml2 reads the rest as its attributes.
            guard let end = tag.end else { break }
            index = end
            guard tag.isRaw else { continue }
            let close = closing(tag.name, in: html, from: end) ?? count
            index = close
            guard !tag.isJSONLD, close > end else { continue }
            if output.isEmpty { output.reserveCapacity(count / 2) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<end]))
            copied = close
        }
        guard copied > 0 || cut != nil else { return Prepared() }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<(cut ?? count)]))
        return Prepared(bytes: output, wasCut: cut != nil)
    }

    /// The name of the tag whose name starts at `start`.
    private static func name(in html: UnsafeBufferPointer<UInt8>, from start: Int) -> UnsafeBufferPointer<
        UInt8
    > {
        var end = start
        while end < html.count, isNameByte(html[end]) { end += 1 }
        return UnsafeBufferPointer(rebasing: html[start..<end])
    }

    /// How many elements of each name may still be open, counted by a hash of the lowercased name:
    /// two names sharing a count only make it larger, so an end tag is dropped only when no
    /// element of its name can be open. `html`, `head`, `body` and `p`, which libxml2 may open by
    /// itself, always count as open.
    private struct OpenedNames {
        private var counts = [Int32](repeating: 0, count: 1_024)

        mutating func open(_ name: UnsafeBufferPointer<UInt8>) {
            counts[Self.slot(name)] += 1
        }

        /// Counts an end tag of `name`; false when no element of that name can be open.
        mutating func close(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            if Self.isOuter(name) { return true }
            let slot = Self.slot(name)
            guard counts[slot] > 0 else { return false }
            counts[slot] -= 1
            return true
        }

        private static func slot(_ name: UnsafeBufferPointer<UInt8>) -> Int {
            var hash: UInt32 = 2_166_136_261
            for byte in name {
                hash = (hash ^ UInt32(byte | 0x20)) &* 16_777_619
            }
            return Int(hash & 1_023)
        }

        private static func isOuter(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            ["html", "head", "body", "p"].contains { outer in
                outer.utf8.count == name.count && zip(outer.utf8, name).allSatisfy { $0 == $1 | 0x20 }
            }
        }
    }

    private struct StartTag {
        /// `script` or `style` when ``isRaw``.
        var name: StaticString = ""
        var isRaw = false
        var isJSONLD = false
        /// Just past its `>`; nil when no `>` ends it.
        var end: Int?
        /// Its attributes, counted as libxml2 would read them (at most: repeats are one).
        var attributes = 0
    }

    private static let script: StaticString = "script"
    private static let style: StaticString = "style"

    /// The start tag at `open` (a `<` and a letter): where it ends and how many attributes it has.
    private static func startTag(in html: UnsafeBufferPointer<UInt8>, at open: Int) -> StartTag {
        var index = open + 1
        let nameStart = index
        while index < html.count, isNameByte(html[index]) { index += 1 }
        let nameLength = index - nameStart
        var quote: UInt8 = 0
        var tag = StartTag()
        // An attribute starts at a byte other than white space, `=`, `/` or a quote after white
        // space (or after a quoted value, or the name).
        var spaced = true
        while index < html.count {
            let byte = html[index]
            if quote != 0 {
                if byte == quote {
                    quote = 0
                    spaced = true
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Only a value's opening quote: after `=` and any white space.
                var before = index - 1
                while before > nameStart, isSpace(html[before]) { before -= 1 }
                if html[before] == UInt8(ascii: "=") { quote = byte }
                spaced = false
            } else if byte == UInt8(ascii: ">") {
                break
            } else if isSpace(byte) {
                spaced = true
            } else if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") {
                spaced = false
            } else {
                if spaced && index > nameStart + nameLength && html[index - 1] != UInt8(ascii: "=") {
                    tag.attributes += 1
                }
                spaced = false
            }
            index += 1
        }
        guard index < html.count else { return tag }
        let end = index + 1
        tag.end = end
        if equalsIgnoringCase(html, at: nameStart, length: nameLength, script) {
            tag.name = script
            tag.isRaw = true
            tag.isJSONLD = occurs("ld+json", in: html, nameStart..<end)
        } else if equalsIgnoringCase(html, at: nameStart, length: nameLength, style) {
            tag.name = style
            tag.isRaw = true
        }
        return tag
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
