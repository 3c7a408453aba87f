import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads the raw bytes of a picture.
public protocol ImageFetching: Sendable {
    /// The body at `url`, an `http` or `https` address.
    ///
    /// Throws ``ImageError/tooLarge(limit:)`` for a body over `maxBytes` (without reading it when
    /// the server announces its length), ``ImageError/httpStatus(_:)`` for a non-2xx answer,
    /// ``ImageError/cancelled`` when the calling task is cancelled (the transfer stops and its
    /// connection closes), and ``ImageError/downloadFailed(_:)`` otherwise.
    func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data
}

/// The live ``ImageFetching``: URLSession (FoundationNetworking on Linux) with the size cap
/// enforced while the body streams in, a deadline for the whole transfer, and cooperative
/// cancellation. It works as Networking's `URLSessionHTTPClient` does, for raw bytes.
public final class URLSessionImageFetcher: ImageFetching {
    /// Seconds a download may take in all, from sending to the last byte.
    public let timeout: TimeInterval
    private let session: URLSession
    private let delegate: DownloadDelegate

    public init(timeout: TimeInterval = 20) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession's inactivity timer backs up our deadline; on Linux it counts whole seconds.
        let inactivity = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForRequest = inactivity
        configuration.timeoutIntervalForResource = inactivity
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        delegate = DownloadDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate alive until it is invalidated.
        session.invalidateAndCancel()
    }

    public func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data {
        guard url.isWebAddress else { throw .unsupportedURL }
        if Task.isCancelled { throw .cancelled }
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: max(1, timeout.rounded(.up)))
        // Ask for what the decoder reads; servers that negotiate then avoid WebP and AVIF.
        request.setValue("image/jpeg, image/png;q=0.9", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let delegate = delegate
        let deadline = timeout
        let timer = Task {
            try await Task.sleep(for: .seconds(deadline))
            delegate.expire(task)
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.begin(task, maxBytes: maxBytes, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }
}

extension URL {
    /// Whether this is an absolute `http` or `https` URL with a host.
    var isWebAddress: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return host?.isEmpty == false
    }
}

// MARK: - The session delegate

/// Collects each task's body, enforces its size cap and completes the waiting caller.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<Data, ImageError>

    private struct Transfer {
        var continuation: CheckedContinuation<Outcome, Never>
        var maxBytes: Int
        var body = Data()
        var status: Int?
        var refusal: ImageError?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    func begin(_ task: URLSessionTask, maxBytes: Int, continuation: CheckedContinuation<Outcome, Never>) {
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(continuation: continuation, maxBytes: maxBytes)
        }
    }

    /// Ends `task` as timed out: its deadline passed.
    func expire(_ task: URLSessionTask) {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            transfers[task.taskIdentifier]?.refusal = .downloadFailed("timed out")
            return true
        }
        if running { task.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode
        let refused = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.status = status
            if let status, !(200..<300).contains(status) {
                // The error page is of no use; do not download it.
                transfer.refusal = .httpStatus(status)
            } else if response.expectedContentLength > Int64(transfer.maxBytes) {
                transfer.refusal = .tooLarge(limit: transfer.maxBytes)
            }
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.refusal != nil
        }
        completionHandler(refused ? .cancel : .allow)
        // On Linux `.cancel` alone leaves the task waiting for its timeout when the server sends
        // nothing more; cancelling the task ends it at once.
        if refused { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.refusal == nil else {
                return false
            }
            if transfer.body.count + data.count > transfer.maxBytes {
                transfer.refusal = .tooLarge(limit: transfer.maxBytes)
                transfer.body = Data()
            } else {
                transfer.body.append(data)
            }
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.refusal != nil
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            return
        }
        transfer.continuation.resume(returning: Self.outcome(of: transfer, error: error))
    }

    private static func outcome(of transfer: Transfer, error: (any Error)?) -> Outcome {
        if let refusal = transfer.refusal { return .failure(refusal) }
        if let error {
            guard let urlError = error as? URLError else { return .failure(.downloadFailed("unknown error")) }
            if urlError.code == .cancelled { return .failure(.cancelled) }
            // Once the response head has arrived, a failed transfer means the body was cut short;
            // Linux reports that as an unknown error.
            if transfer.status != nil, urlError.code != .timedOut {
                return .failure(.downloadFailed("the connection was lost"))
            }
            return .failure(.downloadFailed(reason(urlError)))
        }
        guard transfer.status != nil else {
            return .failure(.downloadFailed("the server sent no HTTP response"))
        }
        return .success(transfer.body)
    }

    private static func reason(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "the connection was refused"
        case .cannotFindHost, .dnsLookupFailed: return "the host was not found"
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            return "no internet connection"
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource:
            return "the connection was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "a secure connection could not be made"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "too many redirects"
        default: return "URL error \(error.code.rawValue)"
        }
    }
}
