import Foundation
import Testing

@testable import Store

/// The podcast download queue as `newsapp downloads` reads it.
@Suite("Downloads: the queue")
struct DownloadQueueTests {
    /// A download a process took and then left without a word (killed, crashed) is interrupted:
    /// `newsapp downloads` says so instead of "downloading", and the next run takes it again.
    @Test func aDownloadWhoseProcessEndedIsInterrupted() async throws {
        let store = try NewsStore.testing()
        let episode = URL(string: "https://cdn.example.net/episode-1.mp3")!
        try await store.queueDownload(
            url: episode, title: "Episode 1", feedTitle: "A Podcast", type: "audio/mpeg", length: 20_000_000)
        #expect(try await store.downloads().map(\.interrupted) == [false])

        let taken = try #require(try await store.takeNextDownload())
        #expect(taken.state == .downloading)
        // This process has it and runs.
        #expect(try await store.downloads().map(\.interrupted) == [false])
        #expect(try await store.takeNextDownload() == nil)

        // The process that had it is gone (no process has the largest id).
        try await store.write { db in
            try db.execute(
                sql: "UPDATE download SET owner = ? WHERE id = ?", arguments: [Int32.max, taken.id])
        }
        let left = try #require(try await store.downloads().first)
        #expect(left.state == .downloading && left.interrupted)
        let again = try #require(try await store.takeNextDownload())
        #expect(again.id == taken.id && !again.interrupted)
        #expect(try await store.downloads().map(\.interrupted) == [false])
    }
}
