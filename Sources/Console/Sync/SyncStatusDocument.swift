#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp sync status --json`.
public struct SyncStatusDocument: Encodable {
    public var signedIn: Bool
    /// The protocol signed in with (`greader`, `ttrss`), as `sync login --service` takes it.
    public var service: String?
    public var server: String?
    public var user: String?
    public var accountFile: String
    public var feeds: Int
    public var waiting: Int
    public var lastSync: String?
    public var lastAttempt: String?
    public var lastError: String?

    /// Absent values are written as `null`, so every key is there.
    public func encode(to encoder: any Encoder) throws {
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
