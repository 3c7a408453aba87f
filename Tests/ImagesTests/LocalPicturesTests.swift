import Foundation
import NewsModels
import Testing

@testable import Images

/// Pictures the app carries with it: answered before the disk and the network, never fetched,
/// never copied to disk.
@Suite("Image cache: local pictures")
struct LocalPicturesTests {
    static let bundled = URL(string: "https://pictures.example/bundled/a.png")!
    static let elsewhere = URL(string: "https://pictures.example/elsewhere/b.png")!

    /// A ``LocalPictures`` holding the addresses under `/bundled/`, counting what it is asked.
    final class Source: LocalPictures {
        let data: Data
        private let asked = Locked<[URL]>([])

        init(_ data: Data) { self.data = data }

        var questions: [URL] { asked.withLock { $0 } }

        func pictureData(for url: URL) -> Data? {
            asked.withLock { $0.append(url) }
            return url.path.hasPrefix("/bundled/") ? data : nil
        }
    }

    @Test("a local picture is decoded from its bytes: not fetched, not written to disk")
    func localPicturesAreNeverFetched() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let picture = RGBImage(width: 4, height: 4, filledWith: Samples.orange)
        let source = Source(try Samples.png(picture))
        let fetcher = StubFetcher()  // every fetch fails
        let cache = ImageCache(directory: directory.url, fetcher: fetcher, local: source)

        #expect(try await cache.image(for: Self.bundled) == picture)
        #expect(fetcher.requests.isEmpty)
        #expect(directory.fileNames.isEmpty)
        // Kept decoded in memory like any other: the source is not asked again.
        #expect(try await cache.image(for: Self.bundled) == picture)
        #expect(source.questions == [Self.bundled])
    }

    @Test("an address the source does not hold loads as any other")
    func otherAddressesAreFetched() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let picture = RGBImage(width: 4, height: 4, filledWith: Samples.green)
        let fetcher = StubFetcher([Self.elsewhere: .success(try Samples.png(picture))])
        let cache = ImageCache(
            directory: directory.url, fetcher: fetcher,
            local: Source(try Samples.png(RGBImage(width: 2, height: 2, filledWith: Samples.red))))
        #expect(try await cache.image(for: Self.elsewhere) == picture)
        #expect(fetcher.requests == [Self.elsewhere])
        #expect(directory.fileNames == [ImageCache.fileName(for: Self.elsewhere)])
    }

    @Test("damaged local bytes are the decoder's error, and the network is not tried instead")
    func damagedLocalBytesAreNotFetchedElsewhere() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fetcher = StubFetcher()
        let cache = ImageCache(
            directory: directory.url, fetcher: fetcher, local: Source(Data("not a picture".utf8)))
        await #expect(throws: ImageError.unsupportedFormat) { try await cache.image(for: Self.bundled) }
        #expect(fetcher.requests.isEmpty)
    }
}
