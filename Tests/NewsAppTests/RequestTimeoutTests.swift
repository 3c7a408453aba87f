import Foundation
import HTTPTestServer
import Testing

/// `request_timeout` bounds a whole NewsAPI request: a server that trickles its answer, one byte
/// at a time, cannot hold `newsapp headlines` past it.
@Suite(.timeLimit(.minutes(1)))
struct RequestTimeoutTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    @Test func aTricklingServerIsCutOffAtTheConfiguredDeadline() async throws {
        let body = Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)
        let head = RawHTTPServer.response(body: body).prefix { $0 != UInt8(ascii: "{") }
        // The whole answer would take about 9.6 s; the deadline is 2 s.
        let server = try RawHTTPServer(.trickle(head: Data(head), body: body, interval: .milliseconds(200)))
        try sandbox.directory.write("request_timeout = 2\n", to: ".config/newsapp/config.toml")
        let environment = ["NEWSAPI_KEY": "test-key", "NEWSAPI_BASE_URL": server.baseURL.absoluteString]
        let clock = ContinuousClock()
        let started = clock.now
        let run = try await sandbox.run(["headlines"], extra: environment)
        let took = started.duration(to: clock.now)
        await server.stop()
        #expect(run.status == 1)
        #expect(
            run.err
                == "newsapp: 127.0.0.1:\(server.port) did not answer in time. Check your connection, then retry.\n"
        )
        // A timer never fires early: the deadline was kept, and the answer was not waited for.
        #expect(took >= .seconds(2))
        #expect(took < .seconds(9))
    }
}
