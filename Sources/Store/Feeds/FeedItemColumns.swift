import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed item as the values of its `article` row, and back (see ``StoreSchema/v3``).
///
/// `url` is the item's link, else its id when that is a web address, else the fallback its feed
/// gives (its site, else its address); `urlIsLink` says which, so the link comes back as it was.
/// Dates are REAL seconds since 1970, like every date of the store: whole seconds (and binary
/// fractions of them) come back exactly, others within a microsecond.
///
/// Every value is made when the columns are: ``NewsStore/recordFeeds(_:)`` makes them before its
/// transaction, on the caller's thread, so that the one writer thread only binds them.
struct FeedItemColumns: Sendable {
    let item: FeedItem
    let url: String
    let urlIsLink: Bool
    /// True when `url` is the fallback its feed gave: the writer checks it against the stored
    /// feed's site, which only the transaction knows.
    let usesFallbackURL: Bool
    /// A stable hash of everything a reader sees of the item (all but its id): equal hashes mean
    /// nothing changed.
    let contentHash: Int64
    /// `links` and `enclosures`: JSON arrays, nil when empty.
    let linksJSON: String?
    let enclosuresJSON: String?
    let imageURL: String?

    init(_ item: FeedItem, fallbackURL: String) {
        self.item = item
        if let link = item.link {
            url = link.absoluteString
            urlIsLink = true
            usesFallbackURL = false
        } else {
            usesFallbackURL = !Self.isWebAddress(item.id)
            url = usesFallbackURL ? fallbackURL : item.id
            urlIsLink = false
        }
        linksJSON = FeedJSON.links(item.links)
        enclosuresJSON = FeedJSON.enclosures(item.enclosures)
        imageURL = item.imageURL?.absoluteString
        var hash = StableHash()
        hash.add(url)
        hash.add(urlIsLink ? 1.0 : 0.0)
        hash.add(item.title)
        hash.add(item.author)
        hash.add(item.published?.timeIntervalSince1970)
        hash.add(item.updated?.timeIntervalSince1970)
        hash.add(item.summary)
        hash.add(item.content)
        hash.add(Double(item.links.count))
        for link in item.links { hash.add(link.absoluteString) }
        hash.add(Double(item.enclosures.count))
        for enclosure in item.enclosures {
            hash.add(enclosure.url.absoluteString)
            hash.add(enclosure.type)
            hash.add(enclosure.length.map(Double.init))
        }
        hash.add(imageURL)
        contentHash = Int64(bitPattern: hash.value)
    }

    /// `publishedAt`: the sort date, published else updated.
    var sortDate: Double? { published ?? updated }
    /// `itemPublishedAt` and `updatedAt`: the item's own dates.
    var published: Double? { item.published?.timeIntervalSince1970 }
    var updated: Double? { item.updated?.timeIntervalSince1970 }

    /// The item of an `article` row of a feed item; `decoder` reads its links and enclosures.
    static func item(_ row: Row, decoder: JSONDecoder) -> FeedItem {
        let url: String = row["url"]
        let urlIsLink: Bool = row["urlIsLink"] ?? false
        return FeedItem(
            id: row["itemID"] ?? "",
            title: row["title"] ?? "",
            link: urlIsLink ? URL(string: url) : nil,
            author: row["author"],
            published: (row["itemPublishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            updated: (row["updatedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            summary: row["summary"],
            content: row["content"],
            links: FeedJSON.decodeLinks(row["links"], with: decoder),
            enclosures: FeedJSON.decodeEnclosures(row["enclosures"], with: decoder),
            imageURL: (row["imageURL"] as String?).flatMap(URL.init(string:)))
    }

    /// True for an `http` or `https` address, judged by its scheme.
    private static func isWebAddress(_ text: String) -> Bool {
        text.utf8.count <= 4096 && URL(string: text)?.hasWebScheme == true
    }
}

/// A 64-bit hash that is the same in every process and on every run (Swift's `Hasher` is seeded
/// per process): eight bytes at a time, a rotate, an exclusive or and a multiplication by an odd
/// constant, which is a bijection of the state, so two texts that differ in one word always
/// differ. For noticing changes, not for security.
struct StableHash {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    mutating func add(_ text: String?) {
        guard var text else {
            mix(0x9E37_79B9_7F4A_7C15)
            return
        }
        text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<raw.count {
                tail |= UInt64(raw[index]) << (8 * UInt64(index - offset))
            }
            mix(tail)
            mix(UInt64(raw.count))
        }
    }

    mutating func add(_ number: Double?) {
        guard let number else {
            mix(0x9E37_79B9_7F4A_7C15)
            return
        }
        mix(number.bitPattern)
        mix(1)
    }

    private mutating func mix(_ word: UInt64) {
        value = ((value << 5 | value >> 59) ^ word) &* 0x517C_C1B7_2722_0A95
    }
}
