import NewsModels

/// The bytes a refresh holds at once: bodies as they arrive, bodies waiting to be parsed, and
/// parsed documents until the store has written them (each counted at its body's size).
///
/// Without a budget a refresh's memory would follow the requests in flight, not the bytes: every
/// answer in flight read at once, each body held whole until parsed, and parsed documents waiting
/// for the writer while the processor is short. With a budget a request starts only while the
/// bytes held are under
/// ``limit``; the requests already started may bring their bodies past it, so the bytes held
/// never exceed the limit by more than the bodies of the requests in flight when it was reached.
/// A body larger than the whole budget is still read (the feed's own cap bounds it): a request
/// is refused only while something else holds bytes, and what is held is always let go (parsed,
/// written), so the refresh cannot stall on its budget.
public final class ByteBudget: Sendable {
    /// Bytes above which no request starts.
    public let limit: Int
    private let state = Locked(State())

    private struct State {
        var held = 0
        var peak = 0
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
    }

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The bytes held now.
    public var held: Int { state.withLock { $0.held } }

    /// The most bytes held at once so far.
    public var peak: Int { state.withLock { $0.peak } }

    /// Whether a request must wait: the bytes held have reached the limit.
    public var isFull: Bool { state.withLock { $0.held >= limit } }

    /// Counts `bytes` more as held.
    func take(_ bytes: Int) {
        guard bytes > 0 else { return }
        state.withLock {
            $0.held += bytes
            $0.peak = max($0.peak, $0.held)
        }
    }

    /// Lets go of `bytes` taken before; wakes those waiting for room once there is some.
    func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.held -= bytes
            guard state.held < limit else { return [] }
            defer { state.roomWaiters = [] }
            return state.roomWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the bytes held are under the limit, or once ``wakeAll()`` is called.
    func waitForRoom() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.held < limit { return true }
                state.roomWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Ends every wait for room (the refresh is over).
    func wakeAll() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.roomWaiters = [] }
            return state.roomWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
