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

/// HTML 4's named character references, decoded before libxml2 sees them.
///
/// libxml2 2.9 finds a named reference by comparing its name with each of the 253 names of its
/// table in turn, thousands of instructions a reference, a noticeable part of converting a feed
/// item that holds a dozen of them (see BENCHMARKS.md, “Measurements behind the code”). The same
/// table (HTML 4's, with `&apos;`), looked up
/// by hash here, decodes them as libxml2 would: only names followed by `;`, case-sensitive. `&amp;`,
/// `&lt;`, `&gt;`, `&quot;` and `&apos;` are left to libxml2, since the characters they stand for
/// can mean markup; every other one stands for a character from U+00A0 up, which cannot, so
/// decoding them beforehand changes nothing else, in text or in attribute values.
enum NamedEntities {
    /// `html` with its named references decoded, or nil when it has none to decode.
    static func decoded(_ html: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let base = html.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), html.count) != nil else {
            return nil
        }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while let found = memchr(base + index, Int32(UInt8(ascii: "&")), html.count - index) {
            let ampersand = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = ampersand + 1
            var key: UInt64 = 0
            while end < html.count && end - ampersand <= longestName && isNameByte(html[end]) {
                key |= UInt64(html[end]) << (8 * UInt64(end - ampersand - 1))
                end += 1
            }
            index = end
            guard end < html.count, html[end] == UInt8(ascii: ";"), end > ampersand + 1,
                let codePoint = codePoints[key]
            else { continue }
            if output.isEmpty { output.reserveCapacity(html.count) }
            output.append(contentsOf: html[copied..<ampersand])
            output.append(contentsOf: String(codePoint).utf8)
            copied = end + 1
            index = copied
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: html[copied...])
        return output
    }

    private static let longestName = 8

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte)
    }

    /// The code points by name, the name's bytes packed little-endian into a `UInt64`.
    private static let codePoints: [UInt64: Unicode.Scalar] = Dictionary(
        uniqueKeysWithValues: names.map { name, value in
            (
                name.utf8.enumerated().reduce(UInt64(0)) {
                    $0 | UInt64($1.element) << (8 * UInt64($1.offset))
                }, Unicode.Scalar(value)!
            )
        })

    /// libxml2's `html40EntitiesTable` without the five that can mean markup.
    private static let names: [(String, UInt32)] = [
        ("nbsp", 160), ("iexcl", 161), ("cent", 162), ("pound", 163), ("curren", 164), ("yen", 165),
        ("brvbar", 166), ("sect", 167), ("uml", 168), ("copy", 169), ("ordf", 170), ("laquo", 171),
        ("not", 172), ("shy", 173), ("reg", 174), ("macr", 175), ("deg", 176), ("plusmn", 177),
        ("sup2", 178), ("sup3", 179), ("acute", 180), ("micro", 181), ("para", 182), ("middot", 183),
        ("cedil", 184), ("sup1", 185), ("ordm", 186), ("raquo", 187), ("frac14", 188), ("frac12", 189),
        ("frac34", 190), ("iquest", 191), ("Agrave", 192), ("Aacute", 193), ("Acirc", 194), ("Atilde", 195),
        ("Auml", 196), ("Aring", 197), ("AElig", 198), ("Ccedil", 199), ("Egrave", 200), ("Eacute", 201),
        ("Ecirc", 202), ("Euml", 203), ("Igrave", 204), ("Iacute", 205), ("Icirc", 206), ("Iuml", 207),
        ("ETH", 208), ("Ntilde", 209), ("Ograve", 210), ("Oacute", 211), ("Ocirc", 212), ("Otilde", 213),
        ("Ouml", 214), ("times", 215), ("Oslash", 216), ("Ugrave", 217), ("Uacute", 218), ("Ucirc", 219),
        ("Uuml", 220), ("Yacute", 221), ("THORN", 222), ("szlig", 223), ("agrave", 224), ("aacute", 225),
        ("acirc", 226), ("atilde", 227), ("auml", 228), ("aring", 229), ("aelig", 230), ("ccedil", 231),
        ("egrave", 232), ("eacute", 233), ("ecirc", 234), ("euml", 235), ("igrave", 236), ("iacute", 237),
        ("icirc", 238), ("iuml", 239), ("eth", 240), ("ntilde", 241), ("ograve", 242), ("oacute", 243),
        ("ocirc", 244), ("otilde", 245), ("ouml", 246), ("divide", 247), ("oslash", 248), ("ugrave", 249),
        ("uacute", 250), ("ucirc", 251), ("uuml", 252), ("yacute", 253), ("thorn", 254), ("yuml", 255),
        ("OElig", 338), ("oelig", 339), ("Scaron", 352), ("scaron", 353), ("Yuml", 376), ("fnof", 402),
        ("circ", 710), ("tilde", 732), ("Alpha", 913), ("Beta", 914), ("Gamma", 915), ("Delta", 916),
        ("Epsilon", 917), ("Zeta", 918), ("Eta", 919), ("Theta", 920), ("Iota", 921), ("Kappa", 922),
        ("Lambda", 923), ("Mu", 924), ("Nu", 925), ("Xi", 926), ("Omicron", 927), ("Pi", 928), ("Rho", 929),
        ("Sigma", 931), ("Tau", 932), ("Upsilon", 933), ("Phi", 934), ("Chi", 935), ("Psi", 936),
        ("Omega", 937), ("alpha", 945), ("beta", 946), ("gamma", 947), ("delta", 948), ("epsilon", 949),
        ("zeta", 950), ("eta", 951), ("theta", 952), ("iota", 953), ("kappa", 954), ("lambda", 955),
        ("mu", 956), ("nu", 957), ("xi", 958), ("omicron", 959), ("pi", 960), ("rho", 961), ("sigmaf", 962),
        ("sigma", 963), ("tau", 964), ("upsilon", 965), ("phi", 966), ("chi", 967), ("psi", 968),
        ("omega", 969), ("thetasym", 977), ("upsih", 978), ("piv", 982), ("ensp", 8194), ("emsp", 8195),
        ("thinsp", 8201), ("zwnj", 8204), ("zwj", 8205), ("lrm", 8206), ("rlm", 8207), ("ndash", 8211),
        ("mdash", 8212), ("lsquo", 8216), ("rsquo", 8217), ("sbquo", 8218), ("ldquo", 8220),
        ("rdquo", 8221), ("bdquo", 8222), ("dagger", 8224), ("Dagger", 8225), ("bull", 8226),
        ("hellip", 8230), ("permil", 8240), ("prime", 8242), ("Prime", 8243), ("lsaquo", 8249),
        ("rsaquo", 8250), ("oline", 8254), ("frasl", 8260), ("euro", 8364), ("image", 8465),
        ("weierp", 8472), ("real", 8476), ("trade", 8482), ("alefsym", 8501), ("larr", 8592),
        ("uarr", 8593), ("rarr", 8594), ("darr", 8595), ("harr", 8596), ("crarr", 8629), ("lArr", 8656),
        ("uArr", 8657), ("rArr", 8658), ("dArr", 8659), ("hArr", 8660), ("forall", 8704), ("part", 8706),
        ("exist", 8707), ("empty", 8709), ("nabla", 8711), ("isin", 8712), ("notin", 8713), ("ni", 8715),
        ("prod", 8719), ("sum", 8721), ("minus", 8722), ("lowast", 8727), ("radic", 8730), ("prop", 8733),
        ("infin", 8734), ("ang", 8736), ("and", 8743), ("or", 8744), ("cap", 8745), ("cup", 8746),
        ("int", 8747), ("there4", 8756), ("sim", 8764), ("cong", 8773), ("asymp", 8776), ("ne", 8800),
        ("equiv", 8801), ("le", 8804), ("ge", 8805), ("sub", 8834), ("sup", 8835), ("nsub", 8836),
        ("sube", 8838), ("supe", 8839), ("oplus", 8853), ("otimes", 8855), ("perp", 8869), ("sdot", 8901),
        ("lceil", 8968), ("rceil", 8969), ("lfloor", 8970), ("rfloor", 8971), ("lang", 9001),
        ("rang", 9002), ("loz", 9674), ("spades", 9824), ("clubs", 9827), ("hearts", 9829), ("diams", 9830),
    ]
}
