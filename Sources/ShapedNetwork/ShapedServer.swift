import Foundation
import NewsModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves a ``NetworkSchedule`` as the internet would: each answering host listens on its own
/// loopback address (every 127.0.0.N is this machine on Linux), all on one port, and sends each
/// answer after the host's time to first byte at the host's bandwidth; a hanging host accepts and
/// reads and never answers; a refusing one has nothing listening; a trickling one sends a byte a
/// second. A request naming the current version's `ETag` (`If-None-Match`) or `Last-Modified`
/// (`If-Modified-Since`) gets `304 Not Modified`. Connections are kept alive.
///
/// One thread of its own runs every connection with `poll(2)` on non-blocking sockets: waiting
/// out the times to first byte and pacing each answer are its own timers, measured from when the
/// request's head was read.
public final class ShapedServer: Sendable {
    public let schedule: NetworkSchedule
    public let documents: ShapedDocuments
    /// The port every host listens on.
    public let port: Int
    private let listeners: [(descriptor: Int32, host: Int)]
    private let state: Locked<State>
    private let wake: (read: Int32, write: Int32)

    private struct State {
        var round = NetworkSchedule.Round.first
        var stopped = false
        var statistics = Statistics()
        var open: [Int: Int] = [:]
    }

    /// What the server saw.
    public struct Statistics: Sendable, Equatable {
        /// Request heads read.
        public var requests = 0
        /// Answers `304 Not Modified`.
        public var notModified = 0
        /// Per host address: the most connections it had open at once.
        public var mostConnections: [String: Int] = [:]
        /// Per host address: answers sent to their last byte.
        public var answered: [String: Int] = [:]
    }

    /// Listens on every answering host's address (on one free port) and starts serving.
    public init(_ schedule: NetworkSchedule, documents: ShapedDocuments? = nil) throws {
        self.schedule = schedule
        self.documents = documents ?? ShapedDocuments(schedule)
        let answering = schedule.hosts.indices.filter { schedule.hosts[$0].behaviour != .refuses }
        var bound: (port: Int, listeners: [(Int32, Int)])?
        var lastError: any Error = POSIXError(.EADDRINUSE)
        for _ in 0..<20 where bound == nil {
            do {
                bound = try Self.listen(on: answering.map { schedule.hosts[$0].address }, hosts: answering)
            } catch {
                lastError = error
            }
        }
        guard let bound else { throw lastError }
        port = bound.port
        listeners = bound.listeners.map { (descriptor: $0.0, host: $0.1) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        wake = (ends[0], ends[1])
        state = Locked(State())
        let thread = Thread { [self] in ShapedLoop(server: self).run() }
        thread.name = "ShapedServer:\(port)"
        thread.start()
    }

    /// Feed `index`'s address.
    public func url(ofFeed index: Int) -> String { schedule.url(ofFeed: index, port: port) }

    /// Every feed's address, in the schedule's order, one a line: a newsboat urls file.
    public var urlsFile: String {
        schedule.feeds.indices.map { url(ofFeed: $0) + "\n" }.joined()
    }

    /// The round served from now on.
    public var round: NetworkSchedule.Round {
        get { state.withLock { $0.round } }
        set { state.withLock { $0.round = newValue } }
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Clears ``statistics``.
    public func resetStatistics() {
        state.withLock { $0.statistics = Statistics() }
    }

    /// Closes every listener and connection; the thread ends. Call it once done: the thread keeps
    /// the server alive until then.
    public func stop() {
        let already = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !already else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: - The loop's side

    var isStopped: Bool { state.withLock { $0.stopped } }
    var wakeDescriptor: Int32 { wake.read }
    var listening: [(descriptor: Int32, host: Int)] { listeners }

    func record(_ change: (inout Statistics) -> Void) {
        state.withLock { change(&$0.statistics) }
    }

    /// A connection to `host` opened (+1) or closed (-1).
    func connection(toHost host: Int, _ change: Int) {
        let address = schedule.hosts[host].address
        state.withLock { state in
            state.open[host, default: 0] += change
            let now = state.open[host, default: 0]
            state.statistics.mostConnections[address] = max(
                state.statistics.mostConnections[address] ?? 0, now)
        }
    }

    /// After the loop ended.
    func closeEverything() {
        for listener in listeners { close(listener.descriptor) }
        close(wake.read)
        close(wake.write)
    }

    private static func listen(on addresses: [String], hosts: [Int]) throws -> (Int, [(Int32, Int)]) {
        var port = 0
        var made: [(Int32, Int)] = []
        do {
            for (address, host) in zip(addresses, hosts) {
                let descriptor = try ShapedSocket.listening(on: address, port: port)
                made.append((descriptor.descriptor, host))
                port = descriptor.port
            }
        } catch {
            for (descriptor, _) in made { close(descriptor) }
            throw error
        }
        return (port, made)
    }
}
