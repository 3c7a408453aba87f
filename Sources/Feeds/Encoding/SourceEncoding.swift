import NewsModels

/// The character encodings a document can arrive in, named by the labels of the WHATWG Encoding
/// Standard (what browsers accept): one table for feeds, pages and reader mode alike.
enum SourceEncoding: Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    /// Windows-1252, which the standard also names ISO-8859-1, US-ASCII and `ansi_x3.4-1968`:
    /// servers that say Latin-1 send curly quotes and dashes in 0x80–0x9F.
    case windows1252
    /// Any other encoding of the standard, converted by the C library's iconv under this name.
    case iconv(String)
    /// The standard's replacement encoding (ISO-2022-KR, ISO-2022-CN, HZ-GB-2312): encodings that
    /// can smuggle markup past a filter, so the whole document is one U+FFFD.
    case replacement

    /// The encoding a label names, as the standard matches labels: ignoring ASCII case and the
    /// white space around it (and here the quotes some servers add); nil for a label the standard
    /// does not know, which the caller then ignores.
    init?(label: some StringProtocol) {
        let name = label.trimming(anyOf: " \t\n\r\u{0C}\"'").lowercased()
        guard let encoding = Self.labels[name] else { return nil }
        self = encoding
    }

    /// True for the legacy encodings whose bytes may be UTF-8 all the same (a page saved as UTF-8
    /// that still declares `gb2312`): every one but UTF-16, whose declaration a byte order mark
    /// backs, ISO-2022-JP, which is ASCII bytes only, and the replacement encoding.
    var isLegacy: Bool {
        switch self {
        case .windows1252: true
        case .iconv(let name): name != "ISO-2022-JP"
        case .utf8, .utf16LittleEndian, .utf16BigEndian, .replacement: false
        }
    }

    // MARK: The standard's labels

    /// Each encoding of the standard with its labels (the standard's `encodings.json`), and the
    /// iconv name of those NewsApp converts through iconv. `x-user-defined` is left out.
    private static let table: [(SourceEncoding, [String])] = [
        (.utf8, ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
        (.iconv("IBM866"), ["866", "cp866", "csibm866", "ibm866"]),
        (
            .iconv("ISO-8859-2"),
            [
                "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2",
                "iso_8859-2:1987", "l2", "latin2",
            ]
        ),
        (
            .iconv("ISO-8859-3"),
            [
                "csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3",
                "iso_8859-3:1988", "l3", "latin3",
            ]
        ),
        (
            .iconv("ISO-8859-4"),
            [
                "csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4",
                "iso_8859-4:1988", "l4", "latin4",
            ]
        ),
        (
            .iconv("ISO-8859-5"),
            [
                "csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595",
                "iso_8859-5", "iso_8859-5:1988",
            ]
        ),
        (
            .iconv("ISO-8859-6"),
            [
                "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114",
                "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596",
                "iso_8859-6", "iso_8859-6:1987",
            ]
        ),
        (
            .iconv("ISO-8859-7"),
            [
                "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126",
                "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek",
            ]
        ),
        (
            .iconv("ISO-8859-8"),
            [
                "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138",
                "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual",
                // iso-8859-8-i: the same bytes, read in logical order.
                "csiso88598i", "iso-8859-8-i", "logical",
            ]
        ),
        (
            .iconv("ISO-8859-10"),
            ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]
        ),
        (.iconv("ISO-8859-13"), ["iso-8859-13", "iso8859-13", "iso885913"]),
        (.iconv("ISO-8859-14"), ["iso-8859-14", "iso8859-14", "iso885914"]),
        (
            .iconv("ISO-8859-15"),
            ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]
        ),
        (.iconv("ISO-8859-16"), ["iso-8859-16"]),
        (.iconv("KOI8-R"), ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
        (.iconv("KOI8-U"), ["koi8-ru", "koi8-u"]),
        (.iconv("MACINTOSH"), ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
        (.iconv("CP874"), ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
        (.iconv("CP1250"), ["cp1250", "windows-1250", "x-cp1250"]),
        (.iconv("CP1251"), ["cp1251", "windows-1251", "x-cp1251"]),
        (
            .windows1252,
            [
                "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
                "us-ascii", "windows-1252", "x-cp1252",
            ]
        ),
        (.iconv("CP1253"), ["cp1253", "windows-1253", "x-cp1253"]),
        (
            .iconv("CP1254"),
            [
                "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
                "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254",
            ]
        ),
        (.iconv("CP1255"), ["cp1255", "windows-1255", "x-cp1255"]),
        (.iconv("CP1256"), ["cp1256", "windows-1256", "x-cp1256"]),
        (.iconv("CP1257"), ["cp1257", "windows-1257", "x-cp1257"]),
        (.iconv("CP1258"), ["cp1258", "windows-1258", "x-cp1258"]),
        (.iconv("MAC-CYRILLIC"), ["x-mac-cyrillic", "x-mac-ukrainian"]),
        // The standard's GBK decoder is its GB18030 decoder.
        (
            .iconv("GB18030"),
            [
                "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk",
                "iso-ir-58", "x-gbk", "gb18030",
            ]
        ),
        (.iconv("BIG5-HKSCS"), ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
        (.iconv("EUC-JP"), ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
        (.iconv("ISO-2022-JP"), ["csiso2022jp", "iso-2022-jp"]),
        (
            .iconv("CP932"),
            ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]
        ),
        (
            .iconv("CP949"),
            [
                "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987",
                "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949",
            ]
        ),
        (.replacement, ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"]),
        (.utf16BigEndian, ["unicodefffe", "utf-16be"]),
        (
            .utf16LittleEndian,
            ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]
        ),
    ]

    private static let labels: [String: SourceEncoding] = {
        var labels: [String: SourceEncoding] = [:]
        for (encoding, names) in table {
            for name in names { labels[name] = encoding }
        }
        return labels
    }()
}
