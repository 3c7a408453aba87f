/// Which feed to ask for next: the first waiting one whose host has room, while fewer than
/// `concurrency` are in flight and fewer than `perHost` from its host. A feed waiting for a busy
/// host never holds a slot another host could use.
///
/// The hosts with the most feeds come first: their chains of requests (`perHost` at a time) are
/// the longest, and a refresh ends with its longest chain, so it starts them first; but every
/// host's first requests come before any host's later ones, as any host may be one that never
/// answers, whose chain is a whole timeout. A request
/// ``release(_:)``d (one that has waited long: a hung host, a slow body) keeps its host's place
/// but no longer counts against `concurrency`.
struct HostSchedule {
    private let hosts: [String]
    private let concurrency: Int
    private let perHost: Int
    private var waiting: [Int]
    private var inFlight = 0
    private var perHostInFlight: [String: Int] = [:]
    private var released: Set<Int> = []

    init(hosts: [String], concurrency: Int, perHost: Int) {
        self.hosts = hosts
        self.concurrency = concurrency
        self.perHost = perHost
        var feeds: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]
        var rank: [Int] = []
        for (index, host) in hosts.enumerated() {
            rank.append(feeds[host, default: 0])
            feeds[host, default: 0] += 1
            if firstSeen[host] == nil { firstSeen[host] = index }
        }
        // Every host's first `perHost` feeds before any host's next ones, so that a host that
        // never answers is found (and costs its one timeout) early; within each, the longest
        // chain first; hosts with as many feeds in the order they first appear.
        waiting = hosts.indices.sorted { a, b in
            let (laterA, laterB) = (rank[a] >= perHost, rank[b] >= perHost)
            if laterA != laterB { return !laterA }
            let (hostA, hostB) = (hosts[a], hosts[b])
            if hostA == hostB { return a < b }
            let (feedsA, feedsB) = (feeds[hostA]!, feeds[hostB]!)
            if feedsA != feedsB { return feedsA > feedsB }
            return firstSeen[hostA]! < firstSeen[hostB]!
        }
    }

    /// Whether every feed has started.
    var isEmpty: Bool { waiting.isEmpty }

    /// The next feed to start whose host `allows` it, marked in flight; nil when none may start now.
    mutating func next(allowing allows: (_ host: String) -> Bool = { _ in true }) -> Int? {
        guard inFlight < concurrency,
            let position = waiting.firstIndex(where: {
                perHostInFlight[hosts[$0], default: 0] < perHost && allows(hosts[$0])
            })
        else { return nil }
        let index = waiting.remove(at: position)
        inFlight += 1
        perHostInFlight[hosts[index], default: 0] += 1
        return index
    }

    /// Requests released at once at most: each may still bring its body, so the memory a refresh
    /// holds stays bounded (a hung host's requests bring nothing, and there are few of them).
    var mostReleased: Int { max(4, concurrency / 2) }

    /// Feed `index`, in flight, no longer counts against the concurrency (its host's limit holds),
    /// unless ``mostReleased`` are released already.
    mutating func release(_ index: Int) {
        guard released.count < mostReleased, released.insert(index).inserted else { return }
        inFlight -= 1
    }

    /// Feed `index` is done: its slot and its host's are free.
    mutating func finished(_ index: Int) {
        if released.remove(index) == nil { inFlight -= 1 }
        perHostInFlight[hosts[index], default: 1] -= 1
    }
}
