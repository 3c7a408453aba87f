import CJPEG
import CPNG
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The picture formats ``ImageDecoder`` reads.
public enum ImageFormat: Sendable, Hashable {
    case jpeg
    case png

    /// The format the bytes announce in their first bytes, or nil.
    public init?(sniffing data: Data) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }
}

/// Decodes JPEG (libjpeg-turbo) and PNG (libpng) files into ``RGBImage``s.
///
/// Decoding never crashes and never exits the process: the C libraries' fatal errors are caught in
/// C and come back as ``ImageError``s. The header is read first and an image of more pixels than
/// allowed is refused before any pixel memory is allocated, so a small file claiming to be
/// 100,000 × 100,000 pixels costs nothing. Truncated and damaged files are refused rather than
/// shown half grey.
public enum ImageDecoder {
    /// The default pixel budget: 40 million pixels, 120 MB decoded.
    public static let defaultMaxPixels = 40_000_000

    /// Decodes a JPEG or PNG, recognised by its first bytes.
    ///
    /// - Parameters:
    ///   - maxPixels: the largest `width × height` accepted.
    ///   - background: the colour transparent PNG pixels are laid over.
    public static func decode(
        _ data: Data, maxPixels: Int = defaultMaxPixels, background: RGB = RGB(255, 255, 255)
    ) throws(ImageError) -> RGBImage {
        try decode(data, fitting: nil, maxPixels: maxPixels, background: background).image
    }

    /// Decodes a JPEG or PNG no larger than needed to show it fitted into `box` (never enlarged).
    ///
    /// A JPEG is decoded at the smallest of libjpeg's DCT scales (1/8, 2/8, … 8/8) whose result
    /// still covers the picture fitted into the box, which costs a fraction of the full size's
    /// memory and time: a 6300 × 6300 photo for an 80 × 24 box is decoded at 1/8, 788 × 788
    /// pixels (1.9 MB instead of 119 MB). A PNG, which has no such scaling, is decoded in full.
    /// `maxPixels` applies to the picture's own size either way. Without a box, in full.
    public static func decode(
        _ data: Data, fitting box: PixelSize?, maxPixels: Int = defaultMaxPixels,
        background: RGB = RGB(255, 255, 255)
    ) throws(ImageError) -> DecodedImage {
        guard let format = ImageFormat(sniffing: data) else { throw .unsupportedFormat }
        let budget = UInt64(max(0, maxPixels))
        let result = data.withUnsafeBytes { bytes -> Result<DecodedImage, ImageError> in
            switch format {
            case .jpeg:
                return decodeJPEG(bytes, budget: budget, box: box)
            case .png:
                return decodePNG(bytes, budget: budget, background: background).map {
                    DecodedImage(image: $0, originalSize: PixelSize(width: $0.width, height: $0.height))
                }
            }
        }
        return try result.get()
    }

    // MARK: - JPEG

    private static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, budget: UInt64, box: PixelSize?)
        -> Result<
            DecodedImage, ImageError
        >
    {
        let data = bytes.bindMemory(to: UInt8.self)
        var message = [CChar](repeating: 0, count: Int(NEWSAPP_JPEG_MESSAGE_SIZE))
        let boxWidth = UInt32(clamping: box?.width ?? 0)
        let boxHeight = UInt32(clamping: box?.height ?? 0)
        var originalWidth: UInt32 = 0
        var originalHeight: UInt32 = 0
        let result = twoPass(budget: budget) { buffer, width, height in
            let status = newsapp_jpeg_decode(
                data.baseAddress, data.count, budget, boxWidth, boxHeight, buffer?.baseAddress,
                buffer?.count ?? 0, &originalWidth, &originalHeight, &width, &height, &message)
            // The pixel budget is about the picture's own size, and so is its error.
            if status == NEWSAPP_JPEG_TOO_MANY_PIXELS { (width, height) = (originalWidth, originalHeight) }
            return status
        } failure: { status in
            switch status {
            case NEWSAPP_JPEG_OUT_OF_MEMORY: return .outOfMemory
            default: return .corrupt(Self.text(message))
            }
        }
        let original = PixelSize(width: Int(originalWidth), height: Int(originalHeight))
        return result.map { DecodedImage(image: $0, originalSize: original) }
    }

    // MARK: - PNG

    private static func decodePNG(_ bytes: UnsafeRawBufferPointer, budget: UInt64, background: RGB) -> Result<
        RGBImage, ImageError
    > {
        var message = [CChar](repeating: 0, count: Int(NEWSAPP_PNG_MESSAGE_SIZE))
        let result = twoPass(budget: budget) { buffer, width, height in
            newsapp_png_decode(
                bytes.baseAddress, bytes.count, budget, buffer?.baseAddress, buffer?.count ?? 0,
                background.red, background.green, background.blue, &width, &height, &message)
        } failure: { _ in
            .corrupt(Self.text(message))
        }
        // libpng stops reading after the image data, so a file cut short within its last chunk
        // still decodes; like a JPEG without its end marker, it is refused.
        if case .success = result, !endsWithIEND(bytes) {
            return .failure(.corrupt("the file ends before its IEND chunk"))
        }
        return result
    }

    /// The IEND chunk every PNG ends with: no data, type, CRC. Trailing bytes after it are allowed.
    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    private static func endsWithIEND(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= iend.count else { return false }
        // Usually the last 12 bytes; search back from the end in case something trails it.
        for start in stride(from: bytes.count - iend.count, through: 0, by: -1) {
            if bytes[start] == 0, bytes[start + 4] == 0x49,
                bytes[start..<(start + iend.count)].elementsEqual(iend)
            {
                return true
            }
        }
        return false
    }

    // MARK: - Both

    /// Runs a shim's decode twice: first without a buffer, to read the size (and let the shim
    /// apply the pixel budget), then into an array of exactly the right size. The status codes
    /// of both shims have the same values.
    private static func twoPass(
        budget: UInt64,
        decode: (UnsafeMutableBufferPointer<UInt8>?, inout UInt32, inout UInt32) -> Int32,
        failure: (Int32) -> ImageError
    ) -> Result<RGBImage, ImageError> {
        var width: UInt32 = 0
        var height: UInt32 = 0
        let header = decode(nil, &width, &height)
        switch header {
        case NEWSAPP_JPEG_NEEDS_BUFFER:
            break
        case NEWSAPP_JPEG_TOO_MANY_PIXELS:
            return .failure(.tooManyPixels(width: Int(width), height: Int(height), limit: Int(budget)))
        default:
            return .failure(failure(header))
        }
        let count = Int(width) * Int(height) * 3
        var status = NEWSAPP_JPEG_OK
        var decodedWidth: UInt32 = 0
        var decodedHeight: UInt32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = decode(buffer, &decodedWidth, &decodedHeight)
            // On failure the bytes are garbage, but UInt8 has no invalid values; they are dropped.
            initialized = count
        }
        guard status == NEWSAPP_JPEG_OK else { return .failure(failure(status)) }
        guard decodedWidth == width, decodedHeight == height, width > 0, height > 0 else {
            return .failure(.corrupt("the size changed between reads"))
        }
        return .success(RGBImage(unchecked: Int(width), Int(height), pixels))
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
