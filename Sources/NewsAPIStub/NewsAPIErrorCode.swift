/// The error codes NewsAPI puts in `{"status":"error","code":…,"message":…}`, with the HTTP status
/// and the message the live service sends with each.
///
/// Messages are NewsAPI's own wording where it is documented or has been observed; the few that
/// depend on the request (``parameterInvalid``, ``maximumResultsReached``) are built by the stub.
public enum NewsAPIErrorCode: String, Sendable, CaseIterable {
    case apiKeyDisabled
    case apiKeyExhausted
    case apiKeyInvalid
    case apiKeyMissing
    case parameterInvalid
    case parametersMissing
    case parametersIncompatible
    case rateLimited
    case sourcesTooMany
    case sourceDoesNotExist
    case unexpectedError
    case maximumResultsReached
    case corsNotAllowed
    /// Not a NewsAPI code: the stub's answer to a path NewsAPI does not have.
    case routeNotFound
    /// Not a NewsAPI code: the stub's answer to a method other than GET.
    case methodNotAllowed

    /// The HTTP status NewsAPI sends with this code.
    public var httpStatus: Int {
        switch self {
        case .apiKeyDisabled, .apiKeyInvalid, .apiKeyMissing: 401
        case .apiKeyExhausted, .rateLimited: 429
        case .parameterInvalid, .parametersMissing, .parametersIncompatible, .sourcesTooMany,
            .sourceDoesNotExist:
            400
        case .unexpectedError: 500
        case .maximumResultsReached, .corsNotAllowed: 426
        case .routeNotFound: 404
        case .methodNotAllowed: 405
        }
    }

    /// NewsAPI's usual message for this code.
    public var defaultMessage: String {
        switch self {
        case .apiKeyDisabled:
            "Your API key has been disabled."
        case .apiKeyExhausted:
            "Your API key has no more requests available."
        case .apiKeyInvalid:
            "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a"
                + " free API key."
        case .apiKeyMissing:
            "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key"
                + " HTTP header."
        case .parameterInvalid:
            "You've included a parameter in your request which is currently not supported."
        case .parametersMissing:
            "Required parameters are missing. Please set any of the following parameters and try again:"
                + " sources, q, language, country, category."
        case .parametersIncompatible:
            "You cannot mix the sources parameter with the country or category parameters."
        case .rateLimited:
            "You have made too many requests recently. Developer accounts are limited to 100 requests over"
                + " a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if"
                + " you need more requests."
        case .sourcesTooMany:
            "You have requested too many sources in a single request. Try splitting the request into 2"
                + " smaller requests."
        case .sourceDoesNotExist:
            "You have requested a source which does not exist."
        case .unexpectedError:
            "This shouldn't happen, and if it does then it's our fault, not yours. Try the request again"
                + " shortly."
        case .maximumResultsReached:
            Self.maximumResultsMessage(cap: 100, from: 100, to: 200)
        case .corsNotAllowed:
            "Requests from the browser are not allowed on the Developer plan, except from localhost."
        case .routeNotFound:
            "There is nothing at this path. Use /v2/top-headlines, /v2/everything or"
                + " /v2/top-headlines/sources."
        case .methodNotAllowed:
            "Only GET requests are supported."
        }
    }

    /// NewsAPI's message for a request for results `from` to `to` past a cap of `cap` results.
    public static func maximumResultsMessage(cap: Int, from: Int, to: Int) -> String {
        "You have requested too many results. Developer accounts are limited to a max of \(cap) results."
            + " You are trying to request results \(from) to \(to). Please upgrade to a paid plan if you"
            + " need more results."
    }

    /// NewsAPI's message for an `everything` request with none of its required parameters.
    static let everythingScopeMessage =
        "Required parameters are missing, the scope of your search is too broad. Please set any of the"
        + " following required parameters and try again: q, qInTitle, sources, domains."
}
