/// The character encodings a document can arrive in, as ``TextDecoder`` reads them.
enum SourceEncoding: Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    /// Windows-1252, also used for ISO-8859-1 and US-ASCII, as browsers do: servers that say
    /// Latin-1 send curly quotes and dashes in 0x80–0x9F.
    case windows1252
    /// Any other encoding, converted by the C library's iconv; the label as declared.
    case iconv(String)

    /// The encoding a label names (`UTF-8`, `iso-8859-1`, `Shift_JIS`…), matched ignoring case,
    /// quotes and surrounding spaces; nil for an empty label.
    init?(label: some StringProtocol) {
        let name = label.trimmingCharacters(in: " \t\"'").lowercased()
        guard !name.isEmpty else { return nil }
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8":
            self = .utf8
        case "utf-16", "utf-16le", "utf16", "utf16le", "unicode", "ucs-2", "unicodefeff":
            self = .utf16LittleEndian
        case "utf-16be", "utf16be", "unicodefffe":
            self = .utf16BigEndian
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
            "ansi_x3.4-1968", "windows-1252", "cp1252", "x-cp1252", "cp819", "ibm819", "iso-ir-100":
            self = .windows1252
        default:
            self = .iconv(name)
        }
    }
}

extension StringProtocol {
    /// The text without the given ASCII characters at either end.
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        let characters = Set(set)
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !characters.contains($0) }),
            let last = text.lastIndex(where: { !characters.contains($0) })
        else { return "" }
        return text[first...last]
    }
}
