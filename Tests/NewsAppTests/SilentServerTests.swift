import Foundation
import HTTPTestServer
import Testing

/// A server that never answers holds a refresh for one `refresh_timeout`, not one for every two of
/// its feeds: after its first two requests time out, its other feeds fail at once, and `newsapp
/// feeds` says why for each.
@Suite(.timeLimit(.minutes(10)))
struct SilentServerTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    @Test func twentyFeedsOnAServerThatNeverAnswers() async throws {
        let silent = try RawHTTPServer(.silence)
        let good = try FeedServer(files: ["/good.xml": FeedServer.atom("good", count: 2)])
        try sandbox.writeConfig("refresh_timeout = 1\n")
        // localhost is another host than 127.0.0.1 (every port of one host shares its limits).
        let goodURL = "http://localhost:\(good.server.port)/good.xml"
        try sandbox.directory.write(
            (0..<20).map { "\(silent.baseURL.absoluteString)/feed\($0).xml\n" }.joined() + goodURL + "\n",
            to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh"])
        let list = try await sandbox.run(["feeds", "--json"])
        await silent.stop()
        await good.stop()
        #expect(refresh.status == 0, "\(refresh.err)")
        #expect(refresh.out.contains("21 feeds: 1 updated, 20 failed"), "\(refresh.out)")
        let document = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [String: Any])
        let errors = (document["feeds"] as? [[String: Any]] ?? []).map { $0["lastError"] as? String }
        #expect(errors.filter { $0 == "The server did not answer within 1 second." }.count == 2, "\(errors)")
        #expect(
            errors.filter {
                $0 == "Not asked: the server did not answer its last request of this refresh."
            }
            .count == 18)
        #expect(errors.last == .some(nil), "the other server's feed was read")
        #expect(silent.requestHeads.count <= 2, "only the first two were asked")
    }
}
