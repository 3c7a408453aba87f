/// Why an OPML file gave no subscriptions. Each case has a one-line ``sentence``.
public enum OPMLError: Error, Sendable, Equatable {
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file is something else than OPML; a short reason.
    case notOPML(String)
    /// Nothing could be read from the file; a short reason.
    case malformed(String)

    /// A one-line description for the screen.
    public var sentence: String {
        switch self {
        case .tooLarge(let limit):
            return "The OPML file is larger than \(limit >> 20) MiB and was not read."
        case .notOPML(let reason):
            return "The file is not an OPML subscription list: \(reason)."
        case .malformed(let reason):
            return "The OPML file cannot be read: \(reason)."
        }
    }
}
