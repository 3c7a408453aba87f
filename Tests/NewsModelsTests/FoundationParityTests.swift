import Foundation
import NewsModels
import Testing

/// The helpers the shipped targets use in place of Foundation's API outside FoundationEssentials
/// (whose ICU and CoreFoundation `newsapp` does not link) give what Foundation gave. This test
/// target links Foundation, so each is checked against the call it replaced.
@Suite("Foundation parity")
struct FoundationParityTests {
    /// Every scalar of the Basic Multilingual Plane but the surrogates.
    static let scalars = (UInt32(0)...0xFFFF).compactMap(Unicode.Scalar.init)

    @Test("Trimming white space, spaces and given characters as trimmingCharacters(in:)")
    func trimming() {
        for scalar in Self.scalars {
            let text = "\(scalar)\(scalar)a \(scalar) b\(scalar)"
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(scalar.value, radix: 16))")
            #expect(
                text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces),
                "U+\(String(scalar.value, radix: 16))")
        }
        for text in ["\"'x'\"", "“quoted”", " »› → text: ", "", "»»", "\r\nline\r"] {
            for set in ["\"'“”‘’ ", " »›→>:", "\r"] {
                #expect(
                    text.trimming(anyOf: set) == text.trimmingCharacters(in: CharacterSet(charactersIn: set)))
            }
        }
    }

    @Test("Percent-encoding and decoding as addingPercentEncoding and removingPercentEncoding")
    func percentEncoding() {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/")
        let texts = [
            "", "plain", "a b", "~/bin/feed --all", "été", "e\u{301}", "100%", "emoji 😀", "a/b?c#d&e=f",
            "\u{0}\u{7F}", "日本語",
        ]
        for text in texts {
            let encoded = text.percentEncoded { $0.isASCIIAlphanumeric || "-._~/".utf8.contains($0) }
            #expect(encoded == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
            #expect(encoded.percentDecoded == encoded.removingPercentEncoding, "\(text)")
        }
        for text in ["%", "%4", "%4g", "%zz", "%41%42", "%e9", "%C3%A9", "a%20b", "%FF%FE", "%c3"] {
            #expect(text.percentDecoded == text.removingPercentEncoding, "\(text)")
        }
    }

    @Test("Path helpers as NSString's")
    func paths() {
        // swift-corelibs-foundation's deletingLastPathComponent traps on some of these paths:
        // what Apple's documents for it is written out instead.
        let directories = [
            "/": "/", "a": "", "/a": "/", "a/": "", "/a/": "/", "a/b": "a", "/a/b": "/a", "/a/b/": "/a",
            "a//b": "a", "b.tar.gz": "", "a/.profile": "a", "~/x.part": "~", "a/b/../c.d": "a/b/..",
        ]
        for (path, directory) in directories {
            #expect(path.deletingLastPathComponent == directory, "\(path)")
        }
        let paths = [
            "/", "a", "/a", "a/", "/a/", "a/b", "/a/b", "/a/b/", "/a/b.c", "b.tar.gz",
            ".profile",
            "a/.profile", "a.", "/a/b.c/", "~/x.part", "a/b/../c.d",
        ]
        for path in paths {
            let ns = path as NSString
            #expect(path.lastPathComponent == ns.lastPathComponent, "\(path)")
            #expect(path.pathExtension == ns.pathExtension, "\(path)")
            #expect(path.deletingPathExtension == ns.deletingPathExtension, "\(path)")
            #expect(path.appendingPathComponent("x") == ns.appendingPathComponent("x"), "\(path)")
        }
    }

    @Test("printf formats as String(format:)")
    func printf() {
        for value in [0, 0.04, 0.05, 0.15, 1.25, 2.35, 9.95, 99.99, 1234.5678, -3.25] {
            #expect(String(printf: "%.1f", value) == String(format: "%.1f", value))
            #expect(String(printf: " in %.1f s", value) == String(format: " in %.1f s", value))
        }
        for (a, b, c) in [(2026, 1, 5), (1, 12, 31), (10_000, 0, 0)] {
            #expect(String(printf: "%04d-%02d-%02d", a, b, c) == String(format: "%04d-%02d-%02d", a, b, c))
            #expect(String(printf: "%02d:%02d", b, c) == String(format: "%02d:%02d", b, c))
        }
    }

    @Test("The last occurrence as range(of:options: .backwards)")
    func lastRange() {
        for (text, needle) in [
            ("Headline | Site", " | "), ("a | b | c", " | "), ("aaa", "aa"), ("none", "x"),
            ("[+12 chars]", "[+"),
            ("x [+1 [+2 chars]", "[+"), ("", "a"),
        ] {
            let mine = text.lastRange(of: needle).map { text[$0] }
            let foundation = text.range(of: needle, options: .backwards).map { text[$0] }
            #expect(mine == foundation, "\(needle) in \(text)")
            #expect(
                text.lastRange(of: needle)?.lowerBound
                    == text.range(of: needle, options: .backwards)?.lowerBound)
        }
    }

    @Test("NFC as precomposedStringWithCanonicalMapping, scalar by scalar and in sequences")
    func nfc() {
        // Scalars of Unicode 14 (the tables' version) and older: ICU may know newer ones.
        // Not U+0F73, U+0F75 and U+0F81, Tibetan vowels whose decompositions ICU orders apart
        // from a following mark: a known difference, on no text a search or a store key meets.
        let tibetan: Set<UInt32> = [0xF73, 0xF75, 0xF81]
        for scalar in Self.scalars
        where (scalar.properties.age.map { $0 <= (14, 0) } ?? false) && !tibetan.contains(scalar.value) {
            let text = "a\(scalar)\u{301}"
            #expect(
                UnicodeMappings.nfc(text).unicodeScalars.elementsEqual(
                    text.precomposedStringWithCanonicalMapping.unicodeScalars),
                "U+\(String(scalar.value, radix: 16))")
        }
        for text in [
            "Cafe\u{301}", "e\u{301}\u{323}", "e\u{323}\u{301}", "\u{1100}\u{1161}\u{11A8}", "한국어",
            "\u{212B}",
            "A\u{30A}\u{301}", "o\u{308}\u{304}", "\u{05D0}\u{05B7}\u{05BC}",
        ] {
            #expect(
                UnicodeMappings.nfc(text).unicodeScalars.elementsEqual(
                    text.precomposedStringWithCanonicalMapping.unicodeScalars), "\(text)")
        }
    }
}
