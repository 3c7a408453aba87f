import Foundation
import NewsModels
import Store
import Testing

@testable import Console
@testable import NewsApp

/// `download` asks NewsModels' one web-address check of an enclosure's address, by its scheme
/// alone as before: any case of http or https is queued, other schemes are refused.
@Suite("Enclosure addresses queued for download")
struct EnclosureAddressTests {
    /// What `download` says of an enclosure at `address`, queued in a new store.
    static func answer(_ address: String) async throws -> String {
        let downloads = StoreDownloads(
            store: try NewsStore.inMemory(), folder: "/nonexistent/podcasts", home: nil, player: nil)
        let article = Article(
            source: ArticleSource(name: "Wire"), title: "The show",
            url: URL(string: "https://wire.example/1")!)
        let enclosure = Enclosure(url: try #require(URL(string: address)), type: "audio/mpeg")
        return await downloads.queue(enclosure, of: article)
    }

    @Test(
        "http(s) in any case is queued, with credentials or without a host",
        arguments: [
            "HTTPS://pod.example/ep.mp3", "Http://pod.example/ep.mp3", "https://u:p@pod.example/ep.mp3",
            "http:ep.mp3",
        ])
    func queued(address: String) async throws {
        #expect(try await Self.answer(address).hasPrefix("Queued “The show” for "))
    }

    @Test("another scheme is refused", arguments: ["ftp://pod.example/ep.mp3", "file:///tmp/ep.mp3"])
    func refused(address: String) async throws {
        #expect(try await Self.answer(address) == "Only http and https enclosures can be downloaded.")
    }
}
