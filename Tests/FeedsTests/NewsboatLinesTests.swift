import FilterLanguage
import Foundation
import Testing

@testable import Feeds

/// Every kind of line a newsboat urls file can hold: feeds, query feeds, `exec:` and `filter:`
/// feeds, and the lines that cannot be read, each skipped with its reason.
@Suite("newsboat's urls file: query, exec and filter lines")
struct NewsboatLinesTests {
    @Test func everyKindOfLineIsRead() throws {
        let text = try Fixture.text("urls/newsboat-every-line")
        let file = UrlsFile(text: text)
        #expect(file.text == text)
        let kinds = file.entries.map { entry -> String in
            switch entry {
            case .subscription(let subscription): subscription.address
            case .query(let query): "query " + query.name
            }
        }
        #expect(
            kinds == [
                "https://lwn.net/headlines/rss", "https://example.com/quoted%20url.xml",
                "query Unread Articles",
                "query Linux this week", "exec:~/bin/execurl-script param1 param2", "exec:/usr/bin/printf",
                "filter:~/bin/filter-script param1:https://some.test/url",
                "filter:sed:https://some.test/other.xml",
                "https://hidden.example.org/feed",
            ])
        let unread = try #require(file.queries.first)
        #expect(unread.expression == (try FilterParser.parse(#"unread = "yes""#)))
        #expect(unread.text == #"unread = "yes""#)
        #expect(unread.address == #"query:Unread Articles:unread = "yes""#)
        #expect(file.queries[1].tags == ["linux"])
        let filtered = file.subscriptions[4]
        #expect(
            filtered.source
                == .filter(command: "~/bin/filter-script param1", url: URL(string: "https://some.test/url")!))
        #expect(filtered.title == "Filtered")
        #expect(file.subscriptions[2].tags == ["scripts"])
        // Each feed is known by one stable address, commands too.
        #expect(Set(file.subscriptions.map(\.url)).count == file.subscriptions.count)
        #expect(file.subscriptions[2].url.absoluteString == "exec:~/bin/execurl-script%20param1%20param2")

        let reasons = Dictionary(uniqueKeysWithValues: file.skipped.map { ($0.line, $0.reason) })
        #expect(reasons[12] == "At column 1 of the filter, “titl” is not an attribute (did you mean title?).")
        #expect(reasons[13] == "A query feed is written query:NAME:EXPRESSION.")
        #expect(reasons[14] == "A query feed is written query:NAME:EXPRESSION.")
        #expect(reasons[15] == "An exec: feed needs a command: exec:COMMAND.")
        #expect(reasons[16] == "A filter: feed is written filter:COMMAND:URL, with an http or https URL.")
        #expect(reasons[17] == "A filter: feed is written filter:COMMAND:URL, with an http or https URL.")
        #expect(reasons[18] == "The same query feed name as line 4.")
        #expect(reasons[19] == "The same feed as line 2.")
        #expect(reasons[20] == "The same feed as line 6.")
        #expect(reasons[21] == "“file:///home/me/local.xml” is not an http or https address.")
        #expect(file.skipped.count == 10)
    }

    @Test func queryFeedsAreAddedAndRemovedAsNewsboatWritesThem() throws {
        var file = UrlsFile(text: "https://a.org/f\n")
        let added = file.addQuery(name: "Unread", expression: #"unread = "yes""#, tags: ["x", "~no", "x"])
        #expect(added)
        let again = file.addQuery(name: "Unread", expression: #"age < 2"#)
        #expect(!again)
        #expect(file.text == "https://a.org/f\n" + #""query:Unread:unread = \"yes\"" x x"# + "\n")
        let reread = UrlsFile(text: file.text)
        #expect(reread.queries.map(\.name) == ["Unread"])
        #expect(reread.queries.first?.tags == ["x"])
        let removed = file.removeQuery(name: "Unread")
        #expect(removed?.name == "Unread")
        #expect(file.text == "https://a.org/f\n")
        let removedAgain = file.removeQuery(name: "Unread")
        #expect(removedAgain == nil)
    }

    @Test func aCommandsFeedIsRemovedByItsAddress() throws {
        var file = UrlsFile(text: "\"exec:cat feed.xml\" tag\nhttps://a.org/f\n")
        let command = try #require(file.subscriptions.first)
        #expect(command.runsCommand)
        let removed = file.remove(url: command.url)
        #expect(removed == command)
        #expect(file.text == "https://a.org/f\n")
    }

    @Test func queryAddressesRoundTrip() {
        for name in ["Unread Articles", "a/b:c", "é", "%20", ""] {
            #expect(QueryFeed.name(of: QueryFeed.url(named: name)) == name)
        }
        #expect(QueryFeed.name(of: URL(string: "https://a.org/")!) == nil)
    }
}
