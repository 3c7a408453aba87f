import Foundation
import HTTPTestServer
import NewsModels
import Testing

@testable import Images

/// ``HTTPImageFetcher`` and ``ImageCache`` against a real HTTP server on 127.0.0.1.
@Suite("Fetching over HTTP", .timeLimit(.minutes(1)))
struct FetcherTests {
    static let limit = 5 << 20

    static func url(_ server: RawHTTPServer, _ path: String = "/picture.png") -> URL {
        server.baseURL.appendingPathComponent(String(path.dropFirst()))
    }

    @Test("a picture arrives byte for byte, asked for as JPEG or PNG")
    func download() async throws {
        let png = try Samples.png(Samples.photo(width: 40, height: 30))
        let server = try RawHTTPServer(.reply(RawHTTPServer.response(contentType: "image/png", body: png)))
        let data = try await HTTPImageFetcher().fetch(Self.url(server), maxBytes: Self.limit)
        await server.stop()
        #expect(data == png)
        let head = try #require(server.requestHeads.first)
        #expect(head.hasPrefix("GET /picture.png HTTP/1.1\r\n"))
        #expect(head.lowercased().contains("accept: image/jpeg, image/png;q=0.9\r\n"))
    }

    @Test("exactly the limit is accepted", arguments: [true, false])
    func atTheLimit(withLength: Bool) async throws {
        let body = Data(repeating: 0x5A, count: Self.limit)
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentLength: withLength ? .some(nil) : .none, body: body)))
        let data = try await HTTPImageFetcher().fetch(Self.url(server), maxBytes: Self.limit)
        await server.stop()
        #expect(data.count == Self.limit)
    }

    @Test(
        "over 5 MiB is refused, with or without Content-Length, and the client hangs up",
        arguments: [true, false])
    func overTheLimit(withLength: Bool) async throws {
        let body = Data(repeating: 0x5A, count: Self.limit + 1)
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentLength: withLength ? .some(nil) : .none, body: body)))
        let fetcher = HTTPImageFetcher()
        await #expect(throws: ImageError.tooLarge(limit: Self.limit)) {
            try await fetcher.fetch(Self.url(server), maxBytes: Self.limit)
        }
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        await server.stop()
        withExtendedLifetime(fetcher) {}
    }

    @Test("a Content-Length over the limit is refused before the body is read")
    func announcedTooLarge() async throws {
        // The server promises 6 MiB and sends none of it: only the header can have been judged.
        // The timeout is past the suite's time limit, so waiting for it fails the test.
        let server = try RawHTTPServer(.partial(RawHTTPServer.response(contentLength: 6 << 20, body: Data())))
        let fetcher = HTTPImageFetcher(timeout: 120)
        await #expect(throws: ImageError.tooLarge(limit: Self.limit)) {
            try await fetcher.fetch(Self.url(server), maxBytes: Self.limit)
        }
        await server.waitForClientCloses(1)
        withExtendedLifetime(fetcher) {}
        await server.stop()
    }

    @Test("a non-2xx answer is its status, and its body is not waited for", arguments: [404, 500])
    func status(code: Int) async throws {
        // The error page never finishes; the timeout is past the suite's time limit.
        let reply = RawHTTPServer.response(status: code, contentLength: 1_000, body: Data("nope".utf8))
        let server = try RawHTTPServer(.partial(reply))
        let fetcher = HTTPImageFetcher(timeout: 120)
        await #expect(throws: ImageError.httpStatus(code)) {
            try await fetcher.fetch(Self.url(server), maxBytes: Self.limit)
        }
        await server.waitForClientCloses(1)
        withExtendedLifetime(fetcher) {}
        await server.stop()
    }

    @Test("a body cut short is a lost connection")
    func cutShort() async throws {
        let server = try RawHTTPServer(
            .reply(RawHTTPServer.response(contentLength: 1_000, body: Data(repeating: 1, count: 10))))
        let url = Self.url(server)
        await #expect(
            throws: ImageError.transport(.transport(.connectionLost), host: url.shownHost, timeout: 20)
        ) {
            try await HTTPImageFetcher().fetch(url, maxBytes: Self.limit)
        }
        await server.stop()
    }

    @Test("nobody listening is a refused connection")
    func refused() async throws {
        // Not a stopped server's port: the system may give it to another test's server at once
        // (it did, once in four whole runs, and that server answered).
        let refusing = try RefusingAddress()
        let url = URL(string: "http://127.0.0.1:\(refusing.port)/picture.png")!
        let refused = ImageError.transport(
            .transport(.connectionRefused), host: "127.0.0.1:\(refusing.port)", timeout: 20)
        #expect(
            refused.sentence == "Could not connect to 127.0.0.1:\(refusing.port): the connection was refused."
        )
        await #expect(throws: refused) {
            try await HTTPImageFetcher().fetch(url, maxBytes: Self.limit)
        }
        withExtendedLifetime(refusing) {}
    }

    @Test("a silent server times out at the deadline")
    func timeout() async throws {
        let server = try RawHTTPServer(.silence)
        let url = Self.url(server)
        await #expect(throws: ImageError.transport(.transport(.timedOut), host: url.shownHost, timeout: 1)) {
            try await HTTPImageFetcher(timeout: 1).fetch(url, maxBytes: Self.limit)
        }
        await server.stop()
    }

    // MARK: - Cancellation

    /// Starts a fetch of `url` in a task, waits for the server to see the request, cancels the
    /// task, and returns what the task saw.
    static func cancelledFetch(
        from server: RawHTTPServer, _ load: @escaping @Sendable () async throws(ImageError) -> Void
    ) async -> ImageError? {
        let task = Task { () -> ImageError? in
            do throws(ImageError) {
                try await load()
                return nil
            } catch {
                return error
            }
        }
        await server.waitForRequests(1)
        task.cancel()
        return await task.value
    }

    @Test("cancelling while the server holds the answer stops the download and closes the connection")
    func cancelWhileWaiting() async throws {
        let server = try RawHTTPServer(.silence)
        let fetcher = HTTPImageFetcher(timeout: 30)
        let url = Self.url(server)
        let error = await Self.cancelledFetch(from: server) { () async throws(ImageError) in
            _ = try await fetcher.fetch(url, maxBytes: Self.limit)
        }
        #expect(error == .cancelled)
        // The fetcher is still alive, so the close comes from the cancellation, not from tearing
        // down its session. The suite's time limit fails this test if the close never comes.
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        withExtendedLifetime(fetcher) {}
        await server.stop()
    }

    @Test("cancelling halfway through the body stops the download and closes the connection")
    func cancelMidBody() async throws {
        let head = RawHTTPServer.response(contentLength: 1 << 20, body: Data(repeating: 7, count: 64 << 10))
        let server = try RawHTTPServer(.partial(head))
        let fetcher = HTTPImageFetcher(timeout: 30)
        let url = Self.url(server)
        let error = await Self.cancelledFetch(from: server) { () async throws(ImageError) in
            _ = try await fetcher.fetch(url, maxBytes: Self.limit)
        }
        #expect(error == .cancelled)
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        withExtendedLifetime(fetcher) {}
        await server.stop()
    }

    @Test("a task cancelled before it starts sends nothing")
    func cancelledBeforeStart() async throws {
        let server = try RawHTTPServer(.silence)
        let url = Self.url(server)
        let task = Task { () -> ImageError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ImageError) {
                _ = try await HTTPImageFetcher().fetch(url, maxBytes: Self.limit)
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == .cancelled)
        await server.stop()
        #expect(server.requestHeads.isEmpty)
    }

    // MARK: - Through the cache

    @Test("the cache downloads, stores, and then works with the server gone")
    func cacheOverHTTP() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let picture = Samples.squares([Samples.red, Samples.blue], columns: 2, size: 16)
        let jpeg = try Samples.jpeg(picture)
        let server = try RawHTTPServer(.reply(RawHTTPServer.response(contentType: "image/jpeg", body: jpeg)))
        let url = Self.url(server, "/photo.jpg")
        let online = try await ImageCache(directory: directory.url).image(for: url)
        await server.stop()
        #expect(online.width == 32 && online.height == 16)
        #expect(isClose(online[x: 8, y: 8], Samples.red, within: 6))
        #expect(directory.fileNames == [ImageCache.fileName(for: url)])

        let offline = try await ImageCache(directory: directory.url).image(for: url)
        #expect(offline == online)
        #expect(server.requestHeads.count == 1)
    }

    @Test("cancelling a cache load stops its download, closes the connection and stores nothing")
    func cacheCancellation() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try RawHTTPServer(.silence)
        let cache = ImageCache(directory: directory.url, fetcher: HTTPImageFetcher(timeout: 30))
        let url = Self.url(server)
        let error = await Self.cancelledFetch(from: server) { () async throws(ImageError) in
            _ = try await cache.image(for: url)
        }
        #expect(error == .cancelled)
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        #expect(directory.fileNames.isEmpty)
        #expect(await cache.memoryByteCount == 0)
        await server.stop()
    }
}
