import Testing

@testable import TerminalText

@Suite("TextSanitizer")
struct TextSanitizerTests {
    private func clean(_ text: String) -> String { TextSanitizer.clean(text) }

    // MARK: Escape sequences

    @Test("CSI colour sequences vanish with their parameters")
    func csiColour() {
        #expect(clean("\u{1B}[31mred\u{1B}[0m plain") == "red plain")
        #expect(clean("\u{1B}[38;2;255;0;0mtrue colour\u{1B}[m") == "true colour")
        #expect(clean("\u{1B}[1;4;38;5;196mbold") == "bold")
    }

    @Test("CSI cursor movement, erase and private modes vanish")
    func csiCursor() {
        #expect(clean("a\u{1B}[2Jb\u{1B}[Hc\u{1B}[10;20Hd\u{1B}[3Ae") == "abcde")
        #expect(clean("x\u{1B}[?1049hy\u{1B}[?25l") == "xy")
        #expect(clean("\u{1B}[>0;1c\u{1B}[ q tail") == " tail")
        #expect(clean("\u{1B}[ qtail") == "tail")
    }

    @Test("OSC 52 clipboard write is removed with its payload")
    func osc52() {
        #expect(clean("Hi\u{1B}]52;c;aGVsbG8=\u{07}there") == "Hithere")
        #expect(!clean("\u{1B}]52;c;aGVsbG8=\u{07}").contains("aGVsbG8"))
    }

    @Test("OSC 8 hyperlink keeps the visible text only")
    func osc8() {
        let text = "\u{1B}]8;;https://evil.example/\u{1B}\\Click me\u{1B}]8;;\u{1B}\\ now"
        #expect(clean(text) == "Click me now")
    }

    @Test("OSC terminated by ST (ESC backslash) and by 8-bit ST")
    func oscST() {
        #expect(clean("a\u{1B}]0;window title\u{1B}\\b") == "ab")
        #expect(clean("a\u{1B}]0;window title\u{9C}b") == "ab")
    }

    @Test("DCS, SOS, PM and APC strings are removed with their payloads")
    func dcsAndFriends() {
        #expect(clean("a\u{1B}P1$r0m\u{1B}\\b") == "ab")
        #expect(clean("a\u{1B}Xsos payload\u{1B}\\b") == "ab")
        #expect(clean("a\u{1B}^pm payload\u{07}b") == "ab")
        #expect(clean("a\u{1B}_apc payload\u{1B}\\b") == "ab")
    }

    @Test("An unterminated OSC swallows the rest of the text")
    func unterminatedOSC() {
        #expect(clean("Title\u{1B}]52;c;c2VjcmV0 and more text") == "Title")
        #expect(clean("Title\u{1B}Pq#0;2;0;0;0#1~~~") == "Title")
        #expect(clean("x\u{9D}0;never ends") == "x")
    }

    @Test("ESC inside a string that is not ST starts a new sequence")
    func escapeInsideString() {
        #expect(clean("\u{1B}]0;title\u{1B}[31mred") == "red")
    }

    @Test("CAN and SUB cancel a sequence")
    func cancel() {
        #expect(clean("\u{1B}[31\u{18}text") == "text")
        #expect(clean("\u{1B}]0;x\u{1A}text") == "text")
    }

    @Test("8-bit CSI, OSC, DCS, SOS, PM and APC introducers")
    func eightBit() {
        #expect(clean("a\u{9B}31mb") == "ab")
        #expect(clean("a\u{9B}2Jb") == "ab")
        #expect(clean("a\u{9D}52;c;aGk=\u{07}b") == "ab")
        #expect(clean("a\u{90}payload\u{9C}b") == "ab")
        #expect(clean("a\u{98}payload\u{9C}b") == "ab")
        #expect(clean("a\u{9E}payload\u{9C}b") == "ab")
        #expect(clean("a\u{9F}payload\u{9C}b") == "ab")
    }

    @Test("Two-character and nF escapes vanish")
    func shortEscapes() {
        #expect(clean("a\u{1B}(Bb") == "ab")
        #expect(clean("a\u{1B}7b\u{1B}8c") == "abc")
        #expect(clean("a\u{1B}cb") == "ab")
        #expect(clean("a\u{1B}#8b") == "ab")
        #expect(clean("a\u{1B}%Gb") == "ab")
    }

    @Test("A lone ESC at the end is dropped")
    func loneEscape() {
        #expect(clean("end\u{1B}") == "end")
        #expect(clean("\u{1B}") == "")
        #expect(clean("end\u{1B}[") == "end")
    }

    // MARK: Controls

    @Test("BEL, NUL, DEL and other C0 controls vanish")
    func c0() {
        #expect(clean("ding\u{07}dong") == "dingdong")
        #expect(clean("nul\u{00}byte") == "nulbyte")
        #expect(clean("del\u{7F}ete") == "delete")
        #expect(clean("back\u{08}space") == "backspace")
        var text = "<"
        for value in 0..<0x20 where ![0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B].contains(value) {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        }
        text += ">"
        #expect(clean(text) == "<>")
    }

    @Test("C1 controls vanish")
    func c1() {
        var text = "<"
        for value in 0x80...0x9F where ![0x85, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains(value) {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        }
        text += ">"
        #expect(clean(text) == "<>")
    }

    @Test("Tabs become one space each")
    func tabs() {
        #expect(clean("a\tb\t\tc") == "a b  c")
    }

    // MARK: Bidi

    @Test(
        "Every bidi control is removed",
        arguments: [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
            0x200E, 0x200F, 0x061C, 0xFEFF,
        ] as [UInt32])
    func bidi(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(clean("a\(Character(scalar))b") == "ab")
    }

    @Test("RLO filename spoof is defused")
    func rloSpoof() {
        #expect(clean("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(clean("\u{2067}evil\u{2069}.txt") == "evil.txt")
    }

    // MARK: Survivors

    @Test(
        "Plain text and every script survive unchanged",
        arguments: [
            "Plain headline: markets rally 3.5% [update]",
            "Rocket 🚀 launch 👩‍🔬 and 🇯🇵 and ❤️ and 1️⃣ and 👍🏽",
            "日本語のニュース、東京。",
            "中文新闻标题",
            "한국어 뉴스",
            "مرحبا بالعالم",
            "क्षत्रिय नमस्ते",
            "می‌خواهم",
            "Spacing   kept  ",
            "e\u{0301}cole",
            "\u{FE0E}\u{FE0F}\u{200C}\u{200D}",
        ])
    func survivors(text: String) {
        #expect(clean(text) == text)
        #expect(TextSanitizer.clean(text, lineBreaks: .keep) == text)
    }

    @Test("ZWJ and ZWNJ are kept")
    func joiners() {
        #expect(clean("👩\u{200D}🔬").unicodeScalars.contains("\u{200D}"))
        #expect(clean("می\u{200C}خواهم").unicodeScalars.contains("\u{200C}"))
    }

    @Test("The fast path returns the very same string")
    func fastPath() {
        let text = "Nothing to do here — “quotes” and … and 日本 and 🚀"
        #expect(!TextSanitizer.needsCleaning(text, lineBreaks: .spaces))
        #expect(clean(text) == text)
        #expect(TextSanitizer.needsCleaning("a\u{1B}b", lineBreaks: .spaces))
        #expect(TextSanitizer.needsCleaning("a\u{85}b", lineBreaks: .spaces))
        #expect(TextSanitizer.needsCleaning("a\u{2029}b", lineBreaks: .spaces))
        #expect(TextSanitizer.needsCleaning("a\u{2066}b", lineBreaks: .spaces))
        #expect(TextSanitizer.needsCleaning("a\u{FEFF}", lineBreaks: .spaces))
        #expect(TextSanitizer.needsCleaning("a\nb", lineBreaks: .spaces))
        #expect(!TextSanitizer.needsCleaning("a\nb\n\nc", lineBreaks: .keep))
        #expect(TextSanitizer.needsCleaning("a\n\n\nb", lineBreaks: .keep))
    }

    // MARK: Line breaks

    @Test(".spaces turns each line break into one space")
    func lineBreaksAsSpaces() {
        #expect(clean("one\ntwo") == "one two")
        #expect(clean("one\r\ntwo") == "one two")
        #expect(clean("one\rtwo") == "one two")
        #expect(clean("a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f") == "a b c d e f")
        #expect(clean("one\n\n\ntwo") == "one   two")
    }

    @Test(".keep turns line breaks into \\n and collapses blank lines")
    func lineBreaksKept() {
        let keep = { TextSanitizer.clean($0, lineBreaks: .keep) }
        #expect(keep("one\r\ntwo\rthree") == "one\ntwo\nthree")
        #expect(keep("a\u{85}b\u{2028}c\u{2029}d\u{0B}e\u{0C}f") == "a\nb\nc\nd\ne\nf")
        #expect(keep("para one\n\n\n\n\npara two") == "para one\n\npara two")
        #expect(keep("para one\r\n\r\n\r\npara two") == "para one\n\npara two")
        #expect(keep("a\n\u{1B}[0m\n\nb") == "a\n\nb")
        #expect(keep("\n\n\nstart") == "\n\nstart")
    }

    // MARK: Property

    /// Scalars that drive parsers, mixed with ordinary text.
    private static let alphabet: [Unicode.Scalar] = [
        "\u{1B}", "[", "]", "P", "X", "^", "_", "\\", "(", "#", "\u{07}", "\u{18}", "\u{1A}", "\u{9B}",
        "\u{9C}", "\u{9D}", "\u{90}", "\u{85}", "\r", "\n", "\t", "\u{0B}", "\u{00}", "\u{7F}", "\u{202E}",
        "\u{2066}", "\u{FEFF}", "\u{2028}", "3", "1", ";", "m", "a", " ", "日", "\u{200D}", "é",
    ]

    @Test("Random hostile input never yields a control, bidi control or three line breaks in a row")
    func randomInput() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.unicodeScalars.append(Self.alphabet[Int(state >> 33) % Self.alphabet.count])
            }
            let spaces = TextSanitizer.clean(text)
            let kept = TextSanitizer.clean(text, lineBreaks: .keep)
            #expect(spaces.unicodeScalars.allSatisfy { !Self.isForbidden($0) })
            #expect(kept.unicodeScalars.allSatisfy { $0 == "\n" || !Self.isForbidden($0) })
            #expect(!kept.contains("\n\n\n"))
            #expect(TextSanitizer.clean(spaces) == spaces)
            #expect(TextSanitizer.clean(kept, lineBreaks: .keep) == kept)
        }
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || TextSanitizer.isBidiControl(value)
            || value == 0xFEFF || value == 0x2028 || value == 0x2029
    }

    // MARK: Performance

    @Test("100 KB of nested and unterminated sequences is cleaned in linear time")
    func hostileInputIsFast() {
        let nested = String(repeating: "\u{1B}[\u{1B}]\u{1B}P\u{1B}[31;", count: 10_000)
        let unterminated = "x\u{1B}]" + String(repeating: "52;c;\u{9B}", count: 20_000)
        let csiOnly = String(repeating: "\u{9B}1;2;3", count: 20_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(clean(nested) == "")
            #expect(clean(unterminated) == "x")
            #expect(clean(csiOnly) == "")
        }
        #expect(elapsed < .seconds(2))
    }
}
