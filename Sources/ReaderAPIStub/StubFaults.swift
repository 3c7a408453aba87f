import Foundation
import NewsModels

/// What each stub's state keeps for the faults every stub answers alike: the fault set, the
/// requests seen, and the answers ``ReaderAPIStubServer/Fault/neverAnswers`` holds until the
/// server stops.
protocol StubFaultState {
    var fault: ReaderAPIStubServer.Fault? { get set }
    var requests: [ReaderAPIRequest] { get set }
    var requestCount: Int { get set }
    var held: [CheckedContinuation<Void, Never>] { get set }
    /// Set when the server stops: nothing is held from then on. A request whose handler runs late
    /// (after its client gave up and the server was told to stop) must not park an answer that no
    /// one will release, or the server's stop would wait for it for ever.
    var stopped: Bool { get set }
}

/// A responder whose requests go through ``StubFaults`` before it answers them itself.
protocol FaultLayered: AnyObject, Sendable {
    associatedtype State: StubFaultState
    /// The responder's state, under its lock.
    var faultState: Locked<State> { get }
    /// How long each answer waits.
    var latency: Duration { get }
}

extension FaultLayered {
    /// Answers every held request, and holds none from now on: the server is stopping.
    func stop() {
        StubFaults.stop(faultState)
    }

    /// Records `request`, and gives the fault set now and the answer ``StubFaults`` gives for it
    /// (nil when the responder answers).
    func sharedAnswer(to request: ReaderAPIRequest) async
        -> (fault: ReaderAPIStubServer.Fault?, answer: ReaderAPIAnswer?)
    {
        let fault = StubFaults.record(request, in: faultState)
        return (fault, await StubFaults.answer(fault, to: request, in: faultState, latency: latency))
    }
}

/// The faults every stub (Google Reader API, Miniflux, Nextcloud News) answers alike, written
/// once: an error page, `Retry-After` (counted down), a redirect, an answer held until the
/// server stops. Each responder answers the faults of its own protocol after these.
enum StubFaults {
    /// How many requests a stub keeps.
    static let requestLogLimit = 10_000

    /// Records `request`, and gives the fault set now.
    static func record<State: StubFaultState>(_ request: ReaderAPIRequest, in state: Locked<State>)
        -> ReaderAPIStubServer.Fault?
    {
        state.withLock { state in
            state.requestCount += 1
            state.requests.append(request)
            if state.requests.count > requestLogLimit { state.requests.removeFirst() }
            return state.fault
        }
    }

    /// The answer `fault` gives in place of the service's, after `latency`; nil when the service
    /// answers (perhaps as the fault says).
    static func answer<State: StubFaultState>(
        _ fault: ReaderAPIStubServer.Fault?, to request: ReaderAPIRequest, in state: Locked<State>,
        latency: Duration
    ) async -> ReaderAPIAnswer? {
        if latency > .zero { try? await Task.sleep(for: latency) }
        switch fault {
        case .neverAnswers?:
            await park(in: state)
            return .text(503, "stopped")
        case .status(let status)?:
            return ReaderAPIAnswer(
                status: status, contentType: "text/html; charset=utf-8",
                body: Data("<html><body><h1>\(status)</h1></body></html>".utf8))
        case .retryAfter(let status, let seconds, let times)?:
            state.withLock { state in
                state.fault =
                    times > 1 ? .retryAfter(status: status, seconds: seconds, times: times - 1) : nil
            }
            return slowDown(status, retryAfter: String(seconds))
        case .retryAfterValue(let status, let value, let times)?:
            state.withLock { state in
                state.fault =
                    times > 1 ? .retryAfterValue(status: status, value: value, times: times - 1) : nil
            }
            return slowDown(status, retryAfter: value)
        case .redirect(let location)? where request.method == "GET":
            return ReaderAPIAnswer(
                status: 302, contentType: "text/plain", body: Data(), headers: ["Location": location])
        default:
            return nil
        }
    }

    /// Waits until the server stops while `stillHeld` says so (checked under the lock with the
    /// parking, so a release between the check and the wait is never missed); returns at once
    /// once it has stopped.
    static func park<State: StubFaultState>(
        in state: Locked<State>, while stillHeld: (@Sendable (State) -> Bool)? = nil
    ) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard !state.stopped, stillHeld?(state) ?? true else { return true }
                state.held.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Answers every held request, and holds none from now on: the server is stopping.
    static func stop<State: StubFaultState>(_ state: Locked<State>) {
        let held = state.withLock { state in
            state.stopped = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    private static func slowDown(_ status: Int, retryAfter: String) -> ReaderAPIAnswer {
        ReaderAPIAnswer(
            status: status, contentType: "text/plain", body: Data("Slow down".utf8),
            headers: ["Retry-After": retryAfter])
    }
}
