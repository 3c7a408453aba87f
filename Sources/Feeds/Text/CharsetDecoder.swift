import Foundation

/// Decodes a web page's bytes in the encoding a browser would pick: its byte order mark, else the
/// charset the server declared, else a `<meta charset>` (or `http-equiv` content type) in its first
/// 1,024 bytes, else UTF-8.
///
/// Labels are read as the WHATWG Encoding standard reads them where it matters (ISO-8859-1 and
/// US-ASCII mean windows-1252; a `<meta>` claiming UTF-16 means UTF-8); other encodings are
/// converted by iconv. Bytes that are not valid in the encoding become U+FFFD, and an encoding
/// iconv does not know is read as UTF-8.
enum CharsetDecoder {
    static func decode(_ data: Data, declaredCharset: String?) -> String {
        let (label, bomLength) =
            byteOrderMark(data).map { ($0.label, $0.length) }
            ?? (declaredCharset.map(normalized) ?? metaCharset(data) ?? "utf-8", 0)
        let body = data.dropFirst(bomLength)
        if label == "utf-8" { return String(decoding: body, as: UTF8.self) }
        return convert(body, from: label) ?? String(decoding: body, as: UTF8.self)
    }

    // MARK: Finding the encoding

    private static func byteOrderMark(_ data: Data) -> (label: String, length: Int)? {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if data.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        if data.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        return nil
    }

    /// The label iconv should get for `label`.
    private static func normalized(_ label: String) -> String {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines.union(["\"", "'"])).lowercased()
        switch label {
        case "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8": return "utf-8"
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "cp819", "ibm819", "us-ascii", "ascii",
            "iso-ir-100", "csisolatin1", "x-cp1252":
            return "windows-1252"
        case "utf-16", "unicode", "ucs-2": return "utf-16le"
        default: return label
        }
    }

    /// The charset named by a `<meta>` tag in the first 1,024 bytes.
    private static func metaCharset(_ data: Data) -> String? {
        let head = Array(data.prefix(1024)).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        var index = 0
        while let meta = find(Array("<meta".utf8), in: head, from: index) {
            let end = head[meta...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
            if let label = charsetValue(head[meta..<end]) {
                let label = normalized(label)
                return label.hasPrefix("utf-16") ? "utf-8" : label
            }
            index = end
        }
        return nil
    }

    /// The value after `charset=` in a tag's bytes.
    private static func charsetValue(_ tag: ArraySlice<UInt8>) -> String? {
        guard let name = find(Array("charset".utf8), in: Array(tag), from: 0) else { return nil }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var rest = tag.dropFirst(name + 7).drop(while: isSpace)
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = rest.dropFirst().drop(while: isSpace)
        if rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "'") { rest = rest.dropFirst() }
        let value = rest.prefix { !isSpace($0) && !";\"'>/".utf8.contains($0) }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first {
            haystack[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }

    // MARK: Converting

    /// `bytes` converted from `label` by iconv, or nil when iconv does not know the encoding.
    private static func convert(_ bytes: Data.SubSequence, from label: String) -> String? {
        let converter = iconv_open("UTF-8", label)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(bytes)
        var output = [UInt8](repeating: 0, count: max(input.count * 2, 64))
        var written = 0
        input.withUnsafeMutableBufferPointer { input in
            var inputPointer = input.baseAddress.map {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
            }
            var inputLeft = input.count
            while inputLeft > 0 {
                if output.count - written < 16 { output += [UInt8](repeating: 0, count: output.count) }
                let status = output.withUnsafeMutableBytes { buffer in
                    var outputPointer: UnsafeMutablePointer<CChar>? = (buffer.baseAddress! + written)
                        .assumingMemoryBound(
                            to: CChar.self)
                    var outputLeft = buffer.count - written
                    let status = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                    written = buffer.count - outputLeft
                    return status == -1 ? errno : 0
                }
                switch status {
                case 0, E2BIG:
                    continue
                default:
                    // An invalid or incomplete sequence: U+FFFD for its first byte, then carry on.
                    if output.count - written < 3 { output += [UInt8](repeating: 0, count: output.count) }
                    output.replaceSubrange(written..<written + 3, with: [0xEF, 0xBF, 0xBD])
                    written += 3
                    inputPointer = inputPointer.map { $0 + 1 }
                    inputLeft -= 1
                }
            }
        }
        return String(decoding: output[..<written], as: UTF8.self)
    }
}
