#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension URL {
    /// The address as NewsApp shows and logs it: a password written in it is replaced by `•••`
    /// (`http://alice:secret@host/feed` is `http://alice:•••@host/feed`), so that it goes with the
    /// request only, never to the screen, a log, an error message or `--json` output. The address
    /// itself is unchanged.
    public var shownAddress: String { ShownAddress.hidingPasswords(in: absoluteString) }

    /// The host, and its port when the address names one (`example.com`, `127.0.0.1:8080`): how
    /// a sentence names whom NewsApp asked. The whole address when it has no host.
    public var shownHost: String {
        let name = host ?? absoluteString
        return port.map { "\(name):\($0)" } ?? name
    }

    /// Whether the address carries a password (`http://alice:secret@host/feed`).
    public var carriesPassword: Bool { shownAddress != absoluteString }

    /// The address without a user name or password: what links found in a document fetched from
    /// it are resolved against, so that they do not carry the credentials on.
    public var withoutCredentials: URL {
        guard user != nil || password != nil,
            var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        else { return self }
        components.user = nil
        components.password = nil
        return components.url ?? self
    }
}

/// Text with the passwords of the addresses in it hidden: what a line of the urls file, an error
/// sentence or a log entry that quotes an address shows.
public enum ShownAddress {
    /// What replaces a password.
    public static let mask = "•••"

    /// `text` with the password of every `scheme://user:password@host` in it replaced by
    /// ``mask``; the user name stays, so that the feed is still told apart.
    public static func hidingPasswords(in text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.firstRange(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority ends at the path, query, fragment or anything that ends an address.
            let end =
                rest.firstIndex {
                    $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace || $0 == "\"" || $0 == ">"
                }
                ?? rest.endIndex
            let authority = rest[..<end]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[...colon] + mask
                rest = rest[at...]
            }
        }
        return result + rest
    }
}
