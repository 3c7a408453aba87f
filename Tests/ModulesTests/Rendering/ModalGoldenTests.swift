import Modules
import NewsModels
import Testing

/// ``SortPickerScreen`` and ``HelpScreen`` against their goldens at 60, 100 and 160 columns.
@MainActor
@Suite("Sort picker and help goldens")
struct ModalGoldenTests {
    @Test("Sort picker", arguments: Fixtures.widths)
    func sortPicker(width: Int) {
        let picker = SortPickerScreen(
            words: "mars \u{1B}]52;c;aGVsbG8=\u{07}rover 火星探査 \u{202E}evil", current: .popularity)
        let lines = picker.render(width: width, height: nil)
        Golden.expect(lines, matches: "picker \(width)", in: SortPickerGoldens.self)
        Golden.expectSafe(lines, width: width)
        Golden.expectNoHostileFragments(lines)
    }

    @Test("Help", arguments: Fixtures.widths)
    func help(width: Int) {
        let lines = HelpScreen(sections: RenderStates.helpSections).render(width: width, height: nil)
        Golden.expect(lines, matches: "help \(width)", in: HelpGoldens.self)
        Golden.expectSafe(lines, width: width)
    }
}
