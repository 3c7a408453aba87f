import FilterLanguage
import Testing

/// Evaluating expressions in memory with newsboat's rules for each operator (the cases of its own
/// matcher's documentation and behaviour), and every attribute's value.
@Suite("Filter language: evaluating in memory")
struct FilterEvaluationTests {
    static let now = 1_795_000_000.0
    let feed = FilterFeed(
        url: "https://lwn.net/headlines/rss", title: "LWN.net", link: "https://lwn.net/",
        tags: ["linux", "news", "daily"], unreadCount: 12, totalCount: 345, index: 3)

    func item(
        title: String = "Kernel 7.1 released", author: String = "Jonathan", daysAgo: Double = 2.5,
        unread: Bool = true, saved: Bool = false
    ) -> FilterItem {
        FilterItem(
            title: title, link: "https://lwn.net/Articles/1/", author: author, content: "The 12345 release",
            date: Self.now - daysAgo * 86_400, unread: unread, saved: saved, guid: "urn:lwn:1",
            enclosureURL: "https://lwn.net/a.mp3", enclosureType: "audio/mpeg", feed: feed)
    }

    func holds(_ text: String, _ item: FilterItem? = nil) throws -> Bool {
        try FilterParser.parse(text).matches(item ?? self.item(), now: Self.now)
    }

    @Test func equalityIsExactText() throws {
        #expect(try holds(#"title = "Kernel 7.1 released""#))
        #expect(try !holds(#"title = "kernel 7.1 released""#))
        #expect(try holds(#"title != "kernel 7.1 released""#))
        #expect(try holds("age = 2"))
        #expect(try !holds("age = 02"))  // numbers compare as written, as newsboat does
        #expect(try !holds("age = 0:10"))  // a range is never equal
        #expect(try holds("age != 0:10"))
        // Byte for byte: a composed é is not a decomposed one.
        #expect(try !holds("title = \"caf\u{E9}\"", item(title: "cafe\u{301}")))
    }

    @Test func regularExpressionsIgnoreCaseAndMatchAnywhere() throws {
        #expect(try holds(#"title =~ "kernel""#))
        #expect(try holds(#"title =~ "^KERNEL [0-9]+\.[0-9]""#))
        #expect(try !holds(#"title =~ "^released""#))
        #expect(try holds(#"title !~ "^released""#))
        #expect(try holds(#"title =~ "(linux|kernel) 7""#))
        #expect(try holds(#"content =~ 12345"#))  // a number is a pattern too
        #expect(try holds(#"title =~ """#))
        // Case is ignored beyond ASCII, and for the letters whose partner is ASCII.
        #expect(try holds(#"title =~ "ÉTÉ""#, item(title: "un été chaud")))
    }

    @Test func containsLooksForOneWord() throws {
        #expect(try holds(#"tags # "news""#))
        #expect(try !holds(#"tags # "new""#))
        #expect(try !holds(#"tags # "linux news""#))
        #expect(try holds(#"tags !# "sports""#))
        #expect(try !holds(#"tags # """#))
        #expect(try holds(#"tags # "linux" and tags # "daily""#))
        #expect(try !holds(#"title # 7:8"#))
    }

    @Test func comparisonsUseLeadingDigits() throws {
        #expect(try holds("age < 3"))
        #expect(try holds("age > 1"))
        #expect(try holds("age <= 2"))
        #expect(try holds("age >= 2"))
        #expect(try !holds("age < 2"))
        #expect(try holds("age between 0:2"))
        #expect(try holds("age between 5:1"))  // ends in either order
        #expect(try !holds("age between 3:10"))
        #expect(try holds(#"content > "0""#, item()) == false)  // "The 12345…" has no leading digits
        #expect(try holds(#"title < "8""#))  // "Kernel…" is 0
        #expect(try holds("title < 8"))
        #expect(try holds(#"unread_count > "11 apples""#))
        #expect(try holds("age > 0:99"))  // a range compares as its leading number
        #expect(try holds("age >= -5"))
    }

    @Test func everyAttributeHasItsValue() throws {
        #expect(try holds(#"link = "https://lwn.net/Articles/1/""#))
        #expect(try holds(#"author = "Jonathan""#))
        #expect(try holds(#"content =~ "release""#))
        #expect(try holds(#"guid = "urn:lwn:1""#))
        #expect(try holds(#"unread = "yes""#))
        #expect(try holds(#"unread = "no""#, item(unread: false)))
        #expect(try holds(#"flags = """#))
        #expect(try holds(#"flags # "s""#, item(saved: true)))
        #expect(try holds(#"enclosure_url =~ "\.mp3$""#))
        #expect(try holds(#"enclosure_type = "audio/mpeg""#))
        #expect(try holds(#"feedtitle = "LWN.net""#))
        #expect(try holds(#"rssurl =~ "^https:""#))
        #expect(try holds(#"feedurl = "https://lwn.net/headlines/rss""#))
        #expect(try holds(#"feedlink = "https://lwn.net/""#))
        #expect(try holds(#"tags = "linux news daily""#))
        #expect(try holds("unread_count = 12"))
        #expect(try holds("total_count between 300:400"))
        #expect(try holds("feedindex = 3"))
        #expect(try holds("age = 2"))
        #expect(try holds(#"age = -1"#, item(daysAgo: -1.5)))
        let dated = FilterItem(title: "x", date: 1_795_000_000, feed: feed)
        #expect(FilterDate.text(seconds: dated.date) == "Wed, 18 Nov 2026 11:06:40 +0000")
        #expect(try FilterParser.parse(#"date =~ "18 Nov 2026""#).matches(dated, now: Self.now))
        #expect(FilterDate.text(seconds: 0) == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(FilterDate.text(seconds: -1) == "Wed, 31 Dec 1969 23:59:59 +0000")
        #expect(FilterDate.text(seconds: 1e15) == "")
    }

    @Test func numbersAreReadAsNewsboatReadsThem() {
        #expect(FilterNumber.parse("7654") == 7654)
        #expect(FilterNumber.parse("123foo") == 123)
        #expect(FilterNumber.parse("-999999bar") == -999_999)
        #expect(FilterNumber.parse("  +12") == 12)
        #expect(FilterNumber.parse("2147483648 is too large") == Int32.max)
        #expect(FilterNumber.parse("-2147483649") == Int32.min)
        #expect(FilterNumber.parse("hello") == 0)
        #expect(FilterNumber.parse("") == 0)
        #expect(FilterNumber.parse("-") == 0)
    }

    @Test func andOrFollowTheTree() throws {
        // (a or b) and c, as newsboat reads it.
        #expect(try !holds(#"title =~ "kernel" or author = "x" and title =~ "nothing""#))
        #expect(try holds(#"title =~ "kernel" or (author = "x" and title =~ "nothing")"#))
    }
}
