import Testing

@testable import FilterLanguage

/// The killfile's question, any of many rules: the rule set's one pass for plain words gives the
/// answer of evaluating each rule, on generated rules and items.
@Suite("Filter language: many rules at once")
struct FilterRuleSetTests {
    static let feed = FilterFeed(
        url: "https://example.org/feed", title: "Example", tags: ["news", "kitchen"])

    @Test func anyOfTheRulesAgreesWithEvaluatingEachRule() throws {
        let rules = [
            #"title =~ "sport""#, #"title =~ "is""#, #"title =~ "k""#, #"title =~ "a""#,
            #"title =~ "review:""#,
            #"content =~ "subscribe now""#, #"author =~ "^(PR|Press) ""#, #"author = "Staff""#,
            #"title !~ "x""#, #"title =~ "^(watch|listen):""#, #"tags # "kitchen" and title =~ "deal""#,
            #"title =~ """#, #"age > 3"#, #"feedtitle =~ "ample""#, #"title =~ "Sk""#,
        ]
        let words = [
            "Sport", "sPoRt", "is", "İs", "ıs", "ſport", "\u{212A}", "Review:", "watch:", "listen:",
            "deal", "x", "a", "b", "ample", " ", "subscribe now", "SUBSCRIBE", "Press ", "PR ", "Staff", "é",
        ]
        var random = SplitMix(seed: 2_026)
        var checked = 0
        var chosen = 0
        for _ in 0..<400 {
            let count = random.below(5) + 1
            let expressions = try (0..<count).map { _ in
                try FilterParser.parse(rules[random.below(rules.count)])
            }
            let set = FilterRuleSet(expressions)
            for _ in 0..<40 {
                func text() -> String {
                    (0..<random.below(4)).map { _ in words[random.below(words.count)] }.joined()
                }
                let item = FilterItem(
                    title: text(), author: text(), content: text(), date: Double(random.below(10)) * 86_400,
                    feed: Self.feed)
                let expected = expressions.contains { $0.matches(item, now: 8 * 86_400) }
                #expect(
                    set.anyMatches(item, now: 8 * 86_400) == expected,
                    "\(expressions.map(\.written)) on \(item)")
                checked += 1
                if expected { chosen += 1 }
            }
        }
        #expect(checked == 16_000)
        // Neither answer may hollow the property out.
        #expect(chosen > 2_000 && chosen < 14_000)
    }

    @Test func plainWordsOfOneAttributeAreLookedForTogether() throws {
        let set = FilterRuleSet(
            try ["sport", "weather", "golf"].map { try FilterParser.parse("title =~ \"\($0)\"") })
        func item(_ title: String) -> FilterItem { FilterItem(title: title, date: 0, feed: Self.feed) }
        #expect(set.anyMatches(item("The WEATHER today"), now: 0))
        #expect(set.anyMatches(item("golf"), now: 0))
        #expect(!set.anyMatches(item("spor t, weathe r, gol"), now: 0))
        #expect(!FilterRuleSet([]).anyMatches(item("anything"), now: 0))
        #expect(FilterRuleSet([]).isEmpty)
    }
}
