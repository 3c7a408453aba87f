import CCurl
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One exchange of ``CurlHTTPClient``: the request, each redirect followed, and the one outcome
/// its caller is completed with.
///
/// The caller is completed by ``finish(_:transferEnded:)``, once, by whichever thread knows the
/// outcome first: the deadline's, the cancelling task's, or the engine's (an answer, a cap, a
/// refused redirect, a failure). An exchange finished elsewhere is taken off the engine at its
/// next turn, which closes its connection. Everything about the transfer in flight (its handle,
/// head and body) belongs to ``CurlEngine``'s thread, where libcurl calls back.
final class CurlExchange: @unchecked Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPClientError>

    /// What the head or the body decided before the transfer ended.
    enum Verdict {
        case follow(HTTPRequest)
        case outcome(Outcome)
    }

    /// The most bytes of response head accepted (libcurl caps each line, not their number).
    static let maxHeadBytes = 256 << 10

    private let engine: CurlEngine
    private let timeout: TimeInterval
    private let maxBodyBytes: Int
    private let skipsErrorBodies: Bool
    private let completion = Locked(Completion())

    private struct Completion {
        var continuation: CheckedContinuation<Outcome, Never>?
        var deadline: Deadline?
        var outcome: Outcome?
        /// Where the last redirect followed led: a failure from then on names it.
        var redirectedTo: URL?
    }

    // MARK: The engine's thread only

    /// The request in flight: the caller's, then each redirect's.
    private(set) var request: HTTPRequest
    private var redirects: [HTTPRedirect] = []
    /// The transfer in flight and the header list it sends (libcurl does not copy it).
    private(set) var transfer: CurlTransfer?
    private var head = CurlHead()
    /// The body, unless it goes to the request's stream.
    private var body = Data()
    /// Bytes of the body handed to the request's stream.
    private var streamed = 0
    private var verdict: Verdict?

    init(_ request: HTTPRequest, engine: CurlEngine) {
        self.request = request
        self.engine = engine
        timeout = request.timeout
        maxBodyBytes = request.maxBodyBytes
        skipsErrorBodies = request.skipsErrorBodies
    }

    // MARK: - Completing the caller

    /// Waits for the outcome with `continuation`: starts the deadline and hands the exchange to
    /// the engine, unless it was finished already (cancelled before it began).
    func begin(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early = completion.withLock { state -> Outcome? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            // On Dispatch, not on the cooperative pool: on time even when the pool is busy.
            let deadline = Deadline { [weak self] in self?.finish(.failure(.transport(.timedOut))) }
            state.deadline = deadline
            deadline.start(after: timeout)
            return nil
        }
        if let early { return continuation.resume(returning: early) }
        engine.start(self)
    }

    /// Completes the caller with `outcome` unless it was completed already; unless the transfer
    /// has `transferEnded`, the engine then stops it.
    func finish(_ outcome: Outcome, transferEnded: Bool = false) {
        let ended = completion.withLock { state -> (CheckedContinuation<Outcome, Never>?, Deadline?)? in
            guard state.outcome == nil else { return nil }
            var outcome = outcome
            if case .failure(let error) = outcome, error != .cancelled, let address = state.redirectedTo {
                outcome = .failure(.redirected(to: address, error))
            }
            state.outcome = outcome
            defer { (state.continuation, state.deadline) = (nil, nil) }
            return (state.continuation, state.deadline)
        }
        guard let (continuation, deadline) = ended else { return }
        deadline?.cancel()
        continuation?.resume(returning: completion.withLock { $0.outcome ?? outcome })
        if !transferEnded { engine.stop(self) }
    }

    var isFinished: Bool { completion.withLock { $0.outcome != nil } }

    // MARK: - The transfer (the engine's thread)

    /// Makes the transfer of ``request``; nil when libcurl cannot.
    func makeTransfer() -> CurlTransfer? {
        (head, body, verdict, streamed) = (CurlHead(), Data(), nil, 0)
        transfer = CurlTransfer(request, context: Unmanaged.passUnretained(self).toOpaque())
        return transfer
    }

    /// Frees the transfer that ended or was stopped.
    func endTransfer() {
        transfer = nil
    }

    /// Takes one line of the response head; false stops the transfer.
    func receiveHead(_ line: UnsafeRawBufferPointer) -> Bool {
        guard verdict == nil else { return false }
        switch head.take(line, limit: Self.maxHeadBytes) {
        case .more:
            return true
        case .tooLong:
            verdict = .outcome(.failure(.transport(.other("its answer's head was too long"))))
            return false
        case .complete:
            verdict = decideAtHead()
            if verdict == nil, let stream = request.stream {
                if !stream.head(head.status, HTTPHeaders(head.fields)) {
                    verdict = .outcome(.success(response(body: Data())))
                }
            } else if verdict == nil, let length = head.contentLength, length > 0 {
                body.reserveCapacity(Int(length))
            }
            return verdict == nil
        }
    }

    /// Takes bytes of the body, decoded; false stops the transfer (at the cap).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard verdict == nil else { return false }
        if let stream = request.stream {
            guard streamed + bytes.count <= maxBodyBytes else {
                verdict = .outcome(.failure(.responseTooLarge(limit: maxBodyBytes)))
                return false
            }
            streamed += bytes.count
            if !stream.body(bytes) {
                verdict = .outcome(.success(response(body: Data())))
                return false
            }
            return true
        }
        guard body.count + bytes.count <= maxBodyBytes else {
            verdict = .outcome(.failure(.responseTooLarge(limit: maxBodyBytes)))
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// What follows the transfer that libcurl ended with `code` (`systemError`: the `errno` of a
    /// failed connect).
    func transferEnded(code: Int, systemError: Int) -> Verdict {
        if let verdict { return verdict }
        guard code == CCURLE_OK else {
            return .outcome(
                .failure(CurlFailure.error(code, systemError: systemError, afterHead: head.isComplete)))
        }
        guard head.isComplete else {
            return .outcome(.failure(.transport(.other("the server sent no HTTP response"))))
        }
        return .outcome(.success(response(body: body)))
    }

    /// Follows `next`, a redirect of the request in flight.
    func follow(_ next: HTTPRequest) {
        request = next
        completion.withLock { $0.redirectedTo = next.url }
    }

    /// At the end of the head: a redirect to follow or refuse, an error page skipped, a length
    /// over the cap; nil to read the body.
    private func decideAtHead() -> Verdict? {
        if Redirection.follows(head.status), let location = head.fields["location"] {
            switch Redirection.next(
                to: location, status: head.status, from: request, followed: redirects.count)
            {
            case .success(let next):
                redirects.append(HTTPRedirect(status: head.status, from: request.url, to: next.url))
                return .follow(next)
            case .failure(let refusal):
                return .outcome(.failure(refusal))
            }
        }
        if skipsErrorBodies && !(200..<300).contains(head.status) {
            return .outcome(.success(response(body: Data())))
        }
        if let length = head.contentLength, length > Int64(maxBodyBytes) {
            return .outcome(.failure(.responseTooLarge(limit: maxBodyBytes)))
        }
        return nil
    }

    private func response(body: Data) -> HTTPResponse {
        HTTPResponse(
            status: head.status, headers: HTTPHeaders(head.fields), body: body, url: request.url,
            redirects: redirects)
    }
}
