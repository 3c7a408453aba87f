import Foundation
import Testing

@testable import Feeds

@Suite("newsboat's urls file")
struct UrlsFileTests {
    private func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    // MARK: Reading

    @Test func aMessyFileIsReadAsNewsboatReadsIt() throws {
        let file = UrlsFile(text: try Fixture.text("urls/messy-urls"))
        let expected = [
            Subscription(
                url: try url("https://blog.fefe.de/rss.xml?html"),
                tags: ["interesting", "conspiracy", "news", "cool stuff"]),
            Subscription(
                url: try url("https://rss.orf.at/news.xml"), tags: ["news", "orf"], title: "ORF News"),
            Subscription(
                url: try url("https://www.heise.de/newsticker/heise.rdf"), tags: ["news", "interesting"]),
            Subscription(
                url: try url("https://example.com/quoted%20url.xml"),
                tags: ["tag with \"quotes\"", "back\\slash"]),
            Subscription(url: try url("https://hidden.example.org/feed"), tags: ["hidden"]),
            Subscription(url: try url("https://example.org/crlf.xml"), tags: ["windows"]),
            Subscription(url: try url("https://example.org/atom.xml"), tags: ["news"]),
            Subscription(url: try url("https://example.org/last.xml"), title: "Last One"),
        ]
        let commands = [
            Subscription(source: .command("~/bin/my-feed.sh"), tags: ["scripts"]),
            Subscription(
                source: .filter(command: "~/bin/clean.sh", url: try url("https://example.net/feed.xml")),
                tags: ["filtered"]),
        ]
        #expect(file.subscriptions == Array(expected[..<4]) + commands + Array(expected[4...]))
        #expect(file.queries.map(\.name) == ["Unread Articles"])
        #expect(file.queries.first?.tags == ["queries"])
        #expect(file.skipped.map(\.line) == [12, 13, 14])
        #expect(file.skipped[0].reason == "“file:///home/me/local.xml” is not an http or https address.")
        #expect(file.skipped[1].reason == "“ftp://example.org/feed.xml” is not an http or https address.")
        #expect(file.skipped[2].reason == "The same feed as line 4.")
    }

    @Test func aFileReadsBackByteForByte() throws {
        let text = try Fixture.text("urls/messy-urls")
        #expect(UrlsFile(text: text).text == text)
        for text in [
            "", "\n", "\n\n", "https://a.org/f", "https://a.org/f\n", "# only a comment",
            "\u{FEFF}https://a.org/f\r\n",
        ] {
            #expect(UrlsFile(text: text).text == text)
        }
    }

    @Test func commentsStartAtATokenStartingWithAHash() throws {
        let file = UrlsFile(
            text: "#https://commented.org/f\n  # indented\nhttps://a.org/f tag#not-a-comment # comment \"x\"")
        #expect(
            file.subscriptions == [Subscription(url: try url("https://a.org/f"), tags: ["tag#not-a-comment"])]
        )
        #expect(file.skipped.isEmpty)
    }

    @Test func quotedTokensUnescapeAndMayRunTogether() throws {
        let file = UrlsFile(text: #"https://a.org/f "a\tb\nc" "\\x\q" "one"two "open quote"#)
        #expect(file.subscriptions.first?.tags == ["a\tb\nc", "\\xq", "one", "two", "open quote"])
        let plain = UrlsFile(text: #"https://a.org/f back\slash mid"quote"#)
        #expect(plain.subscriptions.first?.tags == ["back\\slash", "mid\"quote"])
    }

    @Test func everyTokenIsWrittenSoThatItReadsBack() {
        let tokens = [
            "plain", "", " ", "\"", "\\", "#hash", "a#b", "a b", "tab\there", "new\nline", "cr\rx", "`tick`",
            "\\`",
            "é ü", "\"quoted\"", "mid\"quote", "~Title with spaces", "trailing\\",
            // Found by Scripts/fuzz (urls-file): Foundation's contains("\n") stops at a NUL.
            "\0nul then\nline",
        ]
        for token in tokens {
            let line = "https://a.org/f " + UrlsLine.written(token)
            #expect(UrlsLine(Substring(line)).tokens.map(\.text) == ["https://a.org/f", token], "\(line)")
        }
        #expect(UrlsLine.written("a#b") == "a#b")
        #expect(UrlsLine.written("with space") == "\"with space\"")
    }

    @Test func aByteOrderMarkDoesNotHideTheFirstFeed() throws {
        let file = UrlsFile(text: "\u{FEFF}https://a.org/f news\n")
        #expect(file.subscriptions == [Subscription(url: try url("https://a.org/f"), tags: ["news"])])
    }

    @Test func theFirstTildeTagIsTheTitleAndExclamationTagsAreNotTags() throws {
        let file = UrlsFile(text: #"https://a.org/f "~First" b "~Second" "!hidden" b a"#)
        #expect(
            file.subscriptions == [
                Subscription(url: try url("https://a.org/f"), tags: ["b", "a"], title: "First")
            ])
    }

    /// Found by Scripts/fuzz (urls-file): `~` and a combining mark after it are one `Character`,
    /// so a title starting with a mark was read back as a tag.
    @Test func aTitleOrMarkStartingWithACombiningMarkIsStillATitleOrAMark() throws {
        let file = UrlsFile(text: "https://a.org/f \"~\u{0312}\t\" !\u{0301}x tag\n")
        #expect(
            file.subscriptions == [
                Subscription(url: try url("https://a.org/f"), tags: ["tag"], title: "\u{0312}\t")
            ])
        var added = UrlsFile(text: "")
        added.add(Subscription(url: try url("https://b.org/f"), tags: ["~\u{0312}x"], title: "\u{0301}T"))
        #expect(
            UrlsFile(text: added.text).subscriptions == [
                Subscription(url: try url("https://b.org/f"), title: "\u{0301}T")
            ])
    }

    /// A tag of `#` and a combining mark, written bare, would be read back as a comment that takes
    /// every tag after it and the title; a tag starting with `"` and a mark, as a quoted token. So
    /// both are quoted: Swift's `hasPrefix` compares characters, the reader scalars.
    @Test func aTagStartingWithAHashOrQuoteAndACombiningMarkIsQuoted() throws {
        var file = UrlsFile(text: "")
        let added = Subscription(
            url: try url("https://b.org/f"), tags: ["#\u{0301}T", "\"\u{0301}x", "after"], title: "Title")
        file.add(added)
        #expect(file.text == "https://b.org/f \"#\u{0301}T\" \"\\\"\u{0301}x\" after ~Title\n")
        #expect(UrlsFile(text: file.text).subscriptions == [added])
    }

    // MARK: Editing

    @Test func addingAppendsALineQuotedOnlyWhereNeeded() throws {
        var file = UrlsFile(text: "# my feeds\nhttps://a.org/f news")
        let added = Subscription(
            url: try url("https://b.org/feed?x=1&y=2"),
            tags: ["tech", "with space", "say \"hi\"", "#hash", "~x", "!y"],
            title: "B's \\ Feed")
        let wasAdded = file.add(added)
        #expect(wasAdded)
        #expect(
            file.text == """
                # my feeds
                https://a.org/f news
                https://b.org/feed?x=1&y=2 tech "with space" "say \\"hi\\"" "#hash" "~B's \\\\ Feed"

                """)
        let reread = UrlsFile(text: file.text)
        #expect(
            reread.subscriptions.last
                == Subscription(
                    url: added.url, tags: ["tech", "with space", "say \"hi\"", "#hash"], title: "B's \\ Feed")
        )
        #expect(reread.subscriptions == file.subscriptions)
    }

    @Test func addingAListedURLChangesNothing() throws {
        let text = "https://a.org/f\nhttps://a.org/f dup\n"
        var file = UrlsFile(text: text)
        let wasAdded = file.add(Subscription(url: try url("https://a.org/f"), tags: ["other"]))
        #expect(!wasAdded)
        #expect(file.text == text)
    }

    @Test func addingToAnEmptyFileOrAWindowsFile() throws {
        var empty = UrlsFile(text: "")
        empty.add(Subscription(url: try url("https://a.org/f")))
        #expect(empty.text == "https://a.org/f\n")
        var windows = UrlsFile(text: "https://a.org/f\r\n")
        windows.add(Subscription(url: try url("https://b.org/f"), tags: ["t"]))
        #expect(windows.text == "https://a.org/f\r\nhttps://b.org/f t\r\n")
    }

    @Test func removingDeletesOnlyTheFeedsLines() throws {
        let text = try Fixture.text("urls/messy-urls")
        var file = UrlsFile(text: text)
        let removed = file.remove(url: try url("https://rss.orf.at/news.xml"))
        #expect(removed?.title == "ORF News")
        // Split by scalars: as a Character, "\r\n" is not "\n".
        var expected = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        expected.remove(at: 13)  // the duplicate, which would otherwise take its place
        expected.remove(at: 3)
        #expect(file.text == expected.joined(separator: "\n"))
        #expect(!file.subscriptions.contains { $0.url.host == "rss.orf.at" })
        #expect(file.skipped.map(\.line) == [11, 12])
        let removedAgain = file.remove(url: try url("https://rss.orf.at/news.xml"))
        #expect(removedAgain == nil)
    }

    @Test func removingTheLastLineKeepsTheLineBreakBeforeIt() throws {
        var file = UrlsFile(text: "# feeds\nhttps://a.org/f")
        let removed = file.remove(url: try url("https://a.org/f"))
        #expect(removed != nil)
        #expect(file.text == "# feeds\n")
        let removedAgain = file.remove(url: try url("https://a.org/f"))
        #expect(removedAgain == nil)
    }

    @Test func replacingMovesTheFeedAndKeepsItsLine() throws {
        let text = "# news\n  https://old.org/feed  news \"~My Title\"  # moved?\nhttps://other.org/f\n"
        var file = UrlsFile(text: text)
        file.replace(url: try url("https://old.org/feed"), with: try url("https://new.org/feed.xml"))
        #expect(
            file.text
                == "# news\n  https://new.org/feed.xml  news \"~My Title\"  # moved?\nhttps://other.org/f\n")
        #expect(
            file.subscriptions.first
                == Subscription(url: try url("https://new.org/feed.xml"), tags: ["news"], title: "My Title"))
    }

    @Test func replacingAQuotedURLWritesTheNewOnePlain() throws {
        var file = UrlsFile(text: "\"https://old.org/a feed\" tag\n")
        file.replace(url: try url("https://old.org/a%20feed"), with: try url("https://new.org/feed"))
        #expect(file.text == "https://new.org/feed tag\n")
    }

    @Test func replacingWithAListedURLRemovesTheOldLine() throws {
        var file = UrlsFile(text: "https://old.org/f a\n# keep\nhttps://new.org/f b\n")
        file.replace(url: try url("https://old.org/f"), with: try url("https://new.org/f"))
        #expect(file.text == "# keep\nhttps://new.org/f b\n")
    }

    @Test func replacingAnUnlistedURLChangesNothing() throws {
        let text = "https://a.org/f\n"
        var file = UrlsFile(text: text)
        file.replace(url: try url("https://b.org/f"), with: try url("https://c.org/f"))
        #expect(file.text == text)
    }
}

/// An import of any size is one pass over the file: adding 100,000 feeds one at a time, each
/// re-reading every line before it, would take time quadratic in the file's length.
@Suite struct UrlsFileImportTests {
    static func subscriptions(_ count: Int, offset: Int = 0) -> [Subscription] {
        (0..<count).map { index in
            Subscription(
                url: URL(string: "https://feed\(index + offset).example/rss")!, tags: ["folder \(index % 7)"],
                title: index % 3 == 0 ? "Feed \(index + offset)" : nil)
        }
    }

    @Test func addingAHundredThousandFeedsReadsTheFileOnce() {
        var file = UrlsFile(text: "# mine\nhttps://feed5.example/rss old\n")
        #expect(file.passes == 1)
        let added = file.add(contentsOf: Self.subscriptions(100_000))
        #expect(added == 99_999, "the one already listed stays as it is")
        #expect(file.passes == 2, "one pass for the whole list")
        #expect(file.subscriptions.count == 100_000)
        #expect(file.subscriptions[0].tags == ["old"])
        #expect(file.subscriptions[1].url.absoluteString == "https://feed0.example/rss")
        #expect(file.subscriptions[1].title == "Feed 0")
        #expect(file.subscriptions.last?.tags == ["folder 4"])
        // Written and read back, the same feeds.
        let back = UrlsFile(text: file.text)
        #expect(back.subscriptions == file.subscriptions)
        #expect(back.skipped.isEmpty)
    }

    @Test func aListRepeatingItsOwnFeedsAddsEachOnce() {
        var file = UrlsFile(text: "")
        let list = Self.subscriptions(10) + Self.subscriptions(10)
        #expect(file.add(contentsOf: list) == 10)
        #expect(file.add(contentsOf: list) == 0)
        #expect(file.passes == 2, "nothing added, nothing read again")
        #expect(file.subscriptions.map(\.url) == Self.subscriptions(10).map(\.url))
    }

    @Test func anOPMLFileOfAHundredThousandOutlinesIsReadInOnePass() throws {
        var text = #"<?xml version="1.0"?><opml version="2.0"><head/><body>"#
        for folder in 0..<100 {
            text += #"<outline text="Folder \#(folder)">"#
            for index in 0..<1_000 {
                text +=
                    #"<outline type="rss" text="F\#(index)" xmlUrl="https://f\#(folder * 1_000 + index).example/"/>"#
            }
            text += "</outline>"
        }
        // The same feeds again in another folder: one subscription each, with both folders.
        text += #"<outline text="Again">"#
        for index in 0..<1_000 { text += #"<outline type="rss" xmlUrl="https://f\#(index).example/"/>"# }
        text += "</outline></body></opml>"
        let subscriptions = try OPML.subscriptions(from: Data(text.utf8))
        #expect(subscriptions.count == 100_000)
        #expect(subscriptions[0].tags == ["Folder 0", "Again"])
        #expect(subscriptions[99_999].tags == ["Folder 99"])
    }
}
