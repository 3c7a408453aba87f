/// Which feed to ask for next: the first waiting one whose host has room, while fewer than
/// `concurrency` are in flight and fewer than `perHost` from its host. A feed waiting for a busy
/// host never holds a slot another host could use.
struct HostSchedule {
    private let hosts: [String]
    private let concurrency: Int
    private let perHost: Int
    private var waiting: [Int]
    private var inFlight = 0
    private var perHostInFlight: [String: Int] = [:]

    init(hosts: [String], concurrency: Int, perHost: Int) {
        self.hosts = hosts
        self.concurrency = concurrency
        self.perHost = perHost
        waiting = Array(hosts.indices)
    }

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

    /// Feed `index` is done: its slot and its host's are free.
    mutating func finished(_ index: Int) {
        inFlight -= 1
        perHostInFlight[hosts[index], default: 1] -= 1
    }
}
