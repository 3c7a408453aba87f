import Foundation

/// `newsapp sync status --json`.
struct SyncStatusDocument: Encodable {
    var signedIn: Bool
    /// The protocol signed in with (`greader`, `ttrss`), as `sync login --service` takes it.
    var service: String?
    var server: String?
    var user: String?
    var accountFile: String
    var feeds: Int
    var waiting: Int
    var lastSync: String?
    var lastAttempt: String?
    var lastError: String?

    /// Absent values are written as `null`, so every key is there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signedIn, forKey: .signedIn)
        try container.encode(service, forKey: .service)
        try container.encode(server, forKey: .server)
        try container.encode(user, forKey: .user)
        try container.encode(accountFile, forKey: .accountFile)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(lastSync, forKey: .lastSync)
        try container.encode(lastAttempt, forKey: .lastAttempt)
        try container.encode(lastError, forKey: .lastError)
    }

    private enum CodingKeys: String, CodingKey {
        case signedIn, service, server, user, accountFile, feeds, waiting, lastSync, lastAttempt, lastError
    }
}
