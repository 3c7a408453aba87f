import Networking

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which protocol answers at the address `sync login` was given without `--service`: each
/// protocol's probe in a fixed order, the first that answers as that protocol wins.
///
/// 1. The Google Reader API: ClientLogin, the sign-in itself (the password in a POST's body).
/// 2. Nextcloud News: `GET …/index.php/apps/news/api/v1-3/version` with the password in
///    `Authorization: Basic`.
/// 3. Miniflux: `GET /v1/me` with the password in `Authorization: Basic` (an API key needs
///    `--service miniflux --token`).
/// 4. Tiny Tiny RSS: `api/` asked `isLoggedIn`, without the password.
///
/// Every probe goes to the address as given, its scheme included: plain http only when the
/// address is http already (and ``ServiceAddress`` accepted it). Networking drops the
/// `Authorization` header on a redirect to another host and refuses to carry a body there, and
/// an answer from another host proves nothing. A refusal of the password is remembered and said
/// only when no other protocol answers; a network that fails (refused, timed out, no such host)
/// ends the probing at once, as every other probe would fail alike.
public struct ServiceProbe {
    public let base: URL
    public let user: String
    public let password: String
    public let http: any HTTPFetching
    public let options: ReaderAPIClient.Options

    public init(
        base: URL, user: String, password: String, http: any HTTPFetching, options: ReaderAPIClient.Options
    ) {
        self.base = base
        self.user = user
        self.password = password
        self.http = http
        self.options = options
    }

    /// The protocol found, the address it answered at, the protocols tried before it, and the
    /// Google Reader API's login token when that was the one.
    public struct Found {
        public var kind: SyncServiceKind
        public var address: String
        public var before: [SyncServiceKind]
        public var token: String?

        /// `Found Nextcloud News at URL (not Google Reader API).`
        public var sentence: String {
            "Found \(kind.name) at \(address)"
                + (before.isEmpty ? "." : " (not \(before.map(\.name).joined(separator: ", "))).")
        }
    }

    public func run() async throws(SyncError) -> Found {
        var tried: [SyncServiceKind] = []
        var refusal: SyncError?
        func note(_ error: SyncError) throws(SyncError) {
            switch error {
            case .transport: throw error
            case .loginRefused, .loginNotCarried, .retryLater: refusal = refusal ?? error
            default: break
            }
        }
        func found(_ kind: SyncServiceKind, at address: URL, token: String? = nil) -> Found {
            Found(
                kind: kind, address: address.absoluteString, before: tried.filter { $0 != kind }, token: token
            )
        }

        tried.append(.greader)
        do {
            let token = try await ReaderAPIClient.login(
                base: base, user: user, password: password, http: http, options: options)
            return found(.greader, at: base, token: token)
        } catch {
            try note(error)
        }

        let nextcloud = NextcloudNewsClient(
            base: base, user: user, password: password, http: http, options: options)
        tried.append(.nextcloud)
        do {
            try await nextcloud.version()
            return found(.nextcloud, at: nextcloud.endpoint)
        } catch {
            try note(error)
        }

        let miniflux = MinifluxClient(
            base: base, credentials: .password(user: user, password: password), http: http, options: options)
        tried.append(.miniflux)
        do {
            _ = try await miniflux.me()
            return found(.miniflux, at: miniflux.base)
        } catch {
            try note(error)
        }

        let ttrss = TinyTinyRSSClient(
            base: base, user: user, password: password, http: http, options: options)
        tried.append(.ttrss)
        do {
            if try await ttrss.answersAsTinyTinyRSS() { return found(.ttrss, at: ttrss.endpoint) }
        } catch {
            try note(error)
        }

        if let refusal { throw refusal }
        throw .unusableAddress(
            "No sync service answered at \(ReaderAPIClient.host(of: base)): tried \(tried.map(\.name).joined(separator: ", ")) "
                + "at \(base.absoluteString). Check the address, or name the protocol with --service "
                + SyncServiceKind.allCases.map(\.rawValue).joined(separator: "|") + ".")
    }
}
