import NewsModels

/// What the server has seen, shared between its thread, which records, and the tests, which read
/// and wait. Waits end on events, never on time.
final class Tally: Sendable {
    /// Something that happens a number of times, that a test can wait for.
    enum Event {
        /// The server read a request head.
        case request
        /// The client closed a connection before the server did.
        case clientClose
        /// The server stopped; it happens once, and ends every wait.
        case stop
    }

    /// Which requests a count takes in, by their heads.
    typealias Filter = @Sendable (_ head: String) -> Bool

    private struct Waiter {
        let event: Event
        let times: Int
        let isCounted: Filter
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var heads: [String] = []
        /// The heads of the requests whose connection the client closed, in the order it did.
        var closedHeads: [String] = []
        var stopped = false
        var waiters: [Waiter] = []

        func count(_ event: Event, where isCounted: Filter) -> Int {
            switch event {
            case .request: heads.count(where: isCounted)
            case .clientClose: closedHeads.count(where: isCounted)
            case .stop: stopped ? 1 : 0
            }
        }

        func isOver(_ waiter: Waiter) -> Bool {
            stopped || count(waiter.event, where: waiter.isCounted) >= waiter.times
        }
    }

    private let state = Locked(State())

    /// The request heads read so far, oldest first.
    var heads: [String] { state.withLock { $0.heads } }

    /// How many connections the client closed before the server did, among the requests
    /// `isCounted` takes in.
    func clientCloses(where isCounted: Filter) -> Int {
        state.withLock { $0.count(.clientClose, where: isCounted) }
    }

    func recordHead(_ head: String) {
        update { $0.heads.append(head) }
    }

    /// Records that the client closed the connection of the request with this head.
    func recordClientClose(_ head: String) {
        update { $0.closedHeads.append(head) }
    }

    func recordStop() {
        update { $0.stopped = true }
    }

    /// Returns once `event` has happened `times` times in all among the requests `isCounted`
    /// takes in, or the server has stopped.
    func wait(for event: Event, times: Int, where isCounted: @escaping Filter = { _ in true }) async {
        await withCheckedContinuation { continuation in
            let waiter = Waiter(event: event, times: times, isCounted: isCounted, continuation: continuation)
            let over = state.withLock { state -> Bool in
                guard !state.isOver(waiter) else { return true }
                state.waiters.append(waiter)
                return false
            }
            if over { continuation.resume() }
        }
    }

    /// Applies `change`, then resumes the waits it ended, outside the lock.
    private func update(_ change: (inout State) -> Void) {
        let ended = state.withLock { state in
            change(&state)
            let now = state
            state.waiters.removeAll(where: now.isOver)
            return now.waiters.filter(now.isOver).map(\.continuation)
        }
        for continuation in ended { continuation.resume() }
    }
}
