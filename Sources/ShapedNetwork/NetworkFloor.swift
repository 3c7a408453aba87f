/// How fast a refresh of a ``NetworkSchedule`` can possibly be, given a refresh's limits: no
/// request is shorter than its host's time to first byte plus its answer at the host's bandwidth,
/// a host's requests run at most ``Limits/perHost`` at a time, at most ``Limits/requestsAtOnce``
/// requests are in flight, and a host that never answers (or trickles) costs one timeout.
///
/// The floor is the largest of three bounds: the slowest host's chain (its requests shared evenly
/// over its connections, or its longest request), the timeout when a host hangs or trickles, and every answer's
/// time divided among the requests at once. A scheduler that knew every duration could not do
/// better; one that starts the longest chains first and lets no hung request hold a slot comes
/// close.
public struct NetworkFloor: Sendable, Equatable {
    public struct Limits: Sendable, Equatable {
        public var requestsAtOnce: Int
        public var perHost: Int
        /// Seconds a request may take in all.
        public var timeout: Double

        public init(requestsAtOnce: Int, perHost: Int, timeout: Double) {
            self.requestsAtOnce = max(1, requestsAtOnce)
            self.perHost = max(1, perHost)
            self.timeout = timeout
        }
    }

    /// Seconds: the largest of the bounds below.
    public var seconds: Double
    /// The longest chain of one answering host's requests, and that host's address.
    public var slowestChain: Double
    public var slowestHost: String
    /// The timeout when some host hangs or trickles, else 0.
    public var timeoutBound: Double
    /// Every answering request's time divided by ``Limits/requestsAtOnce``.
    public var throughputBound: Double

    /// The floor of `round`, the client sending validators in the daily round for every feed (as
    /// after a first round).
    public init(
        _ schedule: NetworkSchedule, documents: ShapedDocuments, round: NetworkSchedule.Round, limits: Limits
    ) {
        self.init(
            schedule,
            durations: schedule.feeds.indices.map { index in
                let host = schedule.hosts[schedule.feeds[index].host]
                let bytes = documents.answerBytes(ofFeed: index, in: round, conditional: round == .daily)
                return host.firstByte + Double(bytes) / host.bytesPerSecond
            },
            limits: limits)
    }

    /// The floor when feed `i`'s request to an answering host takes `durations[i]` seconds.
    public init(_ schedule: NetworkSchedule, durations: [Double], limits: Limits) {
        var chains: [(seconds: Double, host: String)] = []
        var total = 0.0
        var someHostFails = false
        for (index, host) in schedule.hosts.enumerated() {
            let mine = schedule.feeds.indices.filter { schedule.feeds[$0].host == index }.map {
                durations[$0]
            }
            switch host.behaviour {
            case .answers:
                chains.append((Self.chain(mine, connections: limits.perHost), host.address))
                total += mine.reduce(0, +)
            case .hangs, .trickles:
                someHostFails = someHostFails || !mine.isEmpty
            case .refuses:
                break
            }
        }
        let slowest = chains.max { $0.seconds < $1.seconds }
        slowestChain = slowest?.seconds ?? 0
        slowestHost = slowest?.host ?? ""
        timeoutBound = someHostFails ? limits.timeout : 0
        throughputBound = total / Double(limits.requestsAtOnce)
        seconds = max(slowestChain, timeoutBound, throughputBound)
    }

    /// The least time `durations` can take over `connections` at once (the chain of one host's
    /// requests): the longest of them, or all of them shared evenly, whichever is longer. No
    /// order does better; a real one may do worse.
    public static func chain(_ durations: [Double], connections: Int) -> Double {
        max(durations.max() ?? 0, durations.reduce(0, +) / Double(max(1, connections)))
    }
}
