import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the exchanges of one URLSession: collects each body within its cap, follows redirects by
/// ``Redirection``'s rules, keeps each deadline, and completes each waiting caller exactly once.
///
/// A caller is completed as soon as its outcome is known (at the cap, the deadline, a refused
/// redirect or cancellation) without waiting for URLSession to wind the transfer down, and the
/// caller's thread never calls URLSession's task methods. Those (`dataTask(with:)`, `resume()`,
/// `cancel()`) wait for the session's queue, which FoundationNetworking can keep busy for minutes:
/// it buffers a redirect's body whole, copying it for every 16 KiB, and inflates all the
/// compressed bytes it has read before a cancellation gets in. They run on ``sessionCalls``
/// instead, so only that queue waits, and every deadline still holds.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPClientError>

    /// One caller's exchange, from the fetch to its outcome.
    private struct Transfer {
        let continuation: CheckedContinuation<Outcome, Never>
        let maxBodyBytes: Int
        let skipsErrorBodies: Bool
        let deadline: Deadline
        /// Set once the session has made the task.
        var task: RunningTask?
        var response: HTTPURLResponse?
        var body = Data()
        var redirects: [HTTPRedirect] = []
    }

    private struct State {
        var transfers: [Int: Transfer] = [:]
        /// The exchange of each task the session made, by task identifier.
        var exchanges: [Int: Int] = [:]
        var lastExchange = 0
        /// Set on ``sessionCalls`` when the session is invalidated: from then on no task is made
        /// or cancelled (FoundationNetworking stops the process when a task of an invalidated
        /// session is cancelled: its registry no longer knows it).
        var invalidated = false
    }

    private let state = Locked(State())
    /// Where URLSession's task methods are called, one at a time.
    private let sessionCalls = DispatchQueue(label: "TransferDelegate.sessionCalls")

    /// A number for a new exchange, to start and cancel it by.
    func newExchange() -> Int {
        state.withLock { state in
            state.lastExchange += 1
            return state.lastExchange
        }
    }

    /// Sends `request` on `session` as `exchange`, which ends within `deadline` seconds.
    func start(
        _ exchange: Int, request: URLRequest, on session: URLSession, deadline: TimeInterval,
        maxBodyBytes: Int, skipsErrorBodies: Bool,
        continuation: CheckedContinuation<Outcome, Never>
    ) {
        // The deadline runs on Dispatch, not on the cooperative thread pool, so it fires on time
        // even when every pool thread is busy.
        let timer = Deadline { [weak self] in self?.finish(exchange, .failure(.transport(.timedOut))) }
        state.withLock {
            $0.transfers[exchange] = Transfer(
                continuation: continuation, maxBodyBytes: maxBodyBytes, skipsErrorBodies: skipsErrorBodies,
                deadline: timer)
        }
        timer.start(after: deadline)
        // A cancellation that came before the exchange was registered found nothing to end.
        if Task.isCancelled { return finish(exchange, .failure(.cancelled)) }
        sessionCalls.async { [weak self] in
            guard self?.state.withLock({ $0.invalidated }) == false else {
                self?.finish(exchange, .failure(.cancelled))
                return
            }
            let task = RunningTask(session.dataTask(with: request))
            let isWanted = self?.state.withLock { state -> Bool in
                guard state.transfers[exchange] != nil else { return false }
                state.transfers[exchange]?.task = task
                state.exchanges[task.id] = exchange
                return true
            }
            isWanted == true ? task.task.resume() : task.task.cancel()
        }
    }

    /// Invalidates `session`, whose delegate this is, after the task calls already asked for, and
    /// makes every later one do nothing: a client going away ends its transfers this way.
    func invalidate(_ session: URLSession) {
        sessionCalls.async { [self] in
            state.withLock { $0.invalidated = true }
            session.invalidateAndCancel()
        }
    }

    /// Ends `exchange` as cancelled by its caller.
    func cancel(_ exchange: Int) {
        finish(exchange, .failure(.cancelled))
    }

    /// Completes the caller of `exchange` with `outcome`, unless it was completed already; when the
    /// transfer may still be running, cancels it.
    private func finish(_ exchange: Int, _ outcome: Outcome, transferEnded: Bool = false) {
        let ended = state.withLock { state -> Transfer? in
            guard let transfer = state.transfers.removeValue(forKey: exchange) else { return nil }
            if let task = transfer.task { state.exchanges[task.id] = nil }
            return transfer
        }
        guard let ended else { return }
        ended.deadline.cancel()
        ended.continuation.resume(returning: outcome)
        if !transferEnded, let task = ended.task {
            sessionCalls.async { [weak self] in
                guard self?.state.withLock({ $0.invalidated }) == false else { return }
                task.task.cancel()
            }
        }
    }

    /// Runs `change` on the transfer of `task` while holding the lock; nil when its caller has
    /// been completed. Changes are made in place: a copy of the transfer would copy its whole body.
    private func update<Value>(
        _ task: URLSessionTask, _ change: (inout Transfer) -> Value
    ) -> (exchange: Int, value: Value)? {
        state.withLock { state in
            guard let exchange = state.exchanges[task.taskIdentifier], state.transfers[exchange] != nil else {
                return nil
            }
            return (exchange, change(&state.transfers[exchange]!))
        }
    }

    // MARK: - URLSession's calls

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let ending = update(dataTask) { transfer -> Outcome? in
            let http = response as? HTTPURLResponse
            transfer.response = http
            if transfer.skipsErrorBodies, let http, !(200..<300).contains(http.statusCode), let url = http.url
            {
                return .success(
                    HTTPResponse(
                        status: http.statusCode, headers: Self.headers(of: http), body: Data(), url: url,
                        redirects: transfer.redirects))
            }
            let announced = response.expectedContentLength
            guard announced <= Int64(transfer.maxBodyBytes) else {
                return .failure(.responseTooLarge(limit: transfer.maxBodyBytes))
            }
            if announced > 0 { transfer.body.reserveCapacity(Int(announced)) }
            return nil
        }
        // FoundationNetworking ignores the disposition; finishing cancels the task there too.
        completionHandler(ending?.value == nil ? .allow : .cancel)
        if case let (exchange, outcome?)? = ending {
            finish(exchange, outcome)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refusal = update(dataTask) { transfer -> Int? in
            guard transfer.body.count + data.count <= transfer.maxBodyBytes else {
                return transfer.maxBodyBytes
            }
            transfer.body.append(data)
            return nil
        }
        if case let (exchange, limit?)? = refusal {
            finish(exchange, .failure(.responseTooLarge(limit: limit)))
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = update(task) { transfer -> Result<URLRequest, HTTPClientError> in
            let next = Redirection.next(after: response, from: request, followed: transfer.redirects.count)
            if case .success(let following) = next, let from = response.url, let to = following.url {
                transfer.redirects.append(HTTPRedirect(status: response.statusCode, from: from, to: to))
            }
            return next
        }
        switch next?.value {
        case .success(let following):
            completionHandler(following)
        case .failure(let refusal):
            completionHandler(nil)
            if let exchange = next?.exchange { finish(exchange, .failure(refusal)) }
        case nil:
            completionHandler(nil)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // FoundationNetworking asks only once a 401 with `WWW-Authenticate` has fully arrived,
            // and without credentials to offer it would never end the task. No credentials are sent
            // this way: the 401 is the answer. The reply cancels the task, so it is sent from
            // ``sessionCalls``.
            complete(task, error: nil)
            sessionCalls.async { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        complete(task, error: error)
    }

    // MARK: - Outcomes

    /// Completes the caller of `task`, whose transfer ended with `error` or, when nil, an answer.
    private func complete(_ task: URLSessionTask, error: (any Error)?) {
        let seen = update(task) { ($0.response, $0.body, $0.redirects) }
        guard let (exchange, (response, body, redirects)) = seen else { return }
        let outcome: Outcome
        if let error {
            let secure = (task.originalRequest?.url?.scheme ?? task.currentRequest?.url?.scheme) == "https"
            outcome = .failure(Self.failure(error, afterResponse: response != nil, secure: secure))
        } else if let response = response ?? task.response as? HTTPURLResponse, let url = response.url {
            // A 3xx that was not followed (no usable `Location`) reaches the caller without its body:
            // FoundationNetworking keeps redirect bodies to itself.
            outcome = .success(
                HTTPResponse(
                    status: response.statusCode, headers: Self.headers(of: response), body: body, url: url,
                    redirects: redirects))
        } else {
            outcome = .failure(.transport(.other("the server sent no HTTP response")))
        }
        finish(exchange, outcome, transferEnded: true)
    }

    /// `secure`: the exchange was over https, where FoundationNetworking reports every TLS
    /// failure (a certificate refused, a server that speaks plain HTTP) as an unknown error.
    private static func failure(_ error: any Error, afterResponse: Bool, secure: Bool) -> HTTPClientError {
        guard let urlError = error as? URLError else {
            return .transport(.other(String(describing: type(of: error))))
        }
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .httpTooManyRedirects:
            return .redirectRefused("too many redirects")
        case .timedOut:
            return .transport(.timedOut)
        case .unknown where secure && !afterResponse:
            return .transport(.secureConnectionFailed)
        default:
            // Once the response head has arrived, a failed transfer means the body was cut short;
            // Linux reports that as an unknown error.
            return .transport(afterResponse ? .connectionLost : TransportFailure(urlError))
        }
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields {
            fields[name] = value
        }
        return HTTPHeaders(fields)
    }
}
