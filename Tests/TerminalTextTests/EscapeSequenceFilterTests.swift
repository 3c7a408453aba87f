import Testing

@testable import TerminalText

/// The byte form of the sanitiser's parser, which feeds and pages go through before they are
/// parsed: it removes what ``TextSanitizer`` would remove as sequences, and nothing else.
@Suite("EscapeSequenceFilter")
struct EscapeSequenceFilterTests {
    private func filtered(_ text: String) -> String {
        var text = text
        return text.withUTF8 {
            String(decoding: TextSanitizer.removingEscapeSequences(utf8: $0), as: UTF8.self)
        }
    }

    @Test("An ESC inside an nF escape starts a new sequence")
    func escapeInsideNF() {
        #expect(filtered("Before\u{1B}(\u{1B}[31mAfter") == "BeforeAfter")
        #expect(TextSanitizer.clean("Before\u{1B}(\u{1B}[31mAfter") == "BeforeAfter")
    }

    @Test("8-bit introducers take their parameters and payloads with them")
    func eightBit() {
        #expect(filtered("Hostile \u{9B}31m feed") == "Hostile  feed")
        #expect(filtered("a\u{9D}8;;https://evil.example/\u{9C}b") == "ab")
        #expect(filtered("a\u{90}payload\u{1B}\\b") == "ab")
    }

    @Test("Controls outside sequences and text beyond ASCII are kept for the text's own clean-up")
    func controlsKept() {
        #expect(filtered("a\tb\u{07}c\u{85}d\u{9C}e é 日 \u{A0}") == "a\tb\u{07}c\u{85}d\u{9C}e é 日 \u{A0}")
    }

    @Test("Bytes that are not UTF-8 are text, and never end a string sequence")
    func notUTF8() {
        let bytes: [UInt8] = [0x61, 0xE9, 0x1B, 0x5B, 0x33, 0xE9, 0x62, 0x1B, 0x5D, 0xE9, 0x07, 0x63]
        let result = bytes.withUnsafeBufferPointer { TextSanitizer.removingEscapeSequences(utf8: $0) }
        #expect(result == [0x61, 0xE9, 0xE9, 0x62, 0x63])
    }

    @Test("Text without sequences comes back as it is")
    func plainText() {
        #expect(filtered("Plain text, «quoted», 100\u{A0}°C") == "Plain text, «quoted», 100\u{A0}°C")
        var text = "abc\u{C2}\u{A0}"
        #expect(text.withUTF8 { !EscapeSequenceFilter.mayHoldSequences($0) })
    }

    private static let alphabet: [Unicode.Scalar] = [
        "\u{1B}", "[", "]", "P", "X", "^", "_", "\\", "(", "#", "\u{07}", "\u{18}", "\u{1A}", "\u{9B}",
        "\u{9C}", "\u{9D}", "\u{90}", "\u{85}", "\n", "\t", "\u{00}", "\u{7F}", "\u{202E}", "3", "1",
        ";", "m", "a", " ", "日", "é", "\u{A0}",
    ]

    /// Whatever the split into chunks, filtering then cleaning is cleaning: the filter removes
    /// exactly the sequences the sanitiser removes. (Without CR: a CR and an LF that a sequence
    /// kept apart are two line breaks, and one once the sequence is gone.)
    @Test("Filtering in chunks, then cleaning, is cleaning")
    func agreesWithTheSanitiser() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<30 { text.unicodeScalars.append(Self.alphabet[next() % Self.alphabet.count]) }
            let bytes = Array(text.utf8)
            let cut = next() % (bytes.count + 1)
            var filter = EscapeSequenceFilter()
            var output: [UInt8] = []
            bytes[..<cut].withUnsafeBufferPointer { filter.filter($0) { output += $0 } }
            bytes[cut...].withUnsafeBufferPointer { filter.filter($0) { output += $0 } }
            filter.finish { output += $0 }
            let whole = String(decoding: output, as: UTF8.self)
            #expect(!output.contains(0x1B))
            #expect(
                TextSanitizer.clean(whole) == TextSanitizer.clean(text),
                "\(text.debugDescription) cut at \(cut)")
        }
    }
}
