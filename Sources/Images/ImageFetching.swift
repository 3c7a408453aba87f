import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Downloads the raw bytes of a picture.
public protocol ImageFetching: Sendable {
    /// The body at `url`, an `http` or `https` address.
    ///
    /// Throws ``ImageError/tooLarge(limit:)`` for a body over `maxBytes` (without reading it when
    /// the server announces its length), ``ImageError/httpStatus(_:)`` for a non-2xx answer,
    /// ``ImageError/cancelled`` when the calling task is cancelled (the transfer stops and its
    /// connection closes), and ``ImageError/transport(_:host:timeout:)`` otherwise.
    func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data
}

/// The live ``ImageFetching``: Networking's ``Networking/CurlHTTPClient``, so pictures
/// get what every other download gets: the size cap held while the body streams in (counted
/// after decompression), a deadline for the whole transfer, redirects on its rules (credentials
/// stay with their origin, never from https down to http) and cooperative cancellation. An error
/// page is not downloaded.
public struct HTTPImageFetcher: ImageFetching {
    /// Seconds a download may take in all, from sending to the last byte.
    public let timeout: TimeInterval
    private let http: any HTTPFetching

    public init(timeout: TimeInterval = 20, http: any HTTPFetching = CurlHTTPClient()) {
        self.timeout = timeout
        self.http = http
    }

    public func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data {
        guard url.isWebAddress else { throw .unsupportedURL }
        if Task.isCancelled { throw .cancelled }
        // Ask for what the decoder reads; servers that negotiate then avoid WebP and AVIF.
        let request = HTTPRequest(
            url: url, headers: ["Accept": "image/jpeg, image/png;q=0.9"], timeout: timeout,
            maxBodyBytes: maxBytes,
            skipsErrorBodies: true)
        let response: HTTPResponse
        do {
            response = try await http.fetch(request)
        } catch {
            throw Self.imageError(error, url: url, maxBytes: maxBytes, timeout: timeout)
        }
        guard (200..<300).contains(response.status) else { throw .httpStatus(response.status) }
        return response.body
    }

    static func imageError(_ error: HTTPClientError, url: URL, maxBytes: Int, timeout: TimeInterval)
        -> ImageError
    {
        switch TransportFault(error) {
        case .tooLarge: .tooLarge(limit: maxBytes)
        case .rateLimited(let status, _), .status(let status): .httpStatus(status)
        case .unsupportedURL: .unsupportedURL
        case .cancelled: .cancelled
        case let fault:
            .transport(fault, host: error.failingHost(else: url.shownHost), timeout: timeout)
        }
    }

}
