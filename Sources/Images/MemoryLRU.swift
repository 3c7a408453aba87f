/// Decoded images in memory (each perhaps decoded at a reduced scale), bounded by their pixel
/// bytes, least recently used evicted first.
///
/// Eviction scans for the oldest entry, which is linear in the number of entries; a cache of
/// terminal-sized pictures holds tens to hundreds, where that is cheaper than keeping a list.
struct MemoryLRU: Sendable {
    /// The most pixel bytes held at once. An image larger than this is never held.
    let limit: Int
    /// Pixel bytes held now.
    private(set) var byteCount = 0
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    private struct Entry {
        var image: DecodedImage
        var lastUse: UInt64
    }

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The image under `key`, which becomes the most recently used.
    mutating func image(for key: String) -> DecodedImage? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.image
    }

    /// Whether `key` is held, without counting as a use.
    func contains(_ key: String) -> Bool { entries[key] != nil }

    /// The keys held, least recently used first.
    var keys: [String] { entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key) }

    /// Holds `image` under `key` as the most recently used, evicting older images to stay within
    /// the limit.
    mutating func insert(_ image: DecodedImage, for key: String) {
        remove(key)
        guard image.image.byteCount <= limit else { return }
        clock += 1
        entries[key] = Entry(image: image, lastUse: clock)
        byteCount += image.image.byteCount
        while byteCount > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
    }

    mutating func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        byteCount -= entry.image.image.byteCount
    }
}
