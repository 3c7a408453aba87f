/// What a server said about a feed's version, sent back on the next request so an unchanged feed
/// is answered `304 Not Modified` and parsed not at all (HTTP conditional GET).
public struct FeedValidators: Sendable, Hashable, Codable {
    /// The `ETag` header, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` header, sent back as `If-Modified-Since`.
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
