import Foundation
import HTTPTestServer
import Testing

/// JSON is read within its memory, whatever a server sends up to the size caps: a NewsAPI page of
/// millions of `{}` entries (8 MiB inflated from a few KB of gzip), the front page asking seven such
/// pages at once, and a JSON Feed of a million items, each peak at most 100 MB, measured on the
/// binary. `JSONDecoder`, which builds the whole document, took them to 1.0 GB, 2.1 GB and 497 MB.
@Suite(
    .timeLimit(.minutes(5)), .serialized,
    .disabled(if: PeakMemory.isDistortedBySanitizer, "peak memory under a sanitizer is not the app's"))
struct JSONMemoryTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
        // What is measured here is memory; time is the benchmark's (`hostile`). The debug binary
        // checks 8 MiB a byte at a time, longer than the default 10 s on a loaded machine.
        try sandbox.writeConfig("request_timeout = 120\n")
    }

    /// The most a run may peak at, in KiB (docs/bounded-input.md).
    static let budget = 100 << 10

    /// `{"status":"ok","totalResults":N,"articles":[{},{},…]}`, just under 8 MiB, gzipped.
    static let padded: Data = {
        let head = #"{"status":"ok","totalResults":3000000,"articles":["#
        let count = ((8 << 20) - head.utf8.count - 2) / 3
        var text = head
        text.reserveCapacity(8 << 20)
        text += String(repeating: "{},", count: count - 1) + "{}]}"
        return (try? Zlib.gzip(Data(text.utf8))) ?? Data()
    }()

    /// A JSON Feed of `count` items `{"id":"N"}`, gzipped: a million fit in the 16 MiB cap.
    static func jsonFeed(count: Int) -> Data {
        var text = #"{"version":"https://jsonfeed.org/version/1.1","title":"Many","items":["#
        text.reserveCapacity(count * 16 + 100)
        for index in 0..<count {
            text += index == 0 ? #"{"id":"\#(index)"}"# : #",{"id":"\#(index)"}"#
        }
        return (try? Zlib.gzip(Data((text + "]}").utf8))) ?? Data()
    }

    static func gzipped(_ body: Data, type: String) -> RawHTTPServer.Behaviour {
        .reply(RawHTTPServer.response(contentType: type, headers: ["Content-Encoding: gzip"], body: body))
    }

    @Test func aNewsAPIPageOfMillionsOfEmptyEntriesIsReadWithinBudget() async throws {
        #expect(Self.padded.count < 100_000, "a few KB on the wire: \(Self.padded.count) bytes")
        let server = try RawHTTPServer(Self.gzipped(Self.padded, type: "application/json"))
        var environment = sandbox.environment
        environment["NEWSAPI_KEY"] = "test-key"
        environment["NEWSAPI_BASE_URL"] = server.baseURL.absoluteString
        let run = try await PeakMemory.run(["headlines"], environment: environment)
        await server.stop()
        #expect(run.output.status == 0, "\(run.output.err)")
        #expect(run.peak < Self.budget, "peak \(run.peak >> 10) MiB")
    }

    @Test func theFrontPageAsksSevenSuchPagesAtOnceWithinBudget() async throws {
        let server = try RawHTTPServer(Self.gzipped(Self.padded, type: "application/json"))
        var environment = sandbox.environment
        environment["NEWSAPI_KEY"] = "test-key"
        environment["NEWSAPI_BASE_URL"] = server.baseURL.absoluteString
        let run = try await PeakMemory.run([], environment: environment, input: "q\n")
        let requests = server.requestHeads.count
        await server.stop()
        #expect(run.output.status == 0, "\(run.output.err)")
        #expect(run.output.out.contains("Front page"))
        #expect(requests >= 7, "every category asked: \(requests) requests")
        #expect(run.peak < Self.budget, "peak \(run.peak >> 10) MiB")
    }

    @Test func aJSONFeedOfAMillionItemsIsAddedAndRefreshedWithinBudget() async throws {
        let feed = Self.jsonFeed(count: 1_000_000)
        let server = try RawHTTPServer(Self.gzipped(feed, type: "application/feed+json"))
        let base = server.baseURL.absoluteString
        let added = try await PeakMemory.run(
            ["feeds", "add", base + "/one.json"], environment: sandbox.environment)
        #expect(added.output.status == 0, "\(added.output.err)")
        #expect(added.output.out.contains("10,000 items"), "the item cap: \(added.output.out)")
        #expect(added.peak < Self.budget, "feeds add peaked at \(added.peak >> 10) MiB")
        // Four of them in one refresh: 936 MB when each was decoded whole.
        try sandbox.directory.write(
            (1...4).map { "\(base)/feed-\($0).json\n" }.joined(), to: ".config/newsapp/urls")
        let refreshed = try await PeakMemory.run(["refresh"], environment: sandbox.environment)
        await server.stop()
        #expect(refreshed.output.status == 0, "\(refreshed.output.err)")
        #expect(refreshed.output.out.contains("4 feeds: 4 updated"), "\(refreshed.output.out)")
        #expect(refreshed.peak < Self.budget, "refresh peaked at \(refreshed.peak >> 10) MiB")
    }
}
