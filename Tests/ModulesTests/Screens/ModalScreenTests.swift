import Coordinators
import Modules
import NewsModels
import Testing

/// The sort picker and help modals through `handle(_:)` and their output closures.
@MainActor
@Suite("SortPickerScreen and HelpScreen")
struct ModalScreenTests {
    private func choices(_ lines: [String], current: ArticleSortOrder = .publishedAt) -> (
        [ArticleSortOrder?], ActivityLog
    ) {
        let picker = SortPickerScreen(words: "mars", current: current)
        let log = ActivityLog(picker.activity)
        var chosen: [ArticleSortOrder?] = []
        picker.onChoose = { chosen.append($0) }
        for line in lines {
            #expect(picker.handle(Command(line)!))
        }
        return (chosen, log)
    }

    @Test("The picker maps 1–3 to relevancy, popularity and newest")
    func pickerNumbers() {
        let (chosen, log) = choices(["1", "2", "3"])
        #expect(chosen == [.relevancy, .popularity, .publishedAt])
        #expect(log.events.isEmpty)
    }

    @Test("The picker maps names, NewsAPI's name and unambiguous prefixes to orders")
    func pickerNames() {
        let (chosen, _) = choices(["relevancy", "popularity", "newest", "publishedAt", "POP", "rel", "n"])
        #expect(
            chosen == [
                .relevancy, .popularity, .publishedAt, .publishedAt, .popularity, .relevancy, .publishedAt,
            ])
    }

    @Test("b and back keep the current order")
    func pickerBack() {
        let (chosen, _) = choices(["b", "back"])
        #expect(chosen == [nil, nil])
    }

    @Test("sort with an order's name chooses it")
    func pickerSortCommand() {
        let (chosen, log) = choices(["sort newest", "sort rel"], current: .popularity)
        #expect(chosen == [.publishedAt, .relevancy])
        #expect(log.events.isEmpty)
    }

    @Test(
        "A number out of range or sort alone stays in the picker with a reminder",
        arguments: ["4", "0", "sort"])
    func pickerReminds(line: String) {
        let (chosen, log) = choices([line], current: .popularity)
        #expect(chosen.isEmpty)
        #expect(log.messages == ["Choose 1–3, or b to keep sorting by popularity."])
    }

    @Test(
        "Any other command closes the picker, keeping the order, and is left for others",
        arguments: ["x", "open", "?", "/venus", "c science"])
    func pickerLetsOtherCommandsThrough(line: String) {
        let picker = SortPickerScreen(words: "mars", current: .popularity)
        var chosen: [ArticleSortOrder?] = []
        picker.onChoose = { chosen.append($0) }
        #expect(!picker.handle(Command(line)!))
        #expect(chosen == [nil])
    }

    private func help() -> (HelpScreen, () -> Int) {
        let help = HelpScreen(sections: [
            HelpScreen.Section(title: "Top stories", commands: [CommandDescriptor(["n"], summary: "More")]),
            HelpScreen.Section(title: "Empty", commands: []),
        ])
        var closed = 0
        help.onClose = { closed += 1 }
        return (help, { closed })
    }

    @Test("Help closes on b, back, ? and help, and takes them")
    func helpCloses() {
        let (help, closed) = help()
        for line in ["b", "back", "?", "help"] {
            #expect(help.handle(Command(line)!))
        }
        #expect(closed() == 4)
    }

    @Test(
        "Any other command closes help and is declined, for the screens below and the app",
        arguments: ["n", "/mars rover", "3", "c science", "x"])
    func helpHandsCommandsBack(line: String) {
        let (help, closed) = help()
        #expect(!help.handle(Command(line)!))
        #expect(closed() == 1)
    }

    @Test("Help drops sections without commands")
    func helpDropsEmptySections() {
        let (help, _) = help()
        #expect(help.sections.map(\.title) == ["Top stories"])
    }
}
