import Foundation
import HTTPTestServer
import Testing

/// Hostile answers leave the app's memory bounded: a gzip bomb is refused at the cap, counted
/// after inflating, and the process's peak grows by less than 32 MB over the same command's peak
/// with a small, good answer.
@Suite(
    .timeLimit(.minutes(10)), .serialized,
    .disabled(if: PeakMemory.isDistortedBySanitizer, "peak memory under a sanitizer is not the app's"))
struct MemoryCapTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// 1 GiB of zeros, gzip-compressed to about 1 MB.
    static let bomb: Data = (try? Zlib.gzipZeros(mebibytes: 1_024)) ?? Data()

    /// A NewsAPI page that opens its list of articles, then 1 GiB of spaces: JSON all the way, so
    /// that it is read until the cap (zeros are refused at their first byte), gzip-compressed.
    static let jsonBomb: Data =
        (try? Zlib.gzipRepeating(UInt8(ascii: " "), mebibytes: 1_024, after: Endless.openingPage)) ?? Data()

    /// ``bomb`` as a `type` answer.
    static func gzipBomb(type: String, body: Data = bomb) -> RawHTTPServer.Behaviour {
        .reply(RawHTTPServer.response(contentType: type, headers: ["Content-Encoding: gzip"], body: body))
    }

    /// A server answering requests under `hostilePath` as `hostile`, and the others with `good`.
    static func server(
        sending hostile: RawHTTPServer.Behaviour, under hostilePath: String, good: Data, type: String
    ) throws -> RawHTTPServer {
        try RawHTTPServer(
            .routed { text in
                RequestHead(text).path.hasPrefix(hostilePath)
                    ? hostile : .reply(RawHTTPServer.response(contentType: type, body: good))
            })
    }

    @Test func aGzipBombFromNewsAPIIsRefusedAtTheCapWithBoundedMemory() async throws {
        let empty = Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)
        let server = try Self.server(
            sending: Self.gzipBomb(type: "application/json", body: Self.jsonBomb), under: "/bomb",
            good: empty,
            type: "application/json")
        var environment = sandbox.environment
        environment["NEWSAPI_KEY"] = "test-key"
        // The bomb first: after a good answer the stored copy would be shown instead of the error.
        environment["NEWSAPI_BASE_URL"] = server.baseURL.appendingPathComponent("bomb").absoluteString
        let first = environment
        let bombing = Task { try await PeakMemory.run(["headlines"], environment: first) }
        // Measured at the server, as for the endless bodies: the app's start on a loaded machine
        // is left out.
        let took = await server.timeFromRequestToHangUp()
        let bombed = try await bombing.value
        environment["NEWSAPI_BASE_URL"] = server.baseURL.absoluteString
        let good = try await PeakMemory.run(["headlines"], environment: environment)
        #expect(good.output.status == 0)
        #expect(bombed.output.status == 1)
        #expect(bombed.output.err.contains("is larger than 8 MiB, so it was not read."))
        #expect(bombed.peak - good.peak < 32 << 10, "the peak grew by \((bombed.peak - good.peak) >> 10) MiB")
        // 1 MB over the loopback and 8 MiB inflated take milliseconds; room for a loaded machine.
        #expect(took < .seconds(5))
        await server.stop()
    }

    @Test func aGzipBombFeedFailsAloneWithBoundedMemory() async throws {
        let small = FeedServer.atom("small", count: 3).body
        let server = try Self.server(
            sending: Self.gzipBomb(type: "application/atom+xml"), under: "/bomb.xml", good: small,
            type: "application/atom+xml")
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

    /// Bodies that never end, as a broken or hostile server sends them: `[` for ever, or, for
    /// NewsAPI (whose answers are read as they arrive, and refused at their first byte that is not
    /// JSON), a page that opens its list of articles and sends spaces for ever.
    enum Endless: String, CaseIterable, Sendable {
        /// `Transfer-Encoding: chunked`, 64 KiB chunks of `[` for ever.
        case chunked
        /// No length: the body would end when the server closes the connection, which it never does.
        case closeDelimited
        /// `Content-Length: 1000000000000`, then bytes for ever.
        case lyingLength

        static let openingPage = Data(#"{"status":"ok","totalResults":1,"articles":["#.utf8)

        var behaviour: RawHTTPServer.Behaviour { behaviour(repeating: UInt8(ascii: "["), after: Data()) }

        /// The NewsAPI page that never ends.
        var page: RawHTTPServer.Behaviour { behaviour(repeating: UInt8(ascii: " "), after: Self.openingPage) }

        func behaviour(repeating byte: UInt8, after opening: Data) -> RawHTTPServer.Behaviour {
            let block = Data(repeating: byte, count: 64 << 10)
            switch self {
            case .chunked:
                let head = RawHTTPServer.response(
                    contentLength: .none, headers: ["Transfer-Encoding: chunked"], body: Data())
                // The opening in one chunk, without the empty chunk that would end the body.
                let first =
                    opening.isEmpty ? Data() : RawHTTPServer.chunked(opening, size: opening.count).dropLast(5)
                return .endless(
                    head: head + first, chunk: Data("10000\r\n".utf8) + block + Data("\r\n".utf8))
            case .closeDelimited:
                return .endless(
                    head: RawHTTPServer.response(contentLength: .none, body: Data()) + opening, chunk: block)
            case .lyingLength:
                return .endless(
                    head: RawHTTPServer.response(contentLength: 1_000_000_000_000, body: Data()) + opening,
                    chunk: block)
            }
        }
    }

    @Test(arguments: Endless.allCases)
    func anEndlessNewsAPIBodyIsRefusedAtTheCapWithBoundedMemory(_ shape: Endless) async throws {
        let empty = Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)
        let server = try Self.server(
            sending: shape.page, under: "/endless", good: empty, type: "application/json")
        var environment = sandbox.environment
        environment["NEWSAPI_KEY"] = "test-key"
        environment["NEWSAPI_BASE_URL"] = server.baseURL.appendingPathComponent("endless").absoluteString
        let first = environment
        let endless = Task { try await PeakMemory.run(["headlines"], environment: first) }
        // Measured at the server: the app's start is left out.
        let took = await server.timeFromRequestToHangUp()
        let bombed = try await endless.value
        environment["NEWSAPI_BASE_URL"] = server.baseURL.absoluteString
        let good = try await PeakMemory.run(["headlines"], environment: environment)
        await server.stop()
        #expect(good.output.status == 0)
        #expect(bombed.output.status == 1)
        #expect(
            bombed.output.err.contains("is larger than 8 MiB, so it was not read."), "\(bombed.output.err)")
        #expect(bombed.peak - good.peak < 32 << 10, "the peak grew by \((bombed.peak - good.peak) >> 10) MiB")
        // 8 MiB over the loopback takes milliseconds; the bound leaves room for a loaded machine.
        #expect(took < .seconds(5))
    }

    @Test func anEndlessFeedFailsAloneWithBoundedMemory() async throws {
        let small = FeedServer.atom("small", count: 3).body
        let server = try Self.server(
            sending: Endless.chunked.behaviour, under: "/endless", good: small, type: "application/atom+xml")
        let base = server.baseURL.absoluteString
        try sandbox.directory.write("\(base)/small.xml\n", to: ".config/newsapp/urls")
        let good = try await PeakMemory.run(["refresh"], environment: sandbox.environment)
        try sandbox.directory.write("\(base)/small.xml\n\(base)/endless.xml\n", to: ".config/newsapp/urls")
        let endless = try await PeakMemory.run(["refresh"], environment: sandbox.environment)
        await server.stop()
        #expect(good.output.status == 0)
        #expect(endless.output.status == 0)
        #expect(endless.output.out.contains("2 feeds: 1 updated, 1 failed"))
        #expect(
            endless.peak - good.peak < 32 << 10, "the peak grew by \((endless.peak - good.peak) >> 10) MiB")
        let list = try await sandbox.run(["feeds"])
        #expect(list.out.contains("✗ The feed is larger than 16 MiB, so it was not read."))
    }
}
