import Foundation
import TerminalText
import Testing

@testable import Images

@Suite("Half-block rendering")
struct HalfBlockRendererTests {
    /// 2 × 4 pixels: each column is a different stack of four colours.
    static let colours: [[RGB]] = [
        [RGB(255, 0, 0), RGB(0, 255, 0)],
        [RGB(0, 0, 255), RGB(255, 255, 0)],
        [RGB(0, 255, 255), RGB(255, 0, 255)],
        [RGB(10, 20, 30), RGB(200, 210, 220)],
    ]

    static var twoByFour: RGBImage {
        let pixels = colours.flatMap { row in row.flatMap { [$0.red, $0.green, $0.blue] } }
        return RGBImage(width: 2, height: 4, pixels: pixels)!
    }

    @Test("a 2 × 4 image is 2 × 2 cells of ▀, upper pixel in front, lower pixel behind")
    func twoByFour() {
        let lines = HalfBlockRenderer().render(Self.twoByFour, maxColumns: 80, maxRows: 24)
        #expect(lines.count == 2)
        for (row, line) in lines.enumerated() {
            #expect(line.plainText == "▀▀")
            #expect(line.displayWidth == 2)
            #expect(line.spans.count == 2)
            for (column, span) in line.spans.enumerated() {
                #expect(span.text == "▀")
                #expect(span.role == .plain && span.link == nil)
                #expect(
                    span.colors
                        == CellColors(
                            foreground: Self.colours[row * 2][column],
                            background: Self.colours[row * 2 + 1][column]))
            }
        }
    }

    @Test("a wide picture fits the columns and keeps its proportions")
    func fitsWidth() {
        let image = RGBImage(width: 1_200, height: 800, filledWith: RGB(1, 2, 3))
        let renderer = HalfBlockRenderer()
        #expect(renderer.size(of: image, maxColumns: 60, maxRows: 30) == (60, 20))
        let lines = renderer.render(image, maxColumns: 60, maxRows: 30)
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.spans.count == 60 && $0.displayWidth == 60 })
        #expect(lines[0].spans[0].colors == CellColors(foreground: RGB(1, 2, 3), background: RGB(1, 2, 3)))
    }

    @Test("a tall picture fits the rows: a row is two pixels")
    func fitsHeight() {
        let image = RGBImage(width: 400, height: 1_000, filledWith: RGB(9, 9, 9))
        #expect(HalfBlockRenderer().size(of: image, maxColumns: 60, maxRows: 30) == (24, 30))
        let lines = HalfBlockRenderer().render(image, maxColumns: 60, maxRows: 30)
        #expect(lines.count == 30 && lines.allSatisfy { $0.spans.count == 24 })
    }

    @Test("a small picture is not enlarged unless asked")
    func upscaling() {
        let image = RGBImage(width: 10, height: 6, filledWith: RGB(9, 9, 9))
        #expect(HalfBlockRenderer().size(of: image, maxColumns: 60, maxRows: 30) == (10, 3))
        #expect(HalfBlockRenderer(upscales: true).size(of: image, maxColumns: 60, maxRows: 30) == (60, 18))
    }

    @Test("no room gives no lines; a sliver gives at least one cell")
    func extremes() {
        let image = RGBImage(width: 10, height: 6, filledWith: RGB(9, 9, 9))
        #expect(HalfBlockRenderer().render(image, maxColumns: 0, maxRows: 5).isEmpty)
        #expect(HalfBlockRenderer().render(image, maxColumns: 5, maxRows: 0).isEmpty)
        let sliver = RGBImage(width: 1_000, height: 1, filledWith: RGB(9, 9, 9))
        #expect(HalfBlockRenderer().size(of: sliver, maxColumns: 40, maxRows: 10) == (40, 1))
    }

    @Test("downscaled cells average their pixels")
    func averaging() {
        // 4 × 4: left half black, right half white → 2 × 1 cells at half size.
        let image = Samples.squares(
            [Samples.black, Samples.white, Samples.black, Samples.white], columns: 2, size: 2)
        let lines = HalfBlockRenderer().render(image, maxColumns: 2, maxRows: 1)
        #expect(lines.count == 1)
        #expect(
            lines[0].spans.map(\.colors) == [
                CellColors(foreground: Samples.black, background: Samples.black),
                CellColors(foreground: Samples.white, background: Samples.white),
            ])
    }

    /// Not a timed assertion: prints how long a 60 × 30 thumbnail of a 1200 × 800 JPEG takes, for
    /// the record. Run it in release:
    /// `swift test -c release --scratch-path .build-images-release --filter ImagesTests.HalfBlockRendererTests/timing`
    @Test("timing: a 1200 × 800 JPEG to a 60 × 30 thumbnail")
    func timing() throws {
        let data = try Samples.jpeg(Samples.photo(width: 1_200, height: 800), quality: 85)
        let clock = ContinuousClock()
        var decoded = try ImageDecoder.decode(data)
        var lines: [StyledLine] = []
        let rounds = 50
        let decoding = clock.measure {
            for _ in 0..<rounds { decoded = try! ImageDecoder.decode(data) }
        }
        var small = decoded
        let resampling = clock.measure {
            for _ in 0..<rounds { small = decoded.downscaled(toWidth: 60, height: 40) }
        }
        #expect(small.width == 60)
        let rendering = clock.measure {
            for _ in 0..<rounds { lines = HalfBlockRenderer().render(decoded, maxColumns: 60, maxRows: 30) }
        }
        #expect(lines.count == 20 && lines[0].spans.count == 60)
        print(
            "Images timing: decode 1200×800 JPEG (\(data.count) bytes) \(decoding / rounds), "
                + "render 60×30 half blocks \(rendering / rounds) (of which resampling \(resampling / rounds))"
        )
    }
}
