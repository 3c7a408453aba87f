import Foundation
import ShapedNetwork
import Testing

/// The floor's arithmetic on schedules small enough to compute by hand, and the benchmark's draw.
@Suite struct NetworkFloorTests {
    static let newest = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func aChainIsItsRequestsSharedOverItsConnectionsOrItsLongest() {
        // 8 s over 2 connections; 5 s alone is longer than 7 s over 4.
        #expect(NetworkFloor.chain([1, 2, 3, 2], connections: 2) == 4)
        #expect(NetworkFloor.chain([1, 2, 3, 2], connections: 1) == 8)
        #expect(NetworkFloor.chain([5, 1, 1], connections: 4) == 5)
        #expect(NetworkFloor.chain([], connections: 2) == 0)
        #expect(NetworkFloor.chain([3, 3, 2], connections: 2) == 4, "a bound: no order reaches it here")
    }

    /// A answers four feeds (3, 2, 2, 1 s), B one (1 s), C hangs, D refuses.
    static func schedule(hung: Bool = true) -> NetworkSchedule {
        let hosts = [
            NetworkSchedule.Host(
                address: "127.0.0.2", firstByte: 0.1, bytesPerSecond: 1e6, behaviour: .answers),
            NetworkSchedule.Host(
                address: "127.0.0.3", firstByte: 0.1, bytesPerSecond: 1e6, behaviour: .answers),
            NetworkSchedule.Host(
                address: "127.0.0.4", firstByte: 0.1, bytesPerSecond: 1e6, behaviour: .hangs),
            NetworkSchedule.Host(
                address: "127.0.0.5", firstByte: 0.1, bytesPerSecond: 1e6, behaviour: .refuses),
        ]
        let owners = [0, 0, 0, 0, 1] + (hung ? [2] : []) + [3]
        let feeds = owners.enumerated().map {
            NetworkSchedule.Feed(host: $1, path: "/feeds/\($0 + 1).xml", items: 20, newInDaily: 0)
        }
        return NetworkSchedule(hosts: hosts, feeds: feeds, newest: newest)
    }

    @Test func theFloorIsTheLargestOfTheChainTheTimeoutAndTheThroughput() {
        let durations: [Double] = [3, 2, 2, 1, 1, 99, 99]
        // Chains: A 4 s, B 1 s; answers 9 s in all.
        let timeoutBinds = NetworkFloor(
            Self.schedule(), durations: durations, limits: .init(requestsAtOnce: 2, perHost: 2, timeout: 5))
        #expect(timeoutBinds.slowestChain == 4 && timeoutBinds.slowestHost == "127.0.0.2")
        #expect(timeoutBinds.timeoutBound == 5)
        #expect(timeoutBinds.throughputBound == 4.5)
        #expect(timeoutBinds.seconds == 5)
        let throughputBinds = NetworkFloor(
            Self.schedule(), durations: durations, limits: .init(requestsAtOnce: 2, perHost: 2, timeout: 3))
        #expect(throughputBinds.seconds == 4.5)
        let chainBinds = NetworkFloor(
            Self.schedule(), durations: durations, limits: .init(requestsAtOnce: 4, perHost: 2, timeout: 3))
        #expect(chainBinds.throughputBound == 2.25)
        #expect(chainBinds.seconds == 4)
        let onePerHost = NetworkFloor(
            Self.schedule(), durations: durations, limits: .init(requestsAtOnce: 4, perHost: 1, timeout: 3))
        #expect(onePerHost.seconds == 8, "A's four one after another")
        // No feed on the hanging host: no timeout to wait for.
        let noneHung = NetworkFloor(
            Self.schedule(hung: false), durations: [3, 2, 2, 1, 1, 99],
            limits: .init(requestsAtOnce: 4, perHost: 2, timeout: 30))
        #expect(noneHung.timeoutBound == 0 && noneHung.seconds == 4)
    }

    @Test func aRequestTakesItsTimeToFirstByteAndItsAnswerAtTheBandwidth() {
        let hosts = [
            NetworkSchedule.Host(
                address: "127.0.0.2", firstByte: 0.25, bytesPerSecond: 10_000, behaviour: .answers)
        ]
        let schedule = NetworkSchedule(
            hosts: hosts,
            feeds: [NetworkSchedule.Feed(host: 0, path: "/feeds/1.xml", items: 20, newInDaily: 0)],
            newest: Self.newest)
        let documents = ShapedDocuments(schedule)
        let limits = NetworkFloor.Limits(requestsAtOnce: 1, perHost: 1, timeout: 10)
        let full = documents.answerBytes(ofFeed: 0, in: .first, conditional: false)
        let head = documents.answerBytes(ofFeed: 0, in: .daily, conditional: true)
        #expect(
            full == documents.first[0].body.count + head
                + "Content-Type: application/rss+xml; charset=utf-8\r\n".utf8.count
                + "Content-Length: \(documents.first[0].body.count)\r\n".utf8.count + "HTTP/1.1 200 OK".count
                - "HTTP/1.1 304 Not Modified".count)
        #expect(
            NetworkFloor(schedule, documents: documents, round: .first, limits: limits).seconds == 0.25
                + Double(full) / 10_000)
        #expect(
            NetworkFloor(schedule, documents: documents, round: .daily, limits: limits).seconds == 0.25
                + Double(head) / 10_000)
    }

    @Test func theInternetShapedDrawIsTheIssuesNetwork() {
        let schedule = NetworkSchedule.internetShaped(seed: 36, newest: Self.newest)
        #expect(schedule.hosts.count == 100 && schedule.feeds.count == 300)
        #expect(schedule.hosts.map(\.address) == (2...101).map { "127.0.0.\($0)" })
        let behaviours = Dictionary(grouping: schedule.hosts, by: \.behaviour).mapValues(\.count)
        #expect(behaviours == [.answers: 93, .hangs: 3, .refuses: 2, .trickles: 2])
        #expect(schedule.hosts.allSatisfy { (0.05...0.8).contains($0.firstByte) })
        #expect(schedule.hosts.allSatisfy { (0.2e6...5e6).contains($0.bytesPerSecond) })
        #expect(schedule.feeds.allSatisfy { (20...500).contains($0.items) })
        let perHost = Dictionary(grouping: schedule.feeds, by: \.host).mapValues(\.count)
        #expect(perHost.count == 100, "every host serves a feed")
        for (host, count) in perHost where schedule.hosts[host].behaviour != .answers {
            #expect(count <= 3)
        }
        let changed = schedule.feeds.filter { $0.newInDaily > 0 }
        #expect(changed.count == 30)
        #expect(
            changed.allSatisfy {
                schedule.hosts[$0.host].behaviour == .answers && (1...5).contains($0.newInDaily)
            })
        let again = NetworkSchedule.internetShaped(seed: 36, newest: Self.newest)
        #expect(
            again.hosts == schedule.hosts && again.feeds == schedule.feeds, "the same seed, the same network")
    }
}
