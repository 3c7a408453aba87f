import Foundation
import HTTPTestServer
import NewsModels

/// Feed files served over HTTP on 127.0.0.1 as a plain static server does: `Last-Modified` and an
/// `ETag` on every file, `304 Not Modified` to a request that sends either back, 404 for the rest.
/// Paths can also redirect (`moves`) or fail (`statuses`). Serves one connection at a time.
final class FeedServer: Sendable {
    struct File: Sendable {
        var body: Data
        var contentType: String
    }

    let server: RawHTTPServer
    static let lastModified = "Tue, 24 Nov 2026 08:00:00 GMT"

    /// - Parameter holdingAfter: Serve this many requests, then hold every later one unanswered
    ///   (a client stuck mid-refresh), or nil to serve them all.
    init(
        files: [String: File], moves: [String: (status: Int, to: String)] = [:],
        statuses: [String: Int] = [:],
        holdingAfter limit: Int? = nil
    ) throws {
        let served = Locked(0)
        server = try RawHTTPServer(
            .routed { text in
                if let limit {
                    let count = served.withLock { count in
                        count += 1
                        return count
                    }
                    if count > limit { return .silence }
                }
                let head = RequestHead(text)
                let path = String(head.path.prefix { $0 != "?" })
                if let move = moves[path] {
                    return .reply(
                        RawHTTPServer.response(
                            status: move.status, contentType: "text/plain", headers: ["Location: \(move.to)"],
                            body: Data()))
                }
                if let status = statuses[path] {
                    return .reply(
                        RawHTTPServer.response(
                            status: status, contentType: "text/plain", body: Data("no".utf8)))
                }
                guard let file = files[path] else {
                    return .reply(
                        RawHTTPServer.response(status: 404, contentType: "text/plain", body: Data("no".utf8)))
                }
                let etag = "\"\(file.body.count)-\(path.count)\""
                if head.header("If-None-Match") == etag
                    || head.header("If-Modified-Since") == Self.lastModified
                {
                    return .reply(
                        RawHTTPServer.response(
                            status: 304, contentLength: .none, headers: ["ETag: \(etag)"], body: Data()))
                }
                return .reply(
                    RawHTTPServer.response(
                        contentType: file.contentType,
                        headers: ["ETag: \(etag)", "Last-Modified: \(Self.lastModified)"], body: file.body))
            })
    }

    var base: String { server.baseURL.absoluteString }
    var requestHeads: [RequestHead] { server.requestHeads.map(RequestHead.init) }

    func stop() async { await server.stop() }

    /// An Atom feed `name` of `count` entries, newest first, each with an HTML summary holding a link.
    static func atom(_ name: String, count: Int, version: Int = 1) -> File {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>\(name)</title>
            <link rel="alternate" href="https://example.org/\(name)/"/>
            """
        for index in 0..<count {
            let minute = String(format: "%02d", 59 - index % 60)
            text += """
                <entry><id>urn:\(name):\(index)</id><title>\(name) story \(index) v\(version)</title>
                <link href="https://example.org/\(name)/\(index)"/><updated>2026-11-23T10:\(minute):00Z</updated>
                <author><name>Ada</name></author>
                <summary type="html">&lt;p&gt;Story \(index) of \(name), with &lt;a href="/more/\(index)"&gt;more&lt;/a&gt;.&lt;/p&gt;</summary>
                <link rel="enclosure" href="https://example.org/\(name)/\(index).mp3" type="audio/mpeg" length="1234"/>
                </entry>
                """
        }
        return File(body: Data((text + "</feed>").utf8), contentType: "application/atom+xml")
    }

    /// A web page announcing the feed at `feedPath`.
    static func page(announcing feedPath: String) -> File {
        File(
            body: Data(
                """
                <!doctype html><html><head><title>Blog</title>
                <link rel="alternate" type="application/atom+xml" title="Posts" href="\(feedPath)">
                </head><body><p>Hello</p></body></html>
                """.utf8), contentType: "text/html; charset=utf-8")
    }
}
