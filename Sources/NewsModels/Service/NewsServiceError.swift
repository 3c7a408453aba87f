/// Why a ``NewsService`` call produced no result. Each case has a one-line ``sentence`` for the
/// screen, saying what happened and what to do.
public enum NewsServiceError: Error, Sendable, Equatable {
    /// The service answered with an error body (`{"status":"error","code":…,"message":…}`),
    /// whatever the HTTP status.
    case api(code: String, message: String)
    /// The request never got an answer from `host`.
    case transport(TransportFailure, host: String)
    /// `host` answered with a non-2xx status and no error body.
    case server(status: Int, host: String)
    /// `host` answered with a body that is not a valid response; a short reason.
    case undecodable(reason: String, host: String)
    /// The response was larger than `limit` bytes and was refused.
    case responseTooLarge(limit: Int, host: String)
    /// The service cannot work at all, e.g. its data is missing; the reason is a sentence.
    case unavailable(String)
    /// What was asked for does not exist (a tag no feed has): asking again cannot help. The
    /// reason is a sentence.
    case notFound(String)
    /// The caller cancelled the request.
    case cancelled
    /// The request was not sent, to keep within NewsAPI's daily quota: near the limit only the
    /// reader's own requests are made, and none once it is spent (see ``DailyRequests``).
    case requestsHeld(DailyRequests)

    /// NewsAPI's error code, when the service sent one.
    public var code: String? {
        if case .api(let code, _) = self { return code }
        return nil
    }

    /// True for NewsAPI's `maximumResultsReached`: paging went past the plan's result cap.
    public var isResultCap: Bool { code == "maximumResultsReached" }

    /// A one-line description for the screen: what happened and what to do. Contains no type
    /// names and no secrets.
    public var sentence: String {
        switch self {
        case .api(let code, let message):
            return Self.apiSentence(code: code, message: message)
        case .transport(let failure, let host):
            return Self.transportSentence(failure, host: host)
        case .server(let status, let host):
            return "\(host) answered with HTTP \(status) and no explanation. Try again shortly."
        case .undecodable(let reason, let host):
            return TransportFault.undecodable(reason).sentence(who: host)
        case .responseTooLarge(let limit, let host):
            return TransportFault.tooLarge(limit: limit).sentence(who: host)
        case .unavailable(let reason), .notFound(let reason):
            return reason
        case .cancelled:
            return "Cancelled."
        case .requestsHeld(let day):
            return day.sentence
        }
    }

    private static func apiSentence(code: String, message: String) -> String {
        switch code {
        case "apiKeyInvalid":
            return "NewsAPI rejected the key (apiKeyInvalid). Set NEWSAPI_KEY to a valid key."
        case "apiKeyMissing":
            return
                "NewsAPI needs a key (apiKeyMissing). Set NEWSAPI_KEY, or use the sample edition (--sample)."
        case "apiKeyDisabled":
            return "NewsAPI has disabled this key (apiKeyDisabled). Check your account at newsapi.org."
        case "apiKeyExhausted":
            return "This key has no requests left (apiKeyExhausted). Wait for the quota to reset."
        case "rateLimited":
            return "NewsAPI is limiting requests from this key (rateLimited). Wait a while, then retry."
        case "maximumResultsReached":
            return "NewsAPI returns at most 100 results per query on this plan (maximumResultsReached)."
        case "unexpectedError":
            return "NewsAPI had an internal error (unexpectedError). Try again shortly."
        default:
            let detail = message.isEmpty ? "" : ": " + Self.shortened(message)
            return "NewsAPI refused the request (\(code))\(detail)"
        }
    }

    /// The shared sentence for `failure`, with what the reader can do about it here.
    private static func transportSentence(_ failure: TransportFailure, host: String) -> String {
        let advice =
            switch failure {
            case .connectionRefused: " Is the server running?"
            case .timedOut: " Check your connection, then retry."
            case .hostNotFound: " Check your network connection or NEWSAPI_BASE_URL."
            case .notConnectedToInternet: " Connect, then retry."
            case .connectionLost: " Retry."
            case .secureConnectionFailed, .other: ""
            }
        return TransportFault.transport(failure).sentence(who: host) + advice
    }

    /// The first sentence of a server's message, at most 160 characters.
    private static func shortened(_ message: String) -> String {
        let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > 160 else { return flat }
        return String(flat.prefix(159)) + "…"
    }
}
