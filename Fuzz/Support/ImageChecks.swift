import Foundation
import Images
import TerminalText

/// What every decoded picture must satisfy, for the `jpeg` and `png` targets.
enum ImageChecks {
    /// The pixel budget while fuzzing: 4 million pixels, 12 MB decoded.
    static let maxPixels = 4_000_000
    /// A box the size of a terminal pane drawn in half blocks.
    static let box = PixelSize.halfBlocks(columns: 80, rows: 24)

    /// Decodes `body` with `magic` put in front when it does not start with it (so the fuzzer's
    /// mutations are spent past the signature), in full and for a box, and checks the results.
    static func run(_ body: Data, magic: [UInt8]) {
        let file = body.starts(with: magic) ? body : Data(magic) + body
        let full = try? ImageDecoder.decode(file, fitting: nil, maxPixels: maxPixels)
        let fitted = try? ImageDecoder.decode(file, fitting: box, maxPixels: maxPixels)
        if let full {
            check(full, box: nil)
        }
        if let fitted {
            check(fitted, box: box)
            if let full {
                Invariant.check(
                    fitted.originalSize == full.originalSize, "the two decodes disagree on the size")
            }
        }
    }

    private static func check(_ decoded: DecodedImage, box: PixelSize?) {
        let image = decoded.image
        let original = decoded.originalSize
        Invariant.check(
            image.width > 0 && image.height > 0, "an empty picture \(image.width)×\(image.height)")
        Invariant.check(
            image.pixels.count == image.width * image.height * 3, "pixel bytes do not match the size")
        Invariant.check(original.width * original.height <= maxPixels, "over the pixel budget")
        Invariant.check(
            image.width <= original.width && image.height <= original.height,
            "decoded larger than the original")
        Invariant.check(decoded.covers(box), "\(image.width)×\(image.height) does not cover the box")
        let lines = HalfBlockRenderer().render(image, maxColumns: 80, maxRows: 24)
        Invariant.check(lines.count <= 24, "\(lines.count) rows drawn in 24")
        for line in lines {
            Invariant.check(line.displayWidth <= 80, "a row of \(line.displayWidth) columns drawn in 80")
        }
    }
}
