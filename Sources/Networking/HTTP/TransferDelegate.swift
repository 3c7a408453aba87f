import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the exchanges of one URLSession: collects each body within its cap, follows redirects by
/// ``Redirection``'s rules, keeps each deadline, and completes each waiting caller exactly once.
///
/// A caller is completed as soon as its outcome is known: at the cap, the deadline, a refused
/// redirect or cancellation, without waiting for URLSession to wind the transfer down. Its task is
/// then cancelled off the session's queue, because `URLSessionTask.cancel()` waits for that queue
/// and FoundationNetworking calls this delegate on it (see ``InlineOperationQueue``).
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPClientError>

    private struct Transfer {
        let continuation: CheckedContinuation<Outcome, Never>
        let maxBodyBytes: Int
        let deadline: Deadline
        var response: HTTPURLResponse?
        var body = Data()
        var redirects: [HTTPRedirect] = []
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    /// Starts `task`, which ends within `deadline` seconds.
    func begin(
        _ task: URLSessionTask, deadline: TimeInterval, maxBodyBytes: Int,
        continuation: CheckedContinuation<Outcome, Never>
    ) {
        let running = RunningTask(task)
        // The deadline runs on Dispatch, not on the cooperative thread pool, so it fires on time
        // even when every pool thread is busy.
        let timer = Deadline { [weak self] in self?.finish(running, .failure(.transport(.timedOut))) }
        transfers.withLock {
            $0[running.id] = Transfer(continuation: continuation, maxBodyBytes: maxBodyBytes, deadline: timer)
        }
        timer.start(after: deadline)
        // A cancellation that came before the transfer was registered found nothing to end.
        if Task.isCancelled {
            finish(running, .failure(.cancelled))
        } else {
            task.resume()
        }
    }

    /// Ends `task` as cancelled by its caller.
    func cancel(_ task: URLSessionTask) {
        finish(RunningTask(task), .failure(.cancelled))
    }

    /// Completes the caller of `task` with `outcome`, unless it was completed already; when the
    /// transfer may still be running, cancels it.
    private func finish(_ task: RunningTask, _ outcome: Outcome, transferEnded: Bool = false) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.id) }) else { return }
        transfer.deadline.cancel()
        transfer.continuation.resume(returning: outcome)
        if !transferEnded { task.cancel() }
    }

    // MARK: - URLSession's calls

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = transfers.withLock { transfers -> Int? in
            guard let maxBodyBytes = transfers[dataTask.taskIdentifier]?.maxBodyBytes else { return nil }
            transfers[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            let announced = response.expectedContentLength
            guard announced <= Int64(maxBodyBytes) else { return maxBodyBytes }
            if announced > 0 { transfers[dataTask.taskIdentifier]?.body.reserveCapacity(Int(announced)) }
            return nil
        }
        // FoundationNetworking ignores the disposition; finishing cancels the task there too.
        completionHandler(limit == nil ? .allow : .cancel)
        if let limit { finish(RunningTask(dataTask), .failure(.responseTooLarge(limit: limit))) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = transfers.withLock { transfers -> Int? in
            // Appended in place: a copy of the transfer would copy the whole body for every chunk.
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.body.count + data.count <= transfer.maxBodyBytes else {
                return transfer.maxBodyBytes
            }
            transfers[dataTask.taskIdentifier]?.body.append(data)
            return nil
        }
        if let limit { finish(RunningTask(dataTask), .failure(.responseTooLarge(limit: limit))) }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = transfers.withLock { transfers -> Result<URLRequest, HTTPClientError>? in
            guard let transfer = transfers[task.taskIdentifier] else { return nil }
            let next = Redirection.next(after: response, from: request, followed: transfer.redirects.count)
            if case .success(let following) = next, let from = response.url, let to = following.url {
                transfers[task.taskIdentifier]?.redirects.append(
                    HTTPRedirect(status: response.statusCode, from: from, to: to))
            }
            return next
        }
        switch next {
        case .success(let following):
            completionHandler(following)
        case .failure(let refusal):
            completionHandler(nil)
            finish(RunningTask(task), .failure(refusal))
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
            // another queue (see the type's documentation).
            complete(task, error: nil)
            DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
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
        let seen = transfers.withLock { transfers -> (HTTPURLResponse?, Data, [HTTPRedirect])? in
            transfers[task.taskIdentifier].map { ($0.response, $0.body, $0.redirects) }
        }
        guard let (response, body, redirects) = seen else { return }
        let outcome: Outcome
        if let error {
            outcome = .failure(Self.failure(error, afterResponse: response != nil))
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
        finish(RunningTask(task), outcome, transferEnded: true)
    }

    private static func failure(_ error: any Error, afterResponse: Bool) -> HTTPClientError {
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
