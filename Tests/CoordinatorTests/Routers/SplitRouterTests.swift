import Coordinators
import TerminalText
import Testing

@MainActor
@Suite("SplitRouter")
struct SplitRouterTests {
    @Test("Selecting replaces the detail and the list stays")
    func replacesDetail() {
        let router = SplitRouter()
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("First", pane: .secondary))
        router.push(TextScreen("Second", pane: .secondary))
        #expect(router.stack.map(\.title) == ["List", "Second"])
        let rows = router.render(size: TerminalSize(columns: 120, rows: 24)).map(\.plainText)
        #expect(rows.first?.hasPrefix("List") == true)
        #expect(rows.first?.hasSuffix("│ Second") == true)
    }

    @Test("replaceTop swaps the detail in the right pane; the list and the focus stay")
    func replaceTopDetail() {
        let router = SplitRouter()
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("First", pane: .secondary))
        router.replaceTop(with: TextScreen("Next", pane: .secondary))
        #expect(router.stack.map(\.title) == ["List", "Next"])
        #expect(router.focus == .secondary)
        let row = router.render(size: TerminalSize(columns: 120, rows: 24))[0].plainText
        #expect(row.hasPrefix("List"))
        #expect(row.hasSuffix("│ Next"))
        router.pop()
        #expect(router.stack.map(\.title) == ["List"])
    }

    @Test("Pop empties the right pane and gives the list the focus")
    func popEmptiesDetail() {
        let router = SplitRouter(placeholder: ["Pick one"])
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("Detail", pane: .secondary))
        #expect(router.focus == .secondary)
        router.pop()
        #expect(router.focus == .primary)
        let rows = router.render(size: TerminalSize(columns: 120, rows: 24)).map(\.plainText)
        #expect(rows.first?.hasSuffix("│ Pick one") == true)
    }

    @Test("A pushed list takes the left pane; the detail above it the right")
    func primaryPush() {
        let router = SplitRouter()
        router.setRoot(TextScreen("Feed"))
        router.push(TextScreen("Results"))
        router.push(TextScreen("Article", pane: .secondary))
        let row = router.render(size: TerminalSize(columns: 120, rows: 24))[0].plainText
        #expect(row.hasPrefix("Results"))
        #expect(row.hasSuffix("│ Article"))
        #expect(router.breadcrumb == ["Feed", "Results", "Article"])
    }

    @Test("Input goes to the focused pane first, then falls through to the other")
    func inputOrder() {
        let router = SplitRouter()
        router.setRoot(TextScreen("List"))
        #expect(router.inputTargets.map(\.title) == ["List"])
        router.push(TextScreen("Detail", pane: .secondary))
        #expect(router.inputTargets.map(\.title) == ["Detail", "List"])
        router.present(TextScreen("Help"))
        #expect(router.inputTargets.map(\.title) == ["Help"])
    }

    @Test("A modal is drawn across the whole width and dismissed back to both panes")
    func modal() {
        let router = SplitRouter()
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("Detail", pane: .secondary))
        router.present(TextScreen("Help"))
        #expect(router.render(size: TerminalSize(columns: 120, rows: 24)).map(\.plainText) == ["Help"])
        router.dismiss()
        #expect(router.render(size: TerminalSize(columns: 120, rows: 24))[0].plainText.hasSuffix("│ Detail"))
    }

    @Test(
        "The divider stays in one column with CJK and emoji, at 80, 120 and 200 columns",
        arguments: [80, 120, 200])
    func straightDivider(columns: Int) {
        let router = SplitRouter()
        router.setRoot(TextScreen("List", lines: WideText.lines))
        router.push(TextScreen("Detail", pane: .secondary, lines: WideText.lines.reversed()))
        let widths = PaneWidths(total: columns)
        let rows = router.render(size: TerminalSize(columns: columns, rows: 60))
        #expect(rows.count > WideText.lines.count, "long lines wrap inside their pane")
        for row in rows {
            let text = row.plainText
            let divider = text.firstIndex(of: "│")
            #expect(divider != nil)
            guard let divider else { continue }
            #expect(DisplayWidth.of(text[..<divider]) == widths.left + 1, "divider out of line in “\(text)”")
            #expect(row.displayWidth <= columns)
        }
    }

    @Test("A web address too long for the right pane is kept whole on its line, over the width")
    func addressesAreWholeInTheRightPane() {
        let address =
            "https://images.example.org/2026/11/23/markets/the-long-awaited-bitcoin-settlement-story/"
            + "bitcoin-settlement.jpg"
        let router = SplitRouter()
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("Detail", pane: .secondary, lines: ["Detail", "The picture: \(address)"]))
        let rows = router.render(size: TerminalSize(columns: 120, rows: 24)).map(\.plainText)
        #expect(rows.contains { $0.hasSuffix("│ " + address) }, "whole:\n\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.hasSuffix("│ The picture:") })
    }

    @Test("A list taller than the terminal keeps the detail at the top of the visible window")
    func detailStaysVisible() {
        let router = SplitRouter()
        router.setRoot(TextScreen("List", lines: (1...50).map { "Item \($0)" }))
        router.push(TextScreen("Detail", pane: .secondary))
        let rows = router.render(size: TerminalSize(columns: 120, rows: 20)).map(\.plainText)
        #expect(rows.count == 50)
        #expect(
            rows[31].hasSuffix("│ Detail"), "the detail starts 19 rows above the end, the first visible row")
        #expect(rows[30].hasSuffix("│"))
    }
}

@MainActor
@Suite("AdaptiveRouter")
struct AdaptiveRouterTests {
    @Test(
        "The policy picks the layout by width",
        arguments: [
            (AdaptiveRouter.Policy.automatic(splitFromColumns: 120), 119, AdaptiveRouter.Layout.stack),
            (.automatic(splitFromColumns: 120), 120, .split),
            (.automatic(splitFromColumns: 60), 90, .stack),
            (.preferSplit, 90, .stack),
            (.preferSplit, 100, .split),
            (.alwaysStack, 300, .stack),
        ])
    func policy(policy: AdaptiveRouter.Policy, columns: Int, layout: AdaptiveRouter.Layout) {
        #expect(policy.layout(forColumns: columns) == layout)
    }

    @Test("Collapsing puts the detail on the stack above the list; expanding puts it back on the right")
    func swapKeepsPlace() {
        let router = AdaptiveRouter(policy: .automatic(splitFromColumns: 120), columns: 160)
        let list = TextScreen("List")
        let detail = TextScreen("Detail", pane: .secondary)
        router.setRoot(list)
        router.push(detail)
        #expect(router.layout == .split)
        #expect(router.adapt(toColumns: 90))
        #expect(router.layout == .stack)
        #expect(router.stack.map(\.title) == ["List", "Detail"])
        #expect(router.render(size: TerminalSize(columns: 90, rows: 24)).map(\.plainText) == ["Detail"])
        #expect(router.adapt(toColumns: 160))
        #expect(router.render(size: TerminalSize(columns: 160, rows: 24))[0].plainText.hasSuffix("│ Detail"))
        #expect(!router.adapt(toColumns: 170), "no swap within the same layout")
    }

    @Test("A swap keeps the modal and keeps forwarding the screens' events")
    func swapKeepsModalAndEvents() {
        let router = AdaptiveRouter(policy: .automatic(splitFromColumns: 120), columns: 80)
        var redraws = 0
        router.onEvent = { event in if case .needsDisplay = event { redraws += 1 } }
        let list = TextScreen("List")
        router.setRoot(list)
        router.present(TextScreen("Help"))
        router.adapt(toColumns: 200)
        #expect(router.presented?.title == "Help")
        router.dismiss()
        redraws = 0
        list.activity.setNeedsDisplay()
        #expect(redraws == 1)
    }
}
