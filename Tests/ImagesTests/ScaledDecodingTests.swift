import Foundation
import Testing

@testable import Images

/// JPEG decoding with libjpeg's DCT scaling: no larger than the box a picture is shown in needs.
@Suite("Decoding for a box")
struct ScaledDecodingTests {
    /// A grey JPEG of `width × height` with a gradient, cheap to make at any size.
    static func greyJPEG(width: Int, height: Int) throws -> Data {
        var samples = [UInt8](repeating: 0, count: width * height)
        samples.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<height {
                let value = UInt8(truncatingIfNeeded: row * 255 / max(1, height - 1))
                buffer[(row * width)..<((row + 1) * width)].update(repeating: value)
            }
        }
        return try Samples.jpeg(samples: samples, width: width, height: height, components: 1, quality: 80)
    }

    @Test("a 6300 × 6300 photo for an 80 × 24 cell box is decoded at 1/8: 1.9 MB instead of 119 MB")
    func largePhotoSmallBox() throws {
        let data = try Self.greyJPEG(width: 6_300, height: 6_300)
        let decoded = try ImageDecoder.decode(data, fitting: .halfBlocks(columns: 80, rows: 24))
        #expect(decoded.originalSize == PixelSize(width: 6_300, height: 6_300))
        #expect(decoded.image.width == 788 && decoded.image.height == 788)
        #expect(decoded.isReduced)
        #expect(decoded.image.byteCount == 1_862_832)
        #expect(decoded.image.byteCount * 60 < 6_300 * 6_300 * 3)
        // Still covers the 48 × 48 pixels the box shows it at.
        #expect(decoded.covers(.halfBlocks(columns: 80, rows: 24)))
    }

    @Test(
        "the scale is the smallest M/8 that still covers the fitted picture",
        arguments: [
            (PixelSize(width: 600, height: 1_000), PixelSize(width: 600, height: 450)),  // 3/8
            (PixelSize(width: 500, height: 300), PixelSize(width: 400, height: 300)),  // 2/8
            (PixelSize(width: 201, height: 2_000), PixelSize(width: 400, height: 300)),  // 2/8: 1/8 is 200
            (PixelSize(width: 1_400, height: 1_100), PixelSize(width: 1_400, height: 1_050)),  // 7/8
            (PixelSize(width: 1_500, height: 1_150), PixelSize(width: 1_600, height: 1_200)),  // 8/8
            // A box larger than the picture: full size, never enlarged.
            (PixelSize(width: 5_000, height: 5_000), PixelSize(width: 1_600, height: 1_200)),
        ])
    func scaleChoice(box: PixelSize, expected: PixelSize) throws {
        let data = try Self.greyJPEG(width: 1_600, height: 1_200)
        let decoded = try ImageDecoder.decode(data, fitting: box)
        #expect(PixelSize(width: decoded.image.width, height: decoded.image.height) == expected)
        #expect(decoded.isReduced == (expected.width < 1_600))
    }

    @Test("a picture decoded for a box draws exactly as large as the full picture would")
    func sameCellsAsFullSize() throws {
        let data = try Samples.jpeg(Samples.photo(width: 1_000, height: 700))
        let full = try ImageDecoder.decode(data)
        let renderer = HalfBlockRenderer()
        for (columns, rows) in [(80, 12), (30, 5), (160, 12), (7, 40), (400, 300)] {
            let reduced = try ImageDecoder.decode(data, fitting: .halfBlocks(columns: columns, rows: rows))
            #expect(reduced.covers(.halfBlocks(columns: columns, rows: rows)))
            let fromReduced = renderer.size(of: reduced.image, maxColumns: columns, maxRows: rows)
            let fromFull = renderer.size(of: full, maxColumns: columns, maxRows: rows)
            #expect(fromReduced == fromFull, "\(columns) × \(rows)")
        }
    }

    @Test("the pixel budget is about the picture's own size, whatever the box")
    func budgetOnOriginal() throws {
        let data = try Samples.jpegClaiming(width: 8_000, height: 6_000)
        #expect(throws: ImageError.tooManyPixels(width: 8_000, height: 6_000, limit: 40_000_000)) {
            try ImageDecoder.decode(data, fitting: PixelSize(width: 10, height: 10))
        }
    }

    @Test("a PNG has no DCT scaling: decoded in full for any box")
    func pngInFull() throws {
        let png = try Samples.png(Samples.photo(width: 64, height: 48))
        let decoded = try ImageDecoder.decode(png, fitting: PixelSize(width: 8, height: 8))
        #expect(decoded.image.width == 64 && !decoded.isReduced)
    }

    @Test("the cache decodes for the box asked; a larger box decodes again from disk, not the network")
    func cacheByBox() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(string: "https://images.example/large.jpg")!
        let fetcher = StubFetcher([url: .success(try Self.greyJPEG(width: 1_600, height: 1_200))])
        let cache = ImageCache(directory: directory.url, fetcher: fetcher)
        let small = try await cache.image(for: url, fitting: .halfBlocks(columns: 80, rows: 12))
        #expect(small.width == 200 && small.height == 150)
        #expect(await cache.memoryByteCount == 200 * 150 * 3)
        // A smaller box is answered from memory; a larger one decodes the file on disk again.
        #expect(try await cache.image(for: url, fitting: .halfBlocks(columns: 40, rows: 6)) == small)
        let large = try await cache.image(for: url, fitting: .halfBlocks(columns: 400, rows: 150))
        #expect(large.width == 400 && large.height == 300)
        let full = try await cache.image(for: url)
        #expect(full.width == 1_600)
        #expect(fetcher.requests == [url])
    }
}
