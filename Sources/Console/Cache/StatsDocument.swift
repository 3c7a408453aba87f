import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp cache stats --json`: the live store's figures at the top level, the pictures under
/// `images`, and the sample edition's store under `sample` with the same figures.
public struct StatsDocument: Encodable {
    /// One store's figures.
    public struct Store: Encodable {
        public var path: String
        /// Nil when the file does not exist.
        public var stats: StoreStats?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try encode(into: &container)
        }

        public func encode(into container: inout KeyedEncodingContainer<Keys>) throws {
            try container.encode(path, forKey: .path)
            try container.encode(stats != nil, forKey: .exists)
            try container.encode(stats?.fileSize ?? 0, forKey: .fileSize)
            try container.encode(stats?.articleCount ?? 0, forKey: .articles)
            try container.encode(stats?.savedCount ?? 0, forKey: .saved)
            try container.encode(stats?.readCount ?? 0, forKey: .read)
            try container.encode(stats?.listingCount ?? 0, forKey: .listings)
            try container.encode(stats?.listingPageCount ?? 0, forKey: .listingPages)
            try container.encode(stats?.oldestArticle.map(Self.iso8601), forKey: .oldest)
            try container.encode(stats?.newestArticle.map(Self.iso8601), forKey: .newest)
        }

        private static func iso8601(_ date: Date) -> String {
            date.formatted(.iso8601)
        }
    }

    public var live: Store
    public var sample: Store
    public var pictures: PictureFiles
    public var imagesPath: String
    /// NewsAPI requests counted today (UTC) in the live store, and the plan's daily limit.
    public var requestsToday: Int
    public var requestLimit: Int

    public enum Keys: String, CodingKey {
        case path, exists, fileSize, articles, saved, read, listings, listingPages, oldest, newest, images,
            sample, requestsToday, requestLimit
    }

    private enum ImageKeys: String, CodingKey {
        case path, files, bytes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try live.encode(into: &container)
        var images = container.nestedContainer(keyedBy: ImageKeys.self, forKey: .images)
        try images.encode(imagesPath, forKey: .path)
        try images.encode(pictures.count, forKey: .files)
        try images.encode(pictures.byteCount, forKey: .bytes)
        try container.encode(sample, forKey: .sample)
        try container.encode(requestsToday, forKey: .requestsToday)
        try container.encode(requestLimit, forKey: .requestLimit)
    }

    public func json() -> String {
        TerminalSafeJSON.encode(self)
    }
}
