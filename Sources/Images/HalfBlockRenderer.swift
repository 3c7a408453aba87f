import TerminalText

/// Draws a picture as true-colour half blocks.
///
/// Each character cell is `▀` (upper half block): its foreground colour is the upper pixel and its
/// background the lower one, so a cell shows one pixel across and two down. A cell is about twice
/// as tall as it is wide, which makes those pixels square: the picture keeps its proportions.
public struct HalfBlockRenderer: Sendable {
    /// Whether a picture smaller than the space is enlarged to fill it. Off by default: an
    /// enlarged small picture is only blurred.
    public var upscales: Bool

    public init(upscales: Bool = false) {
        self.upscales = upscales
    }

    /// The cells `image` takes within `maxColumns × maxRows`, keeping its proportions: (0, 0) when
    /// there is no room.
    public func size(of image: RGBImage, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        guard maxColumns > 0, maxRows > 0 else { return (0, 0) }
        let width = Double(image.width)
        let height = Double(image.height)
        var scale = min(Double(maxColumns) / width, Double(maxRows * 2) / height)
        if !upscales { scale = min(scale, 1) }
        let columns = min(maxColumns, max(1, Int((width * scale).rounded())))
        let rows = min(maxRows, max(1, Int((height * scale / 2).rounded())))
        return (columns, rows)
    }

    /// `image` as lines of `▀` cells, scaled by area averaging to fit `maxColumns × maxRows`. Every
    /// line has the same number of cells; no lines when there is no room.
    public func render(_ image: RGBImage, maxColumns: Int, maxRows: Int) -> [StyledLine] {
        let (columns, rows) = size(of: image, maxColumns: maxColumns, maxRows: maxRows)
        guard columns > 0, rows > 0 else { return [] }
        let picture = image.downscaled(toWidth: columns, height: rows * 2)
        var lines: [StyledLine] = []
        lines.reserveCapacity(rows)
        picture.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                var spans: [Span] = []
                spans.reserveCapacity(columns)
                let upper = row * 2 * columns * 3
                let lower = upper + columns * 3
                for column in 0..<columns {
                    let top = upper + column * 3
                    let bottom = lower + column * 3
                    let colors = CellColors(
                        foreground: RGB(pixels[top], pixels[top + 1], pixels[top + 2]),
                        background: RGB(pixels[bottom], pixels[bottom + 1], pixels[bottom + 2]))
                    spans.append(Span("▀", colors: colors))
                }
                lines.append(StyledLine(spans))
            }
        }
        return lines
    }
}
