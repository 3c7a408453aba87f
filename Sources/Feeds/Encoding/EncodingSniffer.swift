/// Finds the encoding of a document from its first bytes and its HTTP `Content-Type`.
///
/// In order: a byte order mark; for XML, the bytes of `<?` in UTF-16 and then the XML
/// declaration's `encoding`; for HTML, the HTTP charset and then a `<meta … charset=…>` within
/// the window; for XML, the HTTP charset; else UTF-8. JSON is UTF-8 unless it has a byte order
/// mark (RFC 8259).
enum EncodingSniffer {
    /// How many bytes the declaration is looked for in.
    static let window = 1024

    enum Markup { case xml, html }

    /// The encoding and the length of the byte order mark to skip.
    static func sniff(_ prefix: some Collection<UInt8>, contentType: String?, markup: Markup)
        -> (SourceEncoding, byteOrderMark: Int)
    {
        let bytes = Array(prefix.prefix(window))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return (.utf16LittleEndian, 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return (.utf16BigEndian, 0) }
        if bytes.first(where: { !isSpace($0) }) == UInt8(ascii: "{") { return (.utf8, 0) }
        let httpCharset = contentType.flatMap(charset(inContentType:)).flatMap { SourceEncoding(label: $0) }
        switch markup {
        case .xml:
            if let declared = declaredEncoding(bytes).flatMap({ SourceEncoding(label: $0) }) {
                // A document decoded to bytes already says UTF-16 in a single-byte declaration.
                let isWide = declared == .utf16LittleEndian || declared == .utf16BigEndian
                return (isWide ? httpCharset ?? .utf8 : declared, 0)
            }
            return (httpCharset ?? .utf8, 0)
        case .html:
            return (httpCharset ?? metaCharset(bytes).flatMap { SourceEncoding(label: $0) } ?? .utf8, 0)
        }
    }

    /// True when `prefix` is enough to decide: a whole window; for XML, four bytes (for a byte
    /// order mark or UTF-16) that do not start an XML declaration, or a whole declaration.
    static func canDecide(_ prefix: [UInt8], markup: Markup) -> Bool {
        if prefix.count >= window { return true }
        guard markup == .xml, prefix.count >= 4 else { return false }
        let start = prefix.drop(while: isSpace)
        let declaration = Array("<?xml".utf8)
        guard start.count >= declaration.count else { return !declaration.starts(with: start) }
        guard start.starts(with: declaration) else { return true }
        return prefix.firstRange(of: [UInt8(ascii: "?"), UInt8(ascii: ">")]) != nil
    }

    /// The `charset` parameter of a `Content-Type` header value.
    static func charset(inContentType value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmed().lowercased() == "charset" else { continue }
            return String(pair[1].trimmed())
        }
        return nil
    }

    /// The `encoding` of an XML declaration at the very start of `bytes`.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)),
            let end = bytes.firstRange(of: [UInt8(ascii: "?"), UInt8(ascii: ">")])
        else { return nil }
        return attribute("encoding", in: bytes[..<end.lowerBound])
    }

    /// The charset of the first `<meta charset=…>` or `<meta content="…; charset=…">`.
    private static func metaCharset(_ bytes: [UInt8]) -> String? {
        let lowered = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        guard let meta = lowered.firstRange(of: Array("<meta".utf8)),
            let found = lowered[meta.upperBound...].firstRange(of: Array("charset=".utf8))
        else { return nil }
        let value = bytes[found.upperBound...].drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
        let name = value.prefix { byte in
            byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != UInt8(ascii: ";")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && !isSpace(byte)
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    /// The value of `name="…"` (or `'…'`) in the bytes of a declaration.
    private static func attribute(_ name: String, in bytes: ArraySlice<UInt8>) -> String? {
        guard let found = bytes.firstRange(of: Array(name.utf8)) else { return nil }
        var rest = bytes[found.upperBound...].drop(while: isSpace)
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = rest.dropFirst().drop(while: isSpace)
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            return nil
        }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(decoding: value, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension Substring {
    fileprivate func trimmed() -> Substring {
        guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return self[first...last]
    }
}
