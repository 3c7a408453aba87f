import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why no picture could be shown. Each case has a one-line ``sentence`` for the screen.
public enum ImageError: Error, Sendable, Hashable {
    /// The bytes are not a JPEG or a PNG (judged by their first bytes).
    case unsupportedFormat
    /// The header promises more pixels than allowed: a decompression bomb, or just too big to
    /// show. Refused after reading the header, before any pixel memory is allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The data is damaged or cut short; the decoder's reason, e.g. "Premature end of JPEG file".
    case corrupt(String)
    /// The decoder could not get the working memory it needed.
    case outOfMemory
    /// The download was larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// Only `http` and `https` addresses are fetched.
    case unsupportedURL
    /// The server answered with a status other than 2xx.
    case httpStatus(Int)
    /// The download did not complete: no connection, no answer in time, the connection dropped,
    /// a redirect refused. Worded by the fault itself, naming `host` (and the `timeout` in
    /// seconds when it ran out), so a picture's failure reads as a feed's or a page's does.
    case transport(TransportFault, host: String, timeout: TimeInterval)
    /// The download was not tried or did not complete for a reason of NewsApp's own ("NewsApp is
    /// offline"); a short reason.
    case downloadFailed(String)
    /// The calling task was cancelled.
    case cancelled

    /// One line for the screen, ending with a full stop.
    public var sentence: String {
        switch self {
        case .unsupportedFormat:
            return "The picture is in a format NewsApp cannot show (only JPEG and PNG)."
        case .tooManyPixels(let width, let height, let limit):
            return "The picture is too big to show: \(width)×\(height) pixels, "
                + "over the limit of \(Self.millions(limit)) pixels."
        case .corrupt(let reason):
            return reason.isEmpty
                ? "The picture is damaged or incomplete."
                : "The picture is damaged or incomplete (\(Self.short(reason)))."
        case .outOfMemory:
            return "There is not enough memory to show the picture."
        case .tooLarge(let limit):
            return "The picture is larger than the \(Self.mebibytes(limit)) download limit."
        case .unsupportedURL:
            return "Only pictures at http and https addresses can be loaded."
        case .httpStatus(let status):
            return "The picture could not be loaded: the server answered with status \(status)."
        case .transport(let fault, let host, let timeout):
            return fault.sentence(who: host, subject: "picture", timeout: timeout)
        case .downloadFailed(let reason):
            return "The picture could not be downloaded: \(Self.short(reason))."
        case .cancelled:
            return "Loading the picture was cancelled."
        }
    }

    private static func millions(_ count: Int) -> String {
        guard count >= 1_000_000, count % 100_000 == 0 else { return String(count) }
        let tenths = count / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10) million" : "\(tenths / 10).\(tenths % 10) million"
    }

    private static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes)-byte"
    }

    /// A reason on one line, without a trailing full stop, at most 100 characters.
    private static func short(_ reason: String) -> String {
        var text = String(reason.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
        return text.count > 100 ? String(text.prefix(99)) + "…" : text
    }
}
