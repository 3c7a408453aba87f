import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response head as libcurl hands it over, one line at a time: the status line, the fields,
/// then an empty line. Informational heads (1xx) before the final one are skipped.
struct CurlHead {
    enum Progress {
        case more
        case complete
        case tooLong
    }

    private(set) var status = 0
    /// The fields by lowercased name; a name sent twice has its values joined with `, `.
    private(set) var fields: [String: String] = [:]
    private(set) var isComplete = false
    private var bytes = 0
    private var lastName: String?

    /// `Content-Length`, when the server sent one that reads as a number.
    var contentLength: Int64? {
        fields["content-length"].flatMap { Int64($0.trimmingSpaces()) }
    }

    /// Takes one line (with its line break); `.tooLong` once the head passes `limit` bytes.
    mutating func take(_ line: UnsafeRawBufferPointer, limit: Int) -> Progress {
        // Trailers of a chunked body come through the same door, after the head.
        guard !isComplete else { return .more }
        bytes += line.count
        guard bytes <= limit else { return .tooLong }
        // Without its line break (as bytes: "\r\n" is one Character).
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: line[..<end], as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            // A new head: after a 1xx, or a proxy's answer to CONNECT.
            let code = text.split(separator: " ", maxSplits: 2).dropFirst().first
            status = code.flatMap { Int($0) } ?? 0
            fields = [:]
            lastName = nil
            return .more
        }
        if text.isEmpty {
            guard status >= 200 || status == 0 else { return .more }
            isComplete = true
            return .complete
        }
        if text.first == " " || text.first == "\t", let name = lastName {
            // A folded line continues the field before it.
            fields[name, default: ""] += " " + text.trimmingSpaces()
            return .more
        }
        guard let colon = text.firstIndex(of: ":") else { return .more }
        let name = text[..<colon].trimmingSpaces().lowercased()
        let value = text[text.index(after: colon)...].trimmingSpaces()
        fields[name] = fields[name].map { $0 + ", " + value } ?? value
        lastName = name
        return .more
    }
}
