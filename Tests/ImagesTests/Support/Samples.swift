import CJPEG
import CPNG
import Foundation
import TerminalText

@testable import Images

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real JPEG and PNG files made at test time with libjpeg's and libpng's own encoders.
enum Samples {
    static let red = RGB(255, 0, 0)
    static let green = RGB(0, 255, 0)
    static let blue = RGB(0, 0, 255)
    static let white = RGB(255, 255, 255)
    static let black = RGB(0, 0, 0)
    static let orange = RGB(240, 140, 20)

    struct EncodingFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// `image` as a JPEG (4:2:0 chroma subsampling, libjpeg's default).
    static func jpeg(_ image: RGBImage, quality: Int32 = 95, progressive: Bool = false) throws -> Data {
        try jpeg(
            samples: image.pixels, width: image.width, height: image.height, components: 3,
            quality: quality, progressive: progressive)
    }

    /// Raw samples as a JPEG: `components` 1 (grey), 3 (RGB) or 4 (Adobe-inverted CMYK).
    static func jpeg(
        samples: [UInt8], width: Int, height: Int, components: Int32, quality: Int32 = 95,
        progressive: Bool = false
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NEWSAPP_JPEG_MESSAGE_SIZE))
        let status = newsapp_jpeg_encode(
            samples, UInt32(width), UInt32(height), components, quality, progressive ? 1 : 0,
            &output, &size, &message)
        defer { free(output) }
        guard status == NEWSAPP_JPEG_OK, let output else { throw EncodingFailed(description: text(message)) }
        return Data(bytes: output, count: size)
    }

    /// Raw samples as a PNG: `channels` 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGBA).
    static func png(samples: [UInt8], width: Int, height: Int, channels: Int32) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NEWSAPP_PNG_MESSAGE_SIZE))
        let status = newsapp_png_encode(
            samples, UInt32(width), UInt32(height), channels, &output, &size, &message)
        defer { free(output) }
        guard status == NEWSAPP_PNG_OK, let output else { throw EncodingFailed(description: text(message)) }
        return Data(bytes: output, count: size)
    }

    static func png(_ image: RGBImage) throws -> Data {
        try png(samples: image.pixels, width: image.width, height: image.height, channels: 3)
    }

    /// An image of `size × size`-pixel squares in `colors`, row by row, `columns` squares across.
    static func squares(_ colors: [RGB], columns: Int, size: Int) -> RGBImage {
        let rows = (colors.count + columns - 1) / columns
        let width = columns * size
        let height = rows * size
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y / size) * columns + x / size
                let color = index < colors.count ? colors[index] : black
                let offset = (y * width + x) * 3
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// A photo-like picture: smooth gradients with some texture, so JPEG has work to do.
    static func photo(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[offset + 2] = UInt8((x * 7 + y * 13) % 256)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// A PNG made by hand in Python (zlib, no libpng): 4 × 4, palette, Adam7-interlaced, with a
    /// tRNS chunk making palette entry 2 fully transparent. Quadrants: red, green / yellow,
    /// transparent. Made with:
    ///
    ///     pixels = [[0,0,1,1],[0,0,1,1],[3,3,2,2],[3,3,2,2]]
    ///     IHDR 4×4, depth 8, colour type 3, interlace 1; PLTE red, green, blue, yellow;
    ///     tRNS ff ff 00; IDAT = zlib of the seven Adam7 passes, filter 0 on every row.
    static let interlacedPalettePNG = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAMAAAHpKF7aAAAADFBMVEX/AAAA/wAAAP///wDWAo97AAAAA3RSTlP//wDXyg1BAAAAF0lEQVR42mNgYGBkYGaCkQyMQJqZiQkAAPMAGUCAhvMAAAAASUVORK5CYII="
    )!

    /// A PNG whose header claims `width × height` pixels, with valid checksums and a tiny IDAT:
    /// a decompression bomb's calling card.
    static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var ihdr = Data()
        ihdr.append(bigEndian: width)
        ihdr.append(bigEndian: height)
        ihdr.append(contentsOf: [8, 2, 0, 0, 0])
        // A deflate stream of a few zero bytes; a real bomb's would expand to the whole image.
        let idat = Data([0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", Data())
    }

    /// A baseline JPEG header (SOF0) claiming `width × height` pixels, followed by nothing useful.
    static func jpegClaiming(width: UInt16, height: UInt16) throws -> Data {
        // Take a real JPEG and patch its frame header's size: everything up to the scan is valid.
        var data = try jpeg(RGBImage(width: 8, height: 8, filledWith: orange))
        let bytes = [UInt8](data)
        guard let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        else {
            throw EncodingFailed(description: "no SOF0 marker")
        }
        // FF C0, length (2), precision (1), height (2), width (2).
        data.replaceSubrange(
            (sof + 5)..<(sof + 9),
            with: [
                UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
            ])
        return data
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var chunk = Data()
        chunk.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        chunk += typed
        chunk.append(bigEndian: crc32(typed))
        return chunk
    }

    /// The CRC-32 PNG chunks end with.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}

/// Whether two colours differ by at most `tolerance` in every channel.
func isClose(_ lhs: RGB, _ rhs: RGB, within tolerance: Int) -> Bool {
    abs(Int(lhs.red) - Int(rhs.red)) <= tolerance && abs(Int(lhs.green) - Int(rhs.green)) <= tolerance
        && abs(Int(lhs.blue) - Int(rhs.blue)) <= tolerance
}
