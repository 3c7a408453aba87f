import TerminalText

/// A picture as 8-bit sRGB pixels: three bytes a pixel (red, green, blue), rows from top to
/// bottom, no padding.
public struct RGBImage: Sendable, Equatable {
    /// Pixels across, at least 1.
    public let width: Int
    /// Pixels down, at least 1.
    public let height: Int
    /// `width × height × 3` bytes.
    public let pixels: [UInt8]

    /// An image from raw pixels; nil unless both sides are positive and `pixels` holds exactly
    /// `width × height × 3` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0,
            case (let area, false) = width.multipliedReportingOverflow(by: height),
            case (let bytes, false) = area.multipliedReportingOverflow(by: 3), bytes == pixels.count
        else { return nil }
        self.init(unchecked: width, height, pixels)
    }

    /// An image of one colour; both sides must be positive.
    public init(width: Int, height: Int, filledWith color: RGB) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = color.red
            pixels[index + 1] = color.green
            pixels[index + 2] = color.blue
        }
        self.init(unchecked: width, height, pixels)
    }

    init(unchecked width: Int, _ height: Int, _ pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y`, counted from the top left.
    public subscript(x x: Int, y y: Int) -> RGB {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let index = (y * width + x) * 3
        return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// Memory the pixels take, in bytes.
    public var byteCount: Int { pixels.count }

    /// The image resampled to `targetWidth × targetHeight` by area averaging: each new pixel is
    /// the average of the source pixels it covers, weighted by how much of each it covers (a box
    /// filter), rounded to the nearest value. Shrinking by a whole factor averages whole blocks;
    /// enlarging blends at most two neighbours along each axis. Both sides must be positive.
    public func downscaled(toWidth targetWidth: Int, height targetHeight: Int) -> RGBImage {
        precondition(targetWidth > 0 && targetHeight > 0, "a resampled image needs at least one pixel")
        if targetWidth == width && targetHeight == height { return self }
        let columns = BoxTaps(source: width, target: targetWidth)
        let rows = BoxTaps(source: height, target: targetHeight)
        let sourceLength = width * 3
        let rowLength = targetWidth * 3
        // Every new pixel's weights add up to `width × height`.
        let divisor = width * height
        let result = [UInt8](unsafeUninitializedCapacity: rowLength * targetHeight) { output, count in
            // One new row at a time: first down, summing the source rows it covers into `column`
            // (a contiguous loop the compiler vectorises), then across, summing `column`'s entries.
            // Nothing can overflow (the largest sum is 255 × width × height), so the inner loops
            // use wrapping arithmetic, which lets them vectorise.
            var column = [Int](repeating: 0, count: sourceLength)
            pixels.withUnsafeBufferPointer { source in
                column.withUnsafeMutableBufferPointer { column in
                    for y in 0..<targetHeight {
                        for index in 0..<sourceLength { column[index] = 0 }
                        var row = rows.firsts[y]
                        for tap in rows.starts[y]..<rows.starts[y + 1] {
                            let weight = rows.weights[tap]
                            let sourceRow = row * sourceLength
                            for index in 0..<sourceLength {
                                column[index] &+= Int(source[sourceRow &+ index]) &* weight
                            }
                            row += 1
                        }
                        var out = y * rowLength
                        for x in 0..<targetWidth {
                            var red = 0
                            var green = 0
                            var blue = 0
                            var pixel = columns.firsts[x] * 3
                            for tap in columns.starts[x]..<columns.starts[x + 1] {
                                let weight = columns.weights[tap]
                                red &+= column[pixel] &* weight
                                green &+= column[pixel &+ 1] &* weight
                                blue &+= column[pixel &+ 2] &* weight
                                pixel &+= 3
                            }
                            output[out] = UInt8(truncatingIfNeeded: (red + divisor / 2) / divisor)
                            output[out + 1] = UInt8(truncatingIfNeeded: (green + divisor / 2) / divisor)
                            output[out + 2] = UInt8(truncatingIfNeeded: (blue + divisor / 2) / divisor)
                            out += 3
                        }
                    }
                }
            }
            count = rowLength * targetHeight
        }
        return RGBImage(unchecked: targetWidth, targetHeight, result)
    }
}

/// Which source pixels each target pixel covers along one axis, and by how much.
///
/// Measured in units of 1/(source × target) of the axis, every overlap is a whole number: source
/// pixel `i` spans `[i × target, (i + 1) × target)` and target pixel `x` spans
/// `[x × source, (x + 1) × source)`. A target pixel's weights add up to `source`. The pixels a
/// target pixel covers are consecutive, so only the first is kept.
private struct BoxTaps {
    /// Target pixel `x` uses weights `starts[x]..<starts[x + 1]`.
    var starts: [Int]
    /// The first source pixel target pixel `x` covers; its weights are for it and those after it.
    var firsts: [Int] = []
    var weights: [Int] = []

    init(source: Int, target: Int) {
        starts = [0]
        starts.reserveCapacity(target + 1)
        firsts.reserveCapacity(target)
        for x in 0..<target {
            let low = x * source
            let high = low + source
            let first = low / target
            firsts.append(first)
            // Every overlap in this range is positive: the last index is the one holding `high - 1`.
            for index in first...((high - 1) / target) {
                weights.append(min((index + 1) * target, high) - max(index * target, low))
            }
            starts.append(weights.count)
        }
    }
}
