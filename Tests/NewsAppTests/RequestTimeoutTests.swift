import Foundation
import HTTPTestServer
import Testing

/// `request_timeout` bounds a whole NewsAPI request: a server that trickles its answer, one byte
/// at a time, cannot hold `newsapp headlines` past it.
/// The time limit only guards against a hang: under a sanitizer at load 7 starting the app took
/// most of a minute; the deadline itself is measured at the server.
@Suite(.timeLimit(.minutes(5)))
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
        let run = Task { try await sandbox.run(["headlines"], extra: environment) }
        // Measured at the server, so the app's start (slow on a loaded machine) is left out.
        let took = await server.timeFromRequestToHangUp()
        let output = try await run.value
        await server.stop()
        #expect(output.status == 1)
        #expect(
            output.err
                == "newsapp: 127.0.0.1:\(server.port) did not answer in time. Check your connection, then retry.\n"
        )
        // The deadline was 2 s: not the default 10 s, and not the 9.6 s the answer would take.
        #expect(took > .seconds(1))
        #expect(took < .seconds(8))
    }
}
