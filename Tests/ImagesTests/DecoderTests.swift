import CJPEG
import CPNG
import Foundation
import NewsModels
import TerminalText
import Testing

@testable import Images

@Suite("Decoding JPEG and PNG")
struct DecoderTests {
    /// Red, green, blue, white, orange, black in 16-pixel squares, three across: square edges fall on
    /// JPEG's 16 × 16 blocks, so each square's middle survives compression nearly unchanged.
    static let palette = [
        Samples.red, Samples.green, Samples.blue, Samples.white, Samples.orange, Samples.black,
    ]
    static let squares = Samples.squares(palette, columns: 3, size: 16)

    /// The colour in the middle of square `index`.
    static func middle(of index: Int, in image: RGBImage) -> RGB {
        image[x: (index % 3) * 16 + 8, y: (index / 3) * 16 + 8]
    }

    @Test("the status codes of both shims agree, as ImageDecoder assumes")
    func statusCodes() {
        #expect(NEWSAPP_JPEG_OK == NEWSAPP_PNG_OK)
        #expect(NEWSAPP_JPEG_CORRUPT == NEWSAPP_PNG_CORRUPT)
        #expect(NEWSAPP_JPEG_TOO_MANY_PIXELS == NEWSAPP_PNG_TOO_MANY_PIXELS)
        #expect(NEWSAPP_JPEG_NEEDS_BUFFER == NEWSAPP_PNG_NEEDS_BUFFER)
    }

    @Test("formats are recognised by their first bytes")
    func sniffing() throws {
        #expect(ImageFormat(sniffing: try Samples.jpeg(Self.squares)) == .jpeg)
        #expect(ImageFormat(sniffing: try Samples.png(Self.squares)) == .png)
        #expect(ImageFormat(sniffing: Data("GIF89a".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data()) == nil)
    }

    @Test("a baseline JPEG decodes to its colours", arguments: [false, true])
    func jpegColours(progressive: Bool) throws {
        let image = try ImageDecoder.decode(try Samples.jpeg(Self.squares, progressive: progressive))
        #expect(image.width == 48 && image.height == 32)
        #expect(image.pixels.count == 48 * 32 * 3)
        for (index, colour) in Self.palette.enumerated() {
            let decoded = Self.middle(of: index, in: image)
            #expect(isClose(decoded, colour, within: 6), "square \(index): \(decoded) for \(colour)")
        }
    }

    @Test("a greyscale JPEG decodes to equal channels")
    func greyJPEG() throws {
        let samples = (0..<(16 * 16)).map { $0 < 128 ? UInt8(40) : UInt8(200) }
        let image = try ImageDecoder.decode(
            try Samples.jpeg(samples: samples, width: 16, height: 16, components: 1))
        #expect(isClose(image[x: 8, y: 3], RGB(40, 40, 40), within: 3))
        #expect(isClose(image[x: 8, y: 12], RGB(200, 200, 200), within: 3))
    }

    @Test("a CMYK JPEG with Adobe's inverted values decodes to RGB")
    func cmykJPEG() throws {
        // Inverted CMYK as Photoshop writes it: 255 = no ink. Left half red, right half blue.
        var samples: [UInt8] = []
        for _ in 0..<16 {
            for x in 0..<16 { samples += x < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        let image = try ImageDecoder.decode(
            try Samples.jpeg(samples: samples, width: 16, height: 16, components: 4))
        #expect(isClose(image[x: 3, y: 8], Samples.red, within: 6))
        #expect(isClose(image[x: 12, y: 8], Samples.blue, within: 6))
    }

    @Test("a PNG decodes to exactly its colours")
    func pngColours() throws {
        let image = try ImageDecoder.decode(try Samples.png(Self.squares))
        #expect(image == Self.squares)
    }

    @Test("PNG transparency is laid over the background")
    func pngAlpha() throws {
        // Opaque red, transparent red, opaque blue, transparent blue.
        let samples: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 255, 255, 0, 0, 255, 0]
        let data = try Samples.png(samples: samples, width: 4, height: 1, channels: 4)
        let onWhite = try ImageDecoder.decode(data)
        #expect(onWhite.pixels == [255, 0, 0, 255, 255, 255, 0, 0, 255, 255, 255, 255])
        let onBlack = try ImageDecoder.decode(data, background: Samples.black)
        #expect(onBlack.pixels == [255, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0])
    }

    @Test("a grey PNG becomes RGB")
    func greyPNG() throws {
        let image = try ImageDecoder.decode(
            try Samples.png(samples: [0, 90, 180, 255], width: 2, height: 2, channels: 1))
        #expect(image.pixels == [0, 0, 0, 90, 90, 90, 180, 180, 180, 255, 255, 255])
    }

    @Test("an interlaced palette PNG with transparency, made without libpng, decodes")
    func interlacedPalettePNG() throws {
        let image = try ImageDecoder.decode(Samples.interlacedPalettePNG, background: Samples.black)
        #expect(image.width == 4 && image.height == 4)
        #expect(image[x: 0, y: 0] == Samples.red && image[x: 1, y: 1] == Samples.red)
        #expect(image[x: 3, y: 0] == Samples.green)
        #expect(image[x: 0, y: 3] == RGB(255, 255, 0))
        #expect(image[x: 3, y: 3] == Samples.black)  // transparent over black
    }

    // MARK: - Refusals

    @Test("bytes of another format, random bytes and no bytes are unsupported")
    func unsupported() {
        var generator = SplitMix64(seed: 7)
        let random = Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for data in [Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), random, Data()] {
            #expect(throws: ImageError.unsupportedFormat) { try ImageDecoder.decode(data) }
        }
    }

    @Test("random bytes behind a JPEG or PNG signature are corrupt, not a crash")
    func randomAfterSignature() {
        var generator = SplitMix64(seed: 42)
        for signature in [Data([0xFF, 0xD8, 0xFF]), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])] {
            for _ in 0..<50 {
                let noise = Data(
                    (0..<Int.random(in: 0...2_000, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    })
                do {
                    _ = try ImageDecoder.decode(signature + noise)
                    Issue.record("\(noise.count) random bytes decoded")
                } catch .corrupt {
                } catch {
                    Issue.record("\(noise.count) random bytes: \(error)")
                }
            }
        }
    }

    @Test("a truncated JPEG is refused as incomplete, at every length", arguments: [false, true])
    func truncatedJPEG(progressive: Bool) throws {
        let data = try Samples.jpeg(Samples.photo(width: 64, height: 48), progressive: progressive)
        for length in stride(from: 3, to: data.count, by: max(1, data.count / 60)) + [data.count - 1] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(data.prefix(length)) }
            guard case .corrupt(let reason)? = error else {
                Issue.record("\(length) bytes of \(data.count): \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(throws: ImageError.corrupt("Premature end of JPEG file")) {
            try ImageDecoder.decode(data.prefix(data.count - 2))
        }
    }

    @Test("a truncated PNG is refused as damaged, at every length")
    func truncatedPNG() throws {
        let data = try Samples.png(Samples.photo(width: 64, height: 48))
        for length in stride(from: 8, to: data.count, by: max(1, data.count / 60)) + [data.count - 1] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(data.prefix(length)) }
            guard case .corrupt(let reason)? = error else {
                Issue.record("\(length) bytes of \(data.count): \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test("a flipped byte in a PNG's image data or a checksum is refused")
    func pngDamage() throws {
        let data = try Samples.png(Samples.photo(width: 16, height: 16))
        let idat = try #require(data.range(of: Data("IDAT".utf8)))
        var damagedData = data
        damagedData[idat.upperBound + 5] ^= 0xFF
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damagedData) }
        guard case .corrupt(let reason)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("IDAT: "), "\(reason)")
        // IHDR's CRC: signature (8), length (4), type (4), 13 bytes of header.
        var damagedCRC = data
        damagedCRC[8 + 4 + 4 + 13] ^= 0x01
        #expect(throws: ImageError.corrupt("IHDR: CRC error")) { try ImageDecoder.decode(damagedCRC) }
    }

    @Test("bytes after a PNG's IEND chunk are ignored")
    func trailingBytes() throws {
        let data = try Samples.png(Self.squares)
        #expect(try ImageDecoder.decode(data + Data("trailing".utf8)) == Self.squares)
    }

    @Test("a PNG claiming 100000 × 100000 pixels is refused from its header")
    func pngBomb() {
        let data = Samples.pngClaiming(width: 100_000, height: 100_000)
        #expect(data.count < 100)
        #expect(throws: ImageError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) {
            try ImageDecoder.decode(data)
        }
    }

    @Test("a JPEG claiming 65000 × 65000 pixels is refused from its header")
    func jpegBomb() throws {
        let data = try Samples.jpegClaiming(width: 65_000, height: 65_000)
        #expect(data.count < 1_000)
        #expect(throws: ImageError.tooManyPixels(width: 65_000, height: 65_000, limit: 40_000_000)) {
            try ImageDecoder.decode(data)
        }
    }

    @Test("the pixel budget is inclusive", arguments: [ImageFormat.jpeg, .png])
    func budgetBoundary(format: ImageFormat) throws {
        let image = Samples.photo(width: 20, height: 10)
        let data = format == .jpeg ? try Samples.jpeg(image) : try Samples.png(image)
        #expect(try ImageDecoder.decode(data, maxPixels: 200).width == 20)
        #expect(throws: ImageError.tooManyPixels(width: 20, height: 10, limit: 199)) {
            try ImageDecoder.decode(data, maxPixels: 199)
        }
    }
}
