import Account
import CPNG
import Configuration
import FlyingFox
import FlyingSocks
import Foundation
import Images
import Modules
import TerminalText
import TestSupport
import Testing

@testable import Console
@testable import NewsApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pictures: real PNG files served over HTTP on 127.0.0.1, through the image cache, drawn as half
/// blocks; when pictures are on; and what the styler writes for their cells.
@Suite(.timeLimit(.minutes(1)))
struct ArticleImagesTests {
    /// A 4×4 PNG: red on top, blue below.
    static func redOverBlue() throws -> Data {
        var pixels: [UInt8] = []
        for row in 0..<4 {
            for _ in 0..<4 { pixels += row < 2 ? [255, 0, 0] : [0, 0, 255] }
        }
        return try png(pixels, width: 4, height: 4)
    }

    static func png(_ pixels: [UInt8], width: Int, height: Int) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NEWSAPP_PNG_MESSAGE_SIZE))
        let status = newsapp_png_encode(pixels, UInt32(width), UInt32(height), 3, &output, &size, &message)
        defer { free(output) }
        let bytes = try #require(output)
        #expect(status == NEWSAPP_PNG_OK)
        return Data(bytes: bytes, count: size)
    }

    /// An HTTP server on 127.0.0.1 with a few pictures and not-pictures, counting requests.
    final class PictureServer: Sendable {
        let server: HTTPServer
        let task: Task<Void, any Error>
        let port: UInt16

        init(_ routes: [String: (status: Int, body: Data)]) async throws {
            server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
            for (path, reply) in routes {
                await server.appendRoute(HTTPRoute("GET \(path)")) { _ in
                    HTTPResponse(statusCode: HTTPStatusCode(reply.status, phrase: "Reply"), body: reply.body)
                }
            }
            let server = server
            task = Task { try await server.run() }
            // Generous: on a loaded machine, or under a sanitizer, FlyingFox's 5 s default passes.
            try await server.waitUntilListening(timeout: 60)
            guard case .ip4(_, let port) = await server.listeningAddress else {
                throw CancellationError()
            }
            self.port = port
        }

        func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

        func stop() async {
            await server.stop(timeout: 0)
            task.cancel()
        }
    }

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var imagesURL: URL { directory.url.appendingPathComponent("images", isDirectory: true) }

    @Test func aPictureIsDrawnInHalfBlocksAndKeptOnDiskForOfflineUse() async throws {
        let server = try await PictureServer(["/red-blue.png": (200, try Self.redOverBlue())])
        let images = CachedArticleImages(directory: imagesURL, timeout: 120)
        let thumbnail = await images.thumbnail(for: server.url("/red-blue.png"), columns: 4, rows: 2)
        guard case .picture(let lines) = thumbnail else {
            Issue.record("expected a picture, got \(thumbnail)")
            return
        }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.plainText == "▀▀▀▀" })
        #expect(
            lines[0].spans[0].colors == CellColors(foreground: RGB(255, 0, 0), background: RGB(255, 0, 0)))
        #expect(
            lines[1].spans[0].colors == CellColors(foreground: RGB(0, 0, 255), background: RGB(0, 0, 255)))
        // Kept on disk, named by the SHA-256 of the address.
        let name = ImageCache.fileName(for: server.url("/red-blue.png"))
        #expect(FileManager.default.fileExists(atPath: imagesURL.appendingPathComponent(name).path))
        await server.stop()

        // Offline, a fresh cache (a new run) draws it from disk and skips what it never fetched.
        let offline = CachedArticleImages(directory: imagesURL, offline: true)
        #expect(await offline.thumbnail(for: server.url("/red-blue.png"), columns: 2, rows: 1) != .disabled)
        if case .picture(let small) = await offline.thumbnail(
            for: server.url("/red-blue.png"), columns: 2, rows: 1)
        {
            #expect(small.count == 1)
            #expect(small[0].spans.count == 2)
        } else {
            Issue.record("the stored picture was not drawn offline")
        }
        #expect(
            await offline.thumbnail(for: server.url("/other.png"), columns: 4, rows: 2)
                == .skipped("The picture could not be downloaded: NewsApp is offline."))
    }

    @Test func picturesThatCannotBeShownAreSkippedWithASentence() async throws {
        let big = try Self.png([UInt8](repeating: 90, count: 20 * 20 * 3), width: 20, height: 20)
        let server = try await PictureServer([
            "/page.html": (200, Data("<html>not a picture</html>".utf8)),
            "/broken.png": (200, try Self.redOverBlue().prefix(40)),
            "/big.png": (200, big),
            "/gone.png": (404, Data()),
            "/ok.png": (200, try Self.redOverBlue()),
        ])
        defer { Task { await server.stop() } }
        let cache = ImageCache(
            directory: imagesURL,
            limits: ImageCache.Limits(memoryBytes: 1 << 20, diskBytes: 1 << 20, maxPixels: 100),
            fetcher: HTTPImageFetcher(timeout: 120))
        let images = CachedArticleImages(cache: cache)
        #expect(
            await images.thumbnail(for: server.url("/page.html"), columns: 10, rows: 5)
                == .skipped("The picture is in a format NewsApp cannot show (only JPEG and PNG)."))
        #expect(
            await images.thumbnail(for: server.url("/big.png"), columns: 10, rows: 5)
                == .skipped("The picture is too big to show: 20×20 pixels, over the limit of 100 pixels."))
        #expect(
            await images.thumbnail(for: server.url("/gone.png"), columns: 10, rows: 5)
                == .skipped("The picture could not be loaded: the server answered with status 404."))
        guard
            case .skipped(let damaged) = await images.thumbnail(
                for: server.url("/broken.png"), columns: 10, rows: 5)
        else {
            Issue.record("a cut-short PNG was drawn")
            return
        }
        #expect(damaged.hasPrefix("The picture is damaged or incomplete"))
        #expect(
            await images.thumbnail(for: URL(string: "file:///etc/passwd")!, columns: 10, rows: 5)
                == .skipped("Only pictures at http and https addresses can be loaded."))
        // Nothing that failed is kept.
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: imagesURL.path)) ?? []
        #expect(kept.isEmpty)
        #expect(
            await images.thumbnail(for: server.url("/ok.png"), columns: 0, rows: 5)
                == .skipped("There is no room to show the picture."))
    }

    @Test func prefetchedPicturesAreThereAfterTheServerIsGone() async throws {
        let server = try await PictureServer([
            "/a.png": (200, try Self.redOverBlue()), "/b.png": (200, try Self.redOverBlue()),
        ])
        let images = CachedArticleImages(directory: imagesURL, timeout: 120)
        await images.prefetch([server.url("/a.png"), server.url("/b.png"), server.url("/a.png")])
        await server.stop()
        for path in ["/a.png", "/b.png"] {
            guard case .picture = await images.thumbnail(for: server.url(path), columns: 4, rows: 2) else {
                Issue.record("\(path) was not prefetched")
                continue
            }
        }
    }

    // MARK: When pictures are on

    @Test(arguments: [
        // choice, terminal, environment, on?
        (ImagesChoice.auto, true, ["COLORTERM": "truecolor"], true),
        (.auto, true, ["COLORTERM": "24bit"], true),
        (.auto, true, ["COLORTERM": "TrueColor"], true),
        (.auto, true, [:], false),
        (.auto, true, ["COLORTERM": "yes"], false),
        (.on, true, [:], true),
        (.on, false, [:], false),
        (.auto, false, ["COLORTERM": "truecolor"], false),
        (.off, true, ["COLORTERM": "truecolor"], false),
        (.on, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["COLORTERM": "truecolor", "NO_COLOR": "1"], false),
        (.auto, true, ["COLORTERM": "truecolor", "NO_COLOR": ""], true),
        (.on, true, ["TERM": "dumb"], false),
    ])
    func picturesAreOnOnlyInAColourTerminal(
        choice: ImagesChoice, terminal: Bool, environment: [String: String], on: Bool
    ) async {
        #expect(PictureSupport.isEnabled(choice, isTerminal: terminal, environment: environment) == on)
        let directory = CacheDirectory(path: self.directory.path, home: nil)
        let images = PictureSupport.images(
            choice, isTerminal: terminal, environment: environment, directory: directory, offline: true,
            timeout: 10)
        #expect((images is CachedArticleImages) == on)
        if !on {
            #expect(
                await images.thumbnail(for: URL(string: "https://example.org/a.png")!, columns: 4, rows: 2)
                    == .disabled)
        }
    }

    // MARK: What the terminal gets

    @Test func theStylerDrawsCellColoursInTrueColourOnly() throws {
        let line = StyledLine([
            Span("▀", colors: CellColors(foreground: RGB(255, 0, 0), background: RGB(0, 0, 255))),
            Span("▀", colors: CellColors(foreground: RGB(1, 2, 3), background: RGB(250, 251, 252))),
        ])
        let color = ANSIStyler(mode: .color(.dark), hyperlinks: false).render(line)
        #expect(
            color
                == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0m\u{1B}[38;2;1;2;3;48;2;250;251;252m▀\u{1B}[0m")
        let light = ANSIStyler(mode: .color(.light), hyperlinks: false).render(line)
        #expect(light == color)
        // NO_COLOR and pipes: never a colour.
        let monochrome = ANSIStyler(mode: .monochrome, hyperlinks: false).render(line)
        #expect(monochrome == "▀▀")
        #expect(ANSIStyler(mode: .plain, hyperlinks: false).render(line) == "▀▀")
    }

    @Test func aRenderedPictureThroughTheStyler() async throws {
        let image = try #require(
            RGBImage(width: 2, height: 2, pixels: [10, 20, 30, 10, 20, 30, 40, 50, 60, 40, 50, 60]))
        let lines = HalfBlockRenderer().render(image, maxColumns: 2, maxRows: 1)
        let text = lines.map { ANSIStyler(mode: .color(.dark), hyperlinks: false).render($0) }.joined()
        #expect(text.components(separatedBy: "38;2;10;20;30;48;2;40;50;60m▀").count == 3)
        let plain = lines.map { ANSIStyler(mode: .monochrome, hyperlinks: false).render($0) }.joined()
        #expect(!plain.contains("\u{1B}"))
    }
}
