import Foundation
import Testing

/// `newsapp refresh` keeps its memory in few malloc arenas (``MallocTuning/limitArenas()``): its
/// threads (HTTP, parsing, the store's writer, tokenizing) share at most two, rather than one
/// each, where each thread's freed memory stayed in its own arena. Read from the allocator's own
/// account, which the refresh writes to its log once it is done.
@Suite(.timeLimit(.minutes(10)))
struct RefreshMemoryTests {
    @Test func aRefreshAllocatesFromAtMostTwoArenas() async throws {
        let sandbox = try Sandbox()
        var files: [String: FeedServer.File] = [:]
        for index in 0..<24 { files["/feed\(index).xml"] = FeedServer.atom("feed\(index)", count: 40) }
        let server = try FeedServer(files: files)
        let urls = files.keys.sorted().map { server.base + $0 }
        try sandbox.directory.write(urls.joined(separator: "\n") + "\n", to: ".config/newsapp/urls")
        let refresh = try await sandbox.run(["refresh"])
        await server.stop()
        #expect(refresh.status == 0)
        #expect(refresh.out.hasPrefix("24 feeds: 24 updated · 960 new in "), "\(refresh.out)")
        let log = try String(
            contentsOfFile: sandbox.home + "/.local/state/newsapp/newsapp.log", encoding: .utf8)
        let line = try #require(log.split(separator: "\n").last { $0.contains("malloc arenas") })
        let arenas = try #require(
            line.split(separator: " ").first { $0.hasPrefix("arenas=") }.flatMap { Int($0.dropFirst(7)) })
        #expect((1...2).contains(arenas), "\(line)")
    }
}
