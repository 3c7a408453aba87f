/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The pixels a half-block picture of `columns × rows` cells shows: one across and two down
    /// per cell.
    public static func halfBlocks(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(0, columns), height: max(0, rows) * 2)
    }
}

/// A decoded picture, possibly at a reduced scale, and the size of the original.
public struct DecodedImage: Sendable, Equatable {
    /// The pixels, at most as large as the original.
    public var image: RGBImage
    /// The picture's own size, from its header.
    public var originalSize: PixelSize

    public init(image: RGBImage, originalSize: PixelSize) {
        self.image = image
        self.originalSize = originalSize
    }

    /// True when ``image`` is smaller than the original: JPEG's DCT scaling decoded it for a box.
    public var isReduced: Bool {
        image.width < originalSize.width || image.height < originalSize.height
    }

    /// Whether ``image`` shows as much as the original would fitted into `box`: it is the
    /// original, or it still fills the box in at least one direction, so fitting it into the box
    /// only shrinks it. Without a box (the whole picture wanted), only the original does.
    public func covers(_ box: PixelSize?) -> Bool {
        guard let box, isReduced else { return !isReduced }
        return image.width >= box.width || image.height >= box.height
    }
}
