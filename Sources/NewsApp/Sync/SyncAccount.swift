import Foundation
import Sync

/// The account NewsApp syncs with: the service's API address, the user, the login token
/// (never the password), and whether plain http was accepted at login.
struct SyncAccount: Codable, Equatable, Sendable {
    /// The API's base, e.g. `https://rss.example.org/api/greader.php`.
    var server: URL
    var user: String
    /// ClientLogin's `Auth` token: it goes in the `Authorization` header and nowhere else.
    var token: String
    /// True when the user accepted plain http to a host other than this machine (`--allow-http`).
    var allowHTTP: Bool

    /// The service as sentences and `sync status` name it: host and port, never the token.
    var serviceName: String { ReaderAPIClient.host(of: server) }

    /// Who and where, to tell one account's data from another's in the store.
    var identity: String { "\(user)@\(server.absoluteString)" }
}
