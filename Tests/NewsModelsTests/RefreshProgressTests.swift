import NewsModels
import Testing

/// The one progress line the command line and the screens show.
@Suite("The refresh's progress line")
struct RefreshProgressTests {
    @Test("counts grouped by thousands, the hosts waited for, or the label in their place")
    func line() {
        #expect(
            RefreshProgress(total: 1_199, done: 37, newItems: 4_210).line
                == "Refreshing 37/1,199 feeds · 4,210 new")
        #expect(
            RefreshProgress(total: 3, done: 1, newItems: 0, waitingFor: ["slow.example"]).line
                == "Refreshing 1/3 feeds · 0 new · waiting for slow.example")
        #expect(
            RefreshProgress(total: 3, done: 1, newItems: 0, label: "Syncing with rss.example.org").line
                == "Syncing with rss.example.org")
    }
}
