/// Collects the character data of one element, and of the elements inside it, as the bytes
/// arrive.
///
/// - `text`: the characters only (titles, ids, dates, names), child elements marked by
///   ``partSeparator``.
/// - `html`: the characters are HTML source (RSS descriptions, Atom `type="html"`); elements
///   found inside (raw markup some feeds put there unescaped) are written back as tags.
/// - `xhtml`: Atom `type="xhtml"`: the elements are XHTML, written back as tags, and the
///   characters are text, escaped so that the result is HTML source.
struct TextCapture {
    enum Mode { case text, html, xhtml }

    /// Marks where a child element starts or ends in `text` mode (the record separator, a control
    /// no decoded text holds and ``FeedText`` drops), so that the texts of child elements can be
    /// told apart: `<author><name>Jo</name><title>Editor</title></author>`.
    static let partSeparator: UInt8 = 0x1E

    private(set) var isActive = false
    /// The depth of the element being captured.
    private(set) var depth = 0
    private var mode = Mode.text
    private var bytes: [UInt8] = []

    /// Starts collecting the content of the element at `depth`.
    mutating func begin(_ mode: Mode, depth: Int) {
        self.mode = mode
        self.depth = depth
        isActive = true
        bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the capture; the bytes collected, valid until the next capture begins.
    mutating func finish() -> [UInt8] {
        isActive = false
        return bytes
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard mode == .xhtml else {
            bytes.append(contentsOf: text)
            return
        }
        for byte in text { appendEscaped(byte, quote: false) }
    }

    /// Writes a start tag found inside the element, in `html` and `xhtml` modes; in `text` mode
    /// ``partSeparator``.
    mutating func appendStart(_ tag: XMLStartTag) {
        guard mode != .text else {
            bytes.append(Self.partSeparator)
            return
        }
        bytes.append(UInt8(ascii: "<"))
        appendName(tag.name)
        for (name, value) in tag.attributes {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: name.utf8)
            bytes.append(contentsOf: "=\"".utf8)
            for byte in value.utf8 { appendEscaped(byte, quote: true) }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Writes an end tag found inside the element, in `html` and `xhtml` modes; none for HTML's
    /// void elements (`</br>` reads as a second line break).
    mutating func appendEnd(_ name: XMLName) {
        guard mode != .text else {
            bytes.append(Self.partSeparator)
            return
        }
        guard !Self.isVoid(name) else { return }
        bytes.append(contentsOf: "</".utf8)
        appendName(name)
        bytes.append(UInt8(ascii: ">"))
    }

    private mutating func appendName(_ name: XMLName) {
        var index = 0
        while name.bytes[index] != 0 {
            bytes.append(name.bytes[index])
            index += 1
        }
    }

    private mutating func appendEscaped(_ byte: UInt8, quote: Bool) {
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\"") where quote: bytes.append(contentsOf: "&quot;".utf8)
        default: bytes.append(byte)
        }
    }

    private static func isVoid(_ name: XMLName) -> Bool {
        switch name.lowercasedFirstByte {
        case UInt8(ascii: "a"): name.matches("area")
        case UInt8(ascii: "b"): name.matches("br") || name.matches("base")
        case UInt8(ascii: "c"): name.matches("col")
        case UInt8(ascii: "e"): name.matches("embed")
        case UInt8(ascii: "h"): name.matches("hr")
        case UInt8(ascii: "i"): name.matches("img") || name.matches("input")
        case UInt8(ascii: "l"): name.matches("link")
        case UInt8(ascii: "m"): name.matches("meta")
        case UInt8(ascii: "p"): name.matches("param")
        case UInt8(ascii: "s"): name.matches("source")
        case UInt8(ascii: "t"): name.matches("track")
        case UInt8(ascii: "w"): name.matches("wbr")
        default: false
        }
    }
}
