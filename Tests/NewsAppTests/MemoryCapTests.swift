import Foundation
import HTTPTestServer
import Testing

/// Hostile answers leave the app's memory bounded: a gzip bomb is refused at the cap, counted
/// after inflating, and the process's peak grows by less than 32 MB over the same command's peak
/// with a small, good answer.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct MemoryCapTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// 1 GiB of zeros, gzip-compressed to about 1 MB.
    static let bomb: Data = (try? Zlib.gzipZeros(mebibytes: 1_024)) ?? Data()

    static func server(bombing bombPath: String, good: Data, type: String) throws -> RawHTTPServer {
        try RawHTTPServer(
            .routed { text in
                let path = RequestHead(text).path
                if path.hasPrefix(bombPath) {
                    return .reply(
                        RawHTTPServer.response(
                            contentType: type, headers: ["Content-Encoding: gzip"], body: bomb))
                }
                return .reply(RawHTTPServer.response(contentType: type, body: good))
            })
    }

    @Test func aGzipBombFromNewsAPIIsRefusedAtTheCapWithBoundedMemory() async throws {
        let empty = Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)
        let server = try Self.server(bombing: "/bomb", good: empty, type: "application/json")
        var environment = sandbox.environment
        environment["NEWSAPI_KEY"] = "test-key"
        // The bomb first: after a good answer the stored copy would be shown instead of the error.
        environment["NEWSAPI_BASE_URL"] = server.baseURL.appendingPathComponent("bomb").absoluteString
        let clock = ContinuousClock()
        let started = clock.now
        let bombed = try await PeakMemory.run(["headlines"], environment: environment)
        let took = started.duration(to: clock.now)
        environment["NEWSAPI_BASE_URL"] = server.baseURL.absoluteString
        let good = try await PeakMemory.run(["headlines"], environment: environment)
        #expect(good.output.status == 0)
        #expect(bombed.output.status == 1)
        #expect(bombed.output.err.contains("was larger than 8 MiB and was refused."))
        #expect(bombed.peak - good.peak < 32 << 10, "the peak grew by \((bombed.peak - good.peak) >> 10) MiB")
        #expect(took < .seconds(30))
        await server.stop()
    }

    @Test func aGzipBombFeedFailsAloneWithBoundedMemory() async throws {
        let small = FeedServer.atom("small", count: 3).body
        let server = try Self.server(bombing: "/bomb.xml", good: small, type: "application/atom+xml")
        try sandbox.directory.write(
            "\(server.baseURL.absoluteString)/small.xml\n", to: ".config/newsapp/urls")
        let good = try await PeakMemory.run(["refresh"], environment: sandbox.environment)
        #expect(good.output.status == 0)
        try sandbox.directory.write(
            "\(server.baseURL.absoluteString)/small.xml\n\(server.baseURL.absoluteString)/bomb.xml\n",
            to: ".config/newsapp/urls")
        let bombed = try await PeakMemory.run(["refresh"], environment: sandbox.environment)
        #expect(bombed.output.status == 0)
        #expect(bombed.output.out.contains("2 feeds: 1 updated, 1 failed"))
        #expect(bombed.peak - good.peak < 32 << 10, "the peak grew by \((bombed.peak - good.peak) >> 10) MiB")
        let list = try await sandbox.run(["feeds"])
        #expect(list.out.contains("✗ The feed is larger than 16 MiB, so it was not read."))
        await server.stop()
    }
}
