/// The protocol an account's service speaks.
public enum SyncServiceKind: String, Codable, Sendable, CaseIterable {
    /// The Google Reader API: FreshRSS, Miniflux with its integration on, Inoreader…
    case greader
    /// Tiny Tiny RSS's own JSON API.
    case ttrss
    /// Miniflux's own REST API (`/v1/`).
    case miniflux
    /// Nextcloud News's REST API v1.3.
    case nextcloud

    /// How sentences name the protocol.
    public var name: String {
        switch self {
        case .greader: "Google Reader API"
        case .ttrss: "Tiny Tiny RSS"
        case .miniflux: "Miniflux"
        case .nextcloud: "Nextcloud News"
        }
    }

    /// What the service refused when it refuses the login, as a sentence's object: the
    /// credentials this protocol takes, and where a user commonly goes wrong with them.
    public var loginRefusedClause: String {
        switch self {
        case .greader: "the user name or the API password"
        case .ttrss: "the user name or the password"
        case .miniflux: "the API token, or the user name and password"
        case .nextcloud: "the user name or the password (an app password when two-factor login is on)"
        }
    }

    /// The form of the address `sync login` takes for this protocol, as a sentence's clause:
    /// a user told that an address is wrong learns what to give instead.
    public var addressForm: String {
        switch self {
        case .greader: "FreshRSS's is https://HOST/api/greader.php"
        case .ttrss: "Tiny Tiny RSS's is https://HOST/tt-rss/"
        case .miniflux: "Miniflux's is https://HOST, the root of the instance"
        case .nextcloud: "Nextcloud News's is your Nextcloud's, https://HOST or https://HOST/nextcloud"
        }
    }

    /// The address forms of `kind`, or of every protocol when it is not known yet (a login
    /// probing for it, sync off), joined for a sentence.
    public static func addressForms(_ kind: Self?) -> String {
        kind?.addressForm ?? allCases.map(\.addressForm).joined(separator: "; ")
    }
}
