import NewsModels
import TerminalText
import Testing

@testable import Images

@Suite("Area-averaging resampling")
struct ResamplingTests {
    static func image(_ width: Int, _ height: Int, _ values: [UInt8]) -> RGBImage {
        RGBImage(width: width, height: height, pixels: values.flatMap { [$0, $0, $0] })!
    }

    @Test("an image is made only from pixels that fit")
    func validation() {
        #expect(RGBImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]) != nil)
        #expect(RGBImage(width: 2, height: 1, pixels: [1, 2, 3]) == nil)
        #expect(RGBImage(width: 0, height: 0, pixels: []) == nil)
        #expect(RGBImage(width: Int.max, height: 2, pixels: []) == nil)
    }

    @Test("halving averages each 2 × 2 block, channel by channel")
    func halving() {
        let source = RGBImage(
            width: 4, height: 2,
            pixels: [
                10, 0, 255, 20, 0, 255, 100, 50, 0, 200, 50, 0,
                30, 0, 255, 40, 100, 255, 100, 50, 0, 0, 50, 4,
            ])!
        let half = source.downscaled(toWidth: 2, height: 1)
        #expect(half.width == 2 && half.height == 1)
        // (10+20+30+40)/4 = 25, (0+0+0+100)/4 = 25, 255; (100+200+100+0)/4 = 100, 50, (0+0+0+4)/4 = 1.
        #expect(half.pixels == [25, 25, 255, 100, 50, 1])
    }

    @Test("a fractional factor weights pixels by how much of them each new pixel covers")
    func fractional() {
        // 3 → 2: the first new pixel covers all of pixel 0 and half of pixel 1.
        let row = Self.image(3, 1, [0, 90, 180]).downscaled(toWidth: 2, height: 1)
        // (0 × 1 + 90 × 0.5) / 1.5 = 30; (90 × 0.5 + 180 × 1) / 1.5 = 150.
        #expect(row.pixels == [30, 30, 30, 150, 150, 150])
        let column = Self.image(1, 3, [0, 90, 180]).downscaled(toWidth: 1, height: 2)
        #expect(column.pixels == row.pixels)
    }

    @Test("averages round to the nearest value")
    func rounding() {
        #expect(Self.image(2, 1, [0, 1]).downscaled(toWidth: 1, height: 1).pixels == [1, 1, 1])
        #expect(Self.image(3, 1, [0, 0, 1]).downscaled(toWidth: 1, height: 1).pixels == [0, 0, 0])
        #expect(Self.image(3, 1, [0, 1, 1]).downscaled(toWidth: 1, height: 1).pixels == [1, 1, 1])
    }

    @Test("a uniform image stays exactly uniform at any size")
    func uniform() {
        let source = RGBImage(width: 1_200, height: 800, filledWith: RGB(12, 200, 77))
        for (width, height) in [(60, 60), (7, 13), (1, 1), (1_199, 799)] {
            let scaled = source.downscaled(toWidth: width, height: height)
            #expect(scaled == RGBImage(width: width, height: height, filledWith: RGB(12, 200, 77)))
        }
    }

    @Test("the same size is the same image, and enlarging repeats or blends neighbours")
    func identityAndEnlarging() {
        let source = Self.image(2, 1, [0, 200])
        #expect(source.downscaled(toWidth: 2, height: 1) == source)
        #expect(
            source.downscaled(toWidth: 4, height: 2).pixels
                == Self.image(4, 2, [0, 0, 200, 200, 0, 0, 200, 200]).pixels)
        // 2 → 3: the middle pixel covers half of each.
        #expect(source.downscaled(toWidth: 3, height: 1).pixels == [0, 0, 0, 100, 100, 100, 200, 200, 200])
    }

    @Test(
        "every pixel equals a direct two-dimensional area average",
        arguments: [(37, 23, 10, 7), (5, 3, 7, 4), (64, 1, 3, 1), (9, 40, 9, 13), (240, 160, 60, 40)])
    func matchesDirectAverage(width: Int, height: Int, targetWidth: Int, targetHeight: Int) {
        var generator = SplitMix64(seed: UInt64(width * 1_000 + height))
        let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let source = RGBImage(width: width, height: height, pixels: pixels)!
        let scaled = source.downscaled(toWidth: targetWidth, height: targetHeight)
        // Pixel i spans [i × target, (i + 1) × target) and new pixel x spans [x × source, (x + 1) × source).
        func overlap(_ index: Int, _ target: Int, _ x: Int, _ source: Int) -> Int {
            max(0, min((index + 1) * target, (x + 1) * source) - max(index * target, x * source))
        }
        var mismatches = 0
        for y in 0..<targetHeight {
            for x in 0..<targetWidth {
                for channel in 0..<3 {
                    var total = 0
                    for j in 0..<height {
                        let rowWeight = overlap(j, targetHeight, y, height)
                        guard rowWeight > 0 else { continue }
                        for i in 0..<width {
                            let value = Int(pixels[(j * width + i) * 3 + channel])
                            total += value * rowWeight * overlap(i, targetWidth, x, width)
                        }
                    }
                    let expected = (total + width * height / 2) / (width * height)
                    if Int(scaled.pixels[(y * targetWidth + x) * 3 + channel]) != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the average of the whole picture is kept")
    func meanPreserved() {
        let source = Samples.photo(width: 301, height: 199)
        let scaled = source.downscaled(toWidth: 43, height: 17)
        for channel in 0..<3 {
            let before = mean(source, channel)
            let after = mean(scaled, channel)
            #expect(abs(before - after) < 1, "channel \(channel): \(before) → \(after)")
        }
    }

    private func mean(_ image: RGBImage, _ channel: Int) -> Double {
        stride(from: channel, to: image.pixels.count, by: 3).reduce(0.0) { $0 + Double(image.pixels[$1]) }
            / Double(image.width * image.height)
    }
}
