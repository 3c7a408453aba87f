import Foundation
import HTTPTestServer
import Networking
import NewsModels
import Testing

@testable import Feeds

/// Podcast downloads against servers on 127.0.0.1: a download cut off and resumed with `Range`, a
/// server that ignores `Range`, a hostile file name, a redirect to another host and one that is
/// refused, and a full disk.
@Suite("Downloading enclosures", .timeLimit(.minutes(1)))
struct EnclosureDownloaderTests {
    static let file = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "downloads-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func downloader(_ folder: String) -> EnclosureDownloader {
        EnclosureDownloader(http: CurlHTTPClient(), folder: folder, timeout: 10)
    }

    /// Serves ``file``: the first request is cut after `cut` bytes; a request for a range gets it
    /// (`206`), unless `ignoresRange`.
    static func server(cut: Int, ignoresRange: Bool = false, ranges: Locked<[String?]>) throws
        -> RawHTTPServer
    {
        let served = Locked(0)
        return try RawHTTPServer(
            .routed { text in
                let head = RequestHead(text)
                let range = head.header("Range")
                ranges.withLock { $0.append(range) }
                let first = served.withLock { count -> Bool in
                    count += 1
                    return count == 1
                }
                if first {
                    // The head promises the whole file; the connection closes before it arrives.
                    return .reply(
                        RawHTTPServer.response(
                            contentType: "audio/mpeg", contentLength: .some(file.count),
                            body: file.prefix(cut)))
                }
                if let range, !ignoresRange, let start = Int(range.dropFirst("bytes=".count).dropLast()) {
                    return .reply(
                        RawHTTPServer.response(
                            status: 206, contentType: "audio/mpeg",
                            headers: ["Content-Range: bytes \(start)-\(file.count - 1)/\(file.count)"],
                            body: file.suffix(from: start)))
                }
                return .reply(RawHTTPServer.response(contentType: "audio/mpeg", body: file))
            })
    }

    @Test func aDownloadCutOffResumesWhereItStopped() async throws {
        let folder = try folder()
        let ranges = Locked<[String?]>([])
        let server = try Self.server(cut: 40_000, ranges: ranges)
        let url = server.baseURL.appendingPathComponent("episodes/ep-12.mp3")
        let downloader = downloader(folder)
        let partial = downloader.partialPath(title: "Episode 12: the ice moon", url: url, type: "audio/mpeg")
        #expect(partial == folder + "/Episode 12- the ice moon.mp3.part")
        let cut = await downloader.download(url, to: partial)
        guard case .failed(let reason, let kept, let received) = cut else {
            Issue.record("\(cut)")
            return
        }
        #expect(reason == "The connection to the server broke before the whole file arrived.")
        #expect(kept == partial)
        #expect(received == 40_000)
        let progress = Locked<[EnclosureDownloader.Progress]>([])
        let resumed = await downloader.download(url, to: partial) { step in
            progress.withLock { $0.append(step) }
        }
        #expect(resumed == .done(path: folder + "/Episode 12- the ice moon.mp3", bytes: 100_000))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/Episode 12- the ice moon.mp3")) == Self.file)
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(ranges.withLock { $0 } == [nil, "bytes=40000-"])
        #expect(
            progress.withLock { $0.last } == EnclosureDownloader.Progress(received: 100_000, total: 100_000))
        await server.stop()
    }

    @Test func aServerThatIgnoresTheRangeStartsTheFileOver() async throws {
        let folder = try folder()
        let ranges = Locked<[String?]>([])
        let server = try Self.server(cut: 30_000, ignoresRange: true, ranges: ranges)
        let url = server.baseURL.appendingPathComponent("ep.mp3")
        let downloader = downloader(folder)
        let partial = downloader.partialPath(title: "Ep", url: url, type: nil)
        _ = await downloader.download(url, to: partial)
        let again = await downloader.download(url, to: partial)
        #expect(again == .done(path: folder + "/Ep.mp3", bytes: 100_000))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Ep.mp3")) == Self.file)
        await server.stop()
    }

    @Test func aHostileNameStaysInTheFolderAndOverwritesNothing() async throws {
        let folder = try folder()
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentType: "audio/mpeg", body: Data("new".utf8))))
        let url = server.baseURL.appendingPathComponent("..%2F..%2F.bashrc")
        let title = "../../.ssh/authorized_keys\u{1B}[2J\u{202E}gpj.exe\u{0}"
        let name = DownloadFileName.make(title: title, url: url, type: "audio/mpeg")
        #expect(name == "ssh-authorized_keys[2Jgpj.exe.mp3")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let downloader = downloader(folder)
        let outcome = await downloader.download(
            url, to: downloader.partialPath(title: title, url: url, type: "audio/mpeg"))
        #expect(outcome == .done(path: folder + "/ssh-authorized_keys[2Jgpj.exe (2).mp3", bytes: 3))
        #expect(try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == "mine")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "ssh-authorized_keys[2Jgpj.exe (2).mp3", name,
            ])
        await server.stop()
    }

    @Test func redirectsFollowTheClientsRules() async throws {
        let folder = try folder()
        let target = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentType: "audio/mpeg", body: Self.file)))
        // Another host: localhost, not 127.0.0.1.
        let elsewhere = "http://localhost:\(target.port)/cdn/file.mp3"
        let server = try RawHTTPServer(
            .routed { text in
                let path = RequestHead(text).path
                if path.hasPrefix("/moved") {
                    return .reply(
                        RawHTTPServer.response(status: 302, headers: ["Location: \(elsewhere)"], body: Data())
                    )
                }
                return .reply(
                    RawHTTPServer.response(
                        status: 301, headers: ["Location: file:///etc/passwd"], body: Data()))
            })
        let downloader = downloader(folder)
        let moved = server.baseURL.appendingPathComponent("moved/ep.mp3")
        let outcome = await downloader.download(
            moved, to: downloader.partialPath(title: "Moved", url: moved, type: nil))
        #expect(outcome == .done(path: folder + "/Moved.mp3", bytes: Int64(Self.file.count)))
        let hostile = server.baseURL.appendingPathComponent("passwd.mp3")
        let refused = await downloader.download(
            hostile, to: downloader.partialPath(title: "Hostile", url: hostile, type: nil))
        guard case .failed(let reason, _, 0) = refused else {
            Issue.record("\(refused)")
            return
        }
        #expect(reason.hasPrefix("A redirect was not followed"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Hostile.mp3"))
        await server.stop()
        await target.stop()
    }

    @Test func aFullDiskKeepsWhatArrivedAndSaysSo() async throws {
        let folder = try folder()
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentType: "audio/mpeg", body: Self.file)))
        // /dev/full takes every write with ENOSPC, as a full disk does.
        let downloader = EnclosureDownloader(
            http: CurlHTTPClient(), folder: folder, timeout: 10,
            openPartial: { _ in open("/dev/full", O_WRONLY | O_CLOEXEC) })
        let url = server.baseURL.appendingPathComponent("ep.mp3")
        let partial = downloader.partialPath(title: "Full", url: url, type: nil)
        let outcome = await downloader.download(url, to: partial)
        guard case .failed(let reason, let kept, _) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(reason.hasPrefix("The disk is full ("))
        #expect(reason.hasSuffix("free some space and run the download again to resume it."))
        #expect(kept == partial)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Full.mp3"))
        await server.stop()
    }

    @Test(arguments: [
        ("Episode 1", "https://a.org/x.mp3", "audio/mpeg", "Episode 1.mp3"),
        ("", "https://a.org/show/Ep%2042.m4a?x=1", nil, "Ep 42.m4a"),
        ("  ...  ", "https://a.org/", "video/mp4", "episode.mp4"),
        ("..", "https://a.org/..", nil, "episode.bin"),
        (".hidden", "https://a.org/f", "audio/ogg", "hidden.ogg"),
        ("Episode 2: ../../etc/passwd", "https://a.org/f", "audio/mpeg", "Episode 2- .-.-etc-passwd.mp3"),
        ("Wait... what?", "https://a.org/f.mp3", nil, "Wait. what.mp3"),
        ("a/b\\c:d*e?f\"g<h>i|j", "https://a.org/f.MP3", nil, "a-b-c-d-e-f-g-h-i-j.mp3"),
        ("tab\tand\nnewline", "https://a.org/f.toolongext", "audio/mpeg", "tab and newline.mp3"),
    ])
    func namesAreSafe(_ title: String, _ address: String, _ type: String?, _ expected: String) throws {
        #expect(
            DownloadFileName.make(title: title, url: try #require(URL(string: address)), type: type)
                == expected)
    }

    @Test func longNamesAreBoundedAtACharacter() {
        let name = DownloadFileName.make(
            title: String(repeating: "é", count: 200), url: URL(string: "https://a.org/f.mp3")!, type: nil)
        #expect(name.utf8.count <= DownloadFileName.maximumBytes + 4)
        #expect(name.hasSuffix("é.mp3"))
    }
}
