import Crypto
import Foundation

/// Pictures by URL, offline first: memory, then disk, then the network.
///
/// - **Memory**: decoded images, least recently used evicted once their pixels pass
///   ``Limits/memoryBytes``.
/// - **Disk**: the downloaded files in ``directory`` (the app passes
///   `$XDG_CACHE_HOME/newsapp/images/`), each named by the lowercase hex SHA-256 of the URL
///   string, least recently used removed once they pass ``Limits/diskBytes``. A file that no
///   longer decodes is removed and fetched again.
/// - **Network**: `http` and `https` only, at most ``Limits/downloadBytes`` (5 MiB), through an
///   ``ImageFetching``. Only files that decode are stored.
///
/// Cancelling the calling task stops a download and closes its connection. Decoding runs off the
/// actor, so memory hits are answered while another picture decodes.
public actor ImageCache {
    /// The bounds of each layer.
    public struct Limits: Sendable, Equatable {
        /// Decoded pixel bytes held in memory.
        public var memoryBytes: Int
        /// Bytes of files kept on disk.
        public var diskBytes: Int
        /// The largest download accepted.
        public var downloadBytes: Int
        /// The largest `width × height` decoded.
        public var maxPixels: Int

        public init(
            memoryBytes: Int = 32 << 20, diskBytes: Int = 100 << 20, downloadBytes: Int = 5 << 20,
            maxPixels: Int = ImageDecoder.defaultMaxPixels
        ) {
            self.memoryBytes = memoryBytes
            self.diskBytes = diskBytes
            self.downloadBytes = downloadBytes
            self.maxPixels = maxPixels
        }
    }

    /// Where downloaded files are kept; created when the first one is stored.
    public nonisolated let directory: URL
    public nonisolated let limits: Limits
    private let fetcher: any ImageFetching
    private var memory: MemoryLRU
    private let disk: DiskStore

    public init(
        directory: URL, limits: Limits = Limits(), fetcher: any ImageFetching = URLSessionImageFetcher()
    ) {
        self.directory = directory
        self.limits = limits
        self.fetcher = fetcher
        memory = MemoryLRU(limit: limits.memoryBytes)
        disk = DiskStore(directory: directory, limit: limits.diskBytes)
    }

    /// The picture at `url`, from the first layer that has it.
    ///
    /// Throws ``ImageError/unsupportedURL`` for anything but `http` and `https`, the fetcher's
    /// errors for a failed download, and the decoder's for a file that is not a usable picture.
    public func image(for url: URL) async throws(ImageError) -> RGBImage {
        guard url.isWebAddress else { throw .unsupportedURL }
        let key = Self.fileName(for: url)
        if let image = memory.image(for: key) { return image }
        if Task.isCancelled { throw .cancelled }
        if let data = disk.read(key, maxBytes: limits.downloadBytes) {
            if let image = try? await Self.decode(data, maxPixels: limits.maxPixels) {
                memory.insert(image, for: key)
                return image
            }
            // Damaged on disk: a miss.
            disk.remove(key)
        }
        let data = try await fetcher.fetch(url, maxBytes: limits.downloadBytes)
        let image = try await Self.decode(data, maxPixels: limits.maxPixels)
        disk.write(data, for: key)
        memory.insert(image, for: key)
        return image
    }

    /// The name of the file that caches `url`: the lowercase hexadecimal SHA-256 of its string.
    public static func fileName(for url: URL) -> String {
        hexSHA256(Data(url.absoluteString.utf8))
    }

    /// Lowercase hexadecimal SHA-256 of `data`.
    static func hexSHA256(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    // MARK: - Inspection, for tests

    /// Whether `url`'s picture is held in memory.
    func isInMemory(_ url: URL) -> Bool { memory.contains(Self.fileName(for: url)) }

    /// Pixel bytes held in memory.
    var memoryByteCount: Int { memory.byteCount }

    // MARK: - Helpers

    /// Decodes on the global executor: a nonisolated async function does not run on the actor.
    private nonisolated static func decode(_ data: Data, maxPixels: Int) async throws(ImageError) -> RGBImage
    {
        try ImageDecoder.decode(data, maxPixels: maxPixels)
    }
}
