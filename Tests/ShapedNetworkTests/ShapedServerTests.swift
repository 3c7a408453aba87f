import Foundation
import Networking
import NewsModels
import ShapedNetwork
import Testing

/// The shaped server over real sockets on 127.0.0.x: each kind of host behaves as the schedule
/// says. No assertion waits on time: a hung host is shown silent by a client's own timeout, and
/// a paced answer can only be later than its rate allows, never earlier, so only lower bounds on
/// time are asserted.
@Suite("The network-shaped server", .timeLimit(.minutes(2)))
struct ShapedServerTests {
    /// Four hosts: one answering at 20 kB/s, one hanging, one refusing, one trickling.
    static func schedule() -> NetworkSchedule {
        let hosts = [
            NetworkSchedule.Host(
                address: "127.0.0.2", firstByte: 0.05, bytesPerSecond: 20_000, behaviour: .answers),
            NetworkSchedule.Host(
                address: "127.0.0.3", firstByte: 0.05, bytesPerSecond: 20_000, behaviour: .hangs),
            NetworkSchedule.Host(
                address: "127.0.0.4", firstByte: 0.05, bytesPerSecond: 20_000, behaviour: .refuses),
            NetworkSchedule.Host(
                address: "127.0.0.5", firstByte: 0.05, bytesPerSecond: 20_000, behaviour: .trickles),
        ]
        let feeds = [
            NetworkSchedule.Feed(host: 0, path: "/feeds/1.xml", items: 20, newInDaily: 0),
            NetworkSchedule.Feed(host: 0, path: "/feeds/2.xml", items: 20, newInDaily: 2),
            NetworkSchedule.Feed(host: 1, path: "/feeds/3.xml", items: 20, newInDaily: 0),
            NetworkSchedule.Feed(host: 2, path: "/feeds/4.xml", items: 20, newInDaily: 0),
            NetworkSchedule.Feed(host: 3, path: "/feeds/5.xml", items: 20, newInDaily: 0),
        ]
        return NetworkSchedule(hosts: hosts, feeds: feeds, newest: Date(timeIntervalSince1970: 1_796_000_000))
    }

    static func get(_ url: String, headers: [String: String] = [:], timeout: TimeInterval = 30) async
        -> Result<HTTPResponse, HTTPClientError>
    {
        let request = HTTPRequest(url: URL(string: url)!, headers: headers, timeout: timeout)
        do {
            return .success(try await CurlHTTPClient().fetch(request))
        } catch {
            return .failure(error)
        }
    }

    @Test func anAnsweringHostSendsAtItsRateAndAnswersConditionalRequestsWith304() async throws {
        let server = try ShapedServer(Self.schedule())
        defer { server.stop() }
        let first = server.documents.first[0]
        let clock = ContinuousClock()
        let started = clock.now
        let answer = try await Self.get(server.url(ofFeed: 0)).get()
        let elapsed = (clock.now - started).seconds
        #expect(answer.status == 200)
        #expect(answer.body == first.body)
        #expect(answer.headers["ETag"] == first.etag)
        // The server paces by its own clock: never faster than the rate, however loaded.
        let bytes = Double(server.documents.answerBytes(ofFeed: 0, in: .first, conditional: false))
        #expect(bytes > 10_000, "an answer long enough for its pace to show")
        #expect(elapsed >= 0.05 + (bytes - 1) / 20_000)

        let byTag = try await Self.get(server.url(ofFeed: 0), headers: ["If-None-Match": first.etag]).get()
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        let byDate = try await Self.get(
            server.url(ofFeed: 0), headers: ["If-Modified-Since": first.lastModified]
        ).get()
        #expect(byDate.status == 304)
        let stale = try await Self.get(server.url(ofFeed: 0), headers: ["If-None-Match": "\"other\""]).get()
        #expect(stale.status == 200)
        #expect(server.statistics.notModified == 2)
        #expect(server.statistics.mostConnections["127.0.0.2"] == 1, "one connection, kept alive")
    }

    @Test func theDailyRoundChangesOnlyTheFeedsWithNewItems() async throws {
        let server = try ShapedServer(Self.schedule())
        defer { server.stop() }
        let tags = server.documents.first.map(\.etag)
        server.round = .daily
        let unchanged = try await Self.get(server.url(ofFeed: 0), headers: ["If-None-Match": tags[0]]).get()
        let changed = try await Self.get(server.url(ofFeed: 1), headers: ["If-None-Match": tags[1]]).get()
        #expect(unchanged.status == 304)
        #expect(changed.status == 200)
        #expect(changed.headers["ETag"] != tags[1])
        let text = String(decoding: changed.body, as: UTF8.self)
        #expect(text.contains("shaped-2-21") && text.contains("shaped-2-20"), "two new items")
        #expect(!text.contains("shaped-2-0<") && !text.contains("shaped-2-1<"), "as many old ones gone")
        #expect(text.components(separatedBy: "<item>").count - 1 == 20)
    }

    @Test func aHangingHostReadsTheRequestAndNeverAnswers() async throws {
        let server = try ShapedServer(Self.schedule())
        defer { server.stop() }
        let result = await Self.get(server.url(ofFeed: 2), timeout: 1)
        #expect(result.failure == .transport(.timedOut))
        #expect(server.statistics.requests == 1, "the request was read")
        #expect(server.statistics.answered["127.0.0.3"] == nil)
    }

    @Test func aRefusingHostRefusesAtOnce() async throws {
        let server = try ShapedServer(Self.schedule())
        defer { server.stop() }
        // A timeout far beyond any load: a refusal must not wait for it.
        let result = await Self.get(server.url(ofFeed: 3), timeout: 60)
        #expect(result.failure == .transport(.connectionRefused))
        #expect(server.statistics.requests == 0)
    }

    @Test func aTricklingHostSendsOneByteASecond() throws {
        let server = try ShapedServer(Self.schedule())
        defer { server.stop() }
        // Raw socket: the first three bytes, and when each came.
        let times = try RawClient.firstBytes(3, from: "127.0.0.5", port: server.port, path: "/feeds/5.xml")
        #expect(times.count == 3)
        // Byte n leaves the server n seconds after the first, by the server's clock; the client
        // can only see it later.
        #expect(times[1] - times[0] >= 0.9)
        #expect(times[2] - times[0] >= 1.9)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
