import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The address of a service's API as the user gives it, checked: http or https with a host, no
/// user or password in it, and plain http only to this machine unless the user accepts it.
public enum ServiceAddress {
    /// The hosts that are this machine, where plain http never leaves it.
    static let loopback: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// `text` as an API base (without a trailing `/`), or why not; a sentence names the address
    /// form of `service`, or of every protocol when it is not known yet.
    public static func parse(_ text: String, allowHTTP: Bool, service: SyncServiceKind? = nil)
        -> Result<URL, SyncError>
    {
        var trimmed = text.trimmingWhitespace()
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(webAddress: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host
        else { return .failure(.badAddress(Clean.line(String(text.prefix(200))))) }
        guard url.user == nil, url.password == nil else {
            return .failure(
                .unusableAddress(
                    "The address holds a user or a password (\(scheme)://…@\(host)/…): give the user with --user "
                        + "and the password when asked, never in the address."))
        }
        guard url.query == nil, url.fragment == nil else {
            return .failure(
                .unusableAddress(
                    "The address has a query or a fragment (\(scheme)://\(host)/…?…): give the service's address "
                        + "alone; \(SyncServiceKind.addressForms(service))."))
        }
        if scheme == "http", !isLoopback(url), !allowHTTP {
            return .failure(.insecure(host: url.shownHost))
        }
        return .success(url)
    }

    /// True for 127.0.0.1, localhost and ::1.
    public static func isLoopback(_ url: URL) -> Bool {
        loopback.contains(url.host?.lowercased() ?? "")
    }
}
