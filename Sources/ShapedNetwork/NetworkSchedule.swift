import Foundation
import NewsModels

/// A network shaped like the internet, drawn once from a seed: hosts on loopback addresses of
/// their own (127.0.0.2, 127.0.0.3, …), each with a time to first byte, a bandwidth and a way of
/// behaving, and the feeds they serve in two rounds (a first refresh, where every feed is new,
/// and a daily one, where most are unchanged). ``ShapedServer`` serves it; ``NetworkFloor`` says
/// how fast a refresh of it can possibly be.
public struct NetworkSchedule: Sendable {
    /// How a host answers.
    public enum Behaviour: String, Sendable, Equatable {
        /// Each request after its time to first byte, at its bandwidth.
        case answers
        /// Accepts connections, reads requests and never answers.
        case hangs
        /// Nothing listens on its address: a connection is refused at once.
        case refuses
        /// Answers after its time to first byte, one byte a second.
        case trickles
    }

    /// The two refreshes served.
    public enum Round: String, Sendable, Equatable {
        /// Every feed new to the client.
        case first
        /// Most feeds unchanged (`304` to a conditional request), a few with new items.
        case daily
    }

    public struct Host: Sendable, Equatable {
        /// The loopback address it listens on, `127.0.0.N`.
        public var address: String
        /// Seconds from a request's last byte to the answer's first.
        public var firstByte: Double
        /// Bytes a second of each answer, once it has started.
        public var bytesPerSecond: Double
        public var behaviour: Behaviour

        public init(address: String, firstByte: Double, bytesPerSecond: Double, behaviour: Behaviour) {
            self.address = address
            self.firstByte = firstByte
            self.bytesPerSecond = bytesPerSecond
            self.behaviour = behaviour
        }
    }

    public struct Feed: Sendable, Equatable {
        /// Its host's index in ``NetworkSchedule/hosts``.
        public var host: Int
        /// `/feeds/N.xml`.
        public var path: String
        /// Items in the first round.
        public var items: Int
        /// Items new in the daily round; 0: unchanged (`304`).
        public var newInDaily: Int

        public init(host: Int, path: String, items: Int, newInDaily: Int) {
            self.host = host
            self.path = path
            self.items = items
            self.newInDaily = newInDaily
        }
    }

    public var hosts: [Host]
    public var feeds: [Feed]
    /// The date of the newest item of the first round; daily items are newer.
    public var newest: Date

    public init(hosts: [Host], feeds: [Feed], newest: Date) {
        self.hosts = hosts
        self.feeds = feeds
        self.newest = newest
    }

    /// Feed `index`'s address on a server listening on `port`.
    public func url(ofFeed index: Int, port: Int) -> String {
        "http://\(hosts[feeds[index].host].address):\(port)\(feeds[index].path)"
    }

    /// The indices of `host`'s feeds.
    public func feeds(ofHost host: Int) -> [Int] {
        feeds.indices.filter { feeds[$0].host == host }
    }

    // MARK: - The internet-shaped draw

    /// The benchmark's network: `hostCount` hosts from 127.0.0.2 on, times to first byte drawn
    /// log-normally within 50–800 ms, bandwidths log-uniformly within 0.2–5 MB/s; 3 hosts that
    /// hang, 2 that refuse and 2 that trickle; `feedCount` feeds of 20–500 items (log-uniform),
    /// every host with at least one and a few with many (as a news site has a feed per section),
    /// the failing hosts with one to three; in the daily round 10 % of the answering hosts' feeds
    /// with 1–5 new items.
    public static func internetShaped(
        seed: UInt64, hostCount: Int = 100, feedCount: Int = 300, newest: Date
    ) -> NetworkSchedule {
        var random = SplitMix64(seed: seed)
        var hosts: [Host] = []
        for index in 0..<hostCount {
            // Median 200 ms; e^(±2σ) spans about 60–660 ms; clamped to 50–800 ms.
            let firstByte = min(0.8, max(0.05, exp(log(0.2) + 0.6 * normal(&random))))
            let bytesPerSecond = min(
                5e6, max(0.2e6, exp(Double.random(in: log(0.2e6)...log(5e6), using: &random))))
            hosts.append(
                Host(
                    address: "127.0.0.\(index + 2)", firstByte: firstByte, bytesPerSecond: bytesPerSecond,
                    behaviour: .answers))
        }
        var order = Array(hosts.indices).shuffled(using: &random)
        let failing: [Behaviour] = [.hangs, .hangs, .hangs, .refuses, .refuses, .trickles, .trickles]
        for behaviour in failing where !order.isEmpty {
            hosts[order.removeLast()].behaviour = behaviour
        }
        // Every host gets one feed; the rest go by weight 1/(rank+1)^0.9 over the answering
        // hosts in a random order (at most 24 each), and to the failing hosts up to three each.
        var counts = Array(repeating: 1, count: hostCount)
        let weights = order.enumerated().map { (rank, host) in (host, 1 / pow(Double(rank + 1), 0.9)) }
        let total = weights.reduce(0) { $0 + $1.1 }
        let failingHosts = hosts.indices.filter { hosts[$0].behaviour != .answers }
        for host in failingHosts where counts.reduce(0, +) < feedCount {
            counts[host] += Int.random(in: 0...2, using: &random)
        }
        while counts.reduce(0, +) < feedCount, !weights.isEmpty {
            var draw = Double.random(in: 0..<total, using: &random)
            var chosen = weights[weights.count - 1].0
            for (host, weight) in weights {
                draw -= weight
                if draw < 0 {
                    chosen = host
                    break
                }
            }
            if counts[chosen] < 24 { counts[chosen] += 1 }
        }
        var feeds: [Feed] = []
        for host in hosts.indices {
            for _ in 0..<counts[host] {
                let items = Int(exp(Double.random(in: log(20.0)...log(500.0), using: &random)).rounded())
                feeds.append(
                    Feed(host: host, path: "/feeds/\(feeds.count + 1).xml", items: items, newInDaily: 0))
            }
        }
        // Feeds in the urls file's order are not grouped by host.
        feeds.shuffle(using: &random)
        for index in feeds.indices { feeds[index].path = "/feeds/\(index + 1).xml" }
        let answering = feeds.indices.filter { hosts[feeds[$0].host].behaviour == .answers }
        for index in answering.shuffled(using: &random).prefix(feeds.count / 10) {
            feeds[index].newInDaily = Int.random(in: 1...5, using: &random)
        }
        return NetworkSchedule(hosts: hosts, feeds: feeds, newest: newest)
    }

    /// A standard normal draw (Box–Muller).
    private static func normal(_ random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
