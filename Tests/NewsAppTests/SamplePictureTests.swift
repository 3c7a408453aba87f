import Coordinators
import Foundation
import HTTPTestServer
import Images
import Modules
import SampleEdition
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

    /// Every scheme's proxy, pointed at `server`: a request the app makes for any address
    /// reaches it (libcurl, under Foundation's URLSession, takes its proxies from these).
    static func proxies(_ server: RawHTTPServer) -> [String: String] {
        let address = server.baseURL.absoluteString
        var environment: [String: String] = [:]
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"] {
            environment[name] = address
        }
        return environment
    }

    @Test func withImagesOnTheSampleEditionDrawsItsPicturesWithoutTheNetwork() async throws {
        // A proxy that answers nothing: any request for a picture would reach it.
        let proxy = try RawHTTPServer(.hangUp)
        let tmux = try TmuxSession(
            ["--images", "on", "--layout", "stack", "--page-size", "3"], columns: 100, rows: 60,
            environment: Self.proxies(proxy), recordsOutput: true)
        // The front page's featured story has its picture, then the article screen.
        let front = try await tmux.waitForFrontPage()
        #expect(front.contains("▀▀▀▀▀▀▀▀▀▀"), "no picture on the front page:\n\(front)")
        try tmux.send("1")
        let article = try await tmux.waitFor("the article with its picture") { screen in
            let draw = TmuxSession.latestDraw(screen)
            return draw.contains("o open · s share") && draw.contains("▀▀▀▀▀▀▀▀▀▀")
        }
        #expect(!article.contains("skipped"))
        #expect(!article.contains("could not be downloaded"))
        try tmux.send("q")
        let output = try await tmux.recordedOutput(through: "[newsapp exited with status 0]")
        // Drawn in true colour: a foreground and a background colour for each half block.
        #expect(output.range(of: Data("m▀".utf8)) != nil)
        #expect(output.range(of: Data(";48;2;".utf8)) != nil)
        #expect(proxy.requestHeads.isEmpty, "the app asked for \(proxy.requestHeads)")

        // The same proxies do carry the app's requests: a live run's request reaches the server.
        let sandbox = try Sandbox()
        let live = try await sandbox.run(
            ["headlines"],
            extra: Self.proxies(proxy).merging([
                "NEWSAPI_KEY": "test-key", "NEWSAPI_BASE_URL": "http://news.invalid",
            ]) { $1 })
        #expect(live.status == 1)
        #expect(proxy.requestHeads.first?.contains("news.invalid") == true, "\(proxy.requestHeads)")
        await proxy.stop()
    }
}
