import Foundation
import HTTPTestServer
import Testing

@testable import Images

/// ``ImageCache`` against a real HTTP server on 127.0.0.1 that counts requests: failures are
/// remembered for the session, and requests for one URL in flight share one download.
@Suite("Image cache: remembered failures and shared downloads", .timeLimit(.minutes(1)))
struct SharedLoadTests {
    static func url(_ server: RawHTTPServer) -> URL {
        server.baseURL.appendingPathComponent("photo.jpg")
    }

    static let jpeg: Data = {
        do {
            return try Samples.jpeg(Samples.photo(width: 40, height: 30))
        } catch {
            fatalError("sample JPEG: \(error)")
        }
    }()

    /// A body that starts like a JPEG and is not one.
    static let brokenJPEG = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x41, count: 400)

    @Test(
        "a URL whose download (404) or decoding (a broken JPEG) failed is requested once per session",
        arguments: [404, 200])
    func failureIsRemembered(status: Int) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let body = status == 404 ? Data("gone".utf8) : Self.brokenJPEG
        let server = try RawHTTPServer(.reply(RawHTTPServer.response(status: status, body: body)))
        let cache = ImageCache(directory: directory.url)
        let url = Self.url(server)
        let first = await Self.outcome { () async throws(ImageError) in
            try await cache.image(for: url, fitting: nil)
        }
        let again = await Self.outcome { () async throws(ImageError) in
            try await cache.image(for: url, fitting: PixelSize(width: 10, height: 10))
        }
        await server.stop()
        #expect(server.requestHeads.count == 1)
        if status == 404 {
            #expect(first == .httpStatus(404))
        } else {
            guard case .corrupt? = first else {
                Issue.record("expected a damaged picture, got \(String(describing: first))")
                return
            }
        }
        #expect(again == first)
        #expect(await cache.rememberedFailureCount == 1)
        #expect(directory.fileNames.isEmpty)
    }

    @Test("two requests for one URL while it downloads share one download")
    func concurrentRequestsShare() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try RawHTTPServer(
            .held(RawHTTPServer.response(contentType: "image/jpeg", body: Self.jpeg)))
        let cache = ImageCache(directory: directory.url)
        let url = Self.url(server)
        let first = Task { try await cache.image(for: url) }
        await server.waitForRequests(1)
        let second = Task { try await cache.image(for: url) }
        await cache.waitForRequests(2, loading: url)
        server.release()
        let (one, two) = (try await first.value, try await second.value)
        await server.stop()
        #expect(one == two)
        #expect(one.width == 40 && one.height == 30)
        #expect(server.requestHeads.count == 1)
        #expect(directory.fileNames == [ImageCache.fileName(for: url)])
    }

    @Test("a request that leaves ends at once; the download goes on for the one still waiting")
    func leavingDoesNotStopOthers() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try RawHTTPServer(
            .held(RawHTTPServer.response(contentType: "image/jpeg", body: Self.jpeg)))
        let cache = ImageCache(directory: directory.url)
        let url = Self.url(server)
        let leaving = Task {
            await Self.outcome { () async throws(ImageError) in try await cache.image(for: url, fitting: nil)
            }
        }
        await server.waitForRequests(1)
        let staying = Task { try await cache.image(for: url) }
        await cache.waitForRequests(2, loading: url)
        leaving.cancel()
        // Answered before the server lets the picture go: the leaving request did not wait.
        #expect(await leaving.value == .cancelled)
        #expect(server.clientCloses == 0)
        server.release()
        let image = try await staying.value
        await server.stop()
        #expect(image.width == 40)
        #expect(server.requestHeads.count == 1)
        #expect(await cache.rememberedFailureCount == 0)
    }

    @Test("when every request for a URL leaves, its download stops and the connection closes")
    func allLeaving() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try RawHTTPServer(
            .held(RawHTTPServer.response(contentType: "image/jpeg", body: Self.jpeg)))
        let cache = ImageCache(directory: directory.url, fetcher: HTTPImageFetcher(timeout: 120))
        let url = Self.url(server)
        let requests = (0..<2).map { _ in
            Task {
                await Self.outcome { () async throws(ImageError) in
                    try await cache.image(for: url, fitting: nil)
                }
            }
        }
        await server.waitForRequests(1)
        await cache.waitForRequests(2, loading: url)
        for request in requests { request.cancel() }
        for request in requests { #expect(await request.value == .cancelled) }
        await server.waitForClientCloses(1)
        #expect(server.clientCloses == 1)
        // A cancellation is not a failure of the URL: the next request downloads it.
        server.release()
        let image = try await cache.image(for: url)
        await server.stop()
        #expect(image.width == 40)
        #expect(server.requestHeads.count == 2)
    }

    @Test("the remembered failures are bounded: the oldest is forgotten first")
    func boundedFailures() {
        var memory = FailureMemory(limit: 2)
        memory.remember(.httpStatus(404), for: "a")
        memory.remember(.httpStatus(500), for: "b")
        memory.remember(.httpStatus(404), for: "a")
        memory.remember(.unsupportedFormat, for: "c")
        #expect(memory.count == 2)
        #expect(memory["a"] == nil)
        #expect(memory["b"] == .httpStatus(500))
        #expect(memory["c"] == .unsupportedFormat)
    }

    /// The request's error, or nil when it succeeded.
    static func outcome(_ load: () async throws(ImageError) -> RGBImage) async -> ImageError? {
        do throws(ImageError) {
            _ = try await load()
            return nil
        } catch {
            return error
        }
    }

}
