import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``HTTPClient``: URLSession (FoundationNetworking on Linux) with a hard cap on the
/// response size and cooperative cancellation.
///
/// The size cap is enforced while the body streams in: a `Content-Length` over the cap is refused
/// before any body byte is read, and a body without one is cut off as soon as it exceeds the cap.
///
/// The timeout is a deadline for the whole exchange, enforced here: URLSession's own timeout on
/// Linux restarts with every chunk (a server trickling bytes never times out) and is cut to whole
/// seconds (0.5 s becomes 0).
public final class URLSessionHTTPClient: HTTPClient {
    /// Limits applied to every request.
    public struct Limits: Sendable, Equatable {
        /// Seconds a request may take in all, from sending to the last byte.
        public var timeout: TimeInterval
        /// The largest response body accepted, in bytes.
        public var maxResponseBytes: Int

        public init(timeout: TimeInterval = 10, maxResponseBytes: Int = 8 << 20) {
            self.timeout = timeout
            self.maxResponseBytes = maxResponseBytes
        }
    }

    public let limits: Limits
    private let delegate: TransferDelegate
    /// Made by the first request: setting up URLSession (its configuration, cookie storage and
    /// curl) takes milliseconds that a launch drawing stored articles, or an offline one, need not
    /// spend.
    private let lazySession = Mutex<URLSession?>(nil)

    public init(limits: Limits = Limits()) {
        self.limits = limits
        delegate = TransferDelegate(maxResponseBytes: limits.maxResponseBytes)
    }

    deinit {
        // A session keeps its delegate alive until it is invalidated.
        lazySession.withLock { $0?.invalidateAndCancel() }
    }

    private var session: URLSession {
        lazySession.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            // URLSession's inactivity timer backs up our deadline; on Linux it counts whole seconds.
            let inactivity = max(1, limits.timeout.rounded(.up))
            configuration.timeoutIntervalForRequest = inactivity
            configuration.timeoutIntervalForResource = inactivity
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            let made = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            session = made
            return made
        }
    }

    public func send<Value: Decodable & Sendable>(
        _ request: URLRequest,
        decoding type: Value.Type
    ) async throws(HTTPClientError) -> Value {
        var request = request
        let deadline = min(request.timeoutInterval, limits.timeout)
        request.timeoutInterval = max(1, deadline.rounded(.up))
        let (body, status) = try await transfer(request, deadline: deadline)
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            guard (200..<300).contains(status) else { throw .unexpectedStatus(status) }
            throw .undecodable(DecodingFailure.describe(error))
        }
    }

    private func transfer(_ request: URLRequest, deadline: TimeInterval) async throws(HTTPClientError) -> (
        Data, Int
    ) {
        if Task.isCancelled { throw .cancelled }
        let task = session.dataTask(with: request)
        // The deadline runs on Dispatch, not on the cooperative thread pool, so it fires on time even
        // when every pool thread is busy.
        let delegate = delegate
        let timer = DispatchWorkItem { delegate.expire(task) }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.begin(task, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }
}

// MARK: - The session delegate

/// Collects each task's body, enforces the size cap and completes the waiting caller.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<(Data, Int), HTTPClientError>

    private struct Transfer {
        var continuation: CheckedContinuation<Outcome, Never>
        var body = Data()
        var status: Int?
        var refusal: HTTPClientError?
    }

    private let maxResponseBytes: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maxResponseBytes: Int) {
        self.maxResponseBytes = maxResponseBytes
    }

    func begin(_ task: URLSessionTask, continuation: CheckedContinuation<Outcome, Never>) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
    }

    /// Ends `task` as timed out: its deadline passed.
    func expire(_ task: URLSessionTask) {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            transfers[task.taskIdentifier]?.refusal = .transport(.timedOut)
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
        let tooLarge = response.expectedContentLength > Int64(maxResponseBytes)
        transfers.withLock { transfers in
            transfers[dataTask.taskIdentifier]?.status = (response as? HTTPURLResponse)?.statusCode
            if tooLarge {
                transfers[dataTask.taskIdentifier]?.refusal = .responseTooLarge(limit: maxResponseBytes)
            }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.refusal == nil else {
                return false
            }
            if transfer.body.count + data.count > maxResponseBytes {
                transfer.refusal = .responseTooLarge(limit: maxResponseBytes)
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
            guard let urlError = error as? URLError else {
                return .failure(.transport(.other(String(describing: type(of: error)))))
            }
            if urlError.code == .cancelled { return .failure(.cancelled) }
            // Once the response head has arrived, a failed transfer means the body was cut short;
            // Linux reports that as an unknown error.
            if transfer.status != nil, urlError.code != .timedOut {
                return .failure(.transport(.connectionLost))
            }
            return .failure(.transport(TransportFailure(urlError)))
        }
        guard let status = transfer.status else {
            return .failure(.transport(.other("the server sent no HTTP response")))
        }
        return .success((transfer.body, status))
    }
}

// MARK: - Describing decoding failures

/// Short, type-free descriptions of `DecodingError`s for error sentences.
enum DecodingFailure {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "the body could not be read" }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not valid JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default:
            return "the body could not be read"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
