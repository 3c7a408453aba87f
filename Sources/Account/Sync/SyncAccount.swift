import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The account NewsApp syncs with: the service's API address, the user, the login token, and
/// whether plain http was accepted at login. The password is kept only for Tiny Tiny RSS, whose
/// sessions end after a day unused and are opened again with it, for a Miniflux signed in
/// to with a password (its API has no token of its own: basic auth sends the password each
/// time; a Miniflux API key is the token), and for Nextcloud News, whose API has no token:
/// every request carries the password.
public struct SyncAccount: Codable, Equatable, Sendable {
    /// The API's base, e.g. `https://rss.example.org/api/greader.php`.
    public var server: URL
    public var user: String
    /// ClientLogin's `Auth` token: it goes in the `Authorization` header and nowhere else.
    public var token: String
    /// True when the user accepted plain http to a host other than this machine (`--allow-http`).
    public var allowHTTP: Bool
    /// The protocol; nil in files written before there was a choice: the Google Reader API.
    public var service: SyncServiceKind? = nil
    /// Tiny Tiny RSS's password, to open a new session when the service ended the last one;
    /// Nextcloud News's, sent with every request.
    public var password: String? = nil

    public init(
        server: URL, user: String, token: String, allowHTTP: Bool, service: SyncServiceKind? = nil,
        password: String? = nil
    ) {
        self.server = server
        self.user = user
        self.token = token
        self.allowHTTP = allowHTTP
        self.service = service
        self.password = password
    }

    public var kind: SyncServiceKind { service ?? .greader }

    /// How a Miniflux client proves who it is: the password when one is kept, else the API key.
    public var minifluxCredentials: MinifluxClient.Credentials {
        password.map { .password(user: user, password: $0) } ?? .apiKey(token)
    }

    /// The service as sentences and `sync status` name it: host and port, never the token.
    public var serviceName: String { ReaderAPIClient.host(of: server) }

    /// Who and where, to tell one account's data from another's in the store.
    public var identity: String { "\(user)@\(server.absoluteString)" }
}
