/// Finds the encoding of a document from its first bytes and the charset its server declared.
///
/// In order: a byte order mark; for XML, the bytes of `<?` in UTF-16 and then the XML
/// declaration's `encoding`, then the server's charset; for HTML, the server's charset and then a
/// `<meta charset>` (or `http-equiv` content type) within the window, as the WHATWG prescan
/// reads it (a `<meta>` claiming UTF-16 means UTF-8, `x-user-defined` windows-1252). JSON is
/// UTF-8 unless it has a byte order mark (RFC 8259). Labels are the WHATWG Encoding Standard's
/// (``SourceEncoding``); one it does not know is ignored.
///
/// What nothing declares is UTF-8 whose bytes fall back to windows-1252 when they are not UTF-8;
/// what is declared a legacy encoding is read as UTF-8 all the same when its bytes are clearly
/// UTF-8 (``UTF8Sniffer``, chosen by ``DocumentDecoder``).
enum EncodingSniffer {
    /// How many bytes the declaration is looked for in.
    static let window = 1024

    enum Markup { case xml, html }

    /// What the first bytes tell of the encoding.
    struct Finding: Equatable {
        enum Basis: Equatable {
            /// A byte order mark, or the bytes of `<?` in UTF-16: certain.
            case byteOrderMark
            /// The server, the XML declaration or a `<meta>` said so, or JSON's rule.
            case declared
            /// Nothing said: UTF-8, unless the bytes say otherwise.
            case undeclared
        }

        var encoding: SourceEncoding
        var basis: Basis
        /// The length of the byte order mark to skip.
        var byteOrderMark = 0
    }

    static func sniff(_ prefix: some Collection<UInt8>, charset: String?, markup: Markup) -> Finding {
        let bytes = Array(prefix.prefix(window))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Finding(encoding: .utf8, basis: .byteOrderMark, byteOrderMark: 3)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Finding(encoding: .utf16LittleEndian, basis: .byteOrderMark, byteOrderMark: 2)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Finding(encoding: .utf16BigEndian, basis: .byteOrderMark, byteOrderMark: 2)
        }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return Finding(encoding: .utf16LittleEndian, basis: .byteOrderMark)
        }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return Finding(encoding: .utf16BigEndian, basis: .byteOrderMark)
        }
        if bytes.first(where: { !isSpace($0) }) == UInt8(ascii: "{") {
            return Finding(encoding: .utf8, basis: .declared)
        }
        let fromServer = charset.flatMap { SourceEncoding(label: $0) }
        let declared: SourceEncoding?
        switch markup {
        case .xml:
            // A document decoded to bytes already says UTF-16 in a single-byte declaration.
            let inDocument = declaredEncoding(bytes).flatMap { SourceEncoding(label: $0) }.flatMap {
                $0 == .utf16LittleEndian || $0 == .utf16BigEndian ? nil : $0
            }
            declared = inDocument ?? fromServer
        case .html:
            declared = fromServer ?? metaCharset(bytes)
        }
        guard let declared else { return Finding(encoding: .utf8, basis: .undeclared) }
        return Finding(encoding: declared, basis: .declared)
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

    /// The encoding of the first `<meta>` in `bytes` whose `charset=` names one the standard
    /// knows (`<meta charset=…>` or `<meta http-equiv content="…; charset=…">`).
    private static func metaCharset(_ bytes: [UInt8]) -> SourceEncoding? {
        let lowered = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        var start = lowered.startIndex
        while let meta = lowered[start...].firstRange(of: Array("<meta".utf8)) {
            let end = lowered[meta.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? lowered.endIndex
            start = end
            guard let label = charsetValue(lowered[meta.upperBound..<end]),
                let encoding = SourceEncoding(label: label)
            else { continue }
            switch encoding {
            case .utf16LittleEndian, .utf16BigEndian: return .utf8
            default: return encoding
            }
        }
        return nil
    }

    /// The value after `charset=` in a tag's bytes (lowercased).
    private static func charsetValue(_ tag: ArraySlice<UInt8>) -> String? {
        guard let name = tag.firstRange(of: Array("charset".utf8)) else { return nil }
        var rest = tag[name.upperBound...].drop(while: isSpace)
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = rest.dropFirst().drop(while: isSpace)
        if rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "'") { rest = rest.dropFirst() }
        let value = rest.prefix { !isSpace($0) && !";\"'>/".utf8.contains($0) }
        if value.elementsEqual("x-user-defined".utf8) { return "windows-1252" }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
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
