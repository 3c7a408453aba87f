import Foundation
import Testing

@testable import Console
@testable import NewsApp

/// `theme = "auto"`: the terminal's background from COLORFGBG or from its answer to OSC 11, and
/// the keys typed while it answered kept for the prompt.
@Suite("TerminalBackground")
struct TerminalBackgroundTests {
    @Test("COLORFGBG names the background last")
    func colorFGBG() {
        #expect(TerminalBackground.palette(colorFGBG: "15;0") == .dark)
        #expect(TerminalBackground.palette(colorFGBG: "0;15") == .light)
        #expect(TerminalBackground.palette(colorFGBG: "0;default;7") == .light)
        #expect(TerminalBackground.palette(colorFGBG: "default") == nil)
        #expect(TerminalBackground.palette(colorFGBG: nil) == nil)
        #expect(TerminalBackground.palette(environment: [:]) == .neutral)
    }

    @Test("OSC 11's answer, ended by BEL or ST, with DA1's after it; type-ahead kept in order")
    func answers() {
        let dark = Array("1\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{07}\u{1B}[?62;22c\r".utf8)
        let answer = TerminalBackground.split(dark)
        #expect(answer.palette == .dark)
        #expect(answer.typeAhead == Array("1\r".utf8))
        let light = TerminalBackground.split(Array("\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\\u{1B}[?1;2c".utf8))
        #expect(light.palette == .light)
        #expect(light.typeAhead.isEmpty)
        let silent = TerminalBackground.split(Array("\u{1B}[?1;2cq".utf8))
        #expect(silent.palette == nil)
        #expect(silent.typeAhead == Array("q".utf8))
    }

    @Test("NO_COLOR wins over every theme; none has no colours; TERM=dumb none at all")
    func modes() {
        for theme in ANSIStyler.Theme.allCases {
            #expect(ANSIStyler.Mode.forTerminal(["NO_COLOR": "1"], theme: theme) == .monochrome)
        }
        #expect(ANSIStyler.Mode.forTerminal([:], theme: .none) == .monochrome)
        #expect(ANSIStyler.Mode.forTerminal([:], theme: .light) == .color(.light))
        #expect(ANSIStyler.Mode.forTerminal(["COLORFGBG": "0;15"], theme: .auto) == .color(.light))
        #expect(ANSIStyler.Mode.forTerminal(["TERM": "dumb"], theme: .dark) == .plain)
    }

    @Test("hyperlinks: on and off as said; auto where the terminal is known to show them")
    func hyperlinks() {
        #expect(HyperlinkSupport.isEnabled(.on, environment: [:]))
        #expect(!HyperlinkSupport.isEnabled(.off, environment: ["TERM": "xterm-kitty"]))
        #expect(HyperlinkSupport.isEnabled(.auto, environment: ["TERM": "xterm-kitty"]))
        #expect(!HyperlinkSupport.isEnabled(.auto, environment: ["TERM": "xterm-256color"]))
    }
}
