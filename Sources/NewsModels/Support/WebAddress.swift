#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one reading of "an http(s) address" that every target asks: the client fetches only
/// these, the screens open only these, feeds and services link only to these.
extension URL {
    /// Whether the scheme is `http` or `https`, in any case (RFC 3986 §3.1: schemes are
    /// case-insensitive). A host is not asked for: for the callers that judge an address by its
    /// scheme alone (`http:item-7` has one).
    public var hasWebScheme: Bool {
        guard let scheme else { return false }
        switch scheme.utf8.count {
        case 4: return scheme.lowercased() == "http"
        case 5: return scheme.lowercased() == "https"
        default: return false
        }
    }

    /// Whether this is an address on the web: an http or https scheme (in any case) and a
    /// host that is not empty. A user and password in it do not change the answer; the callers
    /// that refuse them say so themselves.
    public var isWebAddress: Bool { hasWebScheme && host?.isEmpty == false }

    /// `text` as a web address (``isWebAddress``), or nil. The text is read as it is: a caller
    /// that accepts white space around an address trims it first.
    public init?(webAddress text: String) {
        guard let url = URL(string: text), url.isWebAddress else { return nil }
        self = url
    }
}
