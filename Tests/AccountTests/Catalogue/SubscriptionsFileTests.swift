import Feeds
import Foundation
import TestSupport
import Testing

@testable import Account

/// The urls file beside the config file, shown with `~`, edited in place.
@Suite struct SubscriptionsFileTests {
    @Test func theFileIsBesideTheConfigFile() {
        let xdg = SubscriptionsFile.standard(environment: ["XDG_CONFIG_HOME": "/config", "HOME": "/home/ann"])
        #expect(xdg == SubscriptionsFile(path: "/config/newsapp/urls", home: "/home/ann"))
        let home = SubscriptionsFile.standard(environment: ["HOME": "/home/ann"])
        #expect(home?.displayPath == "~/.config/newsapp/urls")
        #expect(SubscriptionsFile.standard(environment: [:]) == nil)
    }

    @Test func anUpdateIsWrittenAndReadBack() throws {
        let folder = try TemporaryDirectory()
        let file = SubscriptionsFile(path: folder.path + "/urls")
        let url = try #require(URL(string: "https://feeds.example/space.xml"))

        let added = try file.update { $0.add(Subscription(url: url, tags: ["space"])) }

        #expect(added)
        #expect(try file.load().subscriptions == [Subscription(url: url, tags: ["space"])])
    }
}
