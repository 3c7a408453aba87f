import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Pictures by URL, offline first: memory, then the app's own pictures, then disk, then the
/// network.
///
/// - **Memory**: decoded images, least recently used evicted once their pixels pass
///   ``Limits/memoryBytes``.
/// - **Local**: the pictures a ``LocalPictures`` source holds (the app's bundled ones), decoded
///   from its bytes; never fetched, never written to disk.
/// - **Disk**: the downloaded files in ``directory`` (the app passes
///   `$XDG_CACHE_HOME/newsapp/images/`), each named by the lowercase hex SHA-256 of the URL
///   string, least recently used removed once they pass ``Limits/diskBytes``. A file that no
///   longer decodes is removed and fetched again.
/// - **Network**: `http` and `https` only, at most ``Limits/downloadBytes`` (5 MiB), through an
///   ``ImageFetching``. Only files that decode are stored.
///
/// A URL whose download or decoding failed is not tried again for the rest of the session: its
/// error is remembered (``Limits/rememberedFailures`` of them at most) and thrown at once.
/// Requests for a URL already loading share that load: one download, one decode.
///
/// A picture is decoded no larger than the box it is wanted for (see
/// ``ImageDecoder/decode(_:fitting:maxPixels:background:)``); a request for a larger box than the
/// one in memory decodes it again from disk.
///
/// Cancelling the calling task ends its request at once; the download stops and its connection
/// closes when no other request shares it. Decoding runs off the actor, so memory hits are
/// answered while another picture decodes.
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
        /// URLs whose failure is remembered for the session, the oldest forgotten first.
        public var rememberedFailures: Int

        public init(
            memoryBytes: Int = 32 << 20, diskBytes: Int = 100 << 20, downloadBytes: Int = 5 << 20,
            maxPixels: Int = ImageDecoder.defaultMaxPixels, rememberedFailures: Int = 512
        ) {
            self.memoryBytes = memoryBytes
            self.diskBytes = diskBytes
            self.downloadBytes = downloadBytes
            self.maxPixels = maxPixels
            self.rememberedFailures = rememberedFailures
        }
    }

    /// Where downloaded files are kept; created when the first one is stored.
    public nonisolated let directory: URL
    public nonisolated let limits: Limits
    private let fetcher: any ImageFetching
    private let local: (any LocalPictures)?
    var memory: MemoryLRU
    private let disk: DiskStore
    var failures: FailureMemory
    /// Loads in flight, by file name.
    var loads: [String: Load] = [:]
    private var nextID = 0
    var joinWatchers: [(key: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    typealias Waiter = CheckedContinuation<Result<DecodedImage, ImageError>, Never>

    /// A load from disk or the network, and the requests waiting for it.
    struct Load {
        var id: Int
        var task: Task<Void, Never>
        var waiters: [Int: Waiter]
    }

    /// A cache keeping its files in `directory`, loading through `fetcher` what neither memory,
    /// `local` nor the disk holds.
    public init(
        directory: URL, limits: Limits = Limits(), fetcher: any ImageFetching = HTTPImageFetcher(),
        local: (any LocalPictures)? = nil
    ) {
        self.directory = directory
        self.limits = limits
        self.fetcher = fetcher
        self.local = local
        memory = MemoryLRU(limit: limits.memoryBytes)
        disk = DiskStore(directory: directory, limit: limits.diskBytes)
        failures = FailureMemory(limit: limits.rememberedFailures)
    }

    /// The picture at `url` at full size, from the first layer that has it.
    ///
    /// Throws ``ImageError/unsupportedURL`` for anything but `http` and `https`, the fetcher's
    /// errors for a failed download, and the decoder's for a file that is not a usable picture;
    /// the same error again, without a new try, for a URL that failed earlier in the session.
    public func image(for url: URL) async throws(ImageError) -> RGBImage {
        try await image(for: url, fitting: nil)
    }

    /// The picture at `url`, decoded no larger than needed to show it fitted into `box`.
    public func image(for url: URL, fitting box: PixelSize?) async throws(ImageError) -> RGBImage {
        guard url.isWebAddress else { throw .unsupportedURL }
        let key = Self.fileName(for: url)
        if let hit = memory.image(for: key), hit.covers(box) { return hit.image }
        if let failure = failures[key] { throw failure }
        if Task.isCancelled { throw .cancelled }
        let decoded = try await shared(key, url: url, box: box)
        if decoded.covers(box) { return decoded.image }
        // The load this request joined decoded for a smaller box: decode again, from disk.
        return try await shared(key, url: url, box: box).image
    }

    // MARK: - Shared loads

    /// Joins the load of `key` in flight, or starts one for `box`; leaving (the caller being
    /// cancelled) ends this request at once and the load with its last request.
    private func shared(_ key: String, url: URL, box: PixelSize?) async throws(ImageError) -> DecodedImage {
        let id = nextID
        nextID += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                join(key, id: id, url: url, box: box, waiter: waiter)
            }
        } onCancel: {
            Task { await self.leave(key, id: id) }
        }
        return try result.get()
    }

    private func join(_ key: String, id: Int, url: URL, box: PixelSize?, waiter: Waiter) {
        if loads[key] != nil {
            loads[key]?.waiters[id] = waiter
        } else {
            let task = Task { await self.run(key, loadID: id, url: url, box: box) }
            loads[key] = Load(id: id, task: task, waiters: [id: waiter])
        }
        let count = loads[key]?.waiters.count ?? 0
        let ready = joinWatchers.filter { $0.key == key && $0.count <= count }
        joinWatchers.removeAll { $0.key == key && $0.count <= count }
        for watcher in ready { watcher.continuation.resume() }
    }

    private func leave(_ key: String, id: Int) {
        guard let waiter = loads[key]?.waiters.removeValue(forKey: id) else { return }
        waiter.resume(returning: .failure(.cancelled))
        if let load = loads[key], load.waiters.isEmpty {
            load.task.cancel()
            loads[key] = nil
        }
    }

    private func run(_ key: String, loadID: Int, url: URL, box: PixelSize?) async {
        let result: Result<DecodedImage, ImageError>
        do throws(ImageError) {
            result = .success(try await load(key, url: url, box: box))
        } catch {
            result = .failure(error)
        }
        guard let load = loads[key], load.id == loadID else { return }
        loads[key] = nil
        if case .failure(let error) = result, error != .cancelled { failures.remember(error, for: key) }
        for waiter in load.waiters.values { waiter.resume(returning: result) }
    }

    /// The local pictures, then disk, then the network.
    private func load(_ key: String, url: URL, box: PixelSize?) async throws(ImageError) -> DecodedImage {
        if let data = local?.pictureData(for: url) {
            let decoded = try await Self.decode(data, box: box, maxPixels: limits.maxPixels)
            memory.insert(decoded, for: key)
            return decoded
        }
        if let data = disk.read(key, maxBytes: limits.downloadBytes) {
            if let decoded = try? await Self.decode(data, box: box, maxPixels: limits.maxPixels) {
                memory.insert(decoded, for: key)
                return decoded
            }
            // Damaged on disk: a miss.
            disk.remove(key)
        }
        let data = try await fetcher.fetch(url, maxBytes: limits.downloadBytes)
        let decoded = try await Self.decode(data, box: box, maxPixels: limits.maxPixels)
        disk.write(data, for: key)
        memory.insert(decoded, for: key)
        return decoded
    }

    // MARK: - Helpers

    /// Decodes on the global executor: a nonisolated async function does not run on the actor.
    private nonisolated static func decode(_ data: Data, box: PixelSize?, maxPixels: Int)
        async throws(ImageError)
        -> DecodedImage
    {
        try ImageDecoder.decode(data, fitting: box, maxPixels: maxPixels)
    }
}
