import Feeds
import Foundation
import Testing

@testable import Account

/// A feed named on the command line, and a file to import told apart by its contents.
@Suite struct FeedSelectorTests {
    static let file = UrlsFile(
        text: """
            https://feeds.example/space.xml space
            "exec:echo feed"
            "query:Unread:unread = \\"yes\\""
            """)

    static func resolved(_ text: String, in file: UrlsFile = file) -> String {
        switch FeedSelector(text: text).resolve(in: file) {
        case .success(.subscription(let subscription)): subscription.address
        case .success(.query(let query)): "query " + query.name
        case .failure(let failure): failure.description
        }
    }

    @Test func aNumberAnAddressACommandOrAQueryName() {
        #expect(Self.resolved("1") == "https://feeds.example/space.xml")
        #expect(Self.resolved("3") == "query Unread")
        #expect(Self.resolved("Unread") == "query Unread")
        #expect(Self.resolved("query:Unread") == "query Unread")
        #expect(Self.resolved("exec:echo feed") == "exec:echo feed")
        #expect(Self.resolved("HTTPS://FEEDS.EXAMPLE/space.xml") == "https://feeds.example/space.xml")
    }

    @Test func whatNamesNoFeedIsOneSentence() {
        #expect(Self.resolved("4") == "There is no feed 4: choose 1–3.")
        #expect(
            Self.resolved("2", in: UrlsFile(text: "https://a.example/\n")) == "There is no feed 2: choose 1.")
        #expect(Self.resolved("1", in: UrlsFile(text: "")) == "There is no feed 1: there are no feeds yet.")
        #expect(
            Self.resolved("not a feed")
                == "“not a feed” is neither a feed's number nor an http or https address.")
        #expect(
            Self.resolved("https://other.example/feed")
                == "https://other.example/feed is not among your feeds (newsapp feeds lists them).")
    }

    @Test func amongSubscriptionsANumberCounts() {
        let subscriptions = [
            Subscription(url: URL(string: "https://a.example/")!),
            Subscription(url: URL(string: "https://b.example/")!),
        ]
        let selector = FeedSelector(text: "2")
        #expect((try? selector.resolve(in: subscriptions).get())?.url.host == "b.example")
        #expect(throws: SubscriptionsFile.Failure.self) {
            try FeedSelector(text: "3").resolve(in: subscriptions).get()
        }
        #expect(throws: SubscriptionsFile.Failure.self) { try FeedSelector(text: "1").resolve(in: []).get() }
        #expect(throws: SubscriptionsFile.Failure.self) {
            try FeedSelector(text: "9").resolve(in: Array(subscriptions.prefix(1))).get()
        }
        #expect(FeedAddress.comparable(URL(string: "HTTPS://A.Example/Path")!) == "https://a.example/Path")
    }

    @Test func anOPMLFileIsReadForItsOutlines() throws {
        let opml = """
            \u{FEFF}<opml version="2.0"><body>
            <outline text="Space" type="rss" xmlUrl="https://feeds.example/space.xml"/></body></opml>
            """
        let imported = try SubscriptionImport(Data(opml.utf8))
        #expect(imported.kind == "an OPML file")
        #expect(imported.subscriptions.map(\.url.absoluteString) == ["https://feeds.example/space.xml"])
        #expect(throws: SubscriptionImport.Failure.self) { try SubscriptionImport(Data("<html><p>no".utf8)) }
    }

    @Test func aUrlsFileIsReadForItsFeedsQueriesAndSkippedLines() throws {
        let imported = try SubscriptionImport(
            Data(
                "https://feeds.example/a.xml news\n\"query:Unread:unread = \\\"yes\\\"\"\ngopher://old.example/\n"
                    .utf8))
        #expect(imported.kind == "a newsboat urls file")
        #expect(imported.subscriptions.count == 1)
        #expect(imported.queries.map(\.name) == ["Unread"])
        #expect(imported.skipped.count == 1)
        #expect(try SubscriptionImport(Data("\n  \n".utf8)).subscriptions.isEmpty)
    }

    @Test func aNewsboatConfigFileIsReadForItsSettings() throws {
        let imported = try SubscriptionImport(Data("max-items 50\nbrowser lynx\n".utf8))
        #expect(imported.kind == "a newsboat config file")
        #expect(imported.config != nil)
        #expect(imported.subscriptions.isEmpty)
    }

    @Test func whatIsNeitherIsOneSentence() {
        #expect(
            throws: SubscriptionImport.Failure.self,
            performing: { try SubscriptionImport(Data([0x66, 0xFF, 0xFE])) })
        do {
            _ = try SubscriptionImport(Data([0x66, 0xFF, 0xFE]))
        } catch {
            #expect(
                error.description
                    == "the file is neither OPML nor a newsboat urls file (it is not UTF-8 text).")
        }
        do {
            _ = try SubscriptionImport(Data("# only a comment\n".utf8))
            Issue.record("words were read as a urls file")
        } catch {
            #expect(error.description == "the file is neither OPML nor a newsboat urls or config file.")
        }
    }
}
