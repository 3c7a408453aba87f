import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ClientLogin's answer: lines of `NAME=VALUE` (`SID=…`, `LSID=…`, `Auth=…`), of which the login
/// token is `Auth`.
enum ClientLoginAnswer {
    /// The `Auth` value, when the answer has one that can travel in a header.
    static func token(in body: Data) -> String? {
        let text = String(decoding: body.prefix(64 << 10), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.hasPrefix("Auth=") else { continue }
            let token = line.dropFirst(5).trimmingSpaces()
            guard !token.isEmpty, token.utf8.count <= 4096,
                token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
            else { return nil }
            return token
        }
        return nil
    }
}
