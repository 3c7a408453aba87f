import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deliberately misbehaving HTTP server on 127.0.0.1, for the faults a well-behaved server
/// library cannot produce: silence, answers cut short, held back or trickled, bodies over any
/// limit, hang-ups, and connections that stay open until the client closes them.
///
/// It runs on blocking POSIX sockets and a thread of its own, off the Swift concurrency pool, and
/// serves one connection at a time, each as its ``Behaviour`` says. It counts the connections the
/// *client* closed, so a test can prove that a cancelled request really hung up.
///
/// Tests synchronise on ``waitForRequests(_:where:)`` and ``waitForClientCloses(_:where:)``,
/// which return once the server has read that many request heads or seen the client close that
/// many connections, never on time, and end with ``stop()``:
///
/// ```swift
/// let server = try RawHTTPServer(.silence)
/// let task = Task { try await client.get(server.baseURL) }
/// await server.waitForRequests(1)
/// task.cancel()
/// await server.waitForClientCloses(1)
/// await server.stop()
/// ```
public final class RawHTTPServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let stopping: Trigger
    private let released: Trigger
    private let tally = Tally()

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request heads read so far (request line and headers), oldest first.
    public var requestHeads: [String] { tally.heads }

    /// Connections the client closed (or reset) after sending its request head and before the
    /// server closed them: while the server was silent, held them, wrote to them, or waited for
    /// the client to read a finished answer to its end.
    public var clientCloses: Int { tally.clientCloses { _ in true } }

    /// ``clientCloses``, counting only the connections whose request head `isCounted` takes in:
    /// with ``Behaviour/routed(_:)``, say, the requests the server holds.
    public func clientCloses(where isCounted: @Sendable (_ head: String) -> Bool) -> Int {
        tally.clientCloses(where: isCounted)
    }

    /// Binds a free port and starts serving; the server accepts connections when this returns.
    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (stopping, released) = (try Trigger(), try Trigger())
        (listener, port) = try Socket.listening()
        let thread = Thread { [self] in serve() }
        thread.name = "RawHTTPServer:\(port)"
        thread.start()
    }

    /// Returns once `count` request heads that `isCounted` takes in (by default, all) have
    /// arrived in all, or the server stopped.
    public func waitForRequests(
        _ count: Int = 1, where isCounted: @escaping @Sendable (_ head: String) -> Bool = { _ in true }
    ) async {
        await tally.wait(for: .request, times: count, where: isCounted)
    }

    /// Returns once the client has closed `count` connections (see ``clientCloses``) whose
    /// request head `isCounted` takes in (by default, all), or the server stopped.
    public func waitForClientCloses(
        _ count: Int = 1, where isCounted: @escaping @Sendable (_ head: String) -> Bool = { _ in true }
    ) async {
        await tally.wait(for: .clientClose, times: count, where: isCounted)
    }

    /// Waits for the first request, then for the client to hang up, and returns the time between:
    /// how long a client took to give up on an answer, without the time it took to start.
    public func timeFromRequestToHangUp() async -> Duration {
        let clock = ContinuousClock()
        await waitForRequests(1)
        let asked = clock.now
        await waitForClientCloses(1)
        return asked.duration(to: clock.now)
    }

    /// Lets the requests that ``Behaviour/held(_:)`` holds be answered, now and from now on.
    public func release() {
        released.raise()
    }

    /// Closes every connection and the listening socket, and returns once the thread has ended;
    /// the port is free again.
    public func stop() async {
        stopping.raise()
        await tally.wait(for: .stop, times: 1)
    }

    // MARK: - The server thread

    private func serve() {
        while let descriptor = Socket.nextConnection(on: listener, unless: stopping) {
            let connection = Connection(descriptor: descriptor, stopping: stopping)
            if case .greeting(let bytes) = behaviour {
                _ = connection.send(bytes)
            } else if let head = connection.readHead() {
                tally.recordHead(head)
                if answer(head, as: behaviour, on: connection) == .clientLeft {
                    tally.recordClientClose(head)
                }
            }
            close(descriptor)
        }
        close(listener)
        tally.recordStop()
    }

    /// Answers the request with this head as `behaviour` says: `.clientLeft` when the client
    /// closed the connection first.
    private func answer(
        _ head: String, as behaviour: Behaviour, on connection: Connection
    ) -> Connection.Outcome {
        switch behaviour {
        case .silence:
            connection.waitForClose()
        case .reply(let bytes):
            connection.send(bytes).then(connection.endAnswer)
        case .partial(let bytes):
            connection.send(bytes).then(connection.waitForClose)
        case .held(let bytes):
            connection.wait(for: released).then { connection.send(bytes) }.then(connection.endAnswer)
        case .hangUp:
            .done
        case .greeting(let bytes):
            connection.send(bytes)
        case .endless(let head, let chunk):
            connection.send(head).then { connection.repeatedly(chunk) }
        case .trickle(let start, let body, let interval):
            connection.send(start).then { connection.trickle(body, every: interval) }
                .then(connection.endAnswer)
        case .routed(let route):
            answer(head, as: route(head), on: connection)
        }
    }
}
