import Account
import Foundation
import Images
import Modules
import SampleEdition
import TerminalText
import TestSupport
import Testing

@testable import NewsApp

/// The sample edition's pictures as the app wires them: from its bundle, drawn in half blocks,
/// with the network out of reach (the offline fetcher fails every download, so a picture drawn
/// came from the bundle) and nothing copied into the cache.
@Suite(.timeLimit(.minutes(1)))
struct SamplePictureTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var imagesURL: URL { directory.url.appendingPathComponent("images", isDirectory: true) }

    @Test func everySampleArticleWithAPictureShowsOneFromTheBundle() async throws {
        let pictures = try #require(SamplePictures.bundled())
        let images = CachedArticleImages(
            directory: imagesURL, offline: true, local: BundledSamplePictures(pictures: pictures))
        let addresses = try SampleEdition.bundled().entries.compactMap(\.article.imageURL)
        #expect(addresses.count >= 70)
        var drawn: Set<[StyledLine]> = []
        for address in addresses {
            guard case .picture(let lines) = await images.thumbnail(for: address, columns: 40, rows: 12)
            else {
                Issue.record("no picture for \(address)")
                continue
            }
            #expect(lines.count > 6 && lines.count <= 12)
            #expect(lines.allSatisfy { !$0.plainText.isEmpty && $0.plainText.allSatisfy { $0 == "▀" } })
            // True colour: each cell's two pixels are its foreground and background.
            #expect(lines.allSatisfy { $0.spans.allSatisfy { $0.colors != nil } })
            drawn.insert(lines)
        }
        // One picture per category and one per section's newest story.
        #expect(drawn.count == 14)
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: imagesURL.path)) ?? []
        #expect(kept.isEmpty, "bundled pictures are not copied into the cache")
        // Any other address still goes to the (here offline) network.
        #expect(
            await images.thumbnail(for: URL(string: "https://example.org/other.jpg")!, columns: 40, rows: 12)
                == .skipped("The picture could not be downloaded: NewsApp is offline."))
    }

    @Test func theAppsPicturesComeWithTheBundledOnes() async throws {
        let directory = CacheDirectory(path: self.directory.path, home: nil)
        let images = PictureSupport.images(
            .on, isTerminal: true, environment: [:], directory: directory, offline: true, timeout: 10)
        let address = try #require(SampleEdition.bundled().entries.first?.article.imageURL)
        guard case .picture = await images.thumbnail(for: address, columns: 20, rows: 6) else {
            Issue.record("the app's pictures do not draw the sample edition's from its bundle")
            return
        }
    }
}
