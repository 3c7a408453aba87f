import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the dates feeds write, without `DateFormatter`: RFC 3339 (Atom, JSON Feed) through
/// ``NewsModels/Timestamp``, and RFC 822/1123 (RSS) through ``NewsModels/InternetDate``, in the
/// shapes met in the wild and with its rule for two-digit years.
enum FeedDate {
    /// The instant `text` denotes, or nil when it cannot be read.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, InternetDate.isSeparator(bytes[start]) { start += 1 }
        while end > start, InternetDate.isSeparator(bytes[end - 1]) { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard trimmed.count >= 6 else { return nil }
        if InternetDate.isDigit(trimmed[0]), InternetDate.isDigit(trimmed[3]), trimmed[4] == UInt8(ascii: "-")
        {
            return rfc3339(trimmed)
        }
        return InternetDate.parse(utf8: trimmed)
    }

    private static func rfc3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 10 else { return Timestamp.parse(utf8: bytes) }
        // A date alone (`2024-05-01`) is that day's midnight, UTC.
        return Timestamp.parse(String(decoding: bytes, as: UTF8.self) + "T00:00:00Z")
    }
}
