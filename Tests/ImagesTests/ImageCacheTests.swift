import Foundation
import TerminalText
import Testing

@testable import Images

@Suite("Image cache: memory, disk, network")
struct ImageCacheTests {
    static let first = URL(string: "https://images.example/first.png")!
    static let second = URL(string: "https://images.example/second.png")!
    static let third = URL(string: "http://images.example/third.png")!

    static func picture(_ colour: RGB) -> RGBImage { RGBImage(width: 4, height: 4, filledWith: colour) }

    /// A stub that serves a 4 × 4 PNG of a different colour at each of the three URLs.
    static func stub() throws -> (StubFetcher, [URL: (image: RGBImage, png: Data)]) {
        var table: [URL: (RGBImage, Data)] = [:]
        for (url, colour) in [(first, Samples.red), (second, Samples.green), (third, Samples.blue)] {
            let image = picture(colour)
            table[url] = (image, try Samples.png(image))
        }
        return (StubFetcher(table.mapValues { .success($0.1) }), table)
    }

    @Test("SHA-256 is right and file names are its lowercase hex of the URL string")
    func fileNames() {
        #expect(
            ImageCache.hexSHA256(Data("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ImageCache.hexSHA256(Data())
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let url = URL(string: "https://example.org/a%20b.jpg?w=1")!
        #expect(
            ImageCache.fileName(for: url)
                == ImageCache.hexSHA256(Data("https://example.org/a%20b.jpg?w=1".utf8)))
        #expect(
            ImageCache.fileName(for: url)
                != ImageCache.fileName(for: URL(string: "https://example.org/a%20b.jpg")!))
    }

    @Test("a second request is a memory hit: no fetch, no disk")
    func memoryHit() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        let cache = ImageCache(directory: directory.url, fetcher: fetcher)
        #expect(try await cache.image(for: Self.first) == table[Self.first]!.image)
        #expect(directory.fileNames == [ImageCache.fileName(for: Self.first)])
        // Take the file away: only memory can answer now.
        directory.remove()
        #expect(try await cache.image(for: Self.first) == table[Self.first]!.image)
        #expect(fetcher.requests == [Self.first])
        #expect(await cache.isInMemory(Self.first))
    }

    @Test("a fresh cache on the same directory answers from disk, offline")
    func diskHit() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        _ = try await ImageCache(directory: directory.url, fetcher: fetcher).image(for: Self.first)
        let file = directory.url.appendingPathComponent(ImageCache.fileName(for: Self.first))
        #expect(try Data(contentsOf: file) == table[Self.first]!.png)

        let offline = StubFetcher()  // every fetch fails
        let fresh = ImageCache(directory: directory.url, fetcher: offline)
        #expect(try await fresh.image(for: Self.first) == table[Self.first]!.image)
        #expect(offline.requests.isEmpty)
        #expect(await fresh.isInMemory(Self.first))
    }

    @Test("memory keeps the most recently used images that fit its byte limit")
    func memoryEviction() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, _) = try Self.stub()
        // Each picture is 4 × 4 × 3 = 48 bytes: two fit in 100, three do not.
        let cache = ImageCache(
            directory: directory.url, limits: .init(memoryBytes: 100), fetcher: fetcher)
        _ = try await cache.image(for: Self.first)
        _ = try await cache.image(for: Self.second)
        _ = try await cache.image(for: Self.first)  // first is now more recent than second
        _ = try await cache.image(for: Self.third)
        #expect(await cache.isInMemory(Self.first))
        #expect(await !cache.isInMemory(Self.second))
        #expect(await cache.isInMemory(Self.third))
        #expect(await cache.memoryByteCount == 96)
        #expect(fetcher.requests == [Self.first, Self.second, Self.third])
    }

    @Test("an image larger than the whole memory limit is served but not held")
    func tooBigForMemory() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        let cache = ImageCache(directory: directory.url, limits: .init(memoryBytes: 47), fetcher: fetcher)
        #expect(try await cache.image(for: Self.first) == table[Self.first]!.image)
        #expect(await !cache.isInMemory(Self.first))
        #expect(await cache.memoryByteCount == 0)
    }

    @Test("disk keeps the most recently used files within its byte limit; a read counts as a use")
    func diskEviction() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        let sizes = table.values.map(\.png.count)
        // Room for any two files, not for three.
        let limit = 2 * sizes.max()! + sizes.min()! / 2
        #expect(limit < sizes.reduce(0, +))
        let limits = ImageCache.Limits(diskBytes: limit)

        let writer = ImageCache(directory: directory.url, limits: limits, fetcher: fetcher)
        _ = try await writer.image(for: Self.first)
        _ = try await writer.image(for: Self.second)
        // A fresh cache reads the first file from disk, which makes it the most recent.
        let reader = ImageCache(directory: directory.url, limits: limits, fetcher: fetcher)
        _ = try await reader.image(for: Self.first)
        _ = try await reader.image(for: Self.third)
        #expect(
            directory.fileNames
                == [ImageCache.fileName(for: Self.first), ImageCache.fileName(for: Self.third)].sorted())
        #expect(fetcher.requests == [Self.first, Self.second, Self.third])

        // The evicted one comes from the network again.
        _ = try await ImageCache(directory: directory.url, limits: limits, fetcher: fetcher).image(
            for: Self.second)
        #expect(fetcher.requests.last == Self.second && fetcher.requests.count == 4)
    }

    @Test("a file larger than the whole disk limit is served but not stored")
    func tooBigForDisk() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        let cache = ImageCache(
            directory: directory.url, limits: .init(diskBytes: table[Self.first]!.png.count - 1),
            fetcher: fetcher)
        #expect(try await cache.image(for: Self.first) == table[Self.first]!.image)
        #expect(directory.fileNames.isEmpty)
    }

    @Test(
        "only http and https URLs are fetched",
        arguments: [
            "file:///etc/passwd", "ftp://example.org/a.png", "data:image/png;base64,AAAA", "https:relative",
        ])
    func nonWebURL(address: String) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fetcher = StubFetcher()
        let cache = ImageCache(directory: directory.url, fetcher: fetcher)
        let url = try #require(URL(string: address))
        await #expect(throws: ImageError.unsupportedURL) { try await cache.image(for: url) }
        #expect(fetcher.requests.isEmpty)
        await #expect(throws: ImageError.unsupportedURL) {
            try await URLSessionImageFetcher().fetch(url, maxBytes: 1_000)
        }
    }

    @Test(
        "a damaged file on disk is a miss: it is fetched again and replaced",
        arguments: ["garbage", "truncated"])
    func corruptOnDisk(damage: String) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (fetcher, table) = try Self.stub()
        _ = try await ImageCache(directory: directory.url, fetcher: fetcher).image(for: Self.first)
        let file = directory.url.appendingPathComponent(ImageCache.fileName(for: Self.first))
        let original = try Data(contentsOf: file)
        let damaged = damage == "garbage" ? Data("not a picture".utf8) : original.prefix(original.count / 2)
        try damaged.write(to: file)

        let fresh = ImageCache(directory: directory.url, fetcher: fetcher)
        #expect(try await fresh.image(for: Self.first) == table[Self.first]!.image)
        #expect(fetcher.requests == [Self.first, Self.first])
        #expect(try Data(contentsOf: file) == original)
    }

    @Test("a broken picture from the network is an error, and is not stored")
    func brokenDownload() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fetcher = StubFetcher([
            Self.first: .success(Data("<html>not found</html>".utf8)),
            Self.second: .success(Samples.pngClaiming(width: 100_000, height: 100_000)),
            Self.third: .failure(.httpStatus(500)),
        ])
        let cache = ImageCache(directory: directory.url, fetcher: fetcher)
        await #expect(throws: ImageError.unsupportedFormat) { try await cache.image(for: Self.first) }
        await #expect(throws: ImageError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) {
            try await cache.image(for: Self.second)
        }
        await #expect(throws: ImageError.httpStatus(500)) { try await cache.image(for: Self.third) }
        #expect(directory.fileNames.isEmpty)
        #expect(await cache.memoryByteCount == 0)

        // Fixed upstream: this session keeps its answers without asking again; the next session
        // (a new cache) fetches again and succeeds.
        let image = Self.picture(Samples.orange)
        fetcher.answer(Self.first, with: .success(try Samples.png(image)))
        await #expect(throws: ImageError.unsupportedFormat) { try await cache.image(for: Self.first) }
        await #expect(throws: ImageError.httpStatus(500)) { try await cache.image(for: Self.third) }
        #expect(fetcher.requests == [Self.first, Self.second, Self.third])
        #expect(await cache.rememberedFailureCount == 3)
        let nextSession = ImageCache(directory: directory.url, fetcher: fetcher)
        #expect(try await nextSession.image(for: Self.first) == image)
    }

    @Test("a cache whose directory cannot be created still loads pictures")
    func unwritableDirectory() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // A file where the directory's parent should be.
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let (fetcher, table) = try Self.stub()
        let cache = ImageCache(directory: blocker.appendingPathComponent("images"), fetcher: fetcher)
        #expect(try await cache.image(for: Self.first) == table[Self.first]!.image)
        #expect(directory.fileNames == ["blocker"])
    }

    @Test("the download limit reaches the fetcher; 5 MiB by default")
    func downloadLimit() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(ImageCache.Limits().downloadBytes == 5 << 20)
        let (fetcher, table) = try Self.stub()
        let limit = table[Self.first]!.png.count - 1
        let cache = ImageCache(
            directory: directory.url, limits: .init(downloadBytes: limit), fetcher: fetcher)
        await #expect(throws: ImageError.tooLarge(limit: limit)) { try await cache.image(for: Self.first) }
    }
}
