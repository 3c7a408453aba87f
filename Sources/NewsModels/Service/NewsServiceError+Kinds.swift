// MARK: - Outages and refusals

extension NewsServiceError {
    /// True for failures that say the service is out of reach or broken, not that it refused:
    /// every transport failure (a captive portal on a train or in a hotel breaks the secure
    /// connection), a server error, NewsAPI's own `unexpectedError`, and a body that is not
    /// NewsAPI's (a portal's HTML page, a runaway response). A stored copy may stand in, marked
    /// offline.
    public var isOutage: Bool {
        switch self {
        case .transport, .undecodable, .responseTooLarge:
            return true
        case .server(let status, _):
            return (500...599).contains(status)
        case .api(let code, _):
            return code == "unexpectedError"
        case .unavailable, .notFound, .cancelled, .requestsHeld:
            return false
        }
    }

    /// True when the service refused this key or its pace: a key rejected, missing, disabled or
    /// out of requests, too many requests, or a 401, 403 or 429 without NewsAPI's explanation;
    /// or NewsApp held the request back to keep within the daily quota.
    /// A stored copy may stand in, under a banner naming the refusal (``refusalTitle``), since
    /// nothing in the request itself is wrong.
    public var isRefusal: Bool { refusalTitle != nil }

    /// A few words naming a refusal for a banner: `Key refused` or `Rate limited`; nil for
    /// anything else.
    public var refusalTitle: String? {
        switch self {
        case _ where isRateLimit:
            return "Rate limited"
        case .api(let code, _):
            switch code {
            case "apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled": return "Key refused"
            default: return nil
            }
        case .server(let status, _):
            switch status {
            case 401, 403: return "Key refused"
            default: return nil
            }
        case .requestsHeld(let day):
            return day.isSpent ? "Daily limit reached" : "Near the daily limit"
        case .transport, .undecodable, .responseTooLarge, .unavailable, .notFound, .cancelled:
            return nil
        }
    }

    /// True when NewsAPI refused the pace (`rateLimited`, `apiKeyExhausted`, or HTTP 429 without
    /// an explanation): the day's requests are spent.
    public var isRateLimit: Bool {
        switch self {
        case .api(let code, _): code == "apiKeyExhausted" || code == "rateLimited"
        case .server(let status, _): TransportFault(status: status).isRateLimit
        default: false
        }
    }

    /// The day's requests when the request was held back for the quota; nil otherwise.
    public var heldRequests: DailyRequests? {
        if case .requestsHeld(let day) = self { return day }
        return nil
    }

    /// False when asking again now cannot help: what was asked does not exist, or the day's
    /// requests are spent until midnight UTC.
    public var retryHelps: Bool {
        if case .notFound = self { return false }
        return heldRequests?.isSpent != true
    }
}
