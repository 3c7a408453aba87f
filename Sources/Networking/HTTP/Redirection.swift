import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules for following a redirect, kept here rather than left to the HTTP library.
///
/// Libraries left to themselves (FoundationNetworking, libcurl with `CURLOPT_FOLLOWLOCATION`)
/// follow up to 20 redirects or more, may send every request header (API keys and
/// `Authorization` included) to whatever host the `Location` names, and FoundationNetworking
/// turned a `Location` such as `file:///etc/passwd` into a path on the same server. Here the next
/// request is built from the `Location` alone:
///
/// - at most ``limit`` redirects;
/// - only to `http` and `https`, and never from `https` down to `http`;
/// - to another origin (scheme, host or port) without ``credentialHeaders`` or a user and
///   password in the URL;
/// - a POST's, PUT's or DELETE's body (a form with a password or a token) never to another
///   origin: such a redirect is refused. Within its origin a 307 or 308 repeats the request; a
///   301, 302 or 303 makes a POST a GET without the body, as browsers and libcurl do, and is
///   refused for a PUT or a DELETE.
enum Redirection {
    /// The most redirects one exchange follows.
    static let limit = 10

    /// Headers that carry credentials, lowercased; they never follow a redirect to another origin.
    static let credentialHeaders: Set<String> = [
        "authorization", "x-api-key", "x-auth-token", "cookie", "proxy-authorization",
    ]

    /// Whether an answer with `status` and a `Location` is a redirect to follow: 301, 302, 303,
    /// 307 and 308.
    static func follows(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    /// The request that follows a redirect (`status`) to `location` from `current`, when
    /// `followed` redirects came before it; or why it is refused.
    static func next(
        to location: String, status: Int = 302, from current: HTTPRequest, followed: Int
    ) -> Result<HTTPRequest, HTTPClientError> {
        guard followed < limit else { return .failure(.redirectRefused("too many redirects")) }
        let from = current.url
        guard let target = URL(string: location, relativeTo: from)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), target.isWebAddress || !target.hasWebScheme
        else { return .failure(.redirectRefused("the redirect names no address that can be read")) }
        guard target.hasWebScheme else {
            // A scheme is letters, digits, `+`, `-` and `.`, but may be long.
            return .failure(
                .redirectRefused("the redirect leads to \(scheme.prefix(24)):, not to http or https"))
        }
        if from.scheme?.lowercased() == "https" && scheme == "http" {
            return .failure(
                .redirectRefused("the redirect leads from https down to plain http (\(target.shownAddress))"))
        }
        var request = current
        let sameOrigin = Origin(from) == Origin(target)
        if current.method.sendsBody {
            guard sameOrigin else {
                return .failure(.redirectRefused("the redirect would send a form to another server"))
            }
            if ![307, 308].contains(status) {
                // Only a form's POST becomes a GET on the way (as browsers do); a PUT or a DELETE
                // so changed would be a change silently not made.
                guard current.method == .post else {
                    return .failure(
                        .redirectRefused(
                            "a \(status) redirect would turn the \(current.method.rawValue) into a GET"))
                }
                request.method = .get
                request.body = nil
                request.headers = current.headers.filter { $0.key.lowercased() != "content-type" }
            }
        }
        if sameOrigin {
            request.url = target
        } else {
            request.url = target.withoutCredentials
            request.headers = current.headers.filter { !credentialHeaders.contains($0.key.lowercased()) }
        }
        return .success(request)
    }

    /// Scheme, host and port, with the scheme's default port filled in.
    private struct Origin: Equatable {
        let scheme: String?
        let host: String?
        let port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased()
            host = url.host?.lowercased()
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
    }
}
