import Foundation
import SampleEdition
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP stack (libcurl and the thirty libraries it needs) is loaded by the first request, not
/// at launch: a launch that sends nothing does not map it. Read from the running app's
/// `/proc/PID/maps` once its first screen is drawn.
@Suite(.timeLimit(.minutes(10)))
struct LazyNetworkTests {
    @Test("a launch that sends nothing (the sample edition, in a pipe) does not map libcurl")
    func notLoadedAtLaunch() async throws {
        let sandbox = try Sandbox()
        let (_, maps) = try await LiveApp.mapsOnceAScreenIsDrawn(environment: sandbox.environment)
        // The whole map was read: the executable and SQLite, which a launch does load, are in it.
        #expect(maps.contains("/newsapp") && maps.contains("libsqlite3"))
        #expect(!maps.contains("libcurl"))
    }

    @Test("the first request maps libcurl")
    func loadedByTheFirstRequest() async throws {
        let sandbox = try Sandbox()
        // A headline the stub serves: on the screen once a request has been answered.
        let edition = try SampleEdition.bundled()
        let headline = try #require(edition.entries.first { $0.category == .business }?.article.title)
        try await withRunningStub { stub in
            let (screen, maps) = try await LiveApp.mapsOnceAScreenIsDrawn(
                environment: sandbox.environment.merging(stub.environment) { $1 })
            #expect(screen.contains(String(headline.prefix(30))), "the front page was:\n\(screen)")
            #expect(stub.requestCount >= 1)
            #expect(maps.contains("libcurl"))
        }
    }
}

/// The built `newsapp`, running with a pipe for its input, read once it has written some text.
enum LiveApp {
    struct NoScreen: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts the app, waits until its first screen is drawn (in a pipe the prompt is written with
    /// the line read, so a screen's last line, which names `? help`, marks a screen drawn; in a pipe
    /// the front page is drawn once its sections have loaded or failed), reads its memory map, then
    /// types `q` and waits for it to quit. Returns what the app wrote by then, and the map.
    ///
    /// Waiting for the screen's end rather than for a line on it: an app that drew its screen
    /// without that line would wait for a command while the test waited for the line.
    static func mapsOnceAScreenIsDrawn(environment: [String: String]) async throws -> (String, String) {
        let executable = try NewsAppProcess.binary()
        // One of the app processes the tests run at once, as NewsAppProcess.run takes: unthrottled,
        // under AddressSanitizer at load the in-process stub was starved until all seven requests
        // of the front page timed out.
        await NewsAppProcess.slots.acquire()
        defer { NewsAppProcess.slots.release() }
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(executable, environment, marker: "? help") })
            }
        }
    }

    private static func run(_ executable: URL, _ environment: [String: String], marker: String) throws
        -> (String, String)
    {
        let process = Process()
        process.executableURL = executable
        process.environment = environment.merging(NewsAppProcess.sanitizerOptions) { mine, _ in mine }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("q\n".utf8))
            try? input.fileHandleForWriting.close()
            _ = try? output.fileHandleForReading.readToEnd()
            process.waitUntilExit()
        }
        var transcript = Data()
        while transcript.range(of: Data(marker.utf8)) == nil {
            // What has arrived (`read(upToCount:)` would wait for the whole count).
            let bytes = output.fileHandleForReading.availableData
            guard !bytes.isEmpty else {
                throw NoScreen(
                    description:
                        "newsapp ended before writing \(marker): \(String(decoding: transcript, as: UTF8.self))"
                )
            }
            transcript.append(bytes)
        }
        return (
            String(decoding: transcript, as: UTF8.self),
            try procFile("/proc/\(process.processIdentifier)/maps")
        )
    }

    /// The whole of a /proc file, read until its end: such files say they are empty, and
    /// Foundation's readers stop after the first few kilobytes of them.
    private static func procFile(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw NoScreen(description: "cannot open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
