import Coordinators
import Testing

@MainActor
@Suite("StackRouter")
struct StackRouterTests {
    @Test("Shows only the top screen, or the modal over it")
    func showsTop() {
        let router = StackRouter()
        router.setRoot(TextScreen("List"))
        router.push(TextScreen("Detail", pane: .secondary))
        #expect(render(router, 80) == ["Detail"])
        router.present(TextScreen("Help"))
        #expect(render(router, 80) == ["Help"])
        router.dismiss()
        router.pop()
        #expect(render(router, 80) == ["List"])
    }

    @Test("The breadcrumb names the way back, modal included")
    func breadcrumb() {
        let router = StackRouter()
        router.setRoot(TextScreen("Top stories"))
        router.push(TextScreen("Article"))
        #expect(router.breadcrumb == ["Top stories", "Article"])
        router.present(TextScreen("Help"))
        #expect(router.breadcrumb == ["Top stories", "Article", "Help"])
    }

    @Test("Input goes to the modal, else the top screen only")
    func inputTargets() {
        let router = StackRouter()
        let list = TextScreen("List")
        let detail = TextScreen("Detail")
        router.setRoot(list)
        router.push(detail)
        #expect(router.inputTargets.map(\.title) == ["Detail"])
        router.present(TextScreen("Help"))
        #expect(router.inputTargets.map(\.title) == ["Help"])
    }

    @Test("popToRoot and setRoot drop screens and cancel their work")
    func releasing() async {
        let router = StackRouter()
        let detail = TextScreen("Detail")
        router.setRoot(TextScreen("List"))
        router.push(detail)
        let task = detail.activity.run("Waiting") { while !Task.isCancelled { await Task.yield() } }
        router.popToRoot()
        await task.value
        #expect(task.isCancelled)
        #expect(detail.activity.observer == nil)
        #expect(router.stack.map(\.title) == ["List"])
    }

    @Test(
        "replaceTop shows the new screen where the old one was, releases the old one and keeps the way back")
    func replaceTop() async {
        let router = StackRouter()
        var redraws = 0
        router.onEvent = { event in if case .needsDisplay = event { redraws += 1 } }
        let old = TextScreen("First")
        let new = TextScreen("Second")
        router.setRoot(TextScreen("List"))
        router.push(old)
        let task = old.activity.run("Waiting") { while !Task.isCancelled { await Task.yield() } }
        redraws = 0
        router.replaceTop(with: new)
        await task.value
        #expect(task.isCancelled)
        #expect(old.activity.observer == nil)
        #expect(router.stack.map(\.title) == ["List", "Second"])
        #expect(render(router, 80) == ["Second"])
        #expect(redraws == 1)
        new.activity.setNeedsDisplay()
        #expect(redraws == 2, "the new screen is observed")
        router.pop()
        #expect(render(router, 80) == ["List"])
    }

    @Test("A visible screen's change asks for a redraw; a hidden one's does not")
    func changeNotices() {
        let router = StackRouter()
        var redraws = 0
        router.onEvent = { event in if case .needsDisplay = event { redraws += 1 } }
        let list = TextScreen("List")
        router.setRoot(list)
        router.push(TextScreen("Detail"))
        redraws = 0
        list.activity.setNeedsDisplay()
        #expect(redraws == 0)
        router.pop()
        redraws = 0
        list.activity.setNeedsDisplay()
        #expect(redraws == 1)
    }

    @Test("Every line fits at 80, 120 and 200 columns, wide characters included", arguments: [80, 120, 200])
    func widths(columns: Int) {
        let router = StackRouter()
        router.setRoot(TextScreen("List", lines: WideText.lines))
        for line in router.render(size: TerminalSize(columns: columns, rows: 40)) {
            #expect(line.displayWidth <= columns, "“\(line.plainText)” is wider than \(columns)")
        }
    }

    private func render(_ router: StackRouter, _ columns: Int) -> [String] {
        router.render(size: TerminalSize(columns: columns, rows: 24)).map(\.plainText)
    }
}

/// Text that breaks naive width arithmetic.
enum WideText {
    static let lines = [
        "東京の天気は晴れ、最高気温は十八度の見込みです。明日は雨の予報です。",
        "서울 시내 지하철 요금이 다음 달부터 인상됩니다",
        "🇯🇵 Climber wins gold 🥇 at the Lowmere Open 👩‍🔬 and 🌧️ rain",
        "Café naïve résumé — “quotes” ’apostrophes’",
        "Плюс статья на русском языке о погоде",
        String(repeating: "long-word-without-spaces-", count: 12),
    ]
}
