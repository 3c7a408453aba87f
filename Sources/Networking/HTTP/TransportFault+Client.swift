import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TransportFault {
    /// What `error` means, wherever a redirect led (``HTTPClientError/redirectTarget`` says where).
    public init(_ error: HTTPClientError) {
        switch error {
        case .transport(let failure): self = .transport(failure)
        case .unexpectedStatus(let status): self.init(status: status)
        case .undecodable(let reason): self = .undecodable(reason)
        case .responseTooLarge(let limit): self = .tooLarge(limit: limit)
        case .redirectRefused(let reason): self = .redirectRefused(reason)
        case .unsupportedURL: self = .unsupportedURL
        case .cancelled: self = .cancelled
        case .redirected(_, let error): self.init(error)
        }
    }
}

extension HTTPClientError {
    /// The address the last redirect led to when the exchange failed there; nil when it failed
    /// where it was sent.
    public var redirectTarget: URL? {
        guard case .redirected(let address, let error) = self else { return nil }
        return error.redirectTarget ?? address
    }

    /// The host (and port) that failed: where the last redirect led, else `host`.
    public func failingHost(else host: String) -> String {
        guard let address = redirectTarget, address.host != nil else { return host }
        return address.shownHost
    }
}
