/// The hosts a refresh stops waiting for: one whose last request timed out gets no more in that
/// refresh, so that twenty feeds on a server that never answers cost one `refresh_timeout` (its
/// requests at once), not ten, whatever the limit per host. An answer of any kind (a feed, an
/// error status, a refused connection) makes a host count as answering again.
struct SilentHosts {
    /// Timeouts in a row that make a host silent.
    static let timeoutsInARow = 1

    private var timeouts: [String: Int] = [:]
    private var inFlight: [String: Int] = [:]

    /// Whether `host` timed out on its last request.
    func isSilent(_ host: String) -> Bool {
        timeouts[host, default: 0] >= Self.timeoutsInARow
    }

    /// Whether a request to `host` may start now: not while one is in flight after a timeout.
    func mayStart(_ host: String) -> Bool {
        timeouts[host, default: 0] == 0 || inFlight[host, default: 0] == 0
    }

    /// A request to `host` started.
    mutating func started(_ host: String) {
        inFlight[host, default: 0] += 1
    }

    /// Counts what `outcome`, of a request to `host` that ``started(_:)``, says of it.
    mutating func record(_ outcome: FeedOutcome, host: String) {
        inFlight[host, default: 1] -= 1
        switch outcome.result {
        case .failed(let failure) where failure.isTimeout:
            timeouts[host, default: 0] += 1
        case .failed(let failure) where failure == .silentServer:
            // Not asked: says nothing new of the host.
            break
        case .skipped:
            break
        default:
            timeouts[host] = 0
        }
    }
}
