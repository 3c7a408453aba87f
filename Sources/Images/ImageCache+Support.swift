internal import Crypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ImageCache {
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

    /// URLs whose failure is remembered.
    var rememberedFailureCount: Int { failures.count }

    /// Returns once `count` requests wait for the load of `url` (never on time).
    func waitForRequests(_ count: Int, loading url: URL) async {
        let key = Self.fileName(for: url)
        if (loads[key]?.waiters.count ?? 0) >= count { return }
        await withCheckedContinuation { joinWatchers.append((key, count, $0)) }
    }
}
